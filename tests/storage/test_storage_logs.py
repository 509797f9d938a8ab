"""Logging to a rotating file, or to stderr when the folder cannot be written."""

from __future__ import annotations

import logging
import logging.handlers
from collections.abc import Iterator
from pathlib import Path

import pytest

from rami_desktop.storage.logs import LOG_BACKUPS, LOG_MAX_BYTES, setup_logging
from rami_desktop.storage.paths import Paths


@pytest.fixture(autouse=True)
def restore_root_logger() -> Iterator[None]:
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    for handler in list(root.handlers):
        if handler not in handlers:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)
    logging.captureWarnings(False)


def test_logs_go_to_the_log_folder(paths: Paths, rami_home: Path) -> None:
    log_file = setup_logging(paths)
    assert log_file == rami_home / "logs" / "rami.log"
    logging.getLogger("rami_desktop.test").warning("hello %s", "log")
    for handler in logging.getLogger().handlers:
        handler.flush()
    assert "hello log" in log_file.read_text("utf-8")
    [handler] = [
        h
        for h in logging.getLogger().handlers
        if isinstance(h, logging.handlers.RotatingFileHandler)
    ]
    assert handler.maxBytes == LOG_MAX_BYTES and handler.backupCount == LOG_BACKUPS


def test_setup_twice_keeps_one_handler(paths: Paths) -> None:
    before = len(logging.getLogger().handlers)
    setup_logging(paths)
    setup_logging(paths)
    assert len(logging.getLogger().handlers) == before + 1


def test_unwritable_folder_falls_back_to_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    paths = Paths.under(blocker)
    assert setup_logging(paths) is None
    logging.getLogger("rami_desktop.test").error("still logged")
    assert "still logged" in capsys.readouterr().err
