"""The application: the window, the clock, the scene stack, the services and the main loop.

Services other modules provide are optional here (they are written in parallel): each is
looked up once with a static import guarded by ImportError, and is None until it exists.

Services come from modules written in parallel; each is imported statically, guarded by
ImportError, and is None until it exists: settings and paths (``rami_desktop.storage``), sounds
(``rami_desktop.ui.sound.Sounds``), card art (``rami_desktop.ui.card_art.CardArt``).

Seams for others: the table ``rami_desktop.ui.scenes.table.TableScene(app, game_config)``
(and ``TableScene.from_save(app)`` for Continue), the statistics screen
``rami_desktop.ui.scenes.statistics.StatisticsScene(app)``.
"""

from __future__ import annotations

import logging
import time
import warnings
from collections.abc import Iterable
from typing import Any

import pygame

from rami_desktop import i18n
from rami_desktop.ui import theme, widgets
from rami_desktop.ui.game_config import GameConfig
from rami_desktop.ui.scene import Scene, SceneStack
from rami_desktop.ui.widgets import N_

log = logging.getLogger(__name__)

FPS = 60
LANGUAGES: tuple[tuple[str, str], ...] = (
    # language names are written in their own language, never translated
    ("en", "English"),
    ("fr", "Français"),
    ("ar_MA", "الدارجة"),
)

DEFAULT_SETTINGS: dict[str, Any] = {
    # the keys and values of rami_desktop.storage.settings.Settings
    "language": None,  # None until chosen at first start
    "sound_volume": 0.8,
    "muted": False,
    "animation_speed": "normal",  # off, normal, fast
    "deck_style": "classic",  # classic, four
    "large_index": False,
    "hints": True,
    "fullscreen": False,
    "window_size": None,
    "last_setup": None,  # GameConfig.to_dict() of the last match started
}


def default_paths() -> Any:
    """The storage paths (``rami_desktop.storage.paths.Paths``), or None without storage."""
    try:
        from rami_desktop.storage.paths import default_paths as storage_default_paths
    except ImportError:
        return None
    try:
        return storage_default_paths()
    except Exception:
        log.exception("storage paths could not be found")
        return None


def start_logging(paths: Any) -> Any:
    """Log to the log folder; return the log file (None when logging goes to stderr)."""
    try:
        from rami_desktop.storage.logs import setup_logging
    except ImportError:
        return None
    try:
        log_file = setup_logging(paths)
    except Exception:
        log.exception("logging could not start")
        return None
    log.info("Rami starting; log file %s", log_file)
    return log_file


def check_folders(paths: Any) -> list[str]:
    """Create the storage folders if needed; return the problem codes of unwritable ones."""
    try:
        return list(paths.ensure())
    except Exception:
        log.exception("storage folders could not be checked")
        return []


def check_saved_files(paths: Any) -> list[str]:
    """Load the saved match and the statistics once at start, so a damaged file is moved aside
    (and its backup restored) before the player presses Continue; return "subject:code" entries
    for the start-up message."""
    found: list[str] = []
    try:
        from rami_desktop.storage.match_io import load_saved_game
        from rami_desktop.storage.stats import load_stats
    except ImportError:
        return found
    for subject, load in (("save", load_saved_game), ("stats", load_stats)):
        try:
            _value, problem = load(paths)
        except Exception:
            log.exception("the %s could not be checked", subject)
            continue
        if problem:
            found.append(f"{subject}:{problem}")
    return found


def load_settings(paths: Any) -> tuple[dict[str, Any], str | None]:
    """Load the settings through the storage module: (settings dict, problem code or None)."""
    data: dict[str, Any] = dict(DEFAULT_SETTINGS)
    if paths is None:
        return data, None
    try:
        from rami_desktop.storage.settings import load_settings as storage_load
    except ImportError:
        return data, None
    try:
        loaded, problem = storage_load(paths)
        values = loaded.to_dict()
    except Exception:  # storage reports its own problems; the game starts anyway
        log.exception("settings could not be loaded")
        return data, None
    values.pop("version", None)
    data.update(values)
    return data, problem


def save_settings(paths: Any, data: dict[str, Any]) -> str | None:
    """Save a settings dict through the storage module; return its problem code or None."""
    if paths is None:
        return None
    try:
        from rami_desktop.storage.settings import Settings
        from rami_desktop.storage.settings import save_settings as storage_save
    except ImportError:
        return None
    try:
        settings, _repaired = Settings.from_dict(data)
        return storage_save(paths, settings)
    except Exception:
        log.exception("settings could not be saved")
        return "unwritable"


