"""Menu → Play on the network: host a table, or join one (and come back to the last one)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rami_desktop.i18n import N_
from rami_desktop.ui.kit import theme
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import Button, Label, Panel

if TYPE_CHECKING:
    pass

INTRO = N_("One player hosts a table on the home network; the others join it from their own "
           "computer, each with their own hand and their own language. Bots fill the empty "
           "seats.")


class NetworkScene(WidgetScene):
    """Host a table, join one, or go back to the last one joined."""

    def build(self) -> None:
        self.panel = self.group.add(Panel(N_("Play on the network")))
        self.intro = self.group.add(Label(INTRO, theme.FONT_SMALL, theme.INK_SOFT, wrap=True))
        self.host_button = self.group.add(Button(N_("Host a table"), self.host,
                                                 style="primary"))
        self.join_button = self.group.add(Button(N_("Join a table"), self.join))
        self.back_button = self.group.add(Button(N_("Back"), self.back))
        self.group.focused = self.host_button

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        w = min(theme.px(640, s), int(size[0] * 0.9))
        pad, gap, bh = theme.px(24, s), theme.px(12, s), theme.px(52, s)
        intro_h = theme.px(96, s)
        h = self.panel.title_height() + intro_h + 3 * (bh + gap) + pad
        self.panel.rect = pygame.Rect(0, 0, w, min(h, size[1] - theme.px(16, s)))
        self.panel.rect.center = (size[0] // 2, size[1] // 2)
        inner = self.panel.rect.inflate(-2 * pad, 0)
        y = self.panel.rect.y + self.panel.title_height() + pad // 2
        self.intro.rect = pygame.Rect(inner.x, y, inner.w, intro_h)
        y += intro_h + gap
        bw = min(inner.w, theme.px(360, s))
        for b in (self.host_button, self.join_button, self.back_button):
            b.rect = pygame.Rect(0, y, bw, bh)
            b.rect.centerx = inner.centerx
            y += bh + gap

    def host(self) -> None:
        """The setup of a table to host."""
        self.ctx.stack.push(self.ctx.scene(Route.SETUP, hosting=True))

    def join(self) -> None:
        """The tables to join."""
        self.ctx.stack.push(self.ctx.scene(Route.NET_JOIN))

__all__ = ["INTRO", "NetworkScene"]
