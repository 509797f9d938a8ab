"""Logging to a rotating file in the log folder, or to stderr when that folder cannot be written."""

from __future__ import annotations

import logging
import logging.handlers
import sys
from pathlib import Path

from rami_desktop.storage.paths import Paths

LOG_MAX_BYTES = 512 * 1024
LOG_BACKUPS = 3
LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"

_HANDLER_MARK = "_rami_storage_handler"


def setup_logging(paths: Paths, level: int = logging.INFO) -> Path | None:
    """Send the log to ``rami.log`` (512 KB x 3 rotated files) under the log folder.

    Calling it again replaces the handler it installed before. Never raises.

    Returns:
        The log file's path, for the error screen to show; None when the folder is not
        writable and the log goes to stderr instead.
    """
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, _HANDLER_MARK, False):
            root.removeHandler(handler)
            handler.close()
    handler: logging.Handler
    log_file: Path | None = paths.log_file
    try:
        paths.log_dir.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            paths.log_file, maxBytes=LOG_MAX_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
        )
    except (OSError, ValueError) as exc:
        handler = logging.StreamHandler(sys.stderr)
        log_file = None
        fallback_reason = exc
    else:
        fallback_reason = None
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
