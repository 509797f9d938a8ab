"""A finished round played again, face up: every state of the round, step by step.

A :class:`Replay` is made from a round record (:mod:`.round_record`; a saved match whose
current round is over reads the same way): the round is dealt again from its seed and each
action of its log applied in order through the engine. Step ``k`` is the round after its first
``k`` actions (step 0: as dealt). Every hand is the replay's to show (the round is over: its
summary showed every hand). Nothing here knows of pygame.

A round may hold tens of thousands of actions (a player laying and taking back again and
again), so the replay does not keep every state: it keeps checkpoints, a copy of the round
every :data:`EVERY` actions (further apart when the round grows heavy, so that together they
hold a bounded share of each action's weight), without the round's history (its actions, its
discards and the cards taken, which only grow: the one list of each is shared). A step is
the nearest checkpoint at or before it, played forward; the step shown is kept, and a step on
from it is one action. Memory and time are linear in the round's actions.

The replay stands at one step; it moves a step at a time both ways, to the start of a turn
(a finding's), or to either end; the cards a finding names are marked (:func:`finding_moment`).
"""

from __future__ import annotations

import bisect
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rami_desktop.engine.actions import Action, Event
from rami_desktop.engine.cards import Card
from rami_desktop.engine.errors import RuleError
from rami_desktop.engine.match import Match
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.config import GameConfig
from rami_desktop.play.keep.persist import rebuild_game
from rami_desktop.play.keep.round_record import shared_round
from rami_desktop.play.view.findings import Finding
from rami_desktop.storage.names import clean_seat_names

#: the fewest actions between two checkpoints
EVERY = 32
#: a checkpoint of a round of weight ``w`` (its cards, places on the table, cards seen held)
#: comes at least ``w // SPREAD`` actions after the one before: the checkpoints hold at most
#: about ``SPREAD`` entries an action
SPREAD = 32
#: the round's history: lists that only grow (an action appends to them), shared by the
#: checkpoints instead of copied
HISTORY = ("log", "discards", "taken")


@dataclass(frozen=True, slots=True)
class Moment:
    """Where a step stands in the round.

    Attributes:
        step: the actions applied so far.
        turn: the round's turn, from 1 (every seat's turns counted).
        player: the round player whose turn it is.
        own_turn: that player's own turn number, from 1.
        action: the action that led to this step (None: the deal).
        events: what the engine said that action did.
    """

    step: int
    turn: int
    player: int
    own_turn: int
    action: Action | None
    events: tuple[Event, ...] = ()


@dataclass(frozen=True, slots=True)
class _Checkpoint:
    """The round at ``step``, its history lists empty, and where its history is: each of
    :data:`HISTORY` as (the list it is a beginning of, its length)."""

    step: int
    state: RoundState
    history: tuple[tuple[list[Any], int], ...]

    @classmethod
    def of(cls, step: int, state: RoundState) -> _Checkpoint:
        """A checkpoint of ``state`` (which goes on growing its own history lists)."""
        history = tuple((getattr(state, name), len(getattr(state, name))) for name in HISTORY)
        bare = state.clone()
        for name in HISTORY:
            setattr(bare, name, [])
        return cls(step, bare, history)

    def state_copy(self) -> RoundState:
        """A whole copy of the round at the checkpoint, history included."""
        state = self.state.clone()
        for name, (whole, length) in zip(HISTORY, self.history, strict=True):
            setattr(state, name, whole[:length])
        return state


def _weight(state: RoundState) -> int:
    """About how many entries a copy of ``state`` holds besides its history."""
    return (len(state.melds) + len(state.held) + len(state.talaj) + len(state.stock)
            + sum(len(h) for h in state.hands))


@dataclass(frozen=True)
class Marks:
    """The cards a finding is about, as the replay frames them: in one seat's hand (the
    discard that fed, the way out a player missed: the cards to lay, to add and to put in a
    joker's place), and on top of the talaj (the card to take first)."""

    seat: int | None = None
    hand: frozenset[Card] = frozenset()
    talaj: Card | None = None


def finding_moment(finding: Finding) -> tuple[int, Marks]:
    """Where a finding opens the replay: the round's turn it happened in (from 1; 0: the
    round's end) and what it frames (only the finding's player's cards, and the talaj card it
    takes). The one place a finding is read here."""
    hand = {*finding.cards, *(c for group in (*finding.melds, *finding.adds) for c in group),
            *(card for card, _meld in finding.swaps)}
    return finding.round_turn, Marks(finding.seat, frozenset(hand), finding.take)


