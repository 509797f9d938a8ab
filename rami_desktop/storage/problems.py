"""Problem codes reported by the storage layer.

Storage never raises on bad files or unwritable folders: it returns one of these short codes and
the UI shows a translated message for it. ``None`` always means "no problem".
"""

from __future__ import annotations

import errno

#: The file was damaged; it was moved aside (``<name>.corrupt-<time>``) and the backup was loaded.
CORRUPT_RESTORED_BACKUP = "corrupt_restored_backup"
#: The file was damaged and no good backup existed; both were moved aside, defaults are used.
CORRUPT_NO_BACKUP = "corrupt_no_backup"
#: The file was damaged and could not be moved aside (a read-only folder): it was left as it is
#: and not loaded; its backup was loaded if it was good, else the defaults are used.
CORRUPT_NOT_MOVED = "corrupt_not_moved"
#: The file was missing but its backup was good (a save was interrupted); the backup was loaded.
MISSING_RESTORED_BACKUP = "missing_restored_backup"
#: The file exists but could not be read (permissions, disk error); the backup was used if good.
UNREADABLE = "unreadable"
#: The file was written by a newer Rami; it was not loaded, a copy is kept as ``<name>.newer``.
NEWER_VERSION = "newer_version"
#: The file loaded but some values were invalid and were replaced by their defaults.
REPAIRED = "repaired"
#: A file could not be written (read-only folder, permissions); the data stays in memory only.
UNWRITABLE = "unwritable"
#: A file could not be written because the disk is full; the data stays in memory only.
DISK_FULL = "disk_full"
#: The folder for the settings cannot be created or written.
CONFIG_DIR_UNWRITABLE = "config_dir_unwritable"
#: The folder for the saved match and the statistics cannot be created or written.
DATA_DIR_UNWRITABLE = "data_dir_unwritable"
#: The folder for the log files cannot be created or written (logging goes to stderr).
LOG_DIR_UNWRITABLE = "log_dir_unwritable"

#: The saved match's journal (its moves since the last snapshot) was not a file (a FIFO, a device,
#: a folder): it was set aside and the match resumed from its snapshot.
JOURNAL_NOT_A_FILE = "journal_not_a_file"
#: A line in the middle of the saved match's journal could not be read: the moves from it on
#: were left out. Said with their number: ``journal_cut:<moves>``.
JOURNAL_CUT = "journal_cut"

ALL_PROBLEMS: frozenset[str] = frozenset({
    CORRUPT_RESTORED_BACKUP,
    CORRUPT_NO_BACKUP,
    CORRUPT_NOT_MOVED,
    MISSING_RESTORED_BACKUP,
    UNREADABLE,
    NEWER_VERSION,
    REPAIRED,
    UNWRITABLE,
    DISK_FULL,
    CONFIG_DIR_UNWRITABLE,
    DATA_DIR_UNWRITABLE,
    LOG_DIR_UNWRITABLE,
    JOURNAL_NOT_A_FILE,
    JOURNAL_CUT,
})

_DISK_FULL_ERRNOS = frozenset(
    code for code in (getattr(errno, "ENOSPC", None), getattr(errno, "EDQUOT", None)) if code
)


def journal_cut(moves: int) -> str:
    """The problem of a journal whose last ``moves`` moves could not be read."""
    return f"{JOURNAL_CUT}:{moves}"


def problem_for_write_error(exc: OSError) -> str:
    """Return the problem code for an error raised while writing a file."""
    return DISK_FULL if exc.errno in _DISK_FULL_ERRNOS else UNWRITABLE
