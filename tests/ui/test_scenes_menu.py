"""The menu: buttons clickable and keyboard-navigable; overlays from it."""

from __future__ import annotations

from itertools import pairwise

import pygame

from rami_desktop.app import App
from rami_desktop.ui.scenes.controls_help import ControlsHelpOverlay
from rami_desktop.ui.scenes.menu import MenuScene
from rami_desktop.ui.scenes.overlays import (
    ConfirmDialog,
    MessageDialog,
    PauseOverlay,
)
from rami_desktop.ui.scenes.rules_guide import RulesGuideOverlay
from rami_desktop.ui.scenes.settings import SettingsScene
from rami_desktop.ui.scenes.setup import SetupScene


def test_buttons_inside_window_at_min_size(app: App, drive: object) -> None:
    menu = drive.show(MenuScene(app))
    window = pygame.Rect(0, 0, *app.size)
    shown = [b for b in menu.buttons if b.visible]
    for b in shown:
        assert window.contains(b.rect)
    rects = [b.rect for b in shown]
    assert all(a.bottom <= b.top for a, b in pairwise(rects))


def test_click_new_game_opens_setup(app: App, drive: object) -> None:
    menu = drive.show(MenuScene(app))
    drive.click(menu.new_game.rect.center)
    assert isinstance(app.stack.top, SetupScene)
    drive.key(pygame.K_ESCAPE)
    assert app.stack.top is menu


def test_click_settings_and_rules(app: App, drive: object) -> None:
    menu = drive.show(MenuScene(app))
    drive.click(menu.settings.rect.center)
    assert isinstance(app.stack.top, SettingsScene)
    drive.key(pygame.K_ESCAPE)
    drive.click(menu.rules.rect.center)
    assert isinstance(app.stack.top, RulesGuideOverlay)


def test_hover_and_press_states(app: App, drive: object) -> None:
    menu = drive.show(MenuScene(app))
    drive.move(menu.settings.rect.center)
    assert menu.settings.hovered and not menu.new_game.hovered
    drive.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=menu.settings.rect.center,
                                   button=1)])
    assert menu.settings.pressed
    # released elsewhere: nothing happens
    drive.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(2, 2), button=1)])
    assert app.stack.top is menu and not menu.settings.pressed


def test_continue_disabled_without_save(app: App, drive: object) -> None:
    menu = drive.show(MenuScene(app))
    assert not menu.continue_button.enabled
    drive.click(menu.continue_button.rect.center)
    assert app.stack.top is menu


def test_keyboard_navigation_skips_disabled(app: App, drive: object) -> None:
    menu = drive.show(MenuScene(app))
    assert menu.group.focused is menu.new_game  # the main button without a save
    drive.key(pygame.K_DOWN)
    assert menu.group.focused is menu.statistics  # Continue is disabled
    drive.key(pygame.K_TAB)
    assert menu.group.focused is menu.settings
    drive.key(pygame.K_TAB, pygame.KMOD_LSHIFT)
    assert menu.group.focused is menu.statistics
    drive.key(pygame.K_DOWN)
    drive.key(pygame.K_RETURN)
    assert isinstance(app.stack.top, SettingsScene)
    drive.key(pygame.K_ESCAPE)
    assert app.stack.top is menu


def test_keyboard_wraps_to_quit(app: App, drive: object) -> None:
    menu = drive.show(MenuScene(app))
    drive.key(pygame.K_UP)
    assert menu.group.focused is menu.quit_button
    drive.key(pygame.K_SPACE)
    assert not app.running


def test_escape_asks_before_quitting(app: App, drive: object) -> None:
    menu = drive.show(MenuScene(app))
    drive.key(pygame.K_ESCAPE)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    drive.key(pygame.K_RETURN)  # the focus starts on Cancel
    assert app.stack.top is menu and app.running
    drive.key(pygame.K_ESCAPE)
    dialog = app.stack.top
    drive.click(dialog.ok.rect.center)
    assert not app.running


def test_statistics_opens_something(app: App, drive: object) -> None:
    menu = drive.show(MenuScene(app))
    drive.click(menu.statistics.rect.center)
    assert app.stack.top is not menu
    if isinstance(app.stack.top, MessageDialog):
        drive.key(pygame.K_RETURN)
        assert app.stack.top is menu


