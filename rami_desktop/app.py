"""The application: the scene stack and the main loop, wired to the window
(:mod:`rami_desktop.app_window`) and the services started with it
(:mod:`rami_desktop.app_services`).

The app is the scenes' context (:class:`rami_desktop.ui.stage.scene.Context`): scenes reach its
services through that small interface and open each other by route
(:mod:`rami_desktop.app_routes` registers every scene at start-up, each imported when its route
is first built; a match's modules load with the first match, :mod:`rami_desktop.app_matches`).
"""

from __future__ import annotations

import logging
import time
from collections import deque
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from rami_desktop import i18n
from rami_desktop.app_routes import scene_routes
from rami_desktop.app_services import (
    LOOK_KEYS,
    apply_look,
    apply_services,
    make_card_art,
    make_sounds,
    save_settings,
    start_services,
)
from rami_desktop.app_timing import Marks, frame_stats
from rami_desktop.app_window import Window, saved_size
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths
from rami_desktop.ui import widgets
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.keys import KeysDown
from rami_desktop.ui.kit.screenshot import save_image
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.error_screen import ErrorScreen
from rami_desktop.ui.stage.scene import Reopenable, Scene, SceneStack
from rami_desktop.ui.words.problems_text import STARTUP_TITLE, startup_message

if TYPE_CHECKING:
    from rami_desktop.play.game.config import GameConfig

log = logging.getLogger(__name__)

FPS = 60
#: frames in a row that drew nothing after which a screen is at rest: every other frame then
#: only looks for input (any input runs the frame at once; the time skipped is carried over)
REST_AFTER = 30
#: the frame times kept for ``--perf`` (the last five minutes at 60 frames a second)
FRAME_TIMES_KEPT = 18_000
#: (code, name) of each language, the name written in that language (never translated)
LANGUAGES: tuple[tuple[str, str], ...] = tuple(i18n.LANGUAGES.items())


