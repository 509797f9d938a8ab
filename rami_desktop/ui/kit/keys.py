"""Which keys are down, as the window's events tell it: every event of a frame is read here
before any screen sees it, so a screen that comes to the front knows the keys already held
(the key that closed a menu, a key held down and repeating) and a repeated key press is told
from a fresh one.

A key already down when a screen comes to the front never counts there until it is released:
its repeats are not passed on (:meth:`KeysDown.feed`). Key repeat is pygame's timer, which
presses a key again 0.4 s after its press unless its release was read by then: a frame that
works longer than that (the first summary a game draws, on a busy computer) turns one quick
press into two, and the second would press the button of the screen the first one opened."""

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
        #: the screen in front when the last event was read, and the keys down when it came
        #: there, not released since (their presses are repeats it never gets)
        self._front: object | None = None
        self._stale: set[int] = set()

    def feed(self, event: pygame.event.Event, front: object | None = None) -> bool:
        """Read one event (before the screens get it); return whether the screen in front
        (``front``) may have it: not a key's press (a repeat) while that key has been down
        since before this screen came to the front."""
        if front is not self._front:
            self._front = front
            self._stale = set(self.down)
        if event.type == pygame.KEYDOWN:
            self.repeat = event.key in self.down
            self.down.add(event.key)
            self.by_keyboard = True
            return event.key not in self._stale
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION):
            self.by_keyboard = False
        elif event.type == pygame.KEYUP:
            self.down.discard(event.key)
            self._stale.discard(event.key)
        elif event.type in (pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED):
            self.down.clear()  # the keys' state is read again from the next presses
            self._stale.clear()
        return True

    def held(self, keys: tuple[int, ...]) -> set[int]:
        """Which of ``keys`` are down now (as the events told, or as the keyboard says)."""
        try:
            pressed = pygame.key.get_pressed()
            real = {k for k in keys if pressed[k]}
        except pygame.error:  # no keyboard state without a display
            real = set()
        return real | (self.down & set(keys))


__all__ = ["KeysDown"]
