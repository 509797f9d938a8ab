"""How a session is kept: the one save path of a match, and its statistics.

A session saves through a :class:`MatchStore` and records statistics through a
:class:`StatsStore`; storage implements both (:class:`rami_desktop.storage.match_io.MatchFiles`,
:class:`rami_desktop.storage.stats.StatsFiles`) and never imports this layer. The saved document
is ``{"config": GameConfig.to_dict(), "match": Match.to_dict(), "hands": {seat: HandOrder}}``:
loading rebuilds the setup (every name cleaned as names typed in setup are), replays the match
through the rules and puts each seat's hand back in its order (:func:`rebuild_game`).

Files are written on one writer thread (:class:`SaveWriter`), in order, so that no frame waits
for the disk. Before a save is written its data is replayed through the rules: a match that
would not load again (a bug) is not written, so it never pushes the last good save out of the
backup. Any failure is kept as a problem code for the screen to say once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from rami_desktop.engine.match import Match
from rami_desktop.storage.names import clean_seat_names

from .config import GameConfig
from .hand_order import HandOrder

log = logging.getLogger(__name__)

T = TypeVar("T")

#: the match to save did not survive a replay (a bug): nothing was written
NOT_SAVED_INCONSISTENT = "not_saved_inconsistent"
#: writing failed in an unexpected way (the log has the details)
SAVE_FAILED = "save_failed"


class MatchStore(Protocol):
    """Where a match is kept between two starts of the game."""

    def save(self, payload: dict[str, Any]) -> str | None:
        """Write the match atomically; return None or a problem code."""
        ...

    def load(self, rebuild: Callable[[dict[str, Any]], T]) -> tuple[T | None, str | None]:
        """Read the match and rebuild it (``rebuild`` raises ValueError on an impossible
        game); return ``(value, problem)``, never raise on a bad file."""
        ...

    def clear(self) -> str | None:
        """Forget the match (it is over); return None or a problem code."""
        ...


class StatsStore(Protocol):
    """Where each player's statistics are kept."""

    def record_round(self, player: str, preset: str, *, won: bool, turns: int,
                     opening_points: int | None) -> str | None:
        """Count one more round of ``player``; return None or a problem code."""
        ...

    def record_match(self, player: str, preset: str, *, won: bool, rounds: int) -> str | None:
        """Count one more match of ``player``; return None or a problem code."""
        ...


@dataclass(frozen=True)
class SavedGame:
    """A game rebuilt from its save."""

    config: GameConfig
    match: Match
    orders: Mapping[int, HandOrder]


def game_payload(config: GameConfig, match: Match,
                 orders: Mapping[int, HandOrder] | None = None) -> dict[str, Any]:
    """The JSON data saved for a game."""
    return {"config": config.to_dict(), "match": match.to_dict(),
            "hands": {str(seat): order.to_dict() for seat, order in (orders or {}).items()}}


def rebuild_game(payload: Any) -> SavedGame:
    """Rebuild a game from :func:`game_payload` data (the ``rebuild`` of a store's load).

    Raises:
        ValueError: malformed data, a log the rules refuse, or a setup that does not fit.
    """
    if not isinstance(payload, dict):
        raise ValueError("saved game: not an object")
    config_data = payload.get("config")
    match_data = payload.get("match")
    if not isinstance(config_data, dict) or not isinstance(match_data, dict):
        raise ValueError("saved game: needs a config and a match")
    config_data = {**config_data, "seats": clean_seat_names(config_data.get("seats"))}
    config = GameConfig.from_dict(config_data)
    match = Match.from_dict(match_data)
    if config.players != match.n:
        raise ValueError(
            f"saved game: {config.players} seats in the setup, {match.n} in the match")
    if config.seed != match.seed:
        config = GameConfig(config.rules, config.seats, match.seed)
    orders: dict[int, HandOrder] = {}
    hands = payload.get("hands")
    if isinstance(hands, dict):
        for key, data in hands.items():
            seat = int(key) if isinstance(key, str) and key.isdigit() else -1
            player = match.player_of(seat) if 0 <= seat < match.n else None
            if player is not None:
                orders[seat] = HandOrder.from_dict(data, match.round.hands[player])
    return SavedGame(config, match, orders)


def replays_the_same(payload: dict[str, Any], snapshot: dict[str, Any],
                     scores: list[int]) -> bool:
    """Whether saved data replays to the position it was taken from."""
    try:
        copy = rebuild_game(payload).match
    except ValueError:
        return False
    return copy.round.snapshot() == snapshot and copy.scores == scores


class SaveWriter:
    """Writes a session's files on one background thread, in order.

    Args:
        verify: replay every match before writing it (the default; off in soaks measuring
            the raw save).
    """

    def __init__(self, verify: bool = True) -> None:
        self.verify = verify
        #: the last problem met, for the screen to say once (None: all is well)
        self.problem: str | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._jobs: list[Future[None]] = []

    def save(self, store: MatchStore, payload: dict[str, Any], snapshot: dict[str, Any],
             scores: list[int]) -> None:
        """Save a match (its data taken now, by the caller)."""
        verify = self.verify

        def job() -> str | None:
            if verify and not replays_the_same(payload, snapshot, scores):
                log.error("the match was not saved: it does not replay")
                return NOT_SAVED_INCONSISTENT
            return store.save(payload)

        self.run(job)

    def run(self, job: Callable[[], str | None], keep_problem: bool = True) -> None:
        """Run a file job on the writer thread; its problem code (or an exception) is kept as
        :attr:`problem` when ``keep_problem`` (saves), only logged otherwise (statistics)."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rami-save")

        def guarded() -> None:
            try:
                problem = job()
            except Exception:  # boundary: file writing on the writer thread
                log.exception("a save failed")
                problem = SAVE_FAILED
            if keep_problem:
                self.problem = problem
            elif problem is not None:
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


__all__ = ["NOT_SAVED_INCONSISTENT", "SAVE_FAILED", "MatchStore", "SaveWriter", "SavedGame",
           "StatsStore", "game_payload", "rebuild_game", "replays_the_same"]
