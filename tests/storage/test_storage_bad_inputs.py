"""Bad files met at start-up: each gives a clear problem code or a repaired value, never a hang,
a traceback on the console, or a write outside the game's folders (docs/dev/bad-inputs.md)."""

from __future__ import annotations

import errno
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from rami_desktop.i18n import LANGUAGES as I18N_LANGUAGES
from rami_desktop.storage import problems
from rami_desktop.storage.atomic import read_with_backup, write_atomic
from rami_desktop.storage.logs import SafeFileHandler, setup_logging
from rami_desktop.storage.names import MAX_NAME_LENGTH, clean_name, clean_seat_names
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.saves import load_match, save_match, saved_match_is_newer
from rami_desktop.storage.settings import (
    LANGUAGES,
    MAX_WINDOW,
    MIN_WINDOW,
    clamp_window,
    fit_window_size,
    load_settings,
)
from rami_desktop.storage.stats import EARLIER, load_stats

posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")


def parse(raw: bytes) -> Any:
    return json.loads(raw)


def in_thread(call: Callable[[], Any], timeout: float = 10.0) -> Any:
    """Run ``call`` in a thread and fail (instead of hanging the suite) if it blocks."""
    result: list[Any] = []
    thread = threading.Thread(target=lambda: result.append(call()), daemon=True)
    thread.start()
    thread.join(timeout)
    assert not thread.is_alive(), "the call blocked"
    return result[0]


@pytest.fixture
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


# ------------------------------------------------------------------ files that are not files
def _set_aside(folder: Path, name: str) -> list[Path]:
    return sorted(folder.glob(f"{name}.not-a-file-*"))


@posix_only
def test_a_fifo_save_is_set_aside_without_blocking(paths: Paths) -> None:
    paths.data_dir.mkdir(parents=True)
    os.mkfifo(paths.match_file)
    assert in_thread(lambda: load_match(paths)) == (None, None)
    assert not paths.match_file.exists() and len(_set_aside(paths.data_dir, "match.json")) == 1
    assert not saved_match_is_newer(paths)
    # the next autosave writes a real file
    assert save_match(paths, {"n": 1}) is None
    assert paths.match_file.is_file()
    assert load_match(paths) == ({"n": 1}, None)


@posix_only
def test_a_fifo_in_place_of_every_file_never_blocks(paths: Paths) -> None:
    paths.ensure()
    for path in (paths.match_file, paths.match_backup, paths.settings_file, paths.stats_file):
        os.mkfifo(path)
    assert not in_thread(lambda: saved_match_is_newer(paths))
    settings, problem = in_thread(lambda: load_settings(paths))
    assert problem is None and settings.language is None
    stats, problem = in_thread(lambda: load_stats(paths))
    assert problem is None and not stats.players
    assert in_thread(lambda: load_match(paths)) == (None, None)
    for path in (paths.match_file, paths.match_backup, paths.settings_file, paths.stats_file):
        assert not path.exists() and _set_aside(path.parent, path.name)


@posix_only
def test_a_link_to_dev_zero_is_never_read(paths: Paths) -> None:
    paths.ensure()
    for path in (paths.match_file, paths.settings_file, paths.stats_file):
        path.symlink_to("/dev/zero")
    assert not saved_match_is_newer(paths)
    assert in_thread(lambda: load_match(paths)) == (None, None)
    assert in_thread(lambda: load_settings(paths))[1] is None
    assert in_thread(lambda: load_stats(paths))[1] is None
    assert not any(p.is_symlink() for p in (paths.match_file, paths.settings_file,
                                            paths.stats_file))


def test_a_folder_in_place_of_the_save_is_set_aside(paths: Paths) -> None:
    paths.match_file.mkdir(parents=True)
    assert load_match(paths) == (None, None)
    assert not paths.match_file.exists()


