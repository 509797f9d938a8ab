"""A row whose value is chosen by cycling through options."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from rami_desktop.i18n import is_rtl
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.text import line_height, text_width, wrap
from rami_desktop.ui.widgets.base import Text, Widget, tr
from rami_desktop.ui.widgets.drawing import (
    arrow,
    draw_focus_ring,
    fit_text,
    is_click,
    render_text,
)
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
        #: the value's text size for the options' texts and width it was worked out for
        self._size: tuple[tuple[Any, ...], int] = ((), 0)
        #: choices drawn at one text size with this one (a column of seats): the smallest
        #: any of those shown needs
        self.size_group: list[Choice] = []

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

    def value_rect(self) -> pygame.Rect:
        """Where the value's text goes: between the arrows, clear of them."""
        s = self.scale
        box = self.control_rect().inflate(-theme.px(8, s), -theme.px(8, s))
        left, right = self._arrow_rects()
        pad = theme.px(4, s)
        return pygame.Rect(left.right + pad, box.y, max(1, right.left - left.right - 2 * pad),
                           box.h)

    def value_size(self) -> int:
        """One text size for every option (the largest at which the longest fits, down to
        60 % of the body size), and for every choice of its :attr:`size_group`: "Medium" is
        never drawn smaller than "Easy" beside it or above it."""
        sizes = [c.own_size() for c in self.size_group if c is not self and c.visible]
        return min([self.own_size(), *sizes])

    def own_size(self) -> int:
        """The text size this choice alone needs (see :meth:`value_size`)."""
        base = theme.px(theme.FONT_BODY, self.scale)
        width, height = self.value_rect().size
        texts = tuple(tr(text) for _value, text in self.options)
        key = (texts, width, height, base)
        if self._size[0] == key:
            return self._size[1]
        size, floor = base, max(8, int(base * 0.6))
        while size > floor and (line_height(size) > height or
                                any(text_width(t, size) > width for t in texts)):
            size -= 1
        self._size = (key, size)
        return size

    def _lines(self, text: str) -> int:
        """On how many lines a value's text shows whole at :meth:`value_size`: 1, else 2 when
        the row's height allows, else 0 (it does not fit)."""
        size = self.value_size()
        mid = self.value_rect()
        if text_width(text, size) <= mid.w:
            return 1
        lines = wrap(text, size, mid.w)
        if len(lines) <= 2 and 2 * line_height(size) <= mid.h and \
                all(text_width(line, size) <= mid.w for line in lines):
            return 2
        return 0

    def value_surface(self, text: str, color: theme.Color) -> pygame.Surface:
        """A value's text as drawn: whole on one line or two, else cut."""
        size = self.value_size()
        lines = self._lines(text)
        if lines == 1:
            return render_text(text, size, color)
        if lines == 2:
            return render_text(text, size, color, max_width=self.value_rect().w,
                               align="center")
        return fit_text(text, size, color, self.value_rect().w)

    def shows_whole(self) -> bool:
        """Whether the value chosen now shows whole (on two lines at most)."""
        return self._lines(self.value_text()) > 0

    def value_clipped(self) -> bool:
        """Whether an option's text is too long to show whole (on two lines at most)."""
        return any(self._lines(tr(text)) == 0 for _value, text in self.options)

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
        mid = self.value_rect()
        surf = self.value_surface(self.value_text(),
                                  theme.INK if self.enabled else theme.INK_DISABLED)
        surface.blit(surf, surf.get_rect(center=mid.center))
        if focus is self and not self.label:
            draw_focus_ring(surface, self.rect, s)
