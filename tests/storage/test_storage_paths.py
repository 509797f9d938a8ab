"""Paths: RAMI_HOME, platformdirs, and folders that cannot be written."""

from __future__ import annotations

from pathlib import Path

import platformdirs
import pytest

from rami_desktop.storage import problems
from rami_desktop.storage.paths import Paths, default_paths


def test_rami_home_puts_everything_under_it(rami_home: Path) -> None:
    paths = default_paths()
    assert paths.config_dir == rami_home / "config"
    assert paths.data_dir == rami_home / "data"
    assert paths.log_dir == rami_home / "logs"
    assert paths.settings_file == rami_home / "config" / "settings.json"
    assert paths.match_file == rami_home / "data" / "match.json"
    assert paths.match_backup == rami_home / "data" / "match.json.bak"
    assert paths.stats_file == rami_home / "data" / "stats.json"
    assert paths.log_file == rami_home / "logs" / "rami.log"
    for path in (paths.settings_file, paths.match_file, paths.stats_file, paths.log_file):
        assert rami_home in path.parents


def test_nothing_is_created_until_ensure(rami_home: Path) -> None:
    paths = default_paths()
    assert not rami_home.exists()
    assert paths.ensure() == []
    assert paths.config_dir.is_dir() and paths.data_dir.is_dir() and paths.log_dir.is_dir()
    assert sorted(p.name for p in paths.data_dir.iterdir()) == []  # the write probe is removed


@pytest.mark.parametrize("value", [None, "", "   "])
def test_without_rami_home_platformdirs_is_used(
    monkeypatch: pytest.MonkeyPatch, value: str | None
) -> None:
    if value is None:
        monkeypatch.delenv("RAMI_HOME", raising=False)
    else:
        monkeypatch.setenv("RAMI_HOME", value)
    paths = Paths.from_environment()
    assert paths.config_dir == platformdirs.user_config_path("Rami", appauthor=False)
    assert paths.data_dir == platformdirs.user_data_path("Rami", appauthor=False)
    assert paths.log_dir == platformdirs.user_log_path("Rami", appauthor=False)


def test_explicit_environment_mapping(tmp_path: Path) -> None:
    paths = Paths.from_environment({"RAMI_HOME": str(tmp_path / "elsewhere")})
    assert paths == Paths.under(tmp_path / "elsewhere")


def test_home_under_a_file_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    paths = Paths.under(blocker / "home")  # mkdir fails even for root
    assert paths.ensure() == [
        problems.CONFIG_DIR_UNWRITABLE,
        problems.DATA_DIR_UNWRITABLE,
        problems.LOG_DIR_UNWRITABLE,
    ]


def test_read_only_folder_is_reported(paths: Paths, read_only) -> None:  # type: ignore[no-untyped-def]
    assert paths.ensure() == []
    read_only(paths.data_dir)
    assert paths.ensure() == [problems.DATA_DIR_UNWRITABLE]


def test_read_only_home_before_first_start(rami_home: Path, read_only) -> None:  # type: ignore[no-untyped-def]
    read_only(rami_home)
    assert len(default_paths().ensure()) == 3
