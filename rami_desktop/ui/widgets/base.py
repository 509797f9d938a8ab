"""The base widget and the label type: a message id or a callable giving the text."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from rami_desktop import i18n

Text = str | Callable[[], str]


def tr(label: Text | None) -> str:
    """Return the text of a label now: a message id is translated, a callable is called."""
    if label is None:
        return ""
    if callable(label):
        return str(label())
    return i18n._(label) if label else ""


class Widget:
    """Base widget: a rect, hover and enabled state; focusable unless told otherwise."""

    focusable = True
    captures_text = False

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.enabled = True
        self.hovered = False
        self.scale = 1.0
        self.clip: pygame.Rect | None = None  # set by a scroll area: the visible part

    def can_focus(self) -> bool:
        """Whether keyboard focus may rest here."""
        return self.focusable and self.visible and self.enabled

    def hit(self, pos: tuple[int, int]) -> bool:
        """Whether a point is on the widget (and in the visible part of a scroll area)."""
        if not self.visible or not self.rect.collidepoint(pos):
            return False
        return self.clip is None or self.clip.collidepoint(pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Handle a mouse event; return True when consumed."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.enabled and self.hit(event.pos)
        return False

    def handle_key(self, event: pygame.event.Event) -> bool:
        """Handle a key while focused, before navigation; return True when consumed."""
        return False

    def release(self) -> None:
        """Forget a press or a drag (the button was released elsewhere)."""

    def activate(self) -> None:
        """Enter or Space while focused."""

    def adjust(self, direction: int) -> bool:
        """Left/Right while focused (direction in reading order); True when handled."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations."""

    def wants_redraw(self) -> bool:
        """Whether the widget looks different now from when it was last drawn although no
        input came (an animation, a blinking caret): the scene is then drawn again."""
        return False

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        """Draw; ``focus`` is the focused widget when the focus ring is to be shown."""

    def children(self) -> Sequence[Widget]:
        """Widgets inside this one (containers only)."""
        return ()
