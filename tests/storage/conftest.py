"""Fixtures for the storage tests: every test runs with a temporary RAMI_HOME."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
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


def writes_blocked_by_chmod(folder: Path) -> bool:
    """Whether chmod 0o500 on ``folder`` really stops writes (not for root)."""
    probe = folder / ".probe"
    try:
        probe.write_bytes(b"x")
    except PermissionError:
        return True
    probe.unlink()
    return False


@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """Return a function making a folder read-only: chmod 0o500, simulated when running as root.

    As root chmod does not stop writes, so os.open, os.replace, os.link, os.unlink and os.mkdir
    are made to raise PermissionError for paths under the folder.
    """
    made: list[Path] = []

    def make(folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        folder.chmod(0o500)
        made.append(folder)
        if writes_blocked_by_chmod(folder):
            return
        root = str(folder.resolve())

        def inside(*args: object) -> bool:
            return any(
                isinstance(a, (str, Path)) and os.path.abspath(a).startswith(root) for a in args
            )

        def guard(real, check_flags: bool = False):  # type: ignore[no-untyped-def]
            def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
                writing = True
                if check_flags:
                    flags = args[1] if len(args) > 1 else kwargs.get("flags", 0)
                    writing = bool(flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT))
                if writing and inside(*args[:2]):
                    raise PermissionError(13, "Permission denied (simulated)", str(args[0]))
                return real(*args, **kwargs)

            return wrapper

        monkeypatch.setattr(os, "open", guard(os.open, check_flags=True))
        for name in ("replace", "rename", "link", "unlink", "mkdir"):
            monkeypatch.setattr(os, name, guard(getattr(os, name)))

    yield make
    for folder in made:
        with contextlib.suppress(OSError):
            folder.chmod(0o700)