class Replay:
    """A finished round, every state of it (see the module's text).

    Args:
        config: the round's setup (its seats' names and kinds, by round player).
        dealt: the round as dealt.
        log: its actions, in order.
        number: the round's number in its match (0: not known).
        seats: each round player's seat in its match (default: the round's order).
        every: the fewest actions between two checkpoints (see the module's text).

    Raises:
        ValueError: the rules refuse an action, or the round does not end.
    """

    def __init__(self, config: GameConfig, dealt: RoundState, log: Collection[Action],
                 number: int = 0, seats: Sequence[int] | None = None, *,
                 every: int = EVERY) -> None:
        self.config = config
        self.number = number
        n = len(dealt.hands)
        self.seats = tuple(seats) if seats is not None and len(seats) == n else tuple(range(n))
        state = dealt.clone()
        self._checkpoints = [_Checkpoint.of(0, state)]
        self.moments: list[Moment] = []
        owners: dict[int, int] = {}  # round turn -> own turn number
        counts: dict[int, int] = {}
        most = max((len(h) for h in state.hands), default=1)

        def moment(step: int, action: Action | None, events: Sequence[Event] = ()) -> Moment:
            if state.turn not in owners:
                counts[state.current] = counts.get(state.current, 0) + 1
                owners[state.turn] = counts[state.current]
            return Moment(step, state.turn + 1, state.current, owners[state.turn], action,
                          tuple(events))

        self.moments.append(moment(0, None))
        for k, action in enumerate(log):
            try:
                events = state.apply(action)
            except RuleError as err:
                raise ValueError(f"round: step {k} refused ({err.code.value})") from err
            self.moments.append(moment(k + 1, action, events))
            most = max(most, *(len(h) for h in state.hands))
            if k + 1 - self._checkpoints[-1].step >= max(every, _weight(state) // SPREAD):
                self._checkpoints.append(_Checkpoint.of(k + 1, state))
        if not state.over:
            raise ValueError("the round is not over")
        #: the round at its end (read it; never apply to it)
        self.final = state
        #: the most cards a hand held in the round
        self.most_cards = most
        self._turns = [m.turn for m in self.moments]
        self._shown = (self.steps, state)  # the step last worked out, and its round
        self.step = 0
        #: the cards to frame (a finding's)
        self.marks = Marks()

    @classmethod
    def of_match(cls, config: GameConfig, match: Match, number: int = 0,
                 seats: Sequence[int] | None = None) -> Replay:
        """The replay of ``match``'s current round (over); ``config`` holds the match's seats.

        Args:
            config: the match's setup.
            match: the match.
            number: the round's number (default: the match's).
            seats: the round players' seats (default: the match's own).

        Raises:
            ValueError: the round is not over.
        """
        round_config = GameConfig(config.rules, tuple(config.seats[s] for s in match.seats),
                                  match.round_seed)
        return cls(round_config, match.dealt_round(), match.logs[-1],
                   number or match.round_number, match.seats if seats is None else seats)

    @classmethod
    def of_record(cls, record: Mapping[str, object]) -> Replay:
        """The replay of a round kept in a file or sent to a joiner: a round record (or a saved
        match whose round is over), read from outside (a round played here is replayed from
        its match, :meth:`of_match`).

        Raises:
            ValueError: not such data, the rules refuse it, or its round is not over.
        """
        if "shared" in record:
            return cls._of_shared(record)
        game = rebuild_game(record)
        info = record.get("round")
        return cls.of_match(game.config, game.match, _number(info), _seats(info))

    @classmethod
    def _of_shared(cls, record: Mapping[str, object]) -> Replay:
        """A joiner's record: its round's seats, dealer and partners, and the round's shared
        record (:func:`~rami_desktop.play.keep.round_record.shared_round`)."""
        data = record.get("config")
        if not isinstance(data, dict):
            raise ValueError("a round record needs its seats")
        config = GameConfig.from_dict({**data, "seats": clean_seat_names(data.get("seats"))})
        dealer, partners = record.get("dealer"), record.get("partners")
        if isinstance(dealer, bool) or not isinstance(dealer, int):
            raise ValueError("dealer must be a seat")
        if partners is not None and not (isinstance(partners, list) and all(
                p is None or (isinstance(p, int) and not isinstance(p, bool)) for p in partners)):
            raise ValueError("partners must be seats")
        dealt, log = shared_round(config.rules, dealer, partners, record.get("shared"))
        if config.players != len(dealt.hands):
            raise ValueError("the record's seats do not match its hands")
        info = record.get("round")
        return cls(config, dealt, log, _number(info), _seats(info))

    # ---- where the replay stands ---------------------------------------------------------------

    @property
    def steps(self) -> int:
        """The round's actions (the last step)."""
        return len(self.moments) - 1

    @property
    def state(self) -> RoundState:
        """The round at the current step (read it; never apply to it)."""
        return self.state_at(self.step)

    def state_at(self, step: int) -> RoundState:
        """The round after its first ``step`` actions (read it; never apply to it): the step
        last worked out itself, or the nearest checkpoint before ``step`` (or that step, when
        nearer) played forward.

        Raises:
            IndexError: no such step.
        """
        if not 0 <= step <= self.steps:
            raise IndexError(f"no step {step} in a round of {self.steps}")
        shown, state = self._shown
        if shown == step:
            return state
        at = bisect.bisect_right(self._checkpoints, step, key=lambda c: c.step) - 1
        checkpoint = self._checkpoints[at]
        if checkpoint.step <= shown < step:
            state, start = state.clone(), shown
        else:
            state, start = checkpoint.state_copy(), checkpoint.step
        for m in self.moments[start + 1:step + 1]:
            assert m.action is not None
            state.apply(m.action)
        self._shown = (step, state)
        return state

    @property
    def moment(self) -> Moment:
        """Where the current step stands."""
        return self.moments[self.step]

    @property
    def players(self) -> int:
        """The round's players."""
        return len(self.final.hands)

    def name(self, player: int) -> str | None:
        """A round player's name (None: the seat's default name)."""
        return self.config.seats[player].name

    def gender(self, player: int) -> str:
        """How a round player is spoken of: ``she``, ``he`` or unsaid (``""``)."""
        return self.config.seats[player].gender

    def seat_number(self, player: int) -> int:
        """A round player's seat in its match (from 0), for its default name."""
        return self.seats[player]

    def is_bot(self, player: int) -> bool:
        """Whether a bot played a round player's seat."""
        return self.config.seats[player].is_bot

    @property
    def at_start(self) -> bool:
        """Whether the replay stands at the deal."""
        return self.step == 0

    @property
    def at_end(self) -> bool:
        """Whether the replay stands at the round's end."""
        return self.step == self.steps

    # ---- moving --------------------------------------------------------------------------------

    def go(self, step: int) -> bool:
        """Stand at ``step`` (kept within the round); return whether it moved."""
        step = max(0, min(self.steps, step))
        moved = step != self.step
        self.step = step
        return moved

    def forward(self) -> bool:
        """One action on; return whether it moved."""
        return self.go(self.step + 1)

    def back(self) -> bool:
        """One action back; return whether it moved."""
        return self.go(self.step - 1)

    def home(self) -> bool:
        """To the deal."""
        return self.go(0)

    def end(self) -> bool:
        """To the round's end."""
        return self.go(self.steps)

    def turn_step(self, turn: int) -> int:
        """The step where round turn ``turn`` (from 1) starts: its first state (0 or past the
        last turn: the round's end)."""
        if turn <= 0:
            return self.steps
        return min(bisect.bisect_left(self._turns, turn), self.steps)

    def go_to_turn(self, turn: int) -> bool:
        """Stand at the start of round turn ``turn`` (from 1; 0: the round's end)."""
        return self.go(self.turn_step(turn))

    def next_turn(self) -> bool:
        """To the start of the next turn (or the end)."""
        return self.go(self.turn_step(self.moment.turn + 1))

    def previous_turn(self) -> bool:
        """To the start of this turn, or of the one before when already there."""
        here = self.turn_step(self.moment.turn)
        if here < self.step:
            return self.go(here)
        return self.go(self.turn_step(self.moment.turn - 1) if self.moment.turn > 1 else 0)

    def open_at(self, turn: int, marks: Marks | None = None) -> None:
        """Stand at the start of round turn ``turn`` (from 1; 0: the round's end), a finding's
        cards framed (:func:`finding_moment`)."""
        self.go_to_turn(turn)
        self.marks = marks or Marks()

    def marked(self, player: int | None, card: Card) -> bool:
        """Whether a card is framed: in round player ``player``'s hand, or on top of the talaj
        (``player`` None)."""
        marks = self.marks
        if player is None:
            return card == marks.talaj
        return marks.seat == self.seats[player] and card in marks.hand


def _number(info: Any) -> int:
    """A record's round number (0 if missing or bad)."""
    number = info.get("number") if isinstance(info, dict) else None
    if isinstance(number, bool) or not isinstance(number, int) or not 0 < number < 100_000:
        return 0
    return number


def _seats(info: Any) -> list[int] | None:
    """A record's match seats (None if missing or bad)."""
    seats = info.get("seats") if isinstance(info, dict) else None
    if isinstance(seats, list) and len(set(seats)) == len(seats) and all(
            isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 6 for x in seats):
        return seats
    return None


__all__ = ["Marks", "Moment", "Replay", "finding_moment"]
