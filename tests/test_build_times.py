"""How ``tools/build.py`` and ``tools/build_windows.py`` read the app's ``RAMI_TIMES`` file:
start-up is launch to the first frame drawn (not to the exit), quit is to the window gone."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def build(tools_script: Callable[[str], ModuleType]) -> ModuleType:
    """``tools/build.py`` as a module."""
    return tools_script("build")


def test_start_up_ends_at_the_first_frame_and_quit_at_the_window_gone(
        build: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / "times.json"
    path.write_text(json.dumps({"first_frame": 100.8, "quit": 100.9, "hidden": 100.95,
                                "closed": 103.0}), encoding="utf-8")
    times = build.read_times(path, launched=100.0, ended=103.1)
    assert times == pytest.approx({"startup": 0.8, "quit": 0.05, "exit": 2.2})
    runs = [times, {"startup": 0.6, "quit": 0.01, "exit": 2.0},
            {"startup": 0.7, "quit": 0.02, "exit": 2.1}]
    assert build.median_times(runs) == pytest.approx({"startup": 0.7, "quit": 0.02,
                                                      "exit": 2.1})
    assert build.goal_words(0.7, build.GOAL_S) == "met"
    assert build.goal_words(1.2, build.GOAL_S) == "MISSED"
