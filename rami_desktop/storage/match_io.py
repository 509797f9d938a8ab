"""The kept match as a session's store: a snapshot (``match.json`` and its backup, written
atomically) and the journal of the steps played since (:mod:`rami_desktop.storage.journal`).

:class:`MatchFiles` is what a session keeps its match through (see
:class:`rami_desktop.play.keep.persist.MatchStore`): :meth:`MatchFiles.snapshot` writes the
session's document and starts a new journal, :meth:`MatchFiles.append` adds steps to that journal
(on
disk when it returns None), and :meth:`MatchFiles.load` reads the snapshot with its journal's
steps back through the session's ``rebuild`` (which replays them through the rules). A save the
rules refuse (an impossible game) is treated like a damaged file: moved aside, the backup (with
its own journal) tried. Two journals are kept at most: the snapshot's and its backup's. Storage
only moves bytes: it never imports the session layer.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from rami_desktop.storage import problems
from rami_desktop.storage.journal import Journal, new_id, read_journal, remove_journals
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.saves import clear_match, has_saved_match, load_match, save_match
from rami_desktop.storage.sync_batch import SyncShare

log = logging.getLogger(__name__)

T = TypeVar("T")


class MatchFiles:
    """The kept match of a storage folder.

    Args:
        paths: the storage paths.
    """

    def __init__(self, paths: Paths) -> None:
        self.paths = paths
        self._journal: Journal | None = None
        #: the journal the snapshot loaded last names (kept with its backup's)
        self._loaded: str | None = None

    @property
    def folder(self) -> Path:
        """The folder of the files."""
        return self.paths.data_dir

    def snapshot(self, payload: dict[str, Any]) -> str | None:
        """Write the match atomically (the previous snapshot becomes the backup) with a new,
        empty journal after it; return None, ``unwritable`` or ``disk_full`` (the previous
        snapshot and journal are then untouched, and still the kept state)."""
        journal = Journal(self.folder, new_id())
        problem = journal.create()
        if problem is None:
            problem = save_match(self.paths, payload, journal.id)
        if problem is not None:
            journal.close()
            with contextlib.suppress(OSError):
                journal.path.unlink()
            return problem
        previous = self._journal
        if previous is not None:
            previous.close()
        self._loaded = previous.id if previous is not None else self._loaded
        self._journal = journal
        remove_journals(self.folder, self._kept())
        return None

    def _kept(self) -> set[str]:
        return {j for j in (self._loaded, self._journal.id if self._journal else None) if j}

    def append(self, steps: list[dict[str, Any]],
               share: SyncShare | None = None) -> str | None:
        """Add steps to the journal of the last snapshot, on disk when it returns None (with
        a ``share``: once its batch is flushed); a problem code otherwise (no snapshot yet, or
        the journal broke: a new snapshot is needed)."""
        if self._journal is None:
            return problems.UNWRITABLE
        return self._journal.append(steps, share)

    @property
    def needs_snapshot(self) -> bool:
        """Whether steps cannot be added now (no snapshot written, or the journal broke)."""
        return self._journal is None or self._journal.broken

    @property
    def journal_steps(self) -> int:
        """Steps in the journal since the last snapshot."""
        return self._journal.steps if self._journal is not None else 0

    def load(self, rebuild: Callable[[dict[str, Any]], T]) -> tuple[T | None, str | None]:
        """Read the snapshot and its journal's steps (given as its ``steps``) and rebuild the
        match; never raises on a bad file (see
        :func:`~rami_desktop.storage.saves.load_match` for the problem codes; a journal that
        is not a file, or whose last moves cannot be read, is said when the snapshot is good:
        ``journal_not_a_file``, ``journal_cut:<moves>``)."""
        named: list[str] = []
        journal_problem: list[str | None] = [None]

        def steps(journal: str) -> list[dict[str, Any]]:
            named.append(journal)
            read = read_journal(self.folder, journal)
            journal_problem[0] = (problems.JOURNAL_NOT_A_FILE if read.not_a_file
                                  else problems.journal_cut(read.lost) if read.lost else None)
            return read.steps

        def checked(payload: dict[str, Any]) -> T:
            value = rebuild(payload)
            self._loaded = named[-1] if named else None
            return value

        try:
            value, problem = load_match(self.paths, checked, steps)
        except Exception:  # boundary: file loading
            log.exception("the saved match could not be loaded")
            return None, problems.UNREADABLE
        if value is not None and problem is None:
            problem = journal_problem[0]
        return value, problem  # type: ignore[return-value]

    def clear(self) -> str | None:
        """Forget the match (it is over): remove the snapshot, its backup and the journals."""
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        self._loaded = None
        problem = clear_match(self.paths)
        remove_journals(self.folder)
        return problem

    def close(self) -> None:
        """Close the journal's file (what was written stays)."""
        if self._journal is not None:
            self._journal.close()

    def exists(self) -> bool:
        """Whether a save (or its backup) is there; cheap, says nothing of its content."""
        return has_saved_match(self.paths)


__all__ = ["MatchFiles"]
