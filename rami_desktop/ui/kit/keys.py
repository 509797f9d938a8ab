"""Which keys are down, as the window's events tell it: every event of a frame is read here
before any screen sees it, so a screen that comes to the front knows the keys already held
(the key that closed a menu, a key held down and repeating) and a repeated key press is told
from a fresh one."""

from __future__ import annotations

import pygame


class KeysDown:
    """The keys held now, whether the last key press read was a repeat, and whether the last
    input was a key or the mouse.

    A key press counts as a repeat when its key is already down (key repeat sends presses
    without releases in between).
    """

    def __init__(self) -> None:
        self.down: set[int] = set()
        #: whether the last KEYDOWN read was the repeat of a key already down
        self.repeat = False
        #: whether the player's last input was a key (not the mouse): a screen that comes
        #: to the front then shows where its focus is at once
        self.by_keyboard = False

    def feed(self, event: pygame.event.Event) -> None:
        """Read one event (before the screens get it)."""
        if event.type == pygame.KEYDOWN:
            self.repeat = event.key in self.down
            self.down.add(event.key)
            self.by_keyboard = True
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            self.by_keyboard = False
        elif event.type == pygame.KEYUP:
            self.down.discard(event.key)
        elif event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            self.down.clear()  # the keys' state is read again from the next presses

    def held(self, keys: tuple[int, ...]) -> set[int]:
        """Which of ``keys`` are down now (as the events told, or as the keyboard says)."""
        try:
            pressed = pygame.key.get_pressed()
            real = {k for k in keys if pressed[k]}
        except pygame.error:  # no keyboard state without a display
            real = set()
        return real | (self.down & set(keys))


__all__ = ["KeysDown"]
