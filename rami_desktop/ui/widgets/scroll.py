"""A clipped, scrolling list of widgets."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from rami_desktop.ui.kit import theme
from rami_desktop.ui.widgets.base import Widget
from rami_desktop.ui.widgets.drawing import draw_scroll_bar, scroll_bar


class ScrollArea(Widget):
    """A clipped, scrolling column of widgets placed at rects relative to its content top."""

    focusable = False

    def __init__(self) -> None:
        super().__init__()
        self.items: list[tuple[Widget, pygame.Rect]] = []
        self.decorations: list[tuple[Widget, pygame.Rect]] = []
        self.content_height = 0
        self.scroll = 0
        self._drag: tuple[int, int] | None = None
        self._mouse: tuple[int, int] = (-1, -1)  # last pointer position seen
        self._last_hit: Widget | None = None  # the child that took the last click

    def set_content(self, items: list[tuple[Widget, pygame.Rect]], content_height: int,
                    decorations: list[tuple[Widget, pygame.Rect]] | None = None) -> None:
        """Place widgets (rects with x relative to the area, y relative to the content top);
        decorations are drawn but never focused."""
        self.items = items
        self.decorations = decorations or []
        self.content_height = content_height
        self.set_scroll(self.scroll)

    def max_scroll(self) -> int:
        """How far the content can scroll."""
        return max(0, self.content_height - self.rect.h)

    def set_scroll(self, value: int) -> None:
        """Scroll to a position (clamped) and place the children."""
        self.scroll = max(0, min(self.max_scroll(), int(value)))
        for widget, rel in self.items + self.decorations:
            widget.rect = rel.move(self.rect.x, self.rect.y - self.scroll)
            widget.clip = self.rect
            widget.scale = self.scale

    def ensure_visible(self, widget: Widget) -> None:
        """Scroll so that a child is fully visible."""
        for w, rel in self.items:
            if w is widget:
                pad = theme.px(10, self.scale)
                if rel.top - pad < self.scroll:
                    self.set_scroll(rel.top - pad)
                elif rel.bottom + pad > self.scroll + self.rect.h:
                    self.set_scroll(rel.bottom + pad - self.rect.h)
                return

    def children(self) -> Sequence[Widget]:
        return [w for w, _ in self.items]

    def _thumb(self) -> pygame.Rect | None:
        bar = scroll_bar(self.rect, self.content_height, self.scroll, self.scale)
        return None if bar is None else bar[1]

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(self._mouse):
                self.set_scroll(self.scroll - event.y * theme.px(48, self.scale))
                return True
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._last_hit = None
        thumb = self._thumb()
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and thumb:
            grab = thumb.inflate(theme.px(12, self.scale), 0)
            if grab.collidepoint(event.pos):
                self._drag = (event.pos[1], self.scroll)
                return True
        if event.type == pygame.MOUSEMOTION and self._drag is not None and thumb:
            y0, s0 = self._drag
            span = max(1, self.rect.h - thumb.h)
            self.set_scroll(s0 + (event.pos[1] - y0) * self.max_scroll() / span)
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._drag is not None:
            self._drag = None
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and \
                not self.rect.collidepoint(event.pos):
            # let children forget a press that ends outside
            for w in self.children():
                w.release()
            return False
        consumed = False
        for w in reversed(self.children()):
            if w.handle_event(event):
                consumed = True
                if event.type != pygame.MOUSEMOTION:
                    self._last_hit = w
                    break
        return consumed

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        old = surface.get_clip()
        surface.set_clip(self.rect.clip(old) if old else self.rect)
        for w, _ in self.decorations:
            if w.rect.colliderect(self.rect):
                w.draw(surface, focus)
        for w in self.children():
            if w.rect.colliderect(self.rect.inflate(0, theme.px(12, self.scale))):
                w.draw(surface, focus)
        surface.set_clip(old)
        draw_scroll_bar(surface, scroll_bar(self.rect, self.content_height, self.scroll,
                                            self.scale))
