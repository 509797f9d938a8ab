"""Settings apply at once; the first-start language choice."""

from __future__ import annotations

import pygame
import pytest

from rami_desktop import i18n
from rami_desktop.app import App
from rami_desktop.i18n import is_rtl
from rami_desktop.ui.kit import theme
from rami_desktop.ui.scenes.language import LanguageScene
from rami_desktop.ui.scenes.menu import MenuScene
from rami_desktop.ui.scenes.settings import SettingsScene


def _current_language() -> str | None:
    fn = getattr(i18n, "current_language", None)
    return fn() if fn else None


def test_language_changes_at_once(app: App, drive: object) -> None:
    drive.show(MenuScene(app))
    settings = drive.push(SettingsScene(app))
    _left, right = settings.language._arrow_rects()
    drive.click(right.center)
    assert app.settings["language"] == "fr"
    if _current_language() is not None:
        assert _current_language() == "fr"
    drive.click(settings.language._arrow_rects()[1].center)
    assert app.settings["language"] == "ar_MA"
    if hasattr(i18n, "is_rtl"):
        assert is_rtl()
        # the layout is mirrored: the control now sits on the left of its row
        row = settings.language
        assert row.control_rect().left == row.rect.left
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)


def test_language_translates_menu_text(app: App, drive: object) -> None:
    from rami_desktop.ui.widgets import tr

    menu = drive.show(MenuScene(app))
    english = tr(menu.new_game.label)
    app.set_language("fr", save=False)
    drive.step()
    french = tr(menu.new_game.label)
    assert english == "New game"
    assert french == i18n._("New game")


def test_toggles_and_choices_apply(app: App, drive: object) -> None:
    settings = drive.show(SettingsScene(app))
    drive.click(settings.mute.rect.center)
    assert app.settings["muted"] is True
    assert app.sounds.muted
    drive.click(settings.animation._arrow_rects()[1].center)
    assert app.settings["animation_speed"] == "fast"
    drive.click(settings.deck._arrow_rects()[1].center)
    assert app.settings["deck_style"] == "four"
    assert app.card_art.style == "four"
    drive.click(settings.hints.rect.center)
    assert app.settings["hints"] is False
    drive.click(settings.large_index.rect.center)
    assert app.settings["large_index"] is True


def test_volume_slider(app: App, drive: object) -> None:
    settings = drive.show(SettingsScene(app))
    track, _text = settings.volume._track()
    drive.click((track.left + track.w // 4, track.centery))
    assert abs(app.settings["sound_volume"] - 0.25) < 0.05
    settings.group.focus(settings.volume)
    drive.key(pygame.K_RIGHT)
    assert abs(app.settings["sound_volume"] - 0.30) < 0.051
    assert abs(app.sounds.volume - app.settings["sound_volume"]) < 1e-6


def test_fullscreen_toggle(app: App, drive: object) -> None:
    settings = drive.show(SettingsScene(app))
    drive.click(settings.fullscreen.rect.center)
    assert app.fullscreen and app.settings["fullscreen"]
    # the layout follows the new window size
    assert settings.panel.rect.centerx == app.size[0] // 2
    settings.fullscreen.set(False)
    assert not app.fullscreen and app.size == (1024, 640)


def test_keyboard_through_settings(app: App, drive: object) -> None:
    settings = drive.show(SettingsScene(app))
    drive.key(pygame.K_DOWN)
    assert settings.group.focused is settings.language
    drive.key(pygame.K_DOWN)
    assert settings.group.focused is settings.text_size
    for _ in range(3):
        drive.key(pygame.K_DOWN)
    assert settings.group.focused is settings.mute
    drive.key(pygame.K_RETURN)
    assert app.settings["muted"] is True


def test_first_start_language_choice(make_app: object) -> None:
    # the offer of the lessons after the choice: tests/ui/test_tutorial.py
    app = make_app(language=None, tutorial_offered=True)  # type: ignore[operator]
    scene = app.first_scene()
    assert isinstance(scene, LanguageScene)
    app.stack.push(scene)
    app.step(1 / 60)
    target = scene.buttons[1]
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=target.rect.center,
                                         button=1)])
    app.step(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target.rect.center,
                                         button=1)])
    assert app.settings["language"] == "fr"
    assert isinstance(app.stack.top, MenuScene)


def test_interface_scale_applies_at_once_to_every_screen(make_app: object) -> None:
    from .conftest import Driver

    app = make_app((1366, 768))  # type: ignore[operator]
    drive = Driver(app)
    menu = drive.show(MenuScene(app))
    before = menu.scale, menu.new_game.rect.h
    settings = drive.push(SettingsScene(app))
    row = settings.text_size.rect.h
    drive.click(settings.text_size._arrow_rects()[1].center)
    assert app.settings["interface_scale"] == 125
    assert theme.interface_scale() == 1.25
    assert settings.scale == pytest.approx(before[0] * 1.25)
    assert settings.text_size.rect.h > row  # the settings' own rows grew at once
    drive.click(settings.text_size._arrow_rects()[1].center)
    assert app.settings["interface_scale"] == 150
    drive.key(pygame.K_ESCAPE)
    assert menu.scale == pytest.approx(before[0] * 1.5)  # the screen below, laid out again
    assert menu.new_game.rect.h > before[1]


def test_larger_cards_make_the_table_cards_larger(make_app: object) -> None:
    from rami_desktop.play.table.table import Table
    from rami_desktop.smoke.tour import Tour
    from rami_desktop.ui.routes import Route

    app = make_app((1280, 800), animation_speed="off")  # type: ignore[operator]
    table = app.scene(Route.TABLE, Table(Tour().session("start")))
    app.stack.clear_to(table)
    app.step(1 / 60)
    hand, pile = table.view.lay.hand_w, table.view.lay.pile_w
    app.update_setting("large_cards", True)
    app.step(1 / 60)
    assert table.view.lay.hand_w > hand * 1.15 and table.view.lay.pile_w > pile * 1.15
    assert table.view.lay.scale == pytest.approx(theme.window_scale(app.size))  # text unchanged


def test_the_interface_scale_is_kept_for_the_next_start(tmp_path: object) -> None:
    first = App((1024, 640), fullscreen=False)  # a real, persisting app under RAMI_HOME
    try:
        first.update_setting("interface_scale", 150)
        first.update_setting("large_cards", True)
    finally:
        first.close()
    assert theme.interface_scale() == 1.0  # a closed window leaves the default look
    again = App((1024, 640), fullscreen=False)
    try:
        assert again.settings["interface_scale"] == 150 and again.settings["large_cards"]
        assert theme.interface_scale() == 1.5 and theme.card_scale() > 1
    finally:
        again.close()
