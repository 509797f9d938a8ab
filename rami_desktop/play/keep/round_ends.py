"""A finished round kept with its last action: its round file (Past rounds) and its statistics.

Once a round's last action is on disk (the session's commit), the round's end is written on the
session's writer thread: its round file (a :class:`RoundKeeper`), then its statistics (every
human of it in one atomic write, under the round's key ``<match id>/<round number>``). Each is
written at most once: a round file holding the key is not written again, a key the statistics
remember is not counted again. A write the disk refuses is tried again on a backoff
(:data:`RETRY_FIRST` doubling up to :data:`RETRY_LONGEST` seconds, whenever the session
commits); the first refusal is kept for the screen to say once (:attr:`RoundEnds.problem`).
The session keeps with its match how many finished rounds are kept (``rounds_kept``): a game
resumed (Continue, ``rami-host --resume``) writes again the rounds its save does not mark kept,
and the match's save is cleared at its end only once every round is.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rami_desktop.engine.match import Match
from rami_desktop.play.game.config import GameConfig
from rami_desktop.play.keep.persist import RETRY_FIRST, RETRY_LONGEST, FileJobs, StatsStore
from rami_desktop.play.keep.records import human_round_end
from rami_desktop.play.keep.round_record import RoundKeeper, round_record_job
from rami_desktop.storage.stats import MatchLine, RoundLine

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RoundEnd:
    """What a finished round leaves: its key, its record (None: not kept as a file, a deal
    not dealt from its seed) and its statistics."""

    key: str
    record: dict[str, Any] | None
    rounds: list[RoundLine] = field(default_factory=list)
    matches: list[MatchLine] = field(default_factory=list)


def round_end_job(config: GameConfig, match: Match, match_id: str
                  ) -> Callable[[], RoundEnd]:
    """The end of ``match``'s current round (over) as a job: what it needs is taken now, its
    record is replayed when the job runs (on the writer thread)."""
    number = match.round_number
    key = f"{match_id}/{number}"
    make = round_record_job(config, match)
    rounds, matches = human_round_end(config, match, match.over)

    def job() -> RoundEnd:
        try:
            record: dict[str, Any] | None = make()
        except ValueError as exc:
            log.info("the round is not kept as a file: %s", exc)
            record = None
        if record is not None:
            record["round"]["id"] = key
        return RoundEnd(key, record, rounds, matches)

    return job


def past_round_end_job(config: GameConfig, data: dict[str, Any], number: int,
                       match_id: str) -> Callable[[], RoundEnd]:
    """The end of round ``number`` of a match saved as ``data`` (``Match.to_dict``), as a job:
    the match is played again to that round's end when it runs (a game resumed)."""

    def job() -> RoundEnd:
        past = Match.from_dict({k: v for k, v in data.items() if k != "scores"}
                               | {"rounds": data["rounds"][:number]})
        return round_end_job(config, past, match_id)()

    return job


@dataclass
class _Round:
    """One round's end on its way to the disk."""

    make: Callable[[], RoundEnd]
    rounds: RoundKeeper | None
    stats: StatsStore | None
    scan: bool
    end: RoundEnd | None = None
    file_kept: bool = False
    stats_kept: bool = False
    running: bool = False
    wait: float = RETRY_FIRST
    due: float = 0.0  # when it is tried again (its last try was refused)


class RoundEnds:
    """The finished rounds of a session on their way to the disk (see the module's text).

    Args:
        writer: the session's writer thread.
        clock: the time in seconds (when a refused write is tried again).
    """

    def __init__(self, writer: FileJobs, clock: Callable[[], float]) -> None:
        self.writer = writer
        self.clock = clock
        self._lock = threading.Lock()
        self._todo: dict[int, _Round] = {}
        self._done: set[int] = set()
        self._stopped = False
        #: the first refusal of the disk (for the screen to say once), None: none
        self.problem: str | None = None

    def start(self, number: int, make: Callable[[], RoundEnd], rounds: RoundKeeper | None,
              stats: StatsStore | None, scan: bool = False) -> None:
        """Write round ``number``'s end to ``rounds`` and ``stats`` (None: nowhere; ``scan``:
        it may be kept already, a game resumed)."""
        if self._stopped or number in self._todo or number in self._done:
            return
        if rounds is None and stats is None:
            self._done.add(number)
            return
        self._todo[number] = _Round(make, rounds, stats, scan)
        self._submit(number)

    def _submit(self, number: int) -> None:
        entry = self._todo[number]
        entry.running = True
        self.writer.run(lambda: self._attempt(number, entry))

    def _attempt(self, number: int, entry: _Round) -> str | None:
        """One try at a round's end (on the writer thread)."""
        problem = None
        try:
            end = entry.end = entry.end or entry.make()
            rounds, stats = entry.rounds, entry.stats
            if not entry.file_kept:
                if end.record is None or rounds is None or (entry.scan and rounds.has(end.key)):
                    entry.file_kept = True
                else:
                    problem = rounds.keep(end.record)
                    entry.file_kept = problem is None
            if entry.file_kept and not entry.stats_kept:
                if stats is None or not (end.rounds or end.matches):
                    entry.stats_kept = True
                else:
                    problem = stats.record_round_end(end.key, end.rounds, end.matches)
                    entry.stats_kept = problem is None
        except Exception:  # boundary: a round's end that fails in an unexpected way
            log.exception("a finished round could not be kept")
            problem = "save_failed"
        with self._lock:
            entry.running = False
            if problem is None:
                self._done.add(number)
                return None
            entry.due = self.clock() + entry.wait
            entry.wait = min(RETRY_LONGEST, entry.wait * 2)
            if self.problem is None:
                self.problem = problem
                log.warning("the round %d could not be kept (%s): tried again", number,
                            problem)
        return None

    def poll(self) -> None:
        """Try again the round ends the disk refused whose backoff is over (the session's
        thread, at each commit)."""
        now = self.clock()
        with self._lock:
            for number in [n for n in self._todo if n in self._done]:
                del self._todo[number]
            if not self._todo and self.problem is not None:
                log.warning("the finished rounds are kept again")
                self.problem = None
            waiting = [(n, e) for n, e in self._todo.items() if not e.running]
        for number, entry in waiting:
            if now >= entry.due and not self._stopped:
                self._submit(number)

    def kept_through(self, first: int) -> int:
        """The last round of an unbroken run of kept round ends after round ``first``."""
        with self._lock:
            last = first
            while last + 1 in self._done:
                last += 1
            return last

    def stop(self) -> None:
        """No more tries (the session closes: what is not kept is written when the game is
        resumed)."""
        self._stopped = True


__all__ = ["RoundEnd", "RoundEnds", "past_round_end_job", "round_end_job"]
