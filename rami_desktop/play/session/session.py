"""One game, whatever shows it: the match, the seats, the seed, the bots, who may see which hand,
the hands' order, autosave and resume, and the statistics.

The simulator, the text mode, the smoke test and the soaks drive a :class:`Session`; a screen
shows it through a :class:`~rami_desktop.play.table.table.Table`, of which the session is the local
source (:class:`~rami_desktop.play.table.source.TableSource`): it gives the table seat views
(:meth:`Session.seat_view`) and takes its intents (:meth:`Session.submit`). Every change is
told as a :class:`Happening` (:meth:`Session.new_happenings`) for the screen to animate. The
session knows nothing of pygame, nor of who is at the screen (that is the table's rule).
"""

from __future__ import annotations

import dataclasses
import logging
import random
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future

from rami_desktop.bots import Bot
from rami_desktop.engine.actions import (
    Action,
    Discarded,
    Drew,
    Event,
    Redeal,
    Redealt,
)
from rami_desktop.engine.cards import Card
from rami_desktop.engine.errors import ErrorCode, RuleError
from rami_desktop.engine.match import SEED_LIMIT, Match
from rami_desktop.engine.observation import Observation
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.config import GameConfig
from rami_desktop.play.game.hand_order import HandOrder
from rami_desktop.play.game.match_key import new_key, seat_bots
from rami_desktop.play.keep.keeping import Keeping
from rami_desktop.play.keep.persist import (
    FileJobs,
    MatchStore,
    SavedGame,
    StatsStore,
    rebuild_game,
)
from rami_desktop.play.keep.round_ends import RoundEnds
from rami_desktop.play.keep.round_record import RoundKeeper
from rami_desktop.play.review.replay import Replay
from rami_desktop.play.review.round_review import quiet, review_of
from rami_desktop.play.session.bot_worker import BotTurn, BotWorker
from rami_desktop.play.session.driver import BotDriver, DriverStats, Limits, Outcome
from rami_desktop.play.view.findings import Finding
from rami_desktop.play.view.happening import Happening, Played
from rami_desktop.play.view.seat_view import SeatView, view_of
from rami_desktop.play.view.story import Told, round_story
from rami_desktop.storage.deal_code import encode, format_code

log = logging.getLogger(__name__)


