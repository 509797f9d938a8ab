"""The error screen: an unexpected error stopped a screen; where the log is; back to the menu.

The app shows it when a scene's event handling, update or drawing raises (see
:meth:`rami_desktop.app.App.scene_failed`). The match in play is not lost: the table saves it
after every turn, and the broken screen is dropped without being asked to save again.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from rami_desktop.i18n import N_, _, is_rtl
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.text import render
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import Button, Label, Panel, render_text

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context


class ErrorScreen(WidgetScene):
    """What went wrong, where the details are, and a way back to the menu.

    Args:
        ctx: the game context.
        log_file: the log file holding the traceback (None: the log went to the console).
        saved: whether a saved match exists that Continue will resume.
        summary: a one-line technical summary of the error (shown small, not translated).
    """

    def __init__(self, ctx: Context, log_file: Path | str | None = None, *, saved: bool = False,
                 summary: str = "") -> None:
        self.log_file = str(log_file) if log_file else None
        self.saved = saved
        self.summary = summary[:200]
        super().__init__(ctx)

    def message(self) -> str:
        """The explanation shown on the screen (translated now)."""
        lines = [_("Rami met an unexpected problem and stopped this screen.")]
        if self.saved:
            lines.append(_("Your match was saved at the end of the last turn: choose Continue "
                           "in the menu to resume it."))
        if self.log_file:
            lines.append(_("The details were written to the log file:"))
        else:
            lines.append(_("The details were written to the console."))
        return "\n".join(lines)

    def build(self) -> None:
        self.panel = self.group.add(Panel(N_("Something went wrong")))
        self.text = self.group.add(Label(self.message, theme.FONT_BODY, theme.INK, wrap=True,
                                         align="center"))
        self.menu_button = self.group.add(Button(N_("Back to the menu"), self.to_menu,
                                                 style="primary"))
        self.quit_button = self.group.add(Button(N_("Quit"), self.ctx.quit))
        self.group.focused = self.menu_button
        self.path_rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale
        pw = min(theme.px(820, s), int(w * 0.9))
        pad = theme.px(28, s)
        body = render_text(self.message(), theme.px(theme.FONT_BODY, s), theme.INK,
                           max_width=pw - 2 * pad, align="center")
        path_h = theme.px(60, s) if self.log_file else 0
        summary_h = theme.px(34, s) if self.summary else 0
        bh = theme.px(52, s)
        ph = (self.panel.title_height() + pad // 2 + body.get_height() + path_h + summary_h
              + pad + bh + pad)
        self.panel.rect = pygame.Rect(0, 0, pw, min(ph, h - theme.px(20, s)))
        self.panel.rect.center = (w // 2, h // 2)
        y = self.panel.rect.y + self.panel.title_height() + pad // 2
        self.text.rect = pygame.Rect(self.panel.rect.x + pad, y, pw - 2 * pad, body.get_height())
        y += body.get_height() + theme.px(8, s)
        self.path_rect = pygame.Rect(self.panel.rect.x + pad, y, pw - 2 * pad,
                                     path_h + summary_h)
        bw, gap = theme.px(240, s), theme.px(20, s)
        row = [self.menu_button, self.quit_button]
        if is_rtl():
            row.reverse()
        x = self.panel.rect.centerx - (2 * bw + gap) // 2
        by = self.panel.rect.bottom - pad - bh
        for button in row:
            button.rect = pygame.Rect(x, by, bw, bh)
            x += bw + gap

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.scale
        y = self.path_rect.y
        if self.log_file:
            # a path is not translated and always reads left to right
            path = render_text(self.log_file, theme.px(theme.FONT_SMALL, s), theme.ZELLIGE,
                               bold=True, max_width=self.path_rect.w, align="center")
            surface.blit(path, path.get_rect(midtop=(self.path_rect.centerx, y)))
            y += path.get_height() + theme.px(10, s)
        if self.summary:
            # the error's own words, in English: left to right in every language
            small = render(self.summary, theme.px(theme.FONT_SMALL - 4, s), theme.INK_SOFT,
                           max_width=self.path_rect.w, align="center", rtl=False)
            surface.blit(small, small.get_rect(midtop=(self.path_rect.centerx, y)))

    def to_menu(self) -> None:
        """Back to the menu (Continue resumes the saved match from there)."""
        self.ctx.stack.clear_to(self.ctx.scene(Route.MENU))

    def back(self) -> None:
        """Escape: back to the menu."""
        self.to_menu()
