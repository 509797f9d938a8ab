"""Pass-and-play: between two humans' turns, a screen that hides every hand until the named
player is at the screen and clicks."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from rami_desktop.i18n import _
from rami_desktop.ui import theme
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scene import WidgetScene
from rami_desktop.ui.widgets import Button, Label, Panel

if TYPE_CHECKING:
    from rami_desktop.ui.scene import Context


class PrivacyScene(WidgetScene):
    """An opaque screen: "Pass the screen to {name}"; the hand shows only after the click.

    Args:
        ctx: the game context.
        name: the next player's name.
        on_ready: called when that player says they are at the screen.
    """

    transparent = False

    def __init__(self, ctx: Context, name: str, on_ready: Callable[[], None]) -> None:
        self.name = name
        self.on_ready = on_ready
        super().__init__(ctx)

    def build(self) -> None:
        self.panel = self.group.add(Panel(lambda: _("Next player")))
        self.text = self.group.add(Label(
            lambda: _("Pass the screen to {name}").format(name=self.name),
            theme.FONT_HEADING, theme.INK, align="center", bold=True))
        self.note = self.group.add(Label(
            lambda: _("Every hand stays hidden until {name} is ready.").format(name=self.name),
            theme.FONT_BODY, theme.INK_SOFT, align="center", wrap=True))
        self.ready = self.group.add(Button(
            lambda: _("I am {name}: show my cards").format(name=self.name), self.go,
            style="primary"))
        self.group.focused = self.ready

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        w = min(theme.px(640, s), int(size[0] * 0.86))
        h = theme.px(300, s)
        self.panel.rect = pygame.Rect(0, 0, w, h)
        self.panel.rect.center = (size[0] // 2, size[1] // 2)
        pad = theme.px(28, s)
        top = self.panel.rect.y + self.panel.title_height() + pad // 2
        self.text.rect = pygame.Rect(self.panel.rect.x + pad, top, w - 2 * pad, theme.px(56, s))
        below = self.text.rect.bottom + theme.px(6, s)
        self.note.rect = pygame.Rect(self.panel.rect.x + pad, below, w - 2 * pad, theme.px(60, s))
        bh = theme.px(54, s)
        self.ready.rect = pygame.Rect(0, self.panel.rect.bottom - pad - bh,
                                      min(w - 2 * pad, theme.px(420, s)), bh)
        self.ready.rect.centerx = self.panel.rect.centerx

    def go(self) -> None:
        """The player is ready: back to the table, their hand shown."""
        self.ctx.stack.pop()
        self.on_ready()

    def back(self) -> None:
        """Escape opens the pause menu (the hands stay hidden: only the named player's click
        shows them)."""
        self.ctx.stack.push(self.ctx.scene(Route.PAUSE))
