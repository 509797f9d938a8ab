"""The times the build tools read (``RAMI_TIMES``): the first frame drawn, then quitting, the
window hidden before anything else is done, the end; nothing written when not asked."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rami_desktop.app_timing import Marks
from tests.ui.conftest import DT


def test_the_app_notes_its_first_frame_and_hides_its_window_first_at_quit(
        make_app: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "times.json"
    monkeypatch.setenv("RAMI_TIMES", str(target))
    app = make_app()
    app.stack.push(app.first_scene())
    app.step(DT, [])
    app.step(DT, [])
    app.close()
    times = json.loads(target.read_text(encoding="utf-8"))
    assert list(times) == ["first_frame", "quit", "hidden", "closed"]
    assert times["first_frame"] <= times["quit"] <= times["hidden"] <= times["closed"]


def test_nothing_is_noted_unless_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAMI_TIMES", raising=False)
    marks = Marks()
    marks.mark("first_frame")
    marks.write()
    assert marks.times == {} and list(tmp_path.iterdir()) == []
    unwritable = Marks(str(tmp_path / "no" / "such" / "folder.json"))
    unwritable.mark("quit")
    unwritable.write()  # a measurement never stops the game
    assert list(unwritable.times) == ["quit"]
