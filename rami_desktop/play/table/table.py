"""The one table every screen talks to, whoever plays it: here, or at another computer.

:class:`Table` is the :class:`~rami_desktop.play.table.table_game.TableGame` of every screen. It is
written once, over a :class:`TableSource`: the only two things a local game and a joiner's
differ in are where the seat view comes from (:meth:`TableSource.seat_view`) and where the
intents go (:meth:`TableSource.submit`). The local source is the
:class:`~rami_desktop.play.session.session.Session` (the match is here); the remote one is the
network's remote session (the match is at the host, the view comes over the socket). A
feature added to the table is there for both by construction.

Everything a screen reads comes from a seat view: the seats, whose turn it is and the round
from the public view, the face-up hand from the viewer's own view (:attr:`Table.shown`), in the
seat's hand order. The table holds no reference to the full round and exposes none.

Who may see what is the table's rule (:meth:`Table.face_up`): with one human at the screen,
their hand is always theirs to see; when two or more share the screen, a hand is face up only
while its owner plays their own turn after saying they are at the screen (:meth:`Table.reveal`,
after the privacy screen), and hidden from the moment they discard.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from rami_desktop.engine.actions import Action, Discarded, Redeal
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.rules import Rules
from rami_desktop.play.game.config import GameConfig, seat_faces, seat_gender, seat_name
from rami_desktop.play.game.hand_order import HandOrder
from rami_desktop.play.review.replay import Replay
from rami_desktop.play.session.bot_worker import BotWorker
from rami_desktop.play.view.findings import Finding
from rami_desktop.play.view.happening import Happening, Played
from rami_desktop.play.view.shown import Shown, shown_of
from rami_desktop.play.view.story import Told, tell, tell_for

from .source import TableSource


class Table:
    """The table of one screen over its source (see the module's text).

    Args:
        source: where the seat views come from and the intents go.
    """

    def __init__(self, source: TableSource) -> None:
        self._source = source
        self._happenings: list[Happening] = []
        self._revealed: int | None = None
        self._at_screen: int | None = None
        self._views: dict[int | None, tuple[int, Shown]] = {}
        self._talaj: tuple[Shown, bool] | None = None
        self._humans: tuple[int, GameConfig, tuple[int, ...]] | None = None
        self._shared: tuple[GameConfig, bool] | None = None

    # ---- the game ------------------------------------------------------------------------------

    @property
    def config(self) -> GameConfig:
        """The match's setup, as this screen knows it."""
        return self._source.config

    @property
    def worker(self) -> BotWorker:
        """The thread a bot of this screen thinks on."""
        return self._source.worker

    def _view(self, viewer: int | None) -> Shown:
        """What ``viewer``'s seat view shows (built again when the game changed)."""
        version = self._source.version
        kept = self._views.get(viewer)
        if kept is None or kept[0] != version:
            self._views = {k: v for k, v in self._views.items() if v[0] == version}
            kept = (version, shown_of(self._source.seat_view(viewer), viewer,
                                      self.config.players))
            self._views[viewer] = kept
        return kept[1]

    @property
    def _public(self) -> Shown:
        return self._view(None)

    @property
    def shown(self) -> Shown:
        """What the screen shows now: the view of the seat whose hand may be face up
        (:meth:`face_up`), else the public view (no hand)."""
        return self._view(self.face_up())

    @property
    def rules(self) -> Rules:
        """The match's rules."""
        return self._public.view.observation.rules

    @property
    def round_over(self) -> bool:
        """Whether the current round has ended."""
        return self._public.round.over

    @property
    def match_over(self) -> bool:
        """Whether the match has ended."""
        return self._public.view.match.over

    @property
    def save_problem(self) -> str | None:
        """Why what happened is not on disk yet (a problem code: the game waits until a new
        try keeps it), None: everything is kept (or nothing is to be kept here)."""
        return self._source.save_problem

    @property
    def rounds_problem(self) -> str | None:
        """Why a finished round's file or statistics are not kept yet (tried again by
        itself), None: every finished round is kept."""
        return self._source.rounds_problem

    def deal_code(self) -> str | None:
        """The current round's deal code, if it may be told."""
        return self._source.deal_code()

    # ---- the seats -----------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """A seat's name (a seat without one gets its default name, in the language now)."""
        return seat_name(self.config, seat)

    def gender(self, seat: int) -> str:
        """How a seat's player is spoken to: ``she``, ``he`` or unsaid (``""``)."""
        return seat_gender(self.config, seat)

    def face(self, seat: int) -> str:
        """A seat's portrait (its own, else its default)."""
        return seat_faces(self.config)[seat]

    def level(self, seat: int) -> str | None:
        """A bot seat's level, None for a player."""
        s = self.config.seats[seat]
        return s.level if s.is_bot else None

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays a seat."""
        return self.config.seats[seat].is_bot

    def plays_here(self, seat: int) -> bool:
        """Whether a human at this screen plays a seat."""
        s = self.config.seats[seat]
        return not s.is_bot and not s.is_remote

    @property
    def human_seats(self) -> list[int]:
        """The seats of the humans at this screen still in the match."""
        version, config = self._source.version, self.config
        kept = self._humans
        if kept is None or kept[0] != version or kept[1] is not config:
            seats = tuple(s for s in range(config.players)
                          if self.plays_here(s) and self.player_of(s) is not None)
            kept = self._humans = (version, config, seats)
        return list(kept[2])

    @property
    def shared_screen(self) -> bool:
        """Whether two or more humans share the screen (pass-and-play)."""
        config = self.config
        if self._shared is None or self._shared[0] is not config:
            here = sum(1 for s in range(config.players) if self.plays_here(s))
            self._shared = (config, here >= 2)
        return self._shared[1]

    @property
    def current_seat(self) -> int:
        """The seat to play."""
        return self.seat_of(self._public.view.observation.current)

    def seat_of(self, player: int) -> int:
        """The seat of a round player."""
        return self._public.view.match.seats[player]

    def player_of(self, seat: int) -> int | None:
        """The round player of a seat (None if out of the match)."""
        seats = self._public.view.match.seats
        return seats.index(seat) if seat in seats else None

    def action_player(self, seat: int) -> int:
        """The round player number of a seat, for building its actions."""
        player = self.player_of(seat)
        if player is None:
            raise ValueError(f"seat {seat} is out of the match")
        return player

    def story(self) -> list[Told]:
        """The current round's moves so far, as this screen may tell them now."""
        viewer, shared = self._viewer_player(), self.shared_screen
        return [tell_for(t, viewer, shared) for t in self._source.journal()]

    def review(self) -> tuple[Finding, ...] | None:
        """The review of the round just over for the players at this screen (None until it is
        worked out, and while the round is on)."""
        return self._source.findings() if self.round_over else None

    def replay(self) -> Replay | None:
        """The round just over played again (None while it is on, or when there is none)."""
        return self._source.replay() if self.round_over else None

    def human_to_play(self) -> int | None:
        """The human seat whose move the game takes now: the seat to play, when a human plays
        it (at this screen or another), unless its move is held back (a joiner's own seat
        while the host's answer to its last move is awaited, or before the match starts).
        None between rounds and on a bot's turn. The same meaning for every source."""
        if self.round_over:
            return None
        seat = self.current_seat
        if self.is_bot(seat) or self._source.holds(seat):
            return None
        return seat

    # ---- who may see what ----------------------------------------------------------------------

    def _viewer_player(self) -> int | None:
        seat = self.face_up()
        return None if seat is None else self.player_of(seat)

    def face_up(self) -> int | None:
        """The seat whose hand may be face up on the screen now, if any.

        One human: theirs, always. Two or more sharing the screen: the hand of the human to
        play, once they said they are at the screen, until they discard; at the end of a round
        every hand may be seen (the bottom seat's is shown).
        """
        humans = self.human_seats
        if not humans:
            return None
        if not self.shared_screen:
            return humans[0]
        if self.round_over:
            return self.bottom_seat()
        seat = self.human_to_play()
        return seat if seat is not None and seat == self._revealed else None

    def bottom_seat(self) -> int | None:
        """The seat placed at the bottom of the screen: the hand face up, else the last human
        who held the screen (their cards face down), else the first human."""
        humans = self.human_seats
        if not humans:
            return None
        if not self.shared_screen:
            return humans[0]
        if self._at_screen in humans:
            return self._at_screen
        return humans[0]

    def privacy_due(self) -> int | None:
        """The human to play who must first say they are at the screen, if any."""
        if not self.shared_screen:
            return None
        seat = self.human_to_play()
        return seat if seat is not None and seat != self._revealed else None

    def reveal(self, seat: int) -> None:
        """``seat``'s player says they are at the screen (the privacy screen was passed)."""
        if self.privacy_due() == seat:
            self._revealed = self._at_screen = seat

    def hand_order(self, seat: int) -> HandOrder:
        """The face-up seat's hand, from its own seat view, in the seat's screen order (any
        other seat's hand is not on this screen: an empty order)."""
        shown = self.shown
        if seat != shown.viewer:
            return HandOrder()
        hand = shown.hand(seat)
        order = self._source.orders.get(seat)
        if order is None or sorted(order.cards) != sorted(hand):
            order = HandOrder.from_dict(order.to_dict() if order else None, hand)
            self._source.orders[seat] = order
        return order

    def can_redeal(self, seat: int) -> bool:
        """Whether the face-up seat may ask for a new deal now (its view says so)."""
        shown = self.shown
        return (seat == shown.viewer and shown.view.observation.may_redeal
                and self._source.takes(seat))

    def talaj_open(self) -> bool:
        """Whether the player to play may take a talaj card now, in the view shown."""
        shown = self.shown
        if self._talaj is None or self._talaj[0] is not shown:
            self._talaj = (shown, any(d.source != "stock" for d in shown.round.legal_draws()))
        return self._talaj[1]

    # ---- moves and happenings ------------------------------------------------------------------

    def play(self, seat: int, *candidates: Action, picked: Sequence[int] = ()) -> Played:
        """A human's move: the first candidate the source accepts is played.

        Args:
            seat: the seat moving (a human whose turn it is; on a shared screen, one who is at
                the screen).
            candidates: the actions the move may mean, in order of preference.
            picked: the hand positions (screen order) the move's cards were taken from.

        Returns:
            The events (none yet for a move sent to a host), or the refusal's code.
        """
        if not candidates:
            return Played(None, ErrorCode.INVALID_MELD)
        redeal = all(isinstance(a, Redeal) for a in candidates)
        if self.is_bot(seat) or not self._source.takes(seat) or (not redeal and (
                self.human_to_play() != seat
                or (self.shared_screen and self.plays_here(seat) and self.face_up() != seat))):
            late = ErrorCode.ROUND_OVER if self.round_over else ErrorCode.NOT_YOUR_TURN
            return Played(None, late, candidates[0])
        first: tuple[ErrorCode, Action] | None = None
        for action in candidates:
            code = self._source.check(action)
            if code is not None:
                first = first or (code, action)
                continue
            played = self._source.submit(seat, action, picked)
            self._take()
            return played
        assert first is not None
        return Played(None, first[0], first[1])

    def _take(self) -> None:
        """Take the source's happenings, told as this screen may show them now; a hand face
        up is hidden the moment its owner discards (or the round ends)."""
        for happening in self._source.new_happenings():
            told = tell(happening.events, self._viewer_player(), self.shared_screen)
            self._happenings.append(dataclasses.replace(happening, events=told))
            revealed = self._revealed
            if revealed is not None and (
                    happening.kind == "deal" or self.round_over
                    or any(isinstance(e, Discarded) and self.seat_of(e.player) == revealed
                           for e in happening.events)):
                self._revealed = None
        if self._revealed is not None and self.human_to_play() != self._revealed:
            self._revealed = None

    def take_happenings(self) -> list[Happening]:
        """What happened since the last call, oldest first (told as the screen may show
        them)."""
        self._take()
        out, self._happenings = self._happenings, []
        return out

    def next_round(self) -> None:
        """The round summary was read: on to the next round."""
        self._source.next_round()
        self._take()

    # ---- the bots of this screen ---------------------------------------------------------------

    def bot_to_play(self) -> int | None:
        """The seat of a bot of this screen to play now, if any."""
        turn = self._source.bot_turn()
        return None if turn is None else turn.seat

    def ask_redeals(self) -> list[int]:
        """The bots of this screen that asked for a new deal."""
        seats = self._source.ask_redeals()
        self._take()
        return seats

    @property
    def thinking(self) -> bool:
        """Whether a bot is deciding on the worker thread."""
        return self._source.worker.busy

    def think(self) -> bool:
        """Start the decision of the bot to play on the worker thread (if not started yet);
        return whether a bot is thinking."""
        turn = self._source.bot_turn()
        worker = self._source.worker
        if turn is None:
            worker.cancel()
            return False
        if not worker.busy:
            worker.start(turn.bot, turn.observation, turn.rng, turn.moment)
        return True

    def poll(self) -> bool:
        """Play the bot's decision if it is ready and still timely; return whether it was."""
        tag, action, error = self._source.worker.poll()
        if tag is None:
            return False
        turn = self._source.bot_turn()
        if turn is None or tag != turn.moment:
            return False
        moved = self._source.bot_move(turn.seat, action, error)
        self._take()
        return moved

    # ---- keeping -------------------------------------------------------------------------------

    def autosave(self) -> None:
        """Keep the game now (where it is kept)."""
        self._source.autosave()

    def close(self) -> None:
        """Stop the threads and finish the writes."""
        self._source.close()


__all__ = ["Table"]