def make_sounds(settings: dict[str, Any]) -> Any:
    """The sound effects player, or None without the sound module."""
    try:
        from rami_desktop.ui.sound import Sounds
    except ImportError:
        return None
    try:
        return Sounds(float(settings.get("sound_volume", 0.8)), bool(settings.get("muted")))
    except Exception:
        log.exception("sound could not start")
        return None


def make_card_art(settings: dict[str, Any]) -> Any:
    """The card pictures, or None without the card art module."""
    try:
        from rami_desktop.ui.card_art import CardArt
    except ImportError:
        return None
    try:
        return CardArt(str(settings.get("deck_style", "classic")),
                       bool(settings.get("large_index")), str(settings.get("language") or "en"))
    except Exception:
        log.exception("card art could not load")
        return None


class App:
    """The running game.

    Args:
        size: window size (default 1280x800, or the saved one).
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
        self.paths: Any = default_paths() if persist or settings is None else None
        #: problem codes met at start, bare or as "subject:code" (subject settings, save or
        #: stats); shown once in a message over the menu (see ui.problems_text)
        self.startup_problems: list[str] = []
        #: the log file for the error screen (None: no log file, the log goes to stderr)
        self.log_file: Any = None
        #: show the error screen when a scene raises; tests and the smoke test (persist=False)
        #: let the error propagate instead
        self.catch_scene_errors = persist
        if persist and self.paths is not None:
            self.log_file = start_logging(self.paths)
            self.startup_problems.extend(check_folders(self.paths))
        self.settings: dict[str, Any] = dict(DEFAULT_SETTINGS)
        if settings is None:
            loaded, problem = load_settings(self.paths)
            self.settings.update(loaded)
            if problem:
                self.startup_problems.append(f"settings:{problem}")
        else:
            self.settings.update(settings)
        if persist and self.paths is not None:
            self.startup_problems.extend(check_saved_files(self.paths))
        self._startup_problems_shown = False
        saved_size = self.settings.get("window_size")
        if size is None and isinstance(saved_size, (list, tuple)) and len(saved_size) == 2:
            size = (int(saved_size[0]), int(saved_size[1]))
        self.windowed_size: tuple[int, int] = size or theme.DEFAULT_SIZE
        self.windowed_size = (max(self.windowed_size[0], 320), max(self.windowed_size[1], 240))
        self.fullscreen = bool(self.settings.get("fullscreen")) if fullscreen is None \
            else fullscreen
        pygame.display.set_caption("Rami")
        self.screen = self._open_window()
        self.clock = pygame.time.Clock()
        self.stack = SceneStack()
        self.running = True
        self.frames = 0
        self.frame_times: list[float] = []  # seconds of work per frame (no sleeping)
        self.last_dt = 0.0
        # services (None until their modules exist)
        self.sounds: Any = make_sounds(self.settings)
        self.card_art: Any = make_card_art(self.settings)
        self._relayout_needed = False
        add_listener = getattr(i18n, "add_listener", None)
        if add_listener is not None:
            add_listener(self._language_changed)
        lang = self.settings.get("language")
        if lang:
            self._apply_language(lang)
        try:
            pygame.key.start_text_input()
            pygame.key.set_repeat(400, 40)
        except pygame.error:
            pass

    # ----------------------------------------------------------------------------- window
    @property
    def size(self) -> tuple[int, int]:
        """The current window size."""
        return self.screen.get_size()

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._set_minimum_size()
        return screen

    def _set_minimum_size(self) -> None:
        window_cls = getattr(pygame, "Window", None)
        if window_cls is None or not hasattr(window_cls, "from_display_module"):
            return
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                window = window_cls.from_display_module()
            window.minimum_size = theme.MIN_SIZE
        except Exception:  # not every backend supports it
            pass

    def set_fullscreen(self, on: bool) -> None:
        """Switch between fullscreen and a resizable window, and relayout every scene."""
        if on == self.fullscreen and self.screen is pygame.display.get_surface():
            return
        if not self.fullscreen:
            self.windowed_size = self.size
        self.fullscreen = on
        self.screen = self._open_window()
        self.settings["fullscreen"] = on
        self._relayout()

    def toggle_fullscreen(self) -> None:
        """F11 / Alt+Enter."""
        self.set_fullscreen(not self.fullscreen)
        self.save_settings()

    def resize(self, size: tuple[int, int]) -> None:
        """React to a window size change."""
        surface = pygame.display.get_surface()
        if surface is not None and surface.get_size() != tuple(size):
            # some backends need the mode set again to resize the surface
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        if surface is not None:
            self.screen = surface
        if not self.fullscreen:
            self.windowed_size = self.size
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
        self._apply_services()
        self.save_settings()

    def _apply_services(self) -> None:
        st = self.settings
        if self.sounds is not None:
            try:
                self.sounds.volume = float(st.get("sound_volume", 0.8))
                self.sounds.muted = bool(st.get("muted"))
            except Exception:
                log.exception("sound settings could not be applied")
        art = self.card_art
        if art is not None:
            style = str(st.get("deck_style", "classic"))
            large = bool(st.get("large_index"))
            lang = str(st.get("language") or "en")
            if (art.style, art.large_index, art.lang) != (style, large, lang):
                art.style, art.large_index, art.lang = style, large, lang
                art.clear()

    def set_language(self, code: str, save: bool = True) -> None:
        """Switch the language now (translated text shows from the next frame).

        Raises:
            ValueError: an unknown language.
        """
        if code not in dict(LANGUAGES):
            raise ValueError(f"unknown language {code!r}")
        if save:
            self.update_setting("language", code)
        else:
            self.settings["language"] = code
            self._apply_language(code)
            self._apply_services()
            self._relayout()

    def _apply_language(self, code: str) -> None:
        setter = getattr(i18n, "set_language", None)
        if setter is not None:
            try:
                setter(code)
            except Exception:
                log.exception("language %s could not be set", code)
        widgets.clear_text_cache()

    def _language_changed(self, _code: str) -> None:
        """i18n listener: a language switch made anywhere relayouts at the next frame."""
        widgets.clear_text_cache()
        self._relayout_needed = True

    def play(self, name: str) -> None:
        """Play a sound by name if sound is available."""
        play = getattr(self.sounds, "play", None)
        if play is not None:
            try:
                play(name)
            except Exception:
                log.exception("sound %s failed", name)

    # ----------------------------------------------------------------------------- seams
    def first_scene(self) -> Scene:
        """The language choice at first start, else the menu."""
        if not self.settings.get("language"):
            from rami_desktop.ui.scenes.language import LanguageScene

            return LanguageScene(self)
        from rami_desktop.ui.scenes.menu import MenuScene

        return MenuScene(self)

    def table_available(self) -> bool:
        """Whether the table scene exists yet."""
        try:
            from rami_desktop.ui.scenes.table import TableScene  # noqa: F401
        except ImportError:
            return False
        return True

    def start_game(self, config: GameConfig, remember: bool = True) -> bool:
        """Start a match: the one seam between the setup (or ``--autoplay``) and the table.

        Args:
            config: the match.
            remember: keep it as the "last setup" the setup screen starts from.

        Returns whether the table could be shown; if not, a message says so.
        """
        if remember:
            self.settings["last_setup"] = config.to_dict()
            self.save_settings()
        try:
            from rami_desktop.ui.scenes.table import TableScene
        except ImportError:
            from rami_desktop.ui.scenes.overlays import MessageDialog

            self.stack.push(MessageDialog(self, N_("Not ready yet"),
                                          N_("The card table is still being built.")))
            return False
        self.stack.clear_to(TableScene(self, config))
        return True

    def saved_match_available(self) -> bool:
        """Whether Continue can resume a saved match."""
        try:
            from rami_desktop.storage.saves import has_saved_match
        except ImportError:
            return False
        if self.paths is None or not self.table_available():
            return False
        try:
            return bool(has_saved_match(self.paths))
        except Exception:
            log.exception("saved match check failed")
            return False

    def continue_match(self) -> bool:
        """Resume the saved match on the table; returns whether it could."""
        try:
            from rami_desktop.ui.scenes.table import TableScene
        except ImportError:
            return False
        from_save = getattr(TableScene, "from_save", None)
        if from_save is None:
            return False
        try:
            scene = from_save(self)
        except Exception:
            log.exception("saved match could not be resumed")
            from rami_desktop.ui.scenes.overlays import MessageDialog

            self.stack.push(MessageDialog(self, N_("Continue"),
                                          N_("The saved match could not be loaded.")))
            return False
        if scene is None:
            return False
        self.stack.clear_to(scene)
        return True

    def open_statistics(self) -> None:
        """Show the statistics screen (a placeholder message until it exists)."""
        try:
            from rami_desktop.ui.scenes.statistics import StatisticsScene
        except ImportError:
            from rami_desktop.ui.scenes.overlays import MessageDialog

            self.stack.push(MessageDialog(
                self, N_("Statistics"), N_("Statistics will appear here after your first match.")))
            return
        self.stack.push(StatisticsScene(self))

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
            if pygame.display.get_surface() is not None and \
                    pygame.display.get_surface().get_size() != self.screen.get_size():
                self.resize(pygame.display.get_surface().get_size())
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
        about to go).
        """
        start = time.perf_counter()
        try:
            self._run_scenes(dt, events)
        except Exception as exc:
            self.scene_failed(exc)
        pygame.display.flip()
        self.last_dt = dt
        self.frames += 1
        self.frame_times.append(time.perf_counter() - start)

    def _run_scenes(self, dt: float, events: Iterable[pygame.event.Event]) -> None:
        """The scenes' part of a frame: events, update, drawing."""
        self.stack.apply_pending()
        self._show_startup_problems()
        if self._relayout_needed:
            self._relayout_needed = False
            self._relayout()
        for event in events:
            if self._global_event(event):
                continue
            if self.stack.has_pending:
                continue
            top = self.stack.top
            if top is not None:
                top.handle_event(event)
        top = self.stack.top
        if top is not None and not self.stack.has_pending:
            top.update(dt)
        self.stack.apply_pending()
        if not self.stack:
            self.running = False
        self.draw()

    def scene_failed(self, exc: Exception) -> None:
        """A scene raised: log the traceback and show the error screen in its place.

        The broken scenes are dropped without their ``on_exit`` (which might save a broken
        state): the last autosave, made after the last complete turn, stays the save.

        Raises:
            Exception: ``exc`` again when errors are not caught (tests) or when the error
                screen itself failed.
        """
        from rami_desktop.ui.scenes.error_screen import ErrorScreen

        where = type(self.stack.top).__name__ if self.stack.top is not None else "no scene"
        log.error("unexpected error in %s", where, exc_info=exc)
        if not self.catch_scene_errors or isinstance(self.stack.top, ErrorScreen):
            raise exc
        saved = False
        if self.paths is not None:
            try:
                from rami_desktop.storage.saves import has_saved_match

                saved = bool(has_saved_match(self.paths))
            except Exception:
                log.exception("saved match check failed")
        self.stack = SceneStack()
        self.stack.push(ErrorScreen(self, self.log_file, saved=saved,
                                    summary=f"{type(exc).__name__}: {exc}"))
        self.stack.apply_pending()
        self.draw()

    def _show_startup_problems(self) -> None:
        """Once the menu shows, say what went wrong with the files at start (one message)."""
        if self._startup_problems_shown or not self.startup_problems:
            return
        from rami_desktop.ui.scenes.menu import MenuScene

        if not isinstance(self.stack.top, MenuScene):
            return
        from rami_desktop.ui.problems_text import STARTUP_TITLE, startup_message
        from rami_desktop.ui.scenes.overlays import MessageDialog

        self._startup_problems_shown = True
        entries = list(self.startup_problems)
        log.warning("start-up problems: %s", ", ".join(entries))
        self.stack.push(MessageDialog(self, STARTUP_TITLE, lambda: startup_message(entries)))
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
        """The main loop: real events and real time, until quit or ``max_frames``."""
        if not self.stack:
            self.stack.push(self.first_scene())
        while self.running:
            dt = min(self.clock.tick(FPS) / 1000.0, 0.1)
            self.step(dt, pygame.event.get())
            if max_frames is not None and self.frames >= max_frames:
                break
        if screenshot:
            self.save_screenshot(screenshot)

    def save_screenshot(self, path: str) -> None:
        """Save the last frame as an image."""
        pygame.image.save(self.screen, path)

    def frame_stats(self) -> tuple[float, float, float]:
        """(p50, p99, max) of the frame work times, in milliseconds."""
        if not self.frame_times:
            return 0.0, 0.0, 0.0
        ms = sorted(t * 1000.0 for t in self.frame_times)

        def pct(p: float) -> float:
            k = (len(ms) - 1) * p
            lo = int(k)
            hi = min(lo + 1, len(ms) - 1)
            return ms[lo] + (ms[hi] - ms[lo]) * (k - lo)

        return pct(0.5), pct(0.99), ms[-1]

    def perf_line(self) -> str:
        """The ``--perf`` report line."""
        p50, p99, worst = self.frame_stats()
        return f"frame_ms p50={p50:.3f} p99={p99:.3f} max={worst:.3f}"

    def close(self) -> None:
        """Save settings and close the window."""
        remove_listener = getattr(i18n, "remove_listener", None)
        if remove_listener is not None:
            remove_listener(self._language_changed)
        self.save_settings()
        pygame.display.quit()
