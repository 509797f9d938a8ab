"""Files written whose flush to disk is shared: one flush for a whole pass of a host's loop.

A host keeping hundreds of tables appends a few lines to many journals at each pass of its
loop. Flushing each journal on its own (``fsync``) costs a flush of the disk a file; a
:class:`SyncBatch` takes the files a pass wrote and flushes them together (:class:`Flusher`:
on Linux 5.8 and later, where ``syncfs`` reports a write the disk refused, one ``syncfs`` a
filesystem; elsewhere an ``fsync`` of each file). Each writer has its :class:`SyncShare`: it
adds the files it wrote, says what to do once they are flushed (:meth:`SyncShare.then`), and
hears after :meth:`SyncBatch.sync`, in the order the shares were made, whether all it wrote
is on disk (None) or what refused it (a problem code). Until then nothing it wrote may be told.
"""

from __future__ import annotations

import errno
import functools
import os
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

#: files flushed at once where each is flushed on its own (``fsync`` overlapping)
FSYNC_THREADS = 8


@functools.cache
def _libc_syncfs() -> Callable[[int], int] | None:
    """The C library's ``syncfs``, where it reports the disk's refusals (Linux 5.8 and
    later); None elsewhere."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        major, minor = (int(part) for part in os.uname().release.split(".")[:2])
    except ValueError:
        return None
    if (major, minor) < (5, 8):
        return None
    import ctypes  # here: the game's own saves never need it

    try:
        function = ctypes.CDLL(None, use_errno=True).syncfs  # the C library's own
    except (OSError, AttributeError):
        return None
    function.argtypes = [ctypes.c_int]
    function.restype = ctypes.c_int
    return function


def syncfs(fd: int) -> None:
    """Flush the whole filesystem holding ``fd`` to disk (see :func:`syncfs_works`).

    Raises:
        OSError: the disk refused what was written there since ``fd`` was opened.
    """
    function = _libc_syncfs()
    if function is None:
        raise OSError(errno.EOPNOTSUPP, "syncfs is not available here")
    if function(fd) != 0:
        import ctypes

        number = ctypes.get_errno()
        raise OSError(number, os.strerror(number))


def syncfs_works() -> bool:
    """Whether :func:`syncfs` flushes a filesystem here (and reports the disk's refusals)."""
    return _libc_syncfs() is not None


class SyncShare:
    """One writer's files in a :class:`SyncBatch`, and what it does once they are flushed."""

    def __init__(self) -> None:
        self.files: list[tuple[int, Callable[[OSError], str]]] = []
        self.done: Callable[[str | None], None] | None = None

    def add(self, fd: int, failed: Callable[[OSError], str]) -> None:
        """A file written, to be flushed; ``failed`` is told if its flush fails and returns
        the problem code (the writer breaks the file: it is not written again)."""
        self.files.append((fd, failed))

    def then(self, done: Callable[[str | None], None]) -> None:
        """Once the batch is flushed, call ``done`` with None (all this share wrote is on
        disk) or the problem that refused it."""
        self.done = done


class Flusher:
    """How a batch's files reach the disk (see the module's text).

    Args:
        together: flush a filesystem at once (``syncfs``) where the system can (False: an
            ``fsync`` a file).
    """

    def __init__(self, together: bool = True) -> None:
        self.together = together and syncfs_works()
        self._pool: ThreadPoolExecutor | None = None

    def flush(self, fds: list[int]) -> dict[int, OSError]:
        """Flush files to disk; return the ones refused, with why."""
        errors: dict[int, OSError] = {}
        if not fds:
            return errors
        if self.together:
            by_device: dict[int, list[int]] = {}
            for fd in fds:
                try:
                    by_device.setdefault(os.fstat(fd).st_dev, []).append(fd)
                except OSError as exc:
                    errors[fd] = exc
            for group in by_device.values():
                try:
                    syncfs(group[0])
                except OSError as exc:
                    errors.update(dict.fromkeys(group, exc))
            return errors
        if len(fds) == 1:
            return _fsynced(fds[0])
        if self._pool is None:
            self._pool = ThreadPoolExecutor(FSYNC_THREADS, thread_name_prefix="rami-fsync")
        for refused in self._pool.map(_fsynced, fds):
            errors.update(refused)
        return errors

    def close(self) -> None:
        """Stop the threads that flush files one by one (if any ran)."""
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None


def _fsynced(fd: int) -> dict[int, OSError]:
    try:
        os.fsync(fd)
    except OSError as exc:
        return {fd: exc}
    return {}


class SyncBatch:
    """The files of one pass, flushed together (see the module's text)."""

    def __init__(self, flusher: Flusher) -> None:
        self.flusher = flusher
        self.shares: list[SyncShare] = []

    def share(self) -> SyncShare:
        """A new writer's share of the batch."""
        share = SyncShare()
        self.shares.append(share)
        return share

    def sync(self) -> None:
        """Flush every file added, then tell each share's writer, in order."""
        shares, self.shares = self.shares, []
        fds = list(dict.fromkeys(fd for share in shares for fd, _failed in share.files))
        errors = self.flusher.flush(fds)
        for share in shares:
            problem = None
            for fd, failed in share.files:
                if fd in errors:
                    refused = failed(errors[fd])  # each file refused breaks
                    problem = problem or refused
            if share.done is not None:
                share.done(problem)


__all__ = ["FSYNC_THREADS", "Flusher", "SyncBatch", "SyncShare", "syncfs", "syncfs_works"]
