"""The kept rounds: one file a finished round, the last :data:`KEEP_ROUNDS` of them.

A round file is a save document (``{"format": "rami-save", "version": 1, "saved_at": ...,
"match": {...}}``, as :mod:`rami_desktop.storage.saves` writes the autosave) whose match is that
one round (the session's :mod:`~rami_desktop.play.keep.round_record` makes it): whatever reads a
saved match reads it too. Files are written atomically, readable by their owner only (0600),
named by the time they were kept (``round-<UTC time>-<ns>.json``) so that the newest sort
last; keeping one more deletes the oldest beyond the bound.

Reading never raises on a bad file: it is read as a regular file of bounded size, its document
checked, its match rebuilt by the caller's ``rebuild`` (which replays it through the rules) and
any fault returned as a problem code (:data:`ROUND_PROBLEMS`). Storage only moves bytes: it
never imports the session layer.
"""

from __future__ import annotations

import logging
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from rami_desktop.storage import problems
from rami_desktop.storage.atomic import (
    NotAFileError,
    dump_json_bytes,
    parse_json_bytes,
    read_regular_file,
    write_atomic,
)
from rami_desktop.storage.names import clean_name
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.private import private_folder
from rami_desktop.storage.saves import SAVE_FORMAT, save_document, save_version
from rami_desktop.storage.versioning import NewerVersionError

log = logging.getLogger(__name__)

T = TypeVar("T")

#: how many finished rounds the game keeps
KEEP_ROUNDS = 20
#: a round file larger than this is refused (a long round is some tens of KB)
MAX_ROUND_BYTES = 2 * 1024 * 1024

#: no such file
MISSING = "missing"
#: not a regular file (a FIFO, a device, a folder)
NOT_A_FILE = "not_a_file"
#: over :data:`MAX_ROUND_BYTES`
TOO_LARGE = "too_large"
#: not a round file, or one the rules refuse (damaged)
DAMAGED = "damaged"
#: the file exists but cannot be read
UNREADABLE = problems.UNREADABLE
#: written by a newer game
NEWER = problems.NEWER_VERSION
ROUND_PROBLEMS = frozenset({MISSING, NOT_A_FILE, TOO_LARGE, DAMAGED, UNREADABLE, NEWER})

_NAME = re.compile(r"round-\d{8}T\d{6}Z-\d{9}\.json")
_TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z")


@dataclass(frozen=True)
class KeptRound:
    """A kept round as the list of rounds shows it (read from its file, not replayed).

    Attributes:
        path: its file.
        saved_at: when it was kept (UTC, ``YYYY-MM-DDTHH:MM:SSZ``; empty if unknown).
        names: the seats' names in the round's order (None: the seat's default name).
        number: the round's number in its match (0 if unknown).
        bots: whether a bot played each seat (for its default name).
        seats: each seat's number in its match, from 0 (for its default name).
        penalties: what each seat paid in the round (empty if unknown).
        totals: each seat's match total after the round (empty if unknown).
        winner: the seat that went out, in the round's order (None: nobody, or unknown).
    """

    path: Path
    saved_at: str
    names: tuple[str | None, ...]
    number: int
    bots: tuple[bool, ...] = ()
    seats: tuple[int, ...] = ()
    penalties: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    winner: int | None = None


def round_document(raw: bytes) -> dict[str, Any]:
    """The match data of a round file's bytes.

    Raises:
        NewerVersionError: the file was written by a newer game.
        ValueError: not a round file.
    """
    data = save_document(parse_json_bytes(raw))
    return {**data["match"], "saved_at": data.get("saved_at")}


