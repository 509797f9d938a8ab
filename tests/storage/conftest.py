"""Fixtures for the storage tests: every test runs with a temporary RAMI_HOME."""

from __future__ import annotations

from pathlib import Path

import pytest

from rami_desktop.storage.paths import Paths


@pytest.fixture(autouse=True)
def rami_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Point RAMI_HOME at a fresh temporary folder (never the real user folders)."""
    home = tmp_path / "rami-home"
    monkeypatch.setenv("RAMI_HOME", str(home))
    return home


@pytest.fixture
def paths(rami_home: Path) -> Paths:
    """The storage paths under the temporary RAMI_HOME."""
    return Paths.from_environment()