# ------------------------------------------------------------------ read-only folder
def test_damaged_file_in_a_read_only_folder_says_it_was_not_moved(
        tmp_path: Path, read_only: Callable[[Path], None]) -> None:
    path = tmp_path / "ro" / "f.json"
    write_atomic(path, b'{"n": 1}')
    write_atomic(path, b'{"n": 2}')  # {"n": 1} is now the backup
    read_only(path.parent)
    with open(path, "wb") as handle:  # builtin open: allowed by the simulation, like root
        handle.write(b"{bad")
    value, problem = read_with_backup(path, parse)
    assert value == {"n": 1} and problem == problems.CORRUPT_NOT_MOVED
    assert path.read_bytes() == b"{bad"  # left as it was, as the message says
    assert not list(path.parent.glob("*.corrupt-*"))


# ------------------------------------------------------------------ temporary files
def test_stale_backup_temporaries_are_removed(paths: Paths) -> None:
    paths.data_dir.mkdir(parents=True)
    stale = [paths.data_dir / ".match.json.bak.tmp-99-dead", paths.data_dir / ".match.json.tmp-9-x"]
    fresh = paths.data_dir / ".match.json.bak.tmp-98-beef"
    old = time.time() - 3600
    for path in [*stale, fresh]:
        path.write_bytes(b"{}")
    for path in stale:
        os.utime(path, (old, old))
    assert save_match(paths, {"n": 1}) is None
    assert save_match(paths, {"n": 2}) is None
    left = sorted(p.name for p in paths.data_dir.iterdir())
    assert left == sorted(["match.json", "match.json.bak", fresh.name])  # a live writer's stays


# ------------------------------------------------------------------ settings values
@pytest.mark.parametrize(
    ("field", "value", "expected"),
    [
        ("sound_volume", 10**400, 0.8),
        ("language", "xx", None),
        ("window_size", [16384, 16384], MAX_WINDOW),
        ("last_setup", {"preset": "poker", "options": {}, "seats": []}, None),
        ("last_setup", {"preset": "talaj", "options": {"preset": "poker"}, "seats": []}, None),
    ],
)
def test_one_bad_value_is_repaired_alone(paths: Paths, field: str, value: Any,
                                         expected: Any) -> None:
    paths.config_dir.mkdir(parents=True)
    data = {"version": 1, "muted": True, "deck_style": "four", field: value}
    paths.settings_file.write_text(json.dumps(data), encoding="utf-8")
    settings, problem = load_settings(paths)
    assert getattr(settings, field) == expected
    assert settings.muted and settings.deck_style == "four"  # the rest is kept
    assert problem in (None, problems.REPAIRED)


def test_storage_knows_the_languages_of_the_game() -> None:
    assert set(LANGUAGES) == set(I18N_LANGUAGES)


@pytest.mark.parametrize(
    ("size", "screen", "expected"),
    [
        # the screen less a title bar and a taskbar, never below 1024x640
        ((16384, 16384), (1920, 1080), (1856, 952)),
        ((1280, 800), (1920, 1080), (1280, 800)),
        ((1280, 800), (1024, 600), (1024, 600)),
        ((100, 100), (1920, 1080), (1024, 640)),
        ((16384, 16384), None, MAX_WINDOW),
        ((1280, 800), (320, 240), (320, 240)),
        ((1280, 800), (0, 0), (1280, 800)),
        # the first start: 1280x800 at most, what the desktop leaves room for
        (None, (1920, 1080), (1280, 800)),
        (None, (1366, 768), (1280, 640)),
        (None, (1440, 900), (1280, 772)),
        (None, (1280, 800), (1216, 672)),
        (None, (1024, 768), (1024, 640)),
    ],
)
def test_window_fits_the_usable_desktop(size: tuple[int, int] | None,
                                        screen: tuple[int, int] | None,
                                        expected: tuple[int, int]) -> None:
    assert fit_window_size(size, screen) == expected


def test_a_window_size_from_anywhere_is_clamped_as_at_load() -> None:
    assert clamp_window((10**20, 10**20)) == MAX_WINDOW
    assert clamp_window((1, -5)) == MIN_WINDOW
    assert clamp_window((1280, 800)) == (1280, 800)


