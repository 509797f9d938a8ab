"""The mode of what the game and the host write: files 0600, folders 0700, whatever the umask.

Seat tokens, matches, settings and the host's tables are nobody else's to read. Every writer
of the storage layer makes its folders with :func:`private_folder` and opens its files with
:func:`open_private`.
"""

from __future__ import annotations

import os
from pathlib import Path

#: The mode of every file written, and of every folder made (the umask may only narrow them).
PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700


def private_folder(folder: Path | str) -> Path:
    """Make ``folder`` and its missing parents with mode :data:`PRIVATE_FOLDER` (folders that
    exist already are left as they are); return it.

    Raises:
        OSError: a folder cannot be made (a file in the way, no right to write).
    """
    folder = Path(folder)
    missing: list[Path] = []
    here = folder
    while not here.is_dir():
        missing.append(here)
        if here.parent == here:
            break
        here = here.parent
    for part in reversed(missing):
        try:
            os.mkdir(part, PRIVATE_FOLDER)
        except FileExistsError:
            if not part.is_dir():
                raise
    return folder


def open_private(path: Path | str, flags: int) -> int:
    """``os.open`` a file, creating it with mode :data:`PRIVATE_FILE` (0600 whatever the
    umask: a file made by an older version is narrowed to it too); return the descriptor.

    Raises:
        OSError: it cannot be opened.
    """
    fd = os.open(path, flags | getattr(os, "O_BINARY", 0), PRIVATE_FILE)
    if os.name != "nt":
        try:
            if os.fstat(fd).st_mode & 0o077:
                os.fchmod(fd, PRIVATE_FILE)
        except OSError:
            os.close(fd)
            raise
    return fd


__all__ = ["PRIVATE_FILE", "PRIVATE_FOLDER", "open_private", "private_folder"]
