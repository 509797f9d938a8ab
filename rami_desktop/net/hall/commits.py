"""The kept tables' commits, off the host's loop: each table's pass ends with its commit (its
journal appended and fsynced, then what it told goes out), handed to one of
:data:`COMMIT_THREADS` threads so that the loop steps the other tables meanwhile and one disk's
fsyncs overlap instead of waiting in a row. A table being committed is not stepped until its
commit is done (only one thread touches a session at a time); one rung meanwhile is stepped
once it is.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

log = logging.getLogger(__name__)

#: threads committing the kept tables (each mostly waits on its fsync: they overlap)
COMMIT_THREADS = 8


class Commits:
    """The commits under way (see the module's text).

    Args:
        wake: set when a commit is done (the loop's event).
    """

    def __init__(self, wake: threading.Event) -> None:
        self.wake = wake
        self._pool: ThreadPoolExecutor | None = None
        self._busy: set[str] = set()
        self._rung: set[str] = set()
        self._done: queue.SimpleQueue[str] = queue.SimpleQueue()

    def start(self, code: str, commit: Callable[[], None]) -> None:
        """Commit table ``code`` on a committing thread (the loop's thread only)."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(COMMIT_THREADS, thread_name_prefix="rami-commit")
        self._busy.add(code)

        def run() -> None:
            try:
                commit()
            except Exception:  # boundary: a commit that fails never stops the host
                log.exception("the table %s could not be committed", code)
            finally:
                self._done.put(code)
                self.wake.set()

        self._pool.submit(run)

    def busy(self, code: str) -> bool:
        """Whether table ``code`` is being committed (it is not stepped meanwhile)."""
        return code in self._busy

    def rung(self, code: str) -> None:
        """Table ``code`` was rung while it was being committed: step it once it is done."""
        self._rung.add(code)

    def done(self) -> list[tuple[str, bool]]:
        """The tables whose commit is done since the last call, each with whether it was
        rung meanwhile (the loop's thread)."""
        out: list[tuple[str, bool]] = []
        while True:
            try:
                code = self._done.get_nowait()
            except queue.Empty:
                return out
            self._busy.discard(code)
            out.append((code, code in self._rung))
            self._rung.discard(code)

    def wait(self) -> None:
        """Let every commit under way finish (the host stops, a table closes)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None


__all__ = ["COMMIT_THREADS", "Commits"]
