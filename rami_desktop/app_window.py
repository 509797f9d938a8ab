"""The game's window: opened at the size saved (within the desktop), fullscreen or resizable,
with Rami's icon and a smallest size; switched between the two and resized.

It knows nothing of scenes or settings: the app relayouts its scenes and saves the size.
"""

from __future__ import annotations

import contextlib
import logging
import warnings
from typing import Any

import pygame

from rami_desktop.resources import asset
from rami_desktop.storage.settings import fit_window_size
from rami_desktop.ui.kit import theme

log = logging.getLogger(__name__)

#: the window's icon (made with the bundle's icons by packaging/make_icons.py)
WINDOW_ICON = ("icons", "rami-128.png")
#: the smallest window the app opens, whatever size it is asked for
SMALLEST = (320, 240)


def _set_window_icon() -> None:
    """Rami's icon for the window (before it opens: some systems read it only then)."""
    try:
        pygame.display.set_icon(pygame.image.load(str(asset(*WINDOW_ICON))))
    except (pygame.error, OSError) as exc:  # boundary: a damaged install keeps SDL's icon
        log.warning("no window icon: %s", exc)


def _desktop_size() -> tuple[int, int] | None:
    """The first desktop's size, None if the video driver does not know it."""
    with contextlib.suppress(pygame.error):
        sizes = pygame.display.get_desktop_sizes()
        if sizes:
            return sizes[0][0], sizes[0][1]
    return None


def saved_size(saved: Any) -> tuple[int, int]:
    """The window size to open for the settings' ``window_size`` (anything: a bad value is
    not one), within the usable desktop; the first start's size when none was saved."""
    size: tuple[int, int] | None = None
    if isinstance(saved, (list, tuple)) and len(saved) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in saved):
        size = saved[0], saved[1]
    return fit_window_size(size, _desktop_size(), theme.DEFAULT_SIZE)


def _set_minimum_size() -> None:
    with warnings.catch_warnings(), contextlib.suppress(pygame.error):
        warnings.simplefilter("ignore")
        window = pygame.Window.from_display_module()
        window.minimum_size = theme.MIN_SIZE  # not every backend supports it


class Window:
    """The display's window (the display module started first).

    Args:
        size: its size when not fullscreen (at least :data:`SMALLEST`).
        fullscreen: open it fullscreen.
    """

    def __init__(self, size: tuple[int, int], fullscreen: bool) -> None:
        self.windowed_size: tuple[int, int] = (max(size[0], SMALLEST[0]),
                                               max(size[1], SMALLEST[1]))
        self.fullscreen = fullscreen
        pygame.display.set_caption("Rami")
        _set_window_icon()
        self.screen = self._open()

    @property
    def size(self) -> tuple[int, int]:
        """The window's size now."""
        return self.screen.get_size()

    def _open(self) -> pygame.Surface:
        if self.fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        _set_minimum_size()
        return screen

    def set_fullscreen(self, on: bool) -> bool:
        """Fullscreen or a resizable window (of the size it had); returns whether it changed."""
        if on == self.fullscreen and self.screen is pygame.display.get_surface():
            return False
        if not self.fullscreen:
            self.windowed_size = self.size
        self.fullscreen = on
        self.screen = self._open()
        return True

    def resize(self, size: tuple[int, int]) -> None:
        """Follow a change of the window's size."""
        surface = pygame.display.get_surface()
        if surface is not None and surface.get_size() != tuple(size):
            # some backends need the mode set again to resize the surface
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        if surface is not None:
            self.screen = surface
        if not self.fullscreen:
            self.windowed_size = self.size

    def resized_by_system(self) -> tuple[int, int] | None:
        """The display surface's size when the system changed it under the window (None: it
        did not)."""
        surface = pygame.display.get_surface()
        if surface is not None and surface.get_size() != self.screen.get_size():
            return surface.get_size()
        return None

    @staticmethod
    def hide() -> None:
        """Hide the window at once (closing the display takes 2 s under Wine)."""
        with warnings.catch_warnings():  # pygame-ce's window of the display module
            warnings.simplefilter("ignore", DeprecationWarning)
            with contextlib.suppress(pygame.error):
                pygame.Window.from_display_module().hide()
