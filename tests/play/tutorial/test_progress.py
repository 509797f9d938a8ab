"""Progress through the lessons, as the settings keep it."""

from __future__ import annotations

from pathlib import Path

from rami_desktop.play.tutorial.progress import LESSONS_DONE, lessons_done, with_lesson_done
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.settings import Settings, load_settings, save_settings


def test_lessons_done_reads_only_names() -> None:
    assert lessons_done({}) == set()
    assert lessons_done({LESSONS_DONE: "jokers"}) == set()
    assert lessons_done({LESSONS_DONE: ["jokers", 3, None, "talaj"]}) == {"jokers", "talaj"}
    assert with_lesson_done({LESSONS_DONE: ["talaj"]}, "jokers") == ["jokers", "talaj"]
    assert with_lesson_done({LESSONS_DONE: ["talaj"]}, "talaj") == ["talaj"]


def test_progress_survives_a_save_and_bad_values_are_repaired(tmp_path: Path) -> None:
    paths = Paths(config_dir=tmp_path / "c", data_dir=tmp_path / "d", log_dir=tmp_path / "l")
    paths.ensure()
    saved = Settings(lessons_done=("jokers", "talaj"), tutorial_offered=True)
    assert save_settings(paths, saved) is None
    loaded, problem = load_settings(paths)
    assert problem is None and loaded.lessons_done == ("jokers", "talaj")
    assert loaded.tutorial_offered
    # one bad or repeated entry is dropped: the good ticks stay
    paths.settings_file.write_text('{"version": 1, "lessons_done": ["talaj", "a", "a", 7, ""]}')
    loaded, problem = load_settings(paths)
    assert loaded.lessons_done == ("a", "talaj") and problem is None
    paths.settings_file.write_text('{"version": 1, "lessons_done": "talaj"}')
    loaded, problem = load_settings(paths)
    assert loaded.lessons_done == () and problem == "repaired"
