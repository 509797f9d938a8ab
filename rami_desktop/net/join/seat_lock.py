"""One profile, one seat: a lock on the seat kept for a table while a window sits at it.

Two windows (or headless joiners) started from one user profile share its settings, and with
them the seat token kept for each table joined. Only the one holding that table's lock uses the
kept token and keeps its own: the lock is a file in the profile's data folder (``seats/``),
locked by the operating system (``flock`` on Linux and macOS, ``msvcrt.locking`` on Windows;
a library such as filelock would be one more dependency for these few lines), so it goes with
its process, even a killed one. A second window of the same profile finds it held and joins as
a new seat under its own name, rather than coming back on the first one's token (which would
throw the first out, and give the second the first one's seat and name).
"""

from __future__ import annotations

import hashlib
import os
import sys
from pathlib import Path

from rami_desktop.storage.paths import Paths

if sys.platform == "win32":
    import msvcrt
else:
    import fcntl

#: the folder of the locks, in the profile's data folder
FOLDER = "seats"


def _lock(fd: int) -> bool:
    """Lock an open file without waiting; whether it was free."""
    try:
        if sys.platform == "win32":
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unlock(fd: int) -> None:
    """Let a file's lock go."""
    if sys.platform == "win32":
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)


class SeatLock:
    """The lock of one table's kept seat (address, port, code), taken without waiting.

    Args:
        paths: the profile's folders (None: nothing is stored, the lock is always free).
        address: the host, as typed.
        port: the host's port.
        code: the table's code.
    """

    def __init__(self, paths: Paths | None, address: str, port: int, code: str) -> None:
        self.path: Path | None = None
        if paths is not None:
            key = f"{address}\n{port}\n{code}".encode()
            name = f"{hashlib.sha256(key).hexdigest()[:32]}.lock"
            self.path = Path(paths.data_dir) / FOLDER / name
        self._fd: int | None = None
        self.held = False

    def take(self) -> bool:
        """Take the lock if no other process of this profile holds it; return whether held.

        A folder that cannot be made or a file that cannot be locked counts as held elsewhere:
        then the seat kept is neither used nor replaced.
        """
        if self.held:
            return True
        if self.path is None:
            self.held = True
            return True
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError:
            return False
        if not _lock(fd):
            os.close(fd)
            return False
        self._fd, self.held = fd, True
        return True

    def release(self) -> None:
        """Let the lock go (nothing when not held)."""
        if self._fd is not None:
            try:
                _unlock(self._fd)
            finally:
                os.close(self._fd)
                self._fd = None
        self.held = False


__all__ = ["FOLDER", "SeatLock"]