def _whole(value: Any, low: int, high: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return None
    return value


def kept_round(path: Path, data: dict[str, Any]) -> KeptRound:
    """What the list of rounds shows of a round file's data (every field checked: a bad one
    reads as unknown)."""
    saved = data.get("saved_at")
    saved_at = saved if isinstance(saved, str) and _TIME.fullmatch(saved) else ""
    config = data.get("config")
    seats = config.get("seats") if isinstance(config, dict) else None
    names: tuple[str | None, ...] = ()
    bots: tuple[bool, ...] = ()
    if isinstance(seats, list) and len(seats) <= 6:
        names = tuple(clean_name(s[0]) if isinstance(s, list) and s else None for s in seats)
        bots = tuple(isinstance(s, list) and len(s) > 1 and s[1] == "bot" for s in seats)
    info = data.get("round")
    number = _whole(info.get("number"), 1, 100_000) if isinstance(info, dict) else None
    numbers = info.get("seats") if isinstance(info, dict) else None
    order = tuple(range(len(names)))
    if isinstance(numbers, list) and len(numbers) == len(names):
        checked = tuple(_whole(x, 0, 5) for x in numbers)
        order = tuple(x for x in checked if x is not None)
        if len(order) != len(names):
            order = tuple(range(len(names)))
    penalties, totals = _scores(data.get("match"), len(names))
    winner = _winner(info, penalties)
    return KeptRound(path, saved_at, names, number or 0, bots, order, penalties, totals, winner)


def _scores(match: Any, n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What each seat paid in a kept round and its total after it (empty when unknown)."""
    if not isinstance(match, dict):
        return (), ()
    start, end = match.get("start_scores"), match.get("scores")
    if not (isinstance(start, list) and isinstance(end, list) and len(start) == len(end) == n):
        return (), ()
    before = [x for x in (_whole(v, 0, 10**9) for v in start) if x is not None]
    after = [x for x in (_whole(v, 0, 10**9) for v in end) if x is not None]
    if len(before) != n or len(after) != n:
        return (), ()
    paid = tuple(b - a for a, b in zip(before, after, strict=True))
    if any(x < 0 for x in paid):
        return (), ()
    return paid, tuple(after)


def _winner(info: Any, penalties: tuple[int, ...]) -> int | None:
    """Who went out: as the file says, else (files kept before it said) the one seat that paid
    nothing when every other paid."""
    if isinstance(info, dict) and "winner" in info:
        return _whole(info.get("winner"), 0, len(penalties) - 1 if penalties else 5)
    zeros = [k for k, paid in enumerate(penalties) if paid == 0]
    return zeros[0] if len(zeros) == 1 and len(penalties) > 1 else None


class RoundFiles:
    """The kept rounds of one folder.

    Args:
        folder: where the files are (created at the first keep).
        keep: how many are kept (None: every one, for a simulation's ``--keep``).
    """

    def __init__(self, folder: Path | str, keep: int | None = KEEP_ROUNDS) -> None:
        self.folder = Path(folder)
        self.bound = keep

    @classmethod
    def of(cls, paths: Paths) -> RoundFiles:
        """The game's kept rounds (``rounds/`` in the data folder, the last 20)."""
        return cls(paths.rounds_dir)

    # ---- writing -------------------------------------------------------------------------------

    def keep(self, payload: dict[str, Any], name: str | None = None) -> str | None:
        """Write one finished round (``payload``: the match data of its file) and delete the
        oldest beyond the bound; return None, ``unwritable`` or ``disk_full``.

        Args:
            payload: the round's match data (plain JSON data).
            name: the file's name (default: from the time now).
        """
        document = {"format": SAVE_FORMAT, "version": save_version(payload),
                    "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                    "match": payload}
        path = self.folder / (name or self._new_name())
        try:
            private_folder(self.folder)
            write_atomic(path, dump_json_bytes(document, compact=True), keep_backup=False)
        except OSError as exc:
            log.warning("could not keep the round in %s: %s", path, exc)
            return problems.problem_for_write_error(exc)
        self._prune()
        return None

    @staticmethod
    def _new_name() -> str:
        now = time.time_ns()
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(now // 1_000_000_000))
        return f"round-{stamp}-{now % 1_000_000_000:09d}.json"

    def _names(self) -> list[str]:
        """The round files' names, oldest first."""
        try:
            return sorted(e.name for e in os.scandir(self.folder) if _NAME.fullmatch(e.name))
        except OSError:
            return []

    def _prune(self) -> None:
        if self.bound is None:
            return
        names = self._names()
        for name in names[:max(0, len(names) - self.bound)]:
            try:
                os.unlink(self.folder / name)
            except OSError as exc:
                log.warning("could not delete the old round %s: %s", name, exc)

    # ---- reading -------------------------------------------------------------------------------

    def has(self, key: str) -> bool:
        """Whether a kept round's file holds the round ``key`` (its ``round``'s ``id``: the
        round is not written again)."""
        for name in self._names():
            data, _problem = read_round(self.folder / name, lambda d: d)
            info = data.get("round") if isinstance(data, dict) else None
            if isinstance(info, dict) and info.get("id") == key:
                return True
        return False

    def listing(self) -> list[KeptRound]:
        """The kept rounds, newest first (a file that cannot be read is left out)."""
        out = []
        for name in reversed(self._names()):
            path = self.folder / name
            data, problem = read_round(path, lambda d: d)
            if data is None:
                log.warning("the kept round %s is left out (%s)", name, problem)
                continue
            out.append(kept_round(path, data))
        return out


def read_round(path: Path | str, rebuild: Callable[[dict[str, Any]], T]
               ) -> tuple[T | None, str | None]:
    """Read a round file and rebuild its round; never raises on a bad file.

    Args:
        path: the file.
        rebuild: turns the file's match data into the caller's value; raises ValueError on a
            round the rules refuse (any other exception is treated the same way).

    Returns:
        ``(value, None)``, or ``(None, problem)`` with a code of :data:`ROUND_PROBLEMS`.
    """
    try:
        raw = read_regular_file(path, MAX_ROUND_BYTES)
    except FileNotFoundError:
        return None, MISSING
    except NotAFileError:
        return None, NOT_A_FILE
    except IsADirectoryError:
        return None, NOT_A_FILE
    except OSError as exc:
        log.warning("could not read the round file %s: %s", path, exc)
        return None, UNREADABLE
    if len(raw) > MAX_ROUND_BYTES:
        return None, TOO_LARGE
    try:
        return rebuild(round_document(raw)), None
    except NewerVersionError:
        return None, NEWER
    except Exception as exc:  # boundary: any fault of a file's content is a damaged file
        log.info("the round file %s is damaged: %s", path, exc)
        return None, DAMAGED


__all__ = ["DAMAGED", "KEEP_ROUNDS", "MAX_ROUND_BYTES", "MISSING", "NEWER", "NOT_A_FILE",
           "ROUND_PROBLEMS", "TOO_LARGE", "UNREADABLE", "KeptRound", "RoundFiles",
           "kept_round", "read_round", "round_document"]