# ------------------------------------------------------------------ names and presets from files
def test_names_from_files_get_the_typed_names_filter() -> None:
    assert clean_name("Yasmine") == "Yasmine"
    assert clean_name("\x1b[31mRed\x07 \u202eevil\n") == "[31mRed evil"
    assert clean_name("A" * 100) == "A" * MAX_NAME_LENGTH
    assert clean_name("\x00\x01") is None and clean_name(42) is None and clean_name(None) is None
    # only what the game's fonts draw (the bundle's fonts are cut down to NAME_RANGES)
    assert clean_name("Ελένη Иван يوسف Ngô") == "Ελένη Иван يوسف"[:MAX_NAME_LENGTH]
    assert clean_name("李小龙 😀 Ada") == "Ada" and clean_name("😀") is None
    assert clean_seat_names([["\tBob\t", "human", "hard"], "odd"]) == [
        ["Bob", "human", "hard"], "odd"]
    assert clean_seat_names("not a list") == "not a list"


def test_names_in_the_last_setup_are_filtered(paths: Paths) -> None:
    paths.config_dir.mkdir(parents=True)
    setup = {"preset": "talaj", "options": {}, "seats": [["N" * 40 + "\x1b", "human", "hard"]]}
    paths.settings_file.write_text(json.dumps({"version": 1, "last_setup": setup}), "utf-8")
    settings, _problem = load_settings(paths)
    assert settings.last_setup is not None
    assert settings.last_setup["seats"] == [["N" * MAX_NAME_LENGTH, "human", "hard"]]


def test_unknown_presets_in_the_statistics_are_ignored(paths: Paths) -> None:
    paths.data_dir.mkdir(parents=True)
    presets = {f"bogus-{i}": {"rounds_played": 1} for i in range(60)}
    presets["talaj"] = {"rounds_played": 3}
    document = {"format": "rami-stats", "version": 1, "presets": presets}
    paths.stats_file.write_text(json.dumps(document), encoding="utf-8")
    stats, problem = load_stats(paths)
    earlier = stats.for_player(EARLIER)
    assert list(earlier.presets) == ["talaj"] and earlier.for_preset("talaj").rounds_played == 3
    assert problem == problems.REPAIRED


# ------------------------------------------------------------------ the log file
@pytest.mark.usefixtures("restore_root_logger")
def test_the_log_never_follows_a_link_out_of_its_folder(paths: Paths, tmp_path: Path) -> None:
    outside = tmp_path / "outside.txt"
    outside.write_text("precious\n", encoding="utf-8")
    paths.log_dir.mkdir(parents=True)
    try:
        paths.log_file.symlink_to(outside)
    except OSError:  # Windows without the right to make links
        pytest.skip("symbolic links cannot be made here")
    assert setup_logging(paths) == paths.log_file
    logging.getLogger("rami_desktop.test").warning("a line")
    assert outside.read_text(encoding="utf-8") == "precious\n"
    assert not paths.log_file.is_symlink()
    assert "a line" in paths.log_file.read_text(encoding="utf-8")


@posix_only
@pytest.mark.usefixtures("restore_root_logger")
def test_a_fifo_log_goes_to_stderr(paths: Paths) -> None:
    paths.log_dir.mkdir(parents=True)
    os.mkfifo(paths.log_file)
    assert in_thread(lambda: setup_logging(paths)) is None


class _FullDisk:
    def write(self, _text: str) -> int:
        raise OSError(errno.ENOSPC, "No space left on device")

    def flush(self) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    def close(self) -> None:
        pass


@pytest.mark.usefixtures("restore_root_logger")
def test_a_full_disk_prints_no_logging_traceback(
        paths: Paths, capsys: pytest.CaptureFixture[str]) -> None:
    setup_logging(paths)
    [handler] = [h for h in logging.getLogger().handlers if isinstance(h, SafeFileHandler)]
    handler.stream = _FullDisk()  # type: ignore[assignment]
    for n in range(6):
        logging.getLogger("rami_desktop.test").warning("line %d", n)
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out == ""
    assert handler.dropped == 6
