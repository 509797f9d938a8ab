"""One game, whatever shows it: the match, the seats, the seed, the bots, who may see which hand,
the hands' order, autosave and resume, and the statistics.

The table, the tutorial, the simulator, the text mode, the smoke test and the soaks all drive a
:class:`Session`; a screen only shows it and sends the players' moves (:meth:`Session.play`).
Every change is told as a :class:`Happening` (:meth:`Session.take_happenings`) for the screen
to animate. The session knows nothing of pygame.

Who may see what is the session's rule (:meth:`Session.face_up`): with one human at the
screen, their hand is always theirs to see; when two or more humans share the screen, a hand is
face up only while its owner plays their own turn after saying they are at the screen
(:meth:`Session.reveal`, after the privacy screen), and hidden from the moment they discard.
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import random
from collections.abc import Mapping, Sequence
from concurrent.futures import Future

from rami_desktop.bots import Bot, make_bot
from rami_desktop.engine.actions import (
    Action,
    Discarded,
    Drew,
    Event,
    Redeal,
    Redealt,
)
from rami_desktop.engine.errors import ErrorCode, RuleError
from rami_desktop.engine.match import Match
from rami_desktop.engine.state import RoundState
from rami_desktop.storage.deal_code import encode, format_code

from .bot_worker import BotWorker
from .config import GameConfig
from .driver import BotDriver, Limits, Outcome
from .findings import Finding
from .hand_order import HandOrder
from .happening import Happening, Played
from .persist import (
    FileJobs,
    Keeper,
    MatchStore,
    SavedGame,
    StatsStore,
    game_payload,
    rebuild_game,
)
from .records import record_round_end
from .review import review_of
from .round_record import RoundKeeper, round_record, round_record_job
from .seating import Seating
from .story import tell

log = logging.getLogger(__name__)

#: seeds drawn for a configuration without one are below this
SEED_LIMIT = 1 << 32


def seat_bots(config: GameConfig, seed: int) -> tuple[dict[int, Bot], dict[int, random.Random]]:
    """A new bot for each bot seat of ``config``, and each one's generator (from ``seed``)."""
    bots: dict[int, Bot] = {}
    rngs: dict[int, random.Random] = {}
    for seat, s in enumerate(config.seats):
        if s.is_bot:
            bots[seat] = make_bot(s.level)
            rngs[seat] = random.Random(f"{seed}/bot/{seat}")
    return bots, rngs


