"""The headless host's state folder: checked before anything is served, and locked.

:func:`lock_state` makes the folder if it is missing (``0700``), refuses one that cannot keep
anything (a regular file, a FIFO, a loop of links, a folder that cannot be written), and takes
its lock (``host.lock``, holding the pid): a second host on the same folder is refused, naming
the first's pid. The lock is the system's (``flock``): a host killed with ``kill -9`` leaves the
file but not the lock, and the next host takes it over. Each refusal is one
:class:`StateError` whose text is one line.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from pathlib import Path

LOCK_NAME = "host.lock"


class StateError(ValueError):
    """The state folder cannot be used (the text says why, in one line)."""


class StateLock:
    """The lock of a state folder, held until :meth:`release` (or the process ends)."""

    def __init__(self, folder: Path, fd: int) -> None:
        self.folder = folder
        self._fd = fd

    @property
    def fd(self) -> int:
        """The lock's file descriptor (-1 once released): a process that holds an inherited
        copy keeps the folder locked as long as it lives (``flock``: the lock is the open
        file's)."""
        return self._fd

    def release(self) -> None:
        """Let another host use the folder."""
        if self._fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = -1


def _check_folder(folder: Path) -> None:
    try:
        info = os.stat(folder)
    except FileNotFoundError:
        try:
            folder.mkdir(parents=True, mode=0o700)
        except OSError as exc:
            raise StateError(f"the state folder {folder} cannot be made: "
                             f"{exc.strerror or exc}") from exc
        return
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise StateError(f"the state folder {folder} is a loop of links") from exc
        raise StateError(f"the state folder {folder} cannot be used: "
                         f"{exc.strerror or exc}") from exc
    if not stat.S_ISDIR(info.st_mode):
        kind = "a FIFO" if stat.S_ISFIFO(info.st_mode) else "not a folder"
        raise StateError(f"the state folder {folder} is {kind}")
    probe = folder / f".probe-{os.getpid()}"
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise StateError(f"the state folder {folder} cannot be written: "
                         f"{exc.strerror or exc}") from exc


def _holder(fd: int) -> str:
    with contextlib.suppress(OSError, ValueError):
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii").strip()
        if text.isdigit():
            return text
    return "unknown"


def _try_lock(fd: int) -> bool:
    if sys.platform == "win32":  # pragma: no cover - the host is served from POSIX systems
        import msvcrt
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as exc:
        if exc.errno in (errno.EAGAIN, errno.EACCES, errno.EWOULDBLOCK):
            return False
        raise
    return True


def lock_state(folder: Path | str) -> StateLock:
    """Check the state folder and take its lock (see the module's text).

    Raises:
        StateError: the folder cannot be used, or another host holds it.
    """
    folder = Path(folder)
    _check_folder(folder)
    path = folder / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o600)
    except OSError as exc:
        raise StateError(f"the state folder's lock {path} cannot be opened: "
                         f"{exc.strerror or exc}") from exc
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise StateError(f"the state folder's lock {path} is not a file")
        if not _try_lock(fd):
            raise StateError(f"the state folder {folder} is used by another rami-host "
                             f"(pid {_holder(fd)})")
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
    except StateError:
        os.close(fd)
        raise
    except OSError as exc:
        os.close(fd)
        raise StateError(f"the state folder's lock {path} cannot be taken: "
                         f"{exc.strerror or exc}") from exc
    return StateLock(folder, fd)


__all__ = ["LOCK_NAME", "StateError", "StateLock", "lock_state"]