class App:
    """The running game.

    Args:
        size: window size (default: the saved one or 1280x800, within the usable desktop).
        settings: settings to use instead of loading them (tests).
        persist: whether settings changes are saved.
        fullscreen: start fullscreen (default from the settings).
    """

    def __init__(self, size: tuple[int, int] | None = None, *,
                 settings: dict[str, Any] | None = None, persist: bool = True,
                 fullscreen: bool | None = None) -> None:
        # only the display: the text and sound modules start the font and mixer modules
        # themselves (and notice when an earlier pygame.quit() made their caches stale)
        pygame.display.init()
        self.persist = persist
        started = start_services(settings, persist)
        self.paths: Paths | None = started.paths
        self.settings: dict[str, Any] = started.settings
        #: problem codes met at start, bare or as "subject:code" (subject settings, save or
        #: stats); shown once in a message over the menu (see ui.words.problems_text)
        self.startup_problems: list[str] = started.problems
        #: the log file for the error screen (None: no log file, the log goes to stderr)
        self.log_file: Path | None = started.log_file
        #: show the error screen when a scene raises; tests and the smoke test (persist=False)
        #: let the error propagate instead
        self.catch_scene_errors = persist
        self._startup_problems_shown = False
        self.window = Window(size or saved_size(self.settings.get("window_size")),
                             bool(self.settings.get("fullscreen")) if fullscreen is None
                             else fullscreen)
        self.clock = pygame.time.Clock()
        self.stack = SceneStack()
        self.keys = KeysDown()
        self.running = True
        self.frames = 0
        #: frames in a row that drew nothing (past REST_AFTER, every other frame is skipped)
        self.resting = 0
        self.marks = Marks()  # the first frame's and the quitting's times (RAMI_TIMES)
        #: seconds of work of the last frames (no sleeping)
        self.frame_times: deque[float] = deque(maxlen=FRAME_TIMES_KEPT)
        self.routes = scene_routes()
        self.sounds = make_sounds(self.settings)
        self.card_art = make_card_art(self.settings)
        #: the last round's summary, opened again from the statistics
        self.last_summary: Reopenable | None = None
        self._relayout_needed = False
        self._drawn_size: tuple[int, int] = (0, 0)  # the size last drawn (a resize redraws)
        lang = self.settings.get("language")
        if lang:  # before listening: no scene yet to lay out again
            self._apply_language(lang)
        i18n.add_listener(self._language_changed)
        try:
            pygame.key.start_text_input()
            pygame.key.set_repeat(400, 40)
        except pygame.error:
            pass

    # ----------------------------------------------------------------------------- window
    @property
    def size(self) -> tuple[int, int]:
        """The current window size."""
        return self.window.size

    @property
    def screen(self) -> pygame.Surface:
        """The window's surface."""
        return self.window.screen

    @property
    def fullscreen(self) -> bool:
        """Whether the window is fullscreen."""
        return self.window.fullscreen

    def set_fullscreen(self, on: bool) -> None:
        """Switch between fullscreen and a resizable window, and relayout every scene."""
        if self.window.set_fullscreen(on):
            self.settings["fullscreen"] = on
            self._relayout()

    def toggle_fullscreen(self) -> None:
        """F11 / Alt+Enter."""
        self.set_fullscreen(not self.fullscreen)
        self.save_settings()

    def resize(self, size: tuple[int, int]) -> None:
        """React to a window size change."""
        self.window.resize(size)
        if not self.fullscreen:
            self.settings["window_size"] = list(self.size)
        self._relayout()

    def _relayout(self) -> None:
        size = self.size
        self.stack.for_each(lambda scene: scene.on_resize(size))

    # ----------------------------------------------------------------------------- settings
    def save_settings(self) -> None:
        """Save the settings through the storage module (if any and if persisting)."""
        if self.persist:
            save_settings(self.paths, self.settings)

    def update_setting(self, key: str, value: Any) -> None:
        """Change one setting, apply it at once and save."""
        self.settings[key] = value
        if key == "language":
            self._apply_language(value)
            self._relayout()
        elif key == "fullscreen":
            self.set_fullscreen(bool(value))
        elif key in LOOK_KEYS:
            apply_look(self.settings)
            self._relayout()
        self._apply_services()
        self.save_settings()

    def _apply_services(self) -> None:
        apply_services(self.settings, self.sounds, self.card_art)

    def set_language(self, code: str, save: bool = True) -> None:
        """Switch the language now (translated text shows from the next frame).

        Raises:
            ValueError: an unknown language.
        """
        if code not in i18n.LANGUAGES:
            raise ValueError(f"unknown language {code!r}")
        if save:
            self.update_setting("language", code)
        else:
            self.settings["language"] = code
            self._apply_language(code)
            self._apply_services()
            self._relayout()

    def _apply_language(self, code: str) -> None:
        try:
            i18n.set_language(code)
        except ValueError:  # a language saved by another version
            log.warning("language %s is not supported", code)
        widgets.clear_text_cache()

    def _language_changed(self, _code: str) -> None:
        """i18n listener: a language switch made anywhere relayouts at the next frame."""
        widgets.clear_text_cache()
        self._relayout_needed = True

    def play(self, name: str) -> None:
        """Play a sound effect by name (silent without audio)."""
        self.sounds.play(name)

    # ----------------------------------------------------------------------------- navigation
    def scene(self, route: Route, *args: Any, **kwargs: Any) -> Scene:
        """Build the scene registered under a route, with this app as its context."""
        return self.routes.build(route, self, *args, **kwargs)

    def first_scene(self) -> Scene:
        """The language choice at first start, else the menu."""
        if not self.settings.get("language"):
            return self.scene(Route.LANGUAGE)
        return self.scene(Route.MENU)

    def start_game(self, config: GameConfig, remember: bool = True) -> bool:
        """Start a match: the one seam between the setup (or ``--autoplay``) and the table.

        Args:
            config: the match.
            remember: keep it as the "last setup" the setup screen starts from.

        Returns:
            True: the table is shown.
        """
        if remember:
            self.settings["last_setup"] = config.to_dict()
            self.save_settings()
        from rami_desktop.app_matches import new_table  # the match's modules, loaded now

        self.stack.clear_to(self.scene(Route.TABLE, new_table(config, self.paths)))
        return True

    def saved_match_available(self) -> bool:
        """Whether Continue can resume a saved match."""
        return self.paths is not None and MatchFiles(self.paths).exists()

    def continue_match(self) -> bool:
        """Resume the saved match on the table; returns whether it could (a save that cannot
        be used is said in words)."""
        if self.paths is None:
            return False
        from rami_desktop.app_matches import continue_saved  # the match's modules, loaded now

        return continue_saved(self, self.paths)

    def quit(self) -> None:
        """Stop the loop at the end of this frame."""
        self.running = False

    # ----------------------------------------------------------------------------- loop
    def _global_event(self, event: pygame.event.Event) -> bool:
        """Window-level events; return True when handled here."""
        if event.type == pygame.QUIT:
            self.quit()
            return True
        if event.type == pygame.VIDEORESIZE:
            if not self.fullscreen:
                self.resize(event.size)
            return True
        if event.type == pygame.WINDOWSIZECHANGED:
            changed = self.window.resized_by_system()
            if changed is not None:
                self.resize(changed)
            return True
        if event.type == pygame.KEYDOWN and (
                event.key == pygame.K_F11
                or (event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
                    and event.mod & pygame.KMOD_ALT)):
            self.toggle_fullscreen()
            return True
        return False

    def step(self, dt: float, events: Iterable[pygame.event.Event] = ()) -> None:
        """Run one frame: handle ``events``, advance exactly ``dt`` seconds, draw.

        Scene changes requested meanwhile are applied between frames; once one is requested,
        the remaining input events of the frame are dropped (no click reaches a scene that is
        about to go), and a key down since before the top scene came to the front is not passed
        to it until released (:class:`~rami_desktop.ui.kit.keys.KeysDown`).
        """
        start = time.perf_counter()
        drew = True
        try:
            drew = self._run_scenes(dt, events)
        except Exception as exc:
            self.scene_failed(exc)
        if drew:
            pygame.display.flip()
            self.marks.mark("first_frame")
        self.resting = 0 if drew else self.resting + 1
        self.frames += 1
        self.frame_times.append(time.perf_counter() - start)

    def _run_scenes(self, dt: float, events: Iterable[pygame.event.Event]) -> bool:
        """The scenes' part of a frame: events, update, drawing; returns whether it drew (a
        frame without input where the top scene is at rest is not drawn again)."""
        events = list(events)
        changed = self.stack.apply_pending()
        self._show_startup_problems()
        if self._relayout_needed:
            self._relayout_needed = False
            self._relayout()
            changed = True
        for event in events:
            fresh = self.keys.feed(event, self.stack.top)
            if self._global_event(event):
                continue
            if self.stack.has_pending or not fresh:
                continue
            top = self.stack.top
            if top is not None:
                top.handle_event(event)
        top = self.stack.top
        if top is not None and not self.stack.has_pending:
            for covered in self.stack.scenes[:-1]:
                covered.update_covered(dt)
            top.update(dt)
        changed = self.stack.apply_pending() or changed
        if not self.stack:
            self.running = False
        # only the top scene is updated: a scene under an overlay cannot move, so whether the
        # frame is drawn again is the top scene's call
        top = self.stack.top
        if not (events or changed or self._drawn_size != self.size
                or (top is not None and top.needs_redraw())):
            return False
        self._drawn_size = self.size
        self.draw()
        return True

    def scene_failed(self, exc: Exception) -> None:
        """A scene raised: log the traceback and show the error screen in its place.

        The broken scenes are dropped without their ``on_exit`` (which might save a broken
        state): the last autosave, made after the last complete turn, stays the save.

        Raises:
            Exception: ``exc`` again when errors are not caught (tests) or when the error
                screen itself failed.
        """
        where = type(self.stack.top).__name__ if self.stack.top is not None else "no scene"
        log.error("unexpected error in %s", where, exc_info=exc)
        if not self.catch_scene_errors or isinstance(self.stack.top, ErrorScreen):
            raise exc
        saved = self.saved_match_available()
        self.stack = SceneStack()
        self.stack.push(self.scene(Route.ERROR, self.log_file, saved=saved,
                                   summary=f"{type(exc).__name__}: {exc}"))
        self.stack.apply_pending()
        self.draw()

    def _show_startup_problems(self) -> None:
        """Once the menu shows, say what went wrong with the files at start (one message)."""
        if self._startup_problems_shown or not self.startup_problems:
            return
        top = self.stack.top
        if top is None or not top.tells_startup_problems:  # the menu
            return
        self._startup_problems_shown = True
        entries = list(self.startup_problems)
        log.warning("start-up problems: %s", ", ".join(entries))
        self.stack.push(self.scene(Route.MESSAGE, STARTUP_TITLE,
                                   lambda: startup_message(entries)))
        self.stack.apply_pending()

    def draw(self, surface: pygame.Surface | None = None) -> None:
        """Draw the visible scenes, bottom first."""
        surface = surface or self.screen
        scenes = self.stack.visible()
        if not scenes or scenes[0].transparent:
            surface.blit(theme.felt_background(surface.get_size()), (0, 0))
        for scene in scenes:
            scene.draw(surface)

    def run(self, max_frames: int | None = None, screenshot: str | None = None) -> None:
        """The main loop: real events and real time, until quit or ``max_frames``. The first
        frame is drawn at once (the clock's first tick would wait a whole frame for it)."""
        if not self.stack:
            self.stack.push(self.first_scene())
        dt = carried = 0.0
        while self.running:
            if self.resting >= REST_AFTER and self.frames % 2 and not pygame.event.peek():
                self.frames += 1  # at rest: this frame only looked for input
                carried += dt
            else:
                self.step(dt + carried, pygame.event.get())
                carried = 0.0
            if max_frames is not None and self.frames >= max_frames:
                break
            dt = min(self.clock.tick(FPS) / 1000.0, 0.1)
        if screenshot:
            self.save_screenshot(screenshot)

    def save_screenshot(self, path: str) -> None:
        """Save the last frame as an image (raises as :func:`.ui.kit.screenshot.save_image`)."""
        save_image(self.screen, path)

    def frame_stats(self) -> tuple[float, float, float]:
        """(p50, p99, max) of the work times of the last frames, in milliseconds."""
        return frame_stats(self.frame_times)

    def perf_line(self) -> str:
        """The ``--perf`` report line."""
        p50, p99, worst = self.frame_stats()
        return f"frame_ms p50={p50:.3f} p99={p99:.3f} max={worst:.3f}"

    def close(self) -> None:
        """Hide the window at once (closing the display takes 2 s under Wine), then leave every
        scene (a table saves, a network table tells the others), save settings, close."""
        self.marks.mark("quit")
        self.window.hide()
        self.marks.mark("hidden")
        self.stack.clear()
        self.stack.apply_pending()
        i18n.remove_listener(self._language_changed)
        self.save_settings()
        theme.set_look(100)  # the look is the program's: the next window starts from the default
        pygame.display.quit()
        self.marks.mark("closed")
        self.marks.write()
