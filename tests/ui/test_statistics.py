"""The statistics screen: per-preset figures, Reset with a confirmation, from the menu."""

from __future__ import annotations

import pygame
import pytest

from rami_desktop.app import App
from rami_desktop.engine.rules import PRESET_NAMES
from rami_desktop.storage import stats as stats_store
from rami_desktop.storage.paths import Paths
from rami_desktop.ui.scenes.menu import MenuScene
from rami_desktop.ui.scenes.overlays import ConfirmDialog
from rami_desktop.ui.scenes.statistics import NONE_YET, ROWS, StatisticsScene


def _record(paths: Paths, player: str = "Sara") -> None:
    stats_store.record_round(paths, player, "talaj", won=True, turns=14, opening_points=81)
    stats_store.record_round(paths, player, "talaj", won=False, turns=20, opening_points=95)
    stats_store.record_round(paths, player, "talaj", won=True, turns=9, opening_points=None)
    stats_store.record_match(paths, player, "talaj", won=True, rounds=3)
    stats_store.record_round(paths, player, "simple", won=False)


def _row(label: str) -> int:
    return [name for name, _fn in ROWS].index(label)


@pytest.fixture
def paths() -> Paths:
    return Paths.from_environment()


def test_empty_statistics(app: App, drive: object) -> None:
    scene = drive.show(StatisticsScene(app))
    assert scene.empty and not scene.reset_button.enabled
    assert scene.cell(_row("Matches played"), "talaj") == "0"
    assert scene.cell(_row("Best opening"), "tallage") == NONE_YET
    assert "first round" in scene._note()


def test_figures_per_preset(app: App, drive: object, paths: Paths) -> None:
    _record(paths)
    scene = drive.show(StatisticsScene(app))
    assert scene.presets()[:4] == list(PRESET_NAMES)
    assert scene.cell(_row("Rounds played"), "talaj") == "3"
    assert scene.cell(_row("Rounds won"), "talaj") == "2 (67%)"
    assert scene.cell(_row("Matches played"), "talaj") == "1"
    assert scene.cell(_row("Matches won"), "talaj") == "1 (100%)"
    assert scene.cell(_row("Best opening"), "talaj") == "95 points"
    assert scene.cell(_row("Fastest round won"), "talaj") == "9 turns"
    assert scene.cell(_row("Shortest match won"), "talaj") == "3 rounds"
    assert scene.cell(_row("Rounds won"), "simple") == "0 (0%)"
    assert scene.cell(_row("Fastest round won"), "simple") == NONE_YET
    assert scene.cell(_row("Rounds played"), "rami-talaj") == "0"
    assert scene.cell(_row("Best opening"), "simple") == ""  # Simple has no opening
    assert scene.reset_button.enabled and not scene._note()
    assert not scene.player_choice.visible  # one player: nothing to choose


def test_each_player_has_a_line_of_their_own(make_app: object, drive: object,
                                             paths: Paths) -> None:
    _record(paths, "Amina")
    stats_store.record_round(paths, "Youssef", "talaj", won=True, turns=5, opening_points=71)
    app = make_app(last_setup={"preset": "talaj", "options": {}, "seed": None,  # type: ignore[operator]
                               "seats": [["Youssef", "human", "hard"], ["B", "bot", "easy"]]})
    scene = drive.__class__(app).show(StatisticsScene(app))  # type: ignore[attr-defined]
    assert scene.player == "Youssef" and scene.player_choice.visible  # the last setup's human
    assert scene.cell(_row("Rounds played"), "talaj") == "1"
    assert scene.cell(_row("Best opening"), "talaj") == "71 points"
    scene.player_choice.step(1)
    assert scene.player == "Amina"
    assert scene.cell(_row("Rounds played"), "talaj") == "3"


def test_reset_asks_then_forgets(app: App, drive: object, paths: Paths) -> None:
    _record(paths)
    scene = drive.show(StatisticsScene(app))
    drive.click(scene.reset_button.rect.center)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    drive.click(dialog.cancel_button.rect.center)  # cancel: nothing forgotten
    assert app.stack.top is scene and paths.stats_file.exists()
    assert scene.cell(_row("Rounds played"), "talaj") == "3"
    drive.click(scene.reset_button.rect.center)
    dialog = app.stack.top
    drive.click(dialog.ok.rect.center)
    assert app.stack.top is scene
    assert not paths.stats_file.exists()
    assert not paths.stats_file.with_name("stats.json.bak").exists()
    assert scene.empty and not scene.reset_button.enabled
    assert scene.cell(_row("Rounds played"), "talaj") == "0"
    assert stats_store.load_stats(paths)[0].players == {}


def test_reset_from_the_keyboard(app: App, drive: object, paths: Paths) -> None:
    _record(paths)
    scene = drive.show(StatisticsScene(app))
    drive.key(pygame.K_TAB)
    while app.stack.top.group.focused is not scene.reset_button:
        drive.key(pygame.K_TAB)
    drive.key(pygame.K_RETURN)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    dialog.group.focused = dialog.ok
    drive.key(pygame.K_RETURN)
    assert scene.empty


def test_opened_from_the_menu_and_back(app: App, drive: object, paths: Paths) -> None:
    _record(paths)
    menu = drive.show(MenuScene(app))
    drive.click(menu.statistics.rect.center)
    scene = app.stack.top
    assert isinstance(scene, StatisticsScene)
    drive.click(scene.back_button.rect.center)
    assert app.stack.top is menu
    drive.click(menu.statistics.rect.center)
    drive.key(pygame.K_ESCAPE)
    assert app.stack.top is menu


def test_damaged_statistics_file(app: App, drive: object, paths: Paths) -> None:
    paths.data_dir.mkdir(parents=True, exist_ok=True)
    paths.stats_file.write_bytes(b"\x00garbage")
    scene = drive.show(StatisticsScene(app))
    assert scene.problem == "corrupt_no_backup" and scene.empty
    assert scene._note().startswith("Statistics:")


@pytest.mark.parametrize("lang", ["en", "fr", "ar_MA"])
@pytest.mark.parametrize("size", [(1024, 640), (1920, 1080)])
def test_layout_in_every_language(make_app: object, lang: str, size: tuple[int, int],
                                  paths: Paths) -> None:
    _record(paths)
    app = make_app(size)  # type: ignore[operator]
    app.set_language(lang, save=False)
    scene = StatisticsScene(app)
    app.stack.clear_to(scene)
    app.step(1 / 60)
    window = pygame.Rect(0, 0, *size)
    assert window.contains(scene.panel.rect)
    assert scene.panel.rect.contains(scene.reset_button.rect)
    assert scene.panel.rect.contains(scene.back_button.rect)
    assert scene.panel.rect.contains(scene.table)
    assert not scene.reset_button.rect.colliderect(scene.back_button.rect)
    left_first = scene.reset_button.rect.x < scene.back_button.rect.x
    assert left_first == (lang != "ar_MA")  # the reading order is mirrored in darija
