"""An unexpected error in a scene shows the error screen; the log has the traceback; the last good
save is kept."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from rami_desktop.app import App
from rami_desktop.engine.match import Match
from rami_desktop.play.game.config import GameConfig
from rami_desktop.storage.logs import setup_logging
from rami_desktop.storage.paths import Paths
from rami_desktop.ui.scenes.error_screen import ErrorScreen
from rami_desktop.ui.scenes.menu import MenuScene
from rami_desktop.ui.stage.scene import Scene
from tests.truth import behind

from .test_table_helpers import THREAD_WAIT, load_game, save_game


class Boom(Scene):
    """A scene that raises in one of its methods; its on_exit writes a broken save."""

    def __init__(self, app: App, where: str, paths: Paths | None = None) -> None:
        super().__init__(app)
        self.where = where
        self.paths = paths
        self.exited = False

    def _maybe(self, where: str) -> None:
        if self.where == where:
            raise ZeroDivisionError(f"boom in {where}")

    def handle_event(self, event: pygame.event.Event) -> None:
        self._maybe("event")

    def update(self, dt: float) -> None:
        self._maybe("update")

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((0, 0, 0))
        self._maybe("draw")

    def on_exit(self) -> None:
        self.exited = True
        if self.paths is not None:  # what a careless table might do: save a broken state
            self.paths.match_file.write_bytes(b"broken")


@pytest.fixture
def paths() -> Paths:
    return Paths.from_environment()


@pytest.fixture
def catching(app: App) -> App:
    app.catch_scene_errors = True
    return app


@pytest.fixture
def log_file(paths: Paths) -> Iterator[Path | None]:
    """Log to RAMI_HOME as the game does; the handler is removed afterwards."""
    found = setup_logging(paths)
    yield found
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "_rami_storage_handler", False):
            root.removeHandler(handler)
            handler.close()


def _event() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)


@pytest.mark.parametrize("where", ["event", "update", "draw"])
def test_error_shows_the_error_screen(catching: App, where: str, log_file: Path | None,
                                      caplog: pytest.LogCaptureFixture) -> None:
    app = catching
    app.log_file = log_file
    app.stack.push(MenuScene(app))
    app.step(1 / 60)
    app.stack.push(Boom(app, where))
    app.step(1 / 60, [_event()])
    app.step(1 / 60)
    screen = app.stack.top
    assert isinstance(screen, ErrorScreen) and len(app.stack) == 1
    assert screen.log_file == str(log_file) and "boom in" in screen.summary
    assert "rami.log" in screen.log_file
    # the traceback is in the log file
    assert log_file is not None
    text = log_file.read_text("utf-8")
    assert "Traceback" in text and f"boom in {where}" in text and "Boom" in text
    assert any(r.exc_info for r in caplog.records if r.levelno >= logging.ERROR)
    assert app.running


def test_back_to_the_menu(catching: App, drive: object) -> None:
    app = catching
    app.stack.push(Boom(app, "update"))
    drive.step()
    screen = app.stack.top
    assert isinstance(screen, ErrorScreen)
    drive.click(screen.menu_button.rect.center)
    assert isinstance(app.stack.top, MenuScene) and len(app.stack) == 1
    app.stack.push(Boom(app, "draw"))
    drive.step()
    assert isinstance(app.stack.top, ErrorScreen)
    drive.key(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, MenuScene)


def test_quit_from_the_error_screen(catching: App, drive: object) -> None:
    app = catching
    app.stack.push(Boom(app, "update"))
    drive.step()
    drive.click(app.stack.top.quit_button.rect.center)
    assert not app.running


def test_the_last_good_save_is_kept(catching: App, paths: Paths) -> None:
    """The broken scene is dropped without its on_exit: the last autosave stays the save."""
    app = catching
    app.paths = paths
    config = GameConfig()
    match = Match(config.rules, config.players, 7)
    assert save_game(paths, config, match) is None
    before = paths.match_file.read_bytes()
    boom = Boom(app, "update", paths)
    app.stack.push(boom)
    app.step(1 / 60)
    screen = app.stack.top
    assert isinstance(screen, ErrorScreen) and screen.saved
    assert not boom.exited and paths.match_file.read_bytes() == before
    game, problem = load_game(paths)
    assert problem is None and game is not None and game.match.to_dict() == match.to_dict()
    assert "Continue" in screen.message()


def test_without_a_log_file_or_save(catching: App) -> None:
    app = catching
    app.log_file = None
    app.stack.push(Boom(app, "draw"))
    app.step(1 / 60)
    screen = app.stack.top
    assert isinstance(screen, ErrorScreen) and not screen.saved
    assert "console" in screen.message() and "Continue" not in screen.message()


def test_errors_propagate_when_not_caught(app: App) -> None:
    assert not app.catch_scene_errors  # tests and the smoke test see their errors
    app.stack.push(Boom(app, "update"))
    with pytest.raises(ZeroDivisionError):
        app.step(1 / 60)


def test_an_error_on_the_error_screen_is_not_hidden(catching: App,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    app = catching
    app.stack.push(Boom(app, "update"))
    app.step(1 / 60)
    assert isinstance(app.stack.top, ErrorScreen)

    def broken(self: ErrorScreen, dt: float) -> None:
        raise RuntimeError("the error screen broke")

    monkeypatch.setattr(ErrorScreen, "update", broken)
    with pytest.raises(RuntimeError):
        app.step(1 / 60)


@pytest.mark.parametrize("lang", ["en", "fr", "ar_MA"])
def test_error_screen_fits(make_app: object, lang: str) -> None:
    app = make_app((1024, 640))  # type: ignore[operator]
    app.set_language(lang, save=False)
    screen = ErrorScreen(app, "/a/rather/long/path/to/the/log/folder/of/rami/rami.log",
                         saved=True, summary="ZeroDivisionError: division by zero")
    app.stack.clear_to(screen)
    app.step(1 / 60)
    window = pygame.Rect(0, 0, *app.size)
    assert window.contains(screen.panel.rect)
    for button in (screen.menu_button, screen.quit_button):
        assert screen.panel.rect.contains(button.rect)
    assert screen.text.rect.bottom <= screen.path_rect.y
    assert screen.path_rect.bottom <= screen.menu_button.rect.y


def test_a_table_bug_keeps_the_match(log_file: Path | None, paths: Paths,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """End to end with the real table: a bug on the table shows the error screen, the save of
    the last turn is untouched, and Continue resumes that very match."""
    from rami_desktop.play.game.config import autoplay_config
    from rami_desktop.ui.scenes import table as table_module

    app = App((1024, 640), fullscreen=False)  # a real, persisting app under RAMI_HOME
    try:
        app.set_language("en", save=False)
        assert app.catch_scene_errors
        app.stack.push(MenuScene(app))
        app.step(1 / 60)
        assert app.start_game(autoplay_config("talaj", 3, 7), remember=False)
        app.step(1 / 60)
        table = app.stack.top
        assert isinstance(table, table_module.TableScene)
        for _frame in range(3000):
            app.step(1 / 20)
            table.session.worker.wait(THREAD_WAIT)  # a bot thinks in its thread: let it finish
            behind(table.session).flush()
            if paths.match_file.exists():
                break
        saved = paths.match_file.read_bytes()
        game, problem = load_game(paths)
        assert problem is None and game is not None

        def broken(self: object, dt: float) -> None:
            raise RuntimeError("simulated table bug")

        with monkeypatch.context() as patch:
            patch.setattr(table_module.TableScene, "update", broken)
            app.step(1 / 60)
        screen = app.stack.top
        assert isinstance(screen, ErrorScreen) and screen.saved
        assert paths.match_file.read_bytes() == saved
        screen.to_menu()
        app.step(1 / 60)
        menu = app.stack.top
        assert isinstance(menu, MenuScene) and menu.continue_button.enabled
        assert app.continue_match()
        app.step(1 / 60)
        resumed = app.stack.top
        assert isinstance(resumed, table_module.TableScene)
        assert behind(resumed.session).match.to_dict() == game.match.to_dict()
    finally:
        app.stack.clear()
        app.stack.apply_pending()
        app.close()
