"""A row holding a whole number changed with minus and plus."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from rami_desktop.i18n import is_rtl
from rami_desktop.ui.kit import theme
from rami_desktop.ui.widgets.base import Text, Widget
from rami_desktop.ui.widgets.drawing import draw_focus_ring, fit_text, is_click
from rami_desktop.ui.widgets.row import Row


class NumberStepper(Row):
    """A whole number changed with minus and plus (or from a list of usual values)."""

    def __init__(self, label: Text | None, value: int, minimum: int, maximum: int,
                 on_change: Callable[[int], None] | None = None, *, step: int = 1,
                 values: Sequence[int] | None = None, control_width: int = 200) -> None:
        super().__init__(label, control_width=control_width)
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.step_size = step
        self.values = list(values) if values else None
        self.on_change = on_change

    def set_range(self, minimum: int, maximum: int) -> None:
        """Change the limits, clamping the value (reported if it changes)."""
        self.minimum, self.maximum = minimum, maximum
        clamped = max(minimum, min(maximum, self.value))
        if clamped != self.value:
            self.set(clamped)

    def set(self, value: int) -> None:
        """Set the value and report it."""
        self.value = int(value)
        if self.on_change is not None:
            self.on_change(self.value)

    def step(self, direction: int) -> None:
        """Go up (+1) or down (-1) one step, within the limits."""
        if not self.enabled:
            return
        if self.values:
            allowed = sorted(v for v in set(self.values) if self.minimum <= v <= self.maximum)
            if direction > 0:
                nxt = [v for v in allowed if v > self.value]
                new = nxt[0] if nxt else self.value
            else:
                prv = [v for v in allowed if v < self.value]
                new = prv[-1] if prv else self.value
        else:
            new = max(self.minimum, min(self.maximum, self.value + direction * self.step_size))
        if new != self.value:
            self.set(new)

    def _button_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(minus, plus) rects; mirrored in right-to-left languages."""
        box = self.control_rect().inflate(-theme.px(8, self.scale), -theme.px(8, self.scale))
        d = box.h
        first = pygame.Rect(box.x, box.y, d, d)
        last = pygame.Rect(box.right - d, box.y, d, d)
        return (last, first) if is_rtl() else (first, last)

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if is_click(event) and self.enabled and self.hit(event.pos):
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.pressed = True
                return True
            if not self.pressed:
                return True
            self.pressed = False
            minus, plus = self._button_rects()
            if minus.collidepoint(event.pos):
                self.step(-1)
            elif plus.collidepoint(event.pos):
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

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_EQUALS):
            self.step(1)
            return True
        if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.step(-1)
            return True
        return False

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        self.draw_row(surface, focus)
        s = self.scale
        box = self.control_rect().inflate(-theme.px(8, s), -theme.px(8, s))
        fill = theme.WHITE if self.enabled else theme.CREAM_DARK
        pygame.draw.rect(surface, fill, box, border_radius=box.h // 2)
        pygame.draw.rect(surface, theme.CREAM_EDGE, box, width=max(1, theme.px(2, s)),
                         border_radius=box.h // 2)
        minus, plus = self._button_rects()
        for r, sign in ((minus, -1), (plus, 1)):
            room = self.value > self.minimum if sign < 0 else self.value < self.maximum
            can = self.enabled and room
            c = theme.ACCENT if can else theme.CREAM_EDGE
            pygame.draw.circle(surface, c, r.center, r.h // 2 - theme.px(2, s))
            arm = max(3, r.h // 5)
            thick = max(2, theme.px(3, s))
            pygame.draw.line(surface, theme.WHITE, (r.centerx - arm, r.centery),
                             (r.centerx + arm, r.centery), thick)
            if sign > 0:
                pygame.draw.line(surface, theme.WHITE, (r.centerx, r.centery - arm),
                                 (r.centerx, r.centery + arm), thick)
        mid = pygame.Rect(min(minus.right, plus.right), box.y,
                          box.w - 2 * minus.w, box.h)
        surf = fit_text(str(self.value), theme.px(theme.FONT_BODY, s),
                        theme.INK if self.enabled else theme.INK_DISABLED, mid.w, bold=True)
        surface.blit(surf, surf.get_rect(center=mid.center))
        if focus is self and not self.label:
            draw_focus_ring(surface, self.rect, s)
