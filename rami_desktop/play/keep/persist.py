"""How a session is kept: the one save path of a match, and its statistics.

A session keeps its match through a :class:`MatchStore` and records statistics through a
:class:`StatsStore`; storage implements both (:class:`rami_desktop.storage.match_io.MatchFiles`,
:class:`rami_desktop.storage.stats.StatsFiles`) and never imports this layer. The match is kept
as a snapshot and a journal (:class:`Keeper`): the snapshot is the document
``{"config": GameConfig.to_dict(), "match": Match.to_dict(), "hands": {seat: HandOrder}}``,
written at each round's start (and when the journal grows as long as the snapshot); the journal
holds the steps since, one per action (``{"a": action}``), a new setup (``{"config": ...}``)
or a new order of the hands (``{"hands": ...}``), appended and fsynced at every
:meth:`Keeper.keep`: when it returns, what happened is on disk and may be told. Loading
rebuilds the setup (every name cleaned as names typed in setup are), replays the match and the
journal's steps through the rules once and puts each seat's hand back in its order
(:func:`rebuild_game`).

Before a snapshot is written its data is replayed through the rules: a match that would not
load again (a bug) is not written, so it never pushes the last good save out of the backup. A
failure is kept as a problem code (:attr:`Keeper.problem`) and logged once a minute at most
with a count; the last good state stays on disk and the session waits (nothing told, nothing
played) until a new try keeps what happened. Statistics are written on one writer thread
(:class:`FileJobs`), in order, off the frame.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from rami_desktop.engine.actions import action_from_dict, action_to_dict
from rami_desktop.engine.errors import RuleError
from rami_desktop.engine.match import Match
from rami_desktop.play.game.config import GameConfig
from rami_desktop.play.game.hand_order import HandOrder
from rami_desktop.play.keep.save_problems import NOT_SAVED_INCONSISTENT, SAVE_FAILED
from rami_desktop.storage.names import clean_seat_names
from rami_desktop.storage.stats import MatchLine, RoundLine
from rami_desktop.storage.sync_batch import SyncShare

log = logging.getLogger(__name__)

T = TypeVar("T")

#: steps in the journal before a new snapshot, at least (else: as many as the snapshot holds)
SNAPSHOT_EVERY = 500
#: seconds between two log lines of a save that keeps failing
FAILURE_LOG_EVERY = 60.0
#: seconds before the first try to write again what the disk refused; each refusal doubles
#: the wait, up to the longest
RETRY_FIRST = 0.5
RETRY_LONGEST = 8.0


class MatchStore(Protocol):
    """Where a match is kept between two starts of the game: a snapshot and its journal."""

    def snapshot(self, payload: dict[str, Any]) -> str | None:
        """Write the match atomically with a new, empty journal after it; return None or a
        problem code (the previous snapshot and journal are still the kept state)."""
        ...

    def append(self, steps: list[dict[str, Any]],
               share: SyncShare | None = None) -> str | None:
        """Add steps to the journal, on disk when it returns None (with a ``share``: once
        its batch is flushed); else a problem code."""
        ...

    @property
    def needs_snapshot(self) -> bool:
        """Whether steps cannot be added now (no snapshot yet, or the journal broke)."""
        ...

    @property
    def journal_steps(self) -> int:
        """Steps in the journal since the last snapshot."""
        ...

    def load(self, rebuild: Callable[[dict[str, Any]], T]) -> tuple[T | None, str | None]:
        """Read the match with its journal's steps (its ``steps``) and rebuild it
        (``rebuild`` raises ValueError on an impossible game); return ``(value, problem)``,
        never raise on a bad file."""
        ...

    def clear(self) -> str | None:
        """Forget the match (it is over); return None or a problem code."""
        ...

    def close(self) -> None:
        """Close what is open (what was written stays)."""
        ...


class StatsStore(Protocol):
    """Where each player's statistics are kept."""

    def record_round_end(self, key: str, rounds: Sequence[RoundLine],
                         matches: Sequence[MatchLine]) -> str | None:
        """Count a finished round (and the match it ended) of every human at it, once under
        ``key`` (counted again: nothing changes); return None or a problem code."""
        ...