def test_rules_help_tabs_and_scroll(app: App, drive: object) -> None:
    drive.show(MenuScene(app))
    rules = drive.push(RulesGuideOverlay(app, "talaj"))
    assert rules.preset == "talaj"
    drive.key(pygame.K_RIGHT)
    assert rules.preset == "rami-talaj"
    drive.click(rules.tabs[3].rect.center)
    assert rules.preset == "simple"
    drive.key(pygame.K_END)
    assert rules.scroll == rules.max_scroll()
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)


def test_pause_overlay_leads_back_to_menu(app: App, drive: object) -> None:
    drive.show(MenuScene(app))
    pause = drive.push(PauseOverlay(app, "tallage"))
    assert pause.transparent
    drive.click(pause.buttons[2].rect.center)
    assert isinstance(app.stack.top, RulesGuideOverlay) and app.stack.top.preset == "tallage"
    drive.key(pygame.K_ESCAPE)
    drive.click(pause.buttons[3].rect.center)
    assert isinstance(app.stack.top, ControlsHelpOverlay)
    drive.key(pygame.K_ESCAPE)
    drive.click(pause.buttons[4].rect.center)
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmDialog)
    drive.click(confirm.ok.rect.center)
    assert isinstance(app.stack.top, MenuScene) and len(app.stack) == 1


def test_back_to_my_last_table_is_on_the_menu_once_a_table_was_joined(
        app: App, drive: object) -> None:
    from rami_desktop.storage.network_settings import remember_joined
    from rami_desktop.ui.scenes.net_join import JoinScene

    menu = drive.show(MenuScene(app))
    assert not menu.last_table.visible  # no table joined yet
    app.settings["network"] = remember_joined(app.settings.get("network"), "127.0.0.1", 9,
                                              "ABC234", 1, "tok", "Sara")
    menu.on_resume()
    assert menu.last_table.visible
    shown = [b for b in menu.buttons if b.visible]
    assert all(a.rect.bottom <= b.rect.top for a, b in pairwise(shown))
    drive.click(menu.last_table.rect.center)
    join = app.stack.top
    assert isinstance(join, JoinScene)
    assert join.joining is not None  # rejoining the kept seat at once
    assert (join.address.value, join.port.value, join.code.value) == ("127.0.0.1", "9",
                                                                      "ABC234")
    drive.key(pygame.K_ESCAPE)
    assert app.stack.top is menu


def test_enter_on_the_menu_presses_the_main_button(app: App, drive: object) -> None:
    """No save: New game is drawn as the main button and the first Enter opens the setup,
    Start ready for the next Enter (the focus shown at once, reached with a key)."""
    menu = drive.show(MenuScene(app))
    assert menu.new_game.style == "primary" and menu.continue_button.style != "primary"
    drive.key(pygame.K_RETURN)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    assert setup.group.focused is setup.start_button
    assert setup.group.focus_visible() is setup.start_button


def test_enter_presses_the_button_under_the_pointer(app: App, drive: object) -> None:
    menu = drive.show(MenuScene(app))
    drive.move(menu.settings.rect.center)
    assert menu.group.focused is menu.settings
    drive.key(pygame.K_RETURN)
    assert isinstance(app.stack.top, SettingsScene)


def test_a_window_opening_under_the_pointer_leaves_enter_to_the_main_button(
        app: App, drive: object) -> None:
    """The window opens under a pointer at rest over Statistics: the motion it tells moved
    nothing, so the first Enter still opens the setup (a keyboard player never touched the
    mouse); a real move over a button then gives it the focus."""
    menu = drive.show(MenuScene(app))
    drive.step([pygame.event.Event(pygame.MOUSEMOTION, pos=menu.statistics.rect.center,
                                   rel=(0, 0), buttons=(0, 0, 0))])
    assert menu.group.focused is not menu.statistics
    drive.key(pygame.K_RETURN)
    assert isinstance(app.stack.top, SetupScene)


def test_a_screen_reached_with_the_mouse_shows_no_focus_ring(app: App, drive: object) -> None:
    menu = drive.show(MenuScene(app))
    drive.click(menu.new_game.rect.center)
    setup = app.stack.top
    assert isinstance(setup, SetupScene) and setup.group.focus_visible() is None