class Session(Keeping):
    """One match between the seats of a configuration (the local source of a table).

    Args:
        config: rules, seats and seed (a random seed is drawn when it has none): the seed deals
            round 1 (a pasted deal code's), the match's secret key every later round.
        match: a match to resume or a prepared one (default: a new one from the configuration);
            one saved before keys is given a key for its rounds to come (not a prepared one).
        first_dealer: the first dealer's seat of a new match (default: from the seed).
        limits: when the bot driver steps in.
        bots: bots to seat instead of those of the configuration's levels, by seat (with
            ``rngs``, their generators).
        rngs: the bots' generators by seat (default: from the match's key).
        store: where the match is kept, every action on disk before it is told (None: nothing
            is kept).
        stats: where the players' statistics are recorded (None: nothing is recorded).
        orders: the hands' screen order, by seat (a resumed match).
        prepared: a prepared deal (a lesson): it has no deal code.
        verify_saves: replay every snapshot before writing it.
        group_commit: what happens is kept only at :meth:`commit` (a host's loop commits each
            table once per pass); else at once, before the move returns.
        kept: the match is on disk as given (it was just loaded from ``store``).
        rounds: where each finished round is kept (None: nowhere; never a prepared deal's).
        key: the secret key of a new match (default: drawn, :func:`new_key`; a simulator
            passes its own to replay its matches).
        keep_end: a match over stays in ``store`` with its last action (a host serves its
            end, even after a restart), rather than being forgotten.
        clock: the time in seconds (when a refused save is tried again).
        match_id: the match's id (a resumed match's; default: a new one).
        rounds_kept: the finished rounds whose round file and statistics are kept (a resumed
            match's; the others are written again: :mod:`.round_ends`).

    Kept before told (:class:`~rami_desktop.play.keep.keeping.Keeping`): when what happened
    cannot be put on disk (a full disk), the session waits (:attr:`unkept` says why): no move
    is taken, no bot plays and no round is dealt until a try keeps it; then play goes on.
    """

    def __init__(self, config: GameConfig, match: Match | None = None, *,
                 first_dealer: int | None = None, limits: Limits | None = None,
                 bots: Mapping[int, Bot] | None = None,
                 rngs: Mapping[int, random.Random] | None = None,
                 store: MatchStore | None = None, stats: StatsStore | None = None,
                 orders: Mapping[int, HandOrder] | None = None, prepared: bool = False,
                 verify_saves: bool = True, group_commit: bool = False,
                 kept: bool = False, rounds: RoundKeeper | None = None,
                 key: bytes | None = None, keep_end: bool = False,
                 clock: Callable[[], float] = time.monotonic, match_id: str | None = None,
                 rounds_kept: int | None = None) -> None:
        if config.seed is None:
            config = dataclasses.replace(config, seed=secrets.randbelow(SEED_LIMIT))
        assert config.seed is not None
        self.seed: int = config.seed
        if match is None:
            match = Match(config.rules, config.players, config.seed, first_dealer,
                          key=new_key() if key is None else key)
        elif match.key is None and not prepared and not match.over:
            match.secure(new_key() if key is None else key)  # kept with the next round's deal
        seated, seeded = seat_bots(config, match)
        if bots and not set(bots) <= set(seated):
            raise ValueError("bots may only be seated in the bot seats of the setup")
        seated.update(bots or {})
        seeded.update(rngs or {})
        self.keep_end = keep_end
        self.config = config
        self.match = match
        self.driver = BotDriver(match, seated, seeded, limits)
        #: the hands' screen order, by seat (kept with the match)
        self.orders: dict[int, HandOrder] = dict(orders or {})
        #: counts the changes of the game (a move, a redeal, a deal): what a screen shows is
        #: built again when it moved
        self.version = 0
        #: the match's id (a finished round's key is made from it)
        self.match_id = match_id or secrets.token_hex(8)
        #: the finished rounds whose round file and statistics are kept
        self.rounds_kept = len(match.results) if rounds_kept is None else rounds_kept
        super().__init__(store, verify_saves, group_commit, clock)
        self._deal_wanted = False  # the next round was asked for while the game waited
        self.stats = stats
        self.rounds = rounds
        self.prepared = prepared
        self.writer = FileJobs()
        self._ends_started = self.rounds_kept
        self.round_ends = RoundEnds(self.writer, clock)
        self.worker = BotWorker()
        self._happenings: list[Happening] = []
        self._review: Future[tuple[Finding, ...]] | None = None
        self.keep_first(kept)
        if kept:
            self.after_kept(resumed=True)

    # ---- the game -------------------------------------------------------------------------------

    @property
    def round(self) -> RoundState:
        """The current round (the whole state: never shown as it is; a screen reads a seat view,
        :meth:`seat_view`)."""
        return self.match.round

    @property
    def bots(self) -> Mapping[int, Bot]:
        """The bot of each bot seat."""
        return self.driver.bots

    @property
    def driver_stats(self) -> DriverStats:
        """What the bot driver counted (refusals, rescues, decision times)."""
        return self.driver.stats

    @property
    def all_bots(self) -> bool:
        """Whether bots hold every seat."""
        return len(self.driver.bots) == self.config.players

    def seat_view(self, seat: int | None) -> SeatView:
        """What ``seat`` may know of the game now (None: the public view, no hand)."""
        return view_of(self.match, seat)

    def observation(self, seat: int) -> Observation:
        """What a seat may see of the round (bots see nothing else)."""
        return self.match.observation(seat)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's cards in the engine's order (the session's own bookkeeping)."""
        player = self.match.player_of(seat)
        return () if player is None else tuple(self.round.hands[player])

    def kept_order(self, seat: int) -> HandOrder:
        """A seat's hand in its screen order, as the session keeps it (a joiner's, sent back
        to it; the saved game's)."""
        hand = self.hand(seat)
        order = self.orders.get(seat)
        if order is None or sorted(order.cards) != sorted(hand):
            order = HandOrder.from_dict(order.to_dict() if order else None, hand)
            self.orders[seat] = order
        return order

    def journal(self) -> list[Told]:
        """The current round's moves so far, replayed from its deal."""
        return round_story(self.match)

    def holds(self, seat: int) -> bool:
        """Whether a move is held back: while what happened is not on disk (:attr:`unkept`)."""
        return self.unkept is not None

    def takes(self, seat: int) -> bool:
        """Whether a human plays ``seat`` (a bot's moves come from the driver) and the game
        takes moves now (it does not while it waits for the disk)."""
        return not self.config.seats[seat].is_bot and self.unkept is None

    # ---- resuming ------------------------------------------------------------------------------

    @classmethod
    def resume(cls, store: MatchStore, stats: StatsStore | None = None,
               **options: object) -> tuple[Session | None, str | None]:
        """The saved match, resumed; ``(None, problem)`` when there is none that can be used.

        Never raises on a bad file: a damaged save is moved aside by the store and its backup
        tried. ``options`` go to the constructor (``limits``, ``verify_saves``).
        """
        game, problem = store.load(rebuild_game)
        if not isinstance(game, SavedGame):
            return None, problem
        return cls(game.config, game.match, store=store, stats=stats, orders=game.orders,
                   kept=True, match_id=game.match_id, rounds_kept=game.rounds_kept,
                   **options), problem  # type: ignore[arg-type]

    # ---- the players' moves ------------------------------------------------------------------

    def play(self, seat: int, *candidates: Action, picked: Sequence[int] = ()) -> Played:
        """A human's move (a joiner's at the host, or a headless one): the first candidate the
        engine accepts is played. Who may move at a shared screen is the table's rule.

        Args:
            seat: the seat moving (a human seat whose turn it is; any for a new deal).
            candidates: the actions the move may mean, in order of preference.
            picked: the hand positions (screen order) the move's cards were taken from.

        Returns:
            The events, or the refusal's code (the state is then unchanged).
        """
        if not candidates:
            return Played(None, ErrorCode.INVALID_MELD)
        if self.unkept is not None:
            return Played(None, ErrorCode.NOT_YOUR_TURN, candidates[0])
        if not self.takes(seat):
            return Played(None, ErrorCode.NOT_YOUR_TURN, candidates[0])
        redeal = all(isinstance(a, Redeal) for a in candidates)
        if not redeal and (self.round.over or self.match.seat_of(self.round.current) != seat):
            code = ErrorCode.ROUND_OVER if self.round.over else ErrorCode.NOT_YOUR_TURN
            return Played(None, code, candidates[0])
        first: tuple[ErrorCode, Action] | None = None
        for action in candidates:
            played = self.submit(seat, action, picked)
            if played.ok:
                return played
            assert played.code is not None
            first = first or (played.code, action)
        assert first is not None
        return Played(None, first[0], first[1])

    def submit(self, seat: int, action: Action, picked: Sequence[int] = ()) -> Played:
        """Play a human's action here and now (:meth:`check` it first)."""
        try:
            events = self.match.apply(action)
        except RuleError as err:
            return Played(None, err.code, action)
        self._after(seat, events, picked, by_bot=False, human=True)
        return Played(tuple(events), None, action)

    def check(self, action: Action) -> ErrorCode | None:
        """The code the engine would refuse an action with, None if legal (nothing changes)."""
        return self.round.check(action)

    # ---- the bots ------------------------------------------------------------------------------

    def ask_redeals(self) -> list[int]:
        """Before the first move, the bots the engine lets ask for a new deal are asked (once
        per deal); return the seats that asked."""
        seats = self.driver.ask_redeals()
        for seat in seats:
            self.orders.clear()
            player = self.match.player_of(seat)
            assert player is not None
            self.record(Happening("redeal", seat, (Redealt(player),), by_bot=True))
        if seats:
            self.autosave()
        return seats

    def bot_turn(self) -> BotTurn | None:
        """The bot to play now, if any (what it sees, its generator, the moment); none while
        the game waits for the disk."""
        seat = self.driver.bot_seat() if self.unkept is None else None
        if seat is None:
            return None
        return BotTurn(seat, self.driver.bots[seat], self.driver.observation(seat),
                       self.driver.rngs[seat], self._moment())

    def bot_move(self, seat: int, action: Action | None, error: BaseException | None) -> bool:
        """Play a bot's decision through the driver (a failure or a refusal is the driver's to
        mend); return True (False: the game waits for the disk, the decision is dropped)."""
        if self.unkept is not None:
            return False
        if action is None:
            outcome = self.driver.fail(seat, error or RuntimeError("the bot gave no action"))
        else:
            outcome = self.driver.submit(seat, action)
        self._after_bot(seat, outcome)
        return True

    def step_bot(self) -> Outcome:
        """Let the bot to play decide and play one action here and now (headless play).

        Raises:
            ValueError: no bot is to play (or the game waits for the disk).
        """
        seat = self.driver.bot_seat() if self.unkept is None else None
        if seat is None:
            raise ValueError("no bot is to play")
        outcome = self.driver.step()
        self._after_bot(seat, outcome)
        return outcome

    def play_round(self) -> bool:
        """Play the current round to its end when bots hold every seat still in it.

        Returns:
            True if the round ended, False if it stopped at the driver's turn cap (or the game
            waits for the disk).
        """
        self.ask_redeals()
        st = self.round
        while not st.over:
            if self.unkept is not None:
                return False
            if st.turn >= self.driver.limits.turns_per_round:
                self.driver.stats.turn_cap_hits += 1
                return False
            self.step_bot()
        return True

    def play_match(self, max_rounds: int) -> int:
        """Play rounds until the match ends, a round stops at the cap or ``max_rounds`` are
        played; return the number of rounds played."""
        played = 0
        while played < max_rounds:
            ended = self.play_round()
            played += 1
            if not ended or self.match.over or played == max_rounds:
                break
            self.next_round()
        return played

    def _moment(self) -> tuple[int, int]:
        return self.match.round_number, self.round.turn

    def _after_bot(self, seat: int, outcome: Outcome) -> None:
        if outcome.events or outcome.applied:
            self._after(seat, list(outcome.events), (), by_bot=True, human=False)

    # ---- after a move --------------------------------------------------------------------------

    def _after(self, seat: int, events: list[Event], picked: Sequence[int], *, by_bot: bool,
               human: bool) -> None:
        if any(isinstance(e, Redealt) for e in events):
            self.orders.clear()
            self.record(Happening("redeal", seat, tuple(events), by_bot))
        else:
            self._follow_hands(seat, events, picked)
            self.record(Happening("move", seat, tuple(events), by_bot))
        self.autosave()
        if self.round.over:
            self._round_finished()

    def _follow_hands(self, seat: int, events: list[Event], picked: Sequence[int]) -> None:
        order = self.orders.get(seat)
        if order is None:
            return
        drawn = next((e.card for e in events if isinstance(e, Drew) and e.card is not None),
                     None)
        order.follow(self.hand(seat), picked, drawn)
        if any(isinstance(e, Discarded) for e in events):
            order.end_turn()

    def record(self, happening: Happening) -> None:
        """Queue a happening for the screen (its table tells it as the screen may show it);
        a hosting session also sends it on."""
        self._happenings.append(happening)
        self.version += 1

    def new_happenings(self) -> list[Happening]:
        """What happened since the last call, oldest first (the whole events: a table tells
        them as its screen may show them)."""
        out, self._happenings = self._happenings, []
        return out

    # ---- rounds --------------------------------------------------------------------------------

    def next_round(self) -> None:
        """Deal the next round (the current one must be over) and save; while the game waits
        for the disk, it is dealt once what happened is kept."""
        if self.unkept is not None:
            self._deal_wanted = True
            return
        self.worker.cancel()
        self._review = None
        self.match.next_round()
        self.orders.clear()
        self.record(Happening("deal", None))
        self.autosave()

    def deal_code(self) -> str | None:
        """The round just over's deal code (the setup deals the same round from it; it tells
        nothing of another round), or None while it is on, for a prepared deal or rules a code
        cannot carry."""
        if self.prepared or not self.round.over:
            return None
        try:
            match = self.match
            return format_code(encode(match.round_seed, match.rules, len(match.seats)))
        except ValueError:
            return None

    def findings(self) -> tuple[Finding, ...] | None:
        """The review of the round just over for the human players at this screen (in the
        order it happened; :mod:`~rami_desktop.play.review.round_review`), worked out on the
        bot worker thread: None until it is ready (and while the round is on)."""
        if not self.round.over:
            return None
        if self._review is None:
            players = self._here_players()
            self._review = self.worker.job(quiet(review_of(self.round, players, self.match.seats)))
        return self._review.result() if self._review.done() else None

    def _here_players(self) -> list[int]:
        """The round players a human at this screen plays."""
        seats = self.config.seats
        return [p for p, seat in enumerate(self.match.seats)
                if not seats[seat].is_bot and not seats[seat].is_remote]

    def _round_finished(self) -> None:
        if self._here_players():
            self.findings()  # started now, ready by the time the summary shows

    def replay(self) -> Replay | None:
        """The round just over played again, from the match in memory (a new replay at its
        start each time), None while it is on or for a deal not dealt from its seed (a
        lesson's, or one a test prepared without telling the session)."""
        if not self.round.over or self.prepared:
            return None
        try:
            return Replay.of_match(self.config, self.match)
        except ValueError as exc:
            log.info("the round cannot be replayed: %s", exc)
            return None

    # ---- finished rounds kept ----------------------------------------------------------------

    def kept_again(self) -> None:
        """What the game waited for is kept: it goes on (a round asked for is dealt)."""
        super().kept_again()
        if self._deal_wanted:
            self._deal_wanted = False
            if self.round.over and not self.match.over:
                self.next_round()

    def flush(self) -> None:
        """Wait until every round file and statistics asked for is written (then the match's
        save says so, or is cleared at the match's end)."""
        self.writer.flush()
        self.before_keep()
        if self._dirty and not self.group_commit:
            self.commit()

    def close(self) -> None:
        """Stop thinking, finish the writes (a round's end the disk refuses is written when
        the game is resumed), keep the last state, stop the threads."""
        self.worker.shutdown()
        self.round_ends.stop()
        self.writer.close()
        self._dirty = True
        self._retry_at = 0.0  # a last try, whatever the backoff says
        self.commit()
        if self.keeper is not None:
            self.keeper.close()
