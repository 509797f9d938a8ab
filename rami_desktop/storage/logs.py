"""Logging to a rotating file in the log folder, or to stderr when that folder cannot be written.

The log file is only ever a regular file inside the log folder: a symbolic link in its place is
removed (never followed out of the folder) and anything else that is not a regular file (a
FIFO, a device) makes the log go to stderr. A log that cannot be written any more (disk full)
drops its records silently: logging never prints tracebacks on the console.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import stat
import sys
from io import TextIOWrapper
from pathlib import Path

from rami_desktop.storage.paths import Paths
from rami_desktop.storage.private import PRIVATE_FILE, private_folder

LOG_MAX_BYTES = 512 * 1024
LOG_BACKUPS = 3
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_HANDLER_MARK = "_rami_storage_handler"
_OPEN_FLAGS = (os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
               | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))


class SafeFileHandler(logging.handlers.RotatingFileHandler):
    """A rotating log that opens only regular files (no link followed) and fails quietly.

    ``dropped`` counts the records that could not be written (a full disk, a removed folder).
    """

    def __init__(self, path: Path) -> None:
        self.dropped = 0
        super().__init__(path, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS,
                         encoding="utf-8")

    def _open(self) -> TextIOWrapper:
        """Open the log for appending without following a link and only if it is a file.

        Raises:
            OSError: the name is a link, a FIFO, a device or a folder, or cannot be opened.
        """
        fd = os.open(self.baseFilename, _OPEN_FLAGS, PRIVATE_FILE)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(f"{self.baseFilename} is not a regular file")
            if hasattr(os, "set_blocking"):
                os.set_blocking(fd, True)
            return open(fd, "a", encoding=self.encoding, errors=self.errors)
        except BaseException:
            os.close(fd)
            raise

    def handleError(self, record: logging.LogRecord) -> None:
        """Drop a record that cannot be written, without printing anything."""
        self.dropped += 1

    def flush(self) -> None:
        """Flush, dropping what cannot be written."""
        try:
            super().flush()
        except (OSError, ValueError):
            self.dropped += 1

    def close(self) -> None:
        """Close, even when the last records cannot be written."""
        try:
            super().close()
        except (OSError, ValueError):
            self.stream = None


def _remove_link(path: Path) -> None:
    """Remove a symbolic link standing in the log file's place (its target is not touched)."""
    try:
        if path.is_symlink():
            path.unlink()
    except OSError:
        pass


def setup_logging(paths: Paths, level: int = logging.INFO) -> Path | None:
    """Send the log to ``rami.log`` (512 KB x 3 rotated files) under the log folder.

    Calling it again replaces the handler it installed before. Never raises.

    Returns:
        The log file's path, for the error screen to show; None when the folder is not
        writable (or the log file is not a regular file) and the log goes to stderr instead.
    """
    root = logging.getLogger()
    for old in list(root.handlers):
        if getattr(old, _HANDLER_MARK, False):
            root.removeHandler(old)
            old.close()
    handler: logging.Handler
    log_file: Path | None = paths.log_file
    fallback_reason: BaseException | None = None
    try:
        private_folder(paths.log_dir)
        for number in range(LOG_BACKUPS + 1):
            _remove_link(paths.log_file if number == 0
                         else paths.log_file.with_name(f"{paths.log_file.name}.{number}"))
        handler = SafeFileHandler(paths.log_file)
    except (OSError, ValueError) as exc:
        handler = logging.StreamHandler(sys.stderr)
        log_file = None
        fallback_reason = exc
    setattr(handler, _HANDLER_MARK, True)
    handler.setFormatter(logging.Formatter(LOG_FORMAT))
    root.addHandler(handler)
    root.setLevel(level)
    logging.captureWarnings(True)
    if fallback_reason is not None:
        logging.getLogger(__name__).warning(
            "cannot log to %s (%s): logging to stderr", paths.log_file, fallback_reason
        )
    return log_file
