"""An on/off switch row."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rami_desktop.i18n import is_rtl
from rami_desktop.ui.kit import theme
from rami_desktop.ui.widgets.base import Text, Widget
from rami_desktop.ui.widgets.drawing import is_click
from rami_desktop.ui.widgets.row import Row


class Toggle(Row):
    """An on/off switch with a label (a checkbox)."""

    def __init__(self, label: Text | None, value: bool = False,
                 on_change: Callable[[bool], None] | None = None) -> None:
        super().__init__(label, control_width=110)
        self.value = value
        self.on_change = on_change

    def set(self, value: bool) -> None:
        """Set the value and report it."""
        self.value = bool(value)
        if self.on_change is not None:
            self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        super().handle_event(event)
        if is_click(event) and self.enabled and self.hit(event.pos):
            if event.type == pygame.MOUSEBUTTONDOWN:
                self.pressed = True
            elif self.pressed:
                self.pressed = False
                self.set(not self.value)
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            self.pressed = False
        return False

    def activate(self) -> None:
        if self.enabled:
            self.set(not self.value)

    def adjust(self, direction: int) -> bool:
        if self.enabled:
            self.set(direction > 0)
        return True

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        self.draw_row(surface, focus)
        s = self.scale
        ctrl = self.control_rect()
        w, h = theme.px(58, s), theme.px(30, s)
        pill = pygame.Rect(0, 0, w, h)
        if self.label:
            inset = theme.px(4, s)
            pill.centery = ctrl.centery
            if is_rtl():
                pill.left = ctrl.left + inset
            else:
                pill.right = ctrl.right - inset
        else:
            pill.center = ctrl.center
        on = self.value
        if not self.enabled:
            body = theme.CREAM_DARK
        else:
            body = theme.FELT_LIGHT if on else theme.CREAM_EDGE
        pygame.draw.rect(surface, body, pill, border_radius=h // 2)
        pygame.draw.rect(surface, theme.INK_SOFT if self.enabled else theme.CREAM_EDGE, pill,
                         width=max(1, theme.px(1, s)), border_radius=h // 2)
        knob_r = h // 2 - theme.px(4, s)
        to_end = on != is_rtl()  # "on" puts the knob on the end side
        kx = pill.right - h // 2 if to_end else pill.left + h // 2
        pygame.draw.circle(surface, theme.WHITE, (kx, pill.centery), knob_r)
        pygame.draw.circle(surface, theme.INK_SOFT, (kx, pill.centery), knob_r,
                           max(1, theme.px(1, s)))