class Session(Seating):
    """One match between the seats of a configuration.

    Args:
        config: rules, seats and seed (a random seed is drawn when it has none).
        match: a match to resume or a prepared one (default: a new one from the configuration).
        first_dealer: the first dealer's seat of a new match (default: from the seed).
        limits: when the bot driver steps in.
        bots: bots to seat instead of those of the configuration's levels, by seat (with
            ``rngs``, their generators).
        rngs: the bots' generators by seat (default: from the seed).
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
    """

    def __init__(self, config: GameConfig, match: Match | None = None, *,
                 first_dealer: int | None = None, limits: Limits | None = None,
                 bots: Mapping[int, Bot] | None = None,
                 rngs: Mapping[int, random.Random] | None = None,
                 store: MatchStore | None = None, stats: StatsStore | None = None,
                 orders: Mapping[int, HandOrder] | None = None, prepared: bool = False,
                 verify_saves: bool = True, group_commit: bool = False,
                 kept: bool = False, rounds: RoundKeeper | None = None) -> None:
        if config.seed is None:
            config = dataclasses.replace(
                config, seed=random.SystemRandom().randrange(SEED_LIMIT))
        assert config.seed is not None
        self.seed: int = config.seed
        if match is None:
            match = Match(config.rules, config.players, config.seed, first_dealer)
        seated, seeded = seat_bots(config, config.seed)
        if bots and not set(bots) <= set(seated):
            raise ValueError("bots may only be seated in the bot seats of the setup")
        seated.update(bots or {})
        seeded.update(rngs or {})
        super().__init__(config, match, BotDriver(match, seated, seeded, limits), orders)
        self.verify_saves = verify_saves
        self.store = store
        self.stats = stats
        self.rounds = rounds
        self.prepared = prepared
        self.group_commit = group_commit
        self._dirty = False  # something happened since the last commit
        self.writer = FileJobs()
        self.worker = BotWorker()
        self._happenings: list[Happening] = []
        self._recorded = len(self.match.results)
        self._match_recorded = self.match.over
        self._draws_for: tuple[RoundState, int, bool, int] | None = None
        self._talaj_open = False
        self._review: Future[tuple[Finding, ...]] | None = None
        if self.keeper is not None and kept:
            self.keeper.kept(self.config, self.match, self._orders)
        elif self.keeper is not None:  # what is dealt is shown: kept first
            self.keeper.keep(self.config, self.match, self._orders)

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
                   kept=True, **options), problem  # type: ignore[arg-type]

    # ---- the players' moves ------------------------------------------------------------------

    def play(self, seat: int, *candidates: Action, picked: Sequence[int] = ()) -> Played:
        """A human's move: the first candidate the engine accepts is played.

        Args:
            seat: the seat moving (a human at this screen whose turn it is; on a shared
                screen, one who is at the screen).
            candidates: the actions the move may mean, in order of preference.
            picked: the hand positions (screen order) the move's cards were taken from.

        Returns:
            The events, or the refusal's code (the state is then unchanged).
        """
        if not candidates:
            return Played(None, ErrorCode.INVALID_MELD)
        if self.is_bot(seat):
            return Played(None, ErrorCode.NOT_YOUR_TURN, candidates[0])
        redeal = all(isinstance(a, Redeal) for a in candidates)
        if not redeal and (self.human_to_play() != seat
                           or (self.shared_screen and self.plays_here(seat)
                               and self.face_up() != seat)):
            code = ErrorCode.ROUND_OVER if self.round.over else ErrorCode.NOT_YOUR_TURN
            return Played(None, code, candidates[0])
        first: tuple[ErrorCode, Action] | None = None
        for action in candidates:
            try:
                events = self.match.apply(action)
            except RuleError as err:
                first = first or (err.code, action)
                continue
            self._after(seat, events, picked, by_bot=False, human=True)
            return Played(tuple(events), None, action)
        assert first is not None
        return Played(None, first[0], first[1])

    def check(self, action: Action) -> ErrorCode | None:
        """The code the engine would refuse an action with, None if legal (nothing changes)."""
        return self.round.check(action)

    def talaj_open(self) -> bool:
        """Whether the player to play may take a talaj card now (asked once per moment)."""
        r = self.round
        key = (r, r.turn, r.has_drawn, len(r.talaj))
        if self._draws_for is None or self._draws_for[0] is not r or self._draws_for[1:] != key[1:]:
            self._draws_for = key
            self._talaj_open = any(d.source != "stock" for d in r.legal_draws())
        return self._talaj_open

    def can_redeal(self, seat: int) -> bool:
        """Whether a seat may ask for a new deal now (the engine decides)."""
        player = self.player_of(seat)
        return player is not None and self.round.can_redeal(player)

    def turns_of(self, seat: int) -> int:
        """Turns a seat has ended in the current round."""
        player = self.player_of(seat)
        if player is None:
            return 0
        return sum(1 for e in self.round.discards if e[0] == player)

    # ---- the bots ------------------------------------------------------------------------------

    def bot_to_play(self) -> int | None:
        """The seat of the bot to play now, if any."""
        return self.driver.bot_seat()

    def ask_redeals(self) -> list[int]:
        """Before the first move, the bots the engine lets ask for a new deal are asked (once
        per deal); return the seats that asked."""
        seats = self.driver.ask_redeals()
        for seat in seats:
            self._orders.clear()
            self.record(Happening("redeal", seat, (Redealt(
                self.action_player(seat)),), by_bot=True))
        if seats:
            self.autosave()
        return seats

    @property
    def thinking(self) -> bool:
        """Whether a bot is deciding on the worker thread."""
        return self.worker.busy

    def think(self) -> bool:
        """Start the decision of the bot to play on the worker thread (if not started yet);
        return whether a bot is thinking."""
        seat = self.bot_to_play()
        if seat is None:
            self.worker.cancel()
            return False
        if not self.worker.busy:
            self.worker.start(self.driver.bots[seat], self.driver.observation(seat),
                              self.driver.rngs[seat], self._moment())
        return True

    def poll(self) -> bool:
        """Apply the decision of the bot to play if it is ready; return whether it was."""
        tag, action, error = self.worker.poll()
        if tag is None:
            return False
        seat = self.bot_to_play()
        if tag != self._moment() or seat is None:
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
            ValueError: no bot is to play.
        """
        seat = self.bot_to_play()
        if seat is None:
            raise ValueError("no bot is to play")
        outcome = self.driver.step()
        self._after_bot(seat, outcome)
        return outcome

    def play_round(self) -> bool:
        """Play the current round to its end when bots hold every seat still in it.

        Returns:
            True if the round ended, False if it stopped at the driver's turn cap.
        """
        self.ask_redeals()
        st = self.round
        while not st.over:
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
            self._orders.clear()
            self.record(Happening("redeal", seat, tuple(events), by_bot))
        else:
            self._follow_hands(seat, events, picked)
            self.record(Happening("move", seat, tuple(events), by_bot))
        if self._revealed is not None and (
                self.round.over or self.human_to_play() != self._revealed
                or any(isinstance(e, Discarded) and self.seat_of(e.player) == self._revealed
                       for e in events)):
            self._revealed = None  # hidden the moment its owner discards
        self.autosave()
        if self.round.over:
            self._round_finished()

    def _follow_hands(self, seat: int, events: list[Event], picked: Sequence[int]) -> None:
        order = self._orders.get(seat)
        if order is None:
            return
        drawn = next((e.card for e in events if isinstance(e, Drew) and e.card is not None),
                     None)
        order.follow(self.hand(seat), picked, drawn)
        if any(isinstance(e, Discarded) for e in events):
            order.end_turn()

    def record(self, happening: Happening) -> None:
        """Queue a happening for the screen, its events told as the screen may show them now
        (:func:`~rami_desktop.play.story.tell`); a hosting session also sends it on."""
        told = tell(happening.events, self.viewer_player(), self.shared_screen)
        self._happenings.append(dataclasses.replace(happening, events=told))
        self.version += 1

    def take_happenings(self) -> list[Happening]:
        """What happened since the last call, oldest first (told as the screen may show
        them)."""
        out, self._happenings = self._happenings, []
        return out

    # ---- rounds --------------------------------------------------------------------------------

    def next_round(self) -> None:
        """Deal the next round (the current one must be over) and save."""
        self.worker.cancel()
        self._review = None
        self.match.next_round()
        self._orders.clear()
        self._revealed = None
        self.record(Happening("deal", None))
        self.autosave()

    def deal_code(self) -> str | None:
        """The current round's deal code (the setup deals the same round from it), or None
        for a prepared deal or rules a code cannot carry."""
        if self.prepared:
            return None
        try:
            return format_code(encode(self.match.round_seed, self.rules, len(self.match.seats)))
        except ValueError:
            return None

    def review(self) -> tuple[Finding, ...] | None:
        """The review of the round just over for the players at this screen (in the order it
        happened; :mod:`.review`), worked out on the bot worker thread: None until it is ready
        (and while the round is on)."""
        if not self.round.over:
            return None
        if self._review is None:
            players = [p for p in range(len(self.round.hands))
                       if self.plays_here(self.seat_of(p))]
            self._review = self.worker.job(review_of(self.round, players, self.match.seats))
        if not self._review.done():
            return None
        error = self._review.exception()
        if error is None:
            return self._review.result()
        log.error("the round review failed", exc_info=error)  # a bug: told once, then none
        done: Future[tuple[Finding, ...]] = Future()
        done.set_result(())
        self._review = done
        return ()

    def _round_finished(self) -> None:
        if self.human_seats:
            self.review()  # started now, ready by the time the summary shows
        if len(self.match.results) <= self._recorded:
            return
        self._recorded = len(self.match.results)
        self._keep_round()
        match_done = self.match.over and not self._match_recorded
        self._match_recorded = self._match_recorded or match_done
        if self.stats is not None:
            stats = self.stats
            players = [(seat, self.name(seat)) for seat in range(self.config.players)
                       if not self.is_bot(seat)]
            jobs = record_round_end(self.match, players, match_done,
                                    {seat: self.turns_of(seat) for seat, _n in players})
            for job in jobs:
                self.writer.run(functools.partial(job, stats))

    def round_record(self) -> dict[str, object] | None:
        """The record of the round just over (:mod:`.round_record`: what a replay is made
        from), None while it is on or for a deal not dealt from its seed (a lesson's)."""
        if not self.round.over or self.prepared:
            return None
        try:
            return round_record(self.config, self.match)
        except ValueError as exc:  # a prepared deal the session was not told of (tests)
            log.info("the round cannot be replayed: %s", exc)
            return None

    def _keep_round(self) -> None:
        """Keep the round just over (on the writer thread; a failure is only logged)."""
        keeper = self.rounds
        if keeper is None or self.prepared:
            return
        make = round_record_job(self.config, self.match)

        def job() -> str | None:
            try:
                payload = make()
            except ValueError as exc:  # a prepared deal the session was not told of
                log.info("the round is not kept: %s", exc)
                return None
            return keeper.keep(payload)

        self.writer.run(job)

    # ---- saving --------------------------------------------------------------------------------

    @property
    def store(self) -> MatchStore | None:
        """Where the match is kept (None: nothing is kept)."""
        return self._store

    @store.setter
    def store(self, store: MatchStore | None) -> None:
        self._store: MatchStore | None = store
        self.keeper: Keeper | None = Keeper(store, self.verify_saves) if store else None

    @property
    def save_problem(self) -> str | None:
        """The last save's problem code (None: saved, or nothing to save)."""
        return self.keeper.problem if self.keeper is not None else None

    def payload(self) -> dict[str, object]:
        """The saved document of the match (setup, match, the hands' order)."""
        return game_payload(self.config, self.match, self._orders)

    def autosave(self) -> None:
        """Keep the match now (or forget it once the match is over): on disk when it returns
        (with ``group_commit``: at the next :meth:`commit`)."""
        self._dirty = True
        if not self.group_commit:
            self.commit()

    def commit(self) -> None:
        """Put on disk what happened since the last commit (one fsync; nothing when nothing
        was asked to be kept), then let it be told (:meth:`release`)."""
        if self.keeper is not None and self._dirty:
            self.keeper.keep(self.config, self.match, self._orders)
        self._dirty = False
        self.release()

    def release(self) -> None:
        """What was kept may be told (a hosting session sends what it held back)."""

    def flush(self) -> None:
        """Wait until every statistics file asked for is written."""
        self.writer.flush()

    def close(self) -> None:
        """Stop thinking, keep the last state, finish the writes, stop the threads."""
        self.worker.shutdown()
        self._dirty = True
        self.commit()
        if self.keeper is not None:
            self.keeper.close()
        self.writer.close()
