"""What every widget pressed like a button shares: pressed on the mouse's press, activated on
its release over the widget (a release elsewhere, or the pointer leaving, presses nothing);
Enter or Space activate it through the group."""

from __future__ import annotations

import pygame

from rami_desktop.ui.widgets.base import Widget
from rami_desktop.ui.widgets.drawing import is_click


class Pressable(Widget):
    """A widget pressed and released like a button (a push button, a portrait); a subclass
    says what :meth:`activate` does and draws itself (``pressed`` while held down)."""

    def __init__(self) -> None:
        super().__init__()
        self.pressed = False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.enabled and self.hit(event.pos)
            if not self.hovered:
                self.pressed = False
            return False
        if is_click(event) and self.enabled:
            inside = self.hit(event.pos)
            if event.type == pygame.MOUSEBUTTONDOWN and inside:
                self.pressed = True
                return True
            if event.type == pygame.MOUSEBUTTONUP:
                was, self.pressed = self.pressed, False
                if was and inside:
                    self.activate()
                    return True
        return False

    def release(self) -> None:
        self.pressed = False


__all__ = ["Pressable"]
