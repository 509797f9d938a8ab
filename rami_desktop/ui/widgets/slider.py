"""A row holding a value from 0 to 1 (a volume)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rami_desktop.i18n import _, is_rtl
from rami_desktop.ui.kit import theme
from rami_desktop.ui.widgets.base import Text, Widget
from rami_desktop.ui.widgets.drawing import blit_aligned, fit_text
from rami_desktop.ui.widgets.row import Row


class Slider(Row):
    """A value from 0 to 1 (volume), dragged or changed with the arrows."""

    def __init__(self, label: Text | None, value: float = 1.0,
                 on_change: Callable[[float], None] | None = None, *, step: float = 0.05) -> None:
        super().__init__(label, control_width=300)
        self.value = max(0.0, min(1.0, value))
        self.on_change = on_change
        self.step_size = step
        self.dragging = False

    def set(self, value: float) -> None:
        """Set the value (clamped to 0..1) and report it."""
        self.value = round(max(0.0, min(1.0, value)), 4)
        if self.on_change is not None:
            self.on_change(self.value)

    def _track(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(track, percent text) rects."""
        ctrl = self.control_rect().inflate(-theme.px(16, self.scale), 0)
        tw = theme.px(60, self.scale)
        if is_rtl():
            text = pygame.Rect(ctrl.x, ctrl.y, tw, ctrl.h)
            track = pygame.Rect(text.right + theme.px(8, self.scale), ctrl.centery - 3,
                                ctrl.w - tw - theme.px(8, self.scale), 6)
        else:
            text = pygame.Rect(ctrl.right - tw, ctrl.y, tw, ctrl.h)
            track = pygame.Rect(ctrl.x, ctrl.centery - 3, ctrl.w - tw - theme.px(8, self.scale), 6)
        return track, text

    def _value_at(self, x: int) -> float:
        track, _ = self._track()
        t = (x - track.x) / max(1, track.w)
        return 1.0 - t if is_rtl() else t

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 \
                and self.hit(event.pos):
            track, _ = self._track()
            if track.inflate(theme.px(24, self.scale), self.rect.h).collidepoint(event.pos):
                self.dragging = True
                self.set(self._value_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self.set(self._value_at(event.pos[0]))
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return False

    def release(self) -> None:
        super().release()
        self.dragging = False

    def adjust(self, direction: int) -> bool:
        if self.enabled:
            self.set(self.value + direction * self.step_size)
        return True

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        self.draw_row(surface, focus)
        s = self.scale
        track, text_rect = self._track()
        h = max(4, theme.px(8, s))
        track = pygame.Rect(track.x, track.centery - h // 2, track.w, h)
        pygame.draw.rect(surface, theme.CREAM_EDGE, track, border_radius=h // 2)
        fw = round(track.w * self.value)
        fill = (pygame.Rect(track.right - fw, track.y, fw, h) if is_rtl()
                else pygame.Rect(track.x, track.y, fw, h))
        if fw > 0:
            pygame.draw.rect(surface, theme.ACCENT if self.enabled else theme.INK_DISABLED, fill,
                             border_radius=h // 2)
        kx = fill.left if is_rtl() else fill.right
        r = theme.px(11, s)
        pygame.draw.circle(surface, theme.BRASS, (kx, track.centery), r)
        pygame.draw.circle(surface, theme.INK_SOFT, (kx, track.centery), r, max(1, theme.px(1, s)))
        # TRANSLATORS: a percentage; French puts a no-break space before %
        surf = fit_text(_("{percent}%").format(percent=round(self.value * 100)),
                        theme.px(theme.FONT_SMALL, s),
                        theme.INK_SOFT, text_rect.w)
        blit_aligned(surface, surf, text_rect, "end")
