"""A row whose value is chosen by cycling through options."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from rami_desktop.i18n import is_rtl
from rami_desktop.ui import theme
from rami_desktop.ui.widgets.base import Text, Widget, tr
from rami_desktop.ui.widgets.drawing import arrow, draw_focus_ring, fit_text, is_click
from rami_desktop.ui.widgets.row import Row


class Choice(Row):
    """A value chosen by cycling with left/right arrows (or clicking the value)."""

    def __init__(self, label: Text | None, options: Sequence[tuple[Any, Text]], value: Any = None,
                 on_change: Callable[[Any], None] | None = None, *,
                 control_width: int = 250) -> None:
        super().__init__(label, control_width=control_width)
        self.options: list[tuple[Any, Text]] = list(options)
        values = [v for v, _ in self.options]
        self.value: Any = value if value in values else (values[0] if values else None)
        self.on_change = on_change

    def index(self) -> int:
        """Index of the current value."""
        for i, (v, _) in enumerate(self.options):
            if v == self.value:
                return i
        return 0

    def set(self, value: Any) -> None:
        """Set the value and report it."""
        self.value = value
        if self.on_change is not None:
            self.on_change(value)

    def step(self, direction: int) -> None:
        """Go to the next (+1) or previous (-1) option, wrapping."""
        if not self.options or not self.enabled:
            return
        self.set(self.options[(self.index() + direction) % len(self.options)][0])

    def value_text(self) -> str:
        """The text of the current value."""
        if not self.options:
            return ""
        return tr(self.options[self.index()][1])

    def _arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        ctrl = self.control_rect().inflate(-theme.px(8, self.scale), -theme.px(8, self.scale))
        # a narrow control keeps narrow arrows: the room is the value's
        aw = min(theme.px(30, self.scale), max(theme.px(16, self.scale), ctrl.w // 7))
        left = pygame.Rect(ctrl.x, ctrl.y, aw, ctrl.h)
        right = pygame.Rect(ctrl.right - aw, ctrl.y, aw, ctrl.h)
        return left, right

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if is_click(event) and self.enabled and self.hit(event.pos):
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.pressed = True
                return True
            if not self.pressed:
                return True
            self.pressed = False
            left, right = self._arrow_rects()
            forward = 1 if not is_rtl() else -1
            if left.collidepoint(event.pos):
                self.step(-forward)
            elif right.collidepoint(event.pos):
                self.step(forward)
            else:
                self.step(1)
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            self.pressed = False
        return False

    def activate(self) -> None:
        self.step(1)

    def adjust(self, direction: int) -> bool:
        self.step(direction)
        return True

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        self.draw_row(surface, focus)
        s = self.scale
        box = self.control_rect().inflate(-theme.px(8, s), -theme.px(8, s))
        fill = theme.WHITE if self.enabled else theme.CREAM_DARK
        pygame.draw.rect(surface, fill, box, border_radius=theme.radius(s))
        pygame.draw.rect(surface, theme.CREAM_EDGE, box, width=max(1, theme.px(2, s)),
                         border_radius=theme.radius(s))
        left, right = self._arrow_rects()
        ink = theme.ACCENT if self.enabled else theme.INK_DISABLED
        size = theme.px(14, s)
        arrow(surface, ink, left.center, size, -1)
        arrow(surface, ink, right.center, size, +1)
        mid = pygame.Rect(left.right, box.y, right.left - left.right, box.h)
        surf = fit_text(self.value_text(), theme.px(theme.FONT_BODY, s),
                        theme.INK if self.enabled else theme.INK_DISABLED, mid.w)
        surface.blit(surf, surf.get_rect(center=mid.center))
        if focus is self and not self.label:
            draw_focus_ring(surface, self.rect, s)