@dataclass(frozen=True)
class SavedGame:
    """A game rebuilt from its save: also the match's id and the finished rounds whose round
    file and statistics are kept (:mod:`.round_ends`)."""

    config: GameConfig
    match: Match
    orders: Mapping[int, HandOrder]
    match_id: str = ""
    rounds_kept: int = 0


def hands_data(orders: Mapping[int, HandOrder] | None) -> dict[str, Any]:
    """The hands' order as JSON data, by seat."""
    return {str(seat): order.to_dict() for seat, order in (orders or {}).items()}


def game_payload(config: GameConfig, match: Match,
                 orders: Mapping[int, HandOrder] | None = None) -> dict[str, Any]:
    """The JSON data saved for a game (a snapshot)."""
    return {"config": config.to_dict(), "match": match.to_dict(), "hands": hands_data(orders)}


def old_match_id(match_data: dict[str, Any]) -> str:
    """The id of a match saved before matches had one (the same for every load of it)."""
    first = match_data.get("rounds", [[]])[:1]
    text = json.dumps([match_data.get("seed"), match_data.get("first_dealer"),
                       match_data.get("start_scores"), first], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def _config_of(data: Any) -> GameConfig:
    if not isinstance(data, dict):
        raise ValueError("saved game: needs a config")
    return GameConfig.from_dict({**data, "seats": clean_seat_names(data.get("seats"))})


def rebuild_game(payload: Any) -> SavedGame:
    """Rebuild a game from :func:`game_payload` data (the ``rebuild`` of a store's load).

    Raises:
        ValueError: malformed data, a log the rules refuse, or a setup that does not fit.
    """
    if not isinstance(payload, dict):
        raise ValueError("saved game: not an object")
    match_data = payload.get("match")
    if not isinstance(match_data, dict):
        raise ValueError("saved game: needs a config and a match")
    config = _config_of(payload.get("config"))
    match = Match.from_dict(match_data)
    hands = payload.get("hands")
    steps = payload.get("steps") or []
    if not isinstance(steps, list):
        raise ValueError("saved game: the journal's steps are not a list")
    kept = payload.get("rounds_kept", len(match.results))  # before it was kept: all were
    config, hands, kept = _replay_steps(config, match, hands, steps, kept)
    match_id = payload.get("match_id")
    if not (isinstance(match_id, str) and 0 < len(match_id) <= 32 and match_id.isalnum()):
        match_id = old_match_id(match_data)
    if isinstance(kept, bool) or not isinstance(kept, int):
        kept = len(match.results)
    if config.players != match.n:
        raise ValueError(
            f"saved game: {config.players} seats in the setup, {match.n} in the match")
    if config.seed != match.seed:
        config = GameConfig(config.rules, config.seats, match.seed)
    orders: dict[int, HandOrder] = {}
    if isinstance(hands, dict):
        for key, data in hands.items():
            seat = int(key) if isinstance(key, str) and key.isdigit() else -1
            player = match.player_of(seat) if 0 <= seat < match.n else None
            if player is not None:
                orders[seat] = HandOrder.from_dict(data, match.round.hands[player])
    return SavedGame(config, match, orders, match_id, max(0, min(kept, len(match.results))))


def _replay_steps(config: GameConfig, match: Match, hands: Any, steps: list[Any],
                  kept: Any) -> tuple[GameConfig, Any, Any]:
    """Play a journal's steps on the match of its snapshot; the setup, hands' order and
    finished rounds kept they leave. A step the rules refuse (a bug) ends the replay there,
    with one log line."""
    for number, step in enumerate(steps, start=1):
        try:
            if not isinstance(step, dict):
                raise ValueError("not an object")
            if "a" in step:
                if match.round.over:
                    raise ValueError("an action after the round's end")
                match.apply(action_from_dict(step["a"]))
            elif "config" in step:
                changed = _config_of(step["config"])
                if changed.players != match.n:
                    raise ValueError("a setup of another number of seats")
                config = changed
            elif "hands" in step:
                hands = step["hands"]
            elif "rounds_kept" in step:
                kept = step["rounds_kept"]
            else:
                raise ValueError("an unknown step")
        except (RuleError, ValueError, TypeError, KeyError) as exc:
            log.warning("the journal's step %d does not replay (%s): the %d steps before it "
                        "are kept", number, exc, number - 1)
            break
    return config, hands, kept


def replays_the_same(payload: dict[str, Any], snapshot: dict[str, Any],
                     scores: list[int]) -> bool:
    """Whether saved data replays to the position it was taken from."""
    try:
        copy = rebuild_game(payload).match
    except ValueError:
        return False
    return copy.round.snapshot() == snapshot and copy.scores == scores


class Keeper:
    """Keeps one session's match through its store (see the module's text): what changed since
    the last :meth:`keep` is on disk when it returns.

    Args:
        store: where the match is kept.
        verify: replay every snapshot before writing it.
        clock: the time in seconds (when the failures were last logged).
        keep_end: a match over is kept with its last action (a host serves its end, even
            after a restart, and removes it then), not forgotten.
    """

    def __init__(self, store: MatchStore, verify: bool = True,
                 clock: Callable[[], float] = time.monotonic, keep_end: bool = False) -> None:
        self.store = store
        self.verify = verify
        self.keep_end = keep_end
        self.clock = clock
        #: the last problem met, for the screen to say once (None: kept)
        self.problem: str | None = None
        #: failures since the last log line about them
        self.failures = 0
        self._logged = -FAILURE_LOG_EVERY
        self._at: tuple[int, int] | None = None
        self._config: GameConfig | None = None
        self._hands: dict[str, Any] = {}
        self._snapshot_actions = 0
        self._cleared = False
        #: the match's id, kept in every snapshot (a finished round's key is made from it)
        self.match_id = ""
        #: the finished rounds whose round file and statistics are kept (None: not followed);
        #: the session moves it, it is kept with the match (the save is cleared at the
        #: match's end only once every round is)
        self.rounds_kept: int | None = None
        self._rounds_kept: int | None = None

    def keep(self, config: GameConfig, match: Match, orders: Mapping[int, HandOrder],
             share: SyncShare | None = None) -> None:
        """Put on disk what changed since the last call (a snapshot at a new round); steps
        added to the journal with a ``share`` are on disk once its batch is flushed."""
        try:
            self._keep(config, match, orders, share)
        except Exception:  # boundary: a save that fails in an unexpected way
            log.exception("a save failed")
            self._done(SAVE_FAILED)

    def kept(self, config: GameConfig, match: Match,
             orders: Mapping[int, HandOrder]) -> None:
        """The game is on disk as it is now (it was just loaded): nothing is written until it
        changes (then a snapshot starts a journal of this session's own)."""
        self._at = (match.round_number, len(match.logs[-1]))
        self._config, self._hands = config, hands_data(orders)
        self._rounds_kept = self.rounds_kept

    def _keep(self, config: GameConfig, match: Match, orders: Mapping[int, HandOrder],
              share: SyncShare | None) -> None:
        if match.over and not self.keep_end and (self.rounds_kept is None
                                                 or self.rounds_kept >= len(match.results)):
            if not self._cleared:
                problem = self.store.clear()
                self._cleared = problem is None
                self._done(problem)
            return
        at = (match.round_number, len(match.logs[-1]))
        if self._at is None or at[0] != self._at[0] or at[1] < self._at[1]:
            self._snapshot(config, match, orders, at)
            return
        steps: list[dict[str, Any]] = [{"a": action_to_dict(a)}
                                       for a in match.logs[-1][self._at[1]:]]
        if config != self._config:
            steps.append({"config": config.to_dict()})
        hands = hands_data(orders)
        if hands != self._hands:
            steps.append({"hands": hands})
        rounds_kept = self.rounds_kept
        if rounds_kept != self._rounds_kept:
            steps.append({"rounds_kept": rounds_kept})
        if not steps:
            return
        if self.store.needs_snapshot or self.store.journal_steps >= max(
                SNAPSHOT_EVERY, self._snapshot_actions):
            self._snapshot(config, match, orders, at)
            return
        problem = self.store.append(steps, share)
        if problem is None:
            self._at, self._config, self._hands = at, config, hands
            self._rounds_kept = rounds_kept
        self._done(problem)

    def _snapshot(self, config: GameConfig, match: Match, orders: Mapping[int, HandOrder],
                  at: tuple[int, int]) -> None:
        payload = game_payload(config, match, orders)
        rounds_kept = self.rounds_kept
        if rounds_kept is not None:
            payload.update(match_id=self.match_id, rounds_kept=rounds_kept)
        if self.verify and not replays_the_same(payload, match.round.snapshot(),
                                                list(match.scores)):
            log.error("the match was not saved: it does not replay")
            self._done(NOT_SAVED_INCONSISTENT)
            return
        problem = self.store.snapshot(payload)
        if problem is None:
            self._at, self._config, self._hands = at, config, payload["hands"]
            self._rounds_kept = rounds_kept
            self._snapshot_actions = sum(len(steps) for steps in match.logs)
        self._done(problem)

    def refused(self, problem: str) -> None:
        """The journal's lines written at the last :meth:`keep` were refused by their flush
        (its journal broke): the next keep writes a snapshot of the whole match."""
        self._at = None
        self._done(problem)

    def _done(self, problem: str | None) -> None:
        """Keep the outcome; log a failure once a minute at most, with a count."""
        if problem is None:
            if self.problem is not None:
                log.warning("the match is kept again (after %d failed saves)", self.failures)
                self.failures = 0
            self.problem = None
            return
        self.failures += 1
        now = self.clock()
        if self.problem is None or now - self._logged >= FAILURE_LOG_EVERY:
            log.warning("the match could not be kept (%s; %d failed saves): the game waits "
                        "and tries again, the last good state stays on disk", problem,
                        self.failures)
            self._logged = now
        self.problem = problem

    def close(self) -> None:
        """Close the store's open files."""
        self.store.close()


class FileJobs:
    """Runs a session's other file jobs (statistics) on one background thread, in order."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._jobs: list[Future[None]] = []

    def run(self, job: Callable[[], str | None]) -> None:
        """Run a file job on the writer thread; its problem code (or an exception) is logged."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rami-save")

        def guarded() -> None:
            try:
                problem = job()
            except Exception:  # boundary: file writing on the writer thread
                log.exception("a file job failed")
                return
            if problem is not None:
                log.warning("a file job failed: %s", problem)

        self._jobs = [f for f in self._jobs if not f.done()]
        self._jobs.append(self._pool.submit(guarded))

    def flush(self) -> None:
        """Wait until every job asked for is done."""
        for future in self._jobs:
            future.result()
        self._jobs = []

    def close(self) -> None:
        """Finish the pending jobs and stop the thread."""
        self.flush()
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None


__all__ = ["FAILURE_LOG_EVERY", "NOT_SAVED_INCONSISTENT", "RETRY_FIRST", "RETRY_LONGEST",
           "SAVE_FAILED", "SNAPSHOT_EVERY",
           "FileJobs", "Keeper", "MatchStore", "SavedGame", "StatsStore", "game_payload",
           "hands_data", "rebuild_game", "replays_the_same"]
