"""One profile, one seat: a lock on the seat kept for a table while a window sits at it.

Two windows (or headless joiners) started from one user profile share its settings, and with
them the seat token kept for each table joined. Only the one holding that table's lock uses the
kept token and keeps its own: the lock is a file in the profile's data folder (``seats/``),
locked by the operating system (``filelock``), so it goes with its process, even a killed one. A
second window of the same profile finds it held and joins as a new seat under its own name,
rather than coming back on the first one's token (which would throw the first out, and give the
second the first one's seat and name).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from filelock import FileLock, Timeout

from rami_desktop.storage.paths import Paths

#: the folder of the locks, in the profile's data folder
FOLDER = "seats"


class SeatLock:
    """The lock of one table's kept seat (address, port, code), taken without waiting.

    Args:
        paths: the profile's folders (None: nothing is stored, the lock is always free).
        address: the host, as typed.
        port: the host's port.
        code: the table's code.
    """

    def __init__(self, paths: Paths | None, address: str, port: int, code: str) -> None:
        self._lock: FileLock | None = None
        if paths is not None:
            key = f"{address}\n{port}\n{code}".encode()
            path = Path(paths.data_dir) / FOLDER / f"{hashlib.sha256(key).hexdigest()[:32]}.lock"
            self._lock = FileLock(str(path), timeout=0)
        self.held = False

    def take(self) -> bool:
        """Take the lock if no other process of this profile holds it; return whether held.

        A folder that cannot be made or a file that cannot be locked counts as held elsewhere:
        then the seat kept is neither used nor replaced.
        """
        if self.held:
            return True
        if self._lock is None:
            self.held = True
            return True
        try:
            Path(self._lock.lock_file).parent.mkdir(parents=True, exist_ok=True)
            self._lock.acquire(timeout=0)
        except (Timeout, OSError):
            return False
        self.held = True
        return True

    def release(self) -> None:
        """Let the lock go (nothing when not held)."""
        if self.held and self._lock is not None:
            self._lock.release()
        self.held = False


__all__ = ["FOLDER", "SeatLock"]
