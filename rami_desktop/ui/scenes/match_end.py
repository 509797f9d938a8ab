"""The end of a match: the winner(s), the final totals (per team too), back to the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rami_desktop.ui import theme
from rami_desktop.ui.scene import WidgetScene
from rami_desktop.ui.table.controller import GameController
from rami_desktop.ui.widgets import N_, Button, Panel, _, fit_text

if TYPE_CHECKING:
    from rami_desktop.app import App


class MatchEndScene(WidgetScene):
    """Who won and the totals."""

    def __init__(self, app: App, controller: GameController) -> None:
        self.ctl = controller
        super().__init__(app)

    def build(self) -> None:
        self.panel = self.group.add(Panel(N_("Match over")))
        self.menu = self.group.add(Button(N_("Back to menu"), self.back, style="primary"))
        self.group.focused = self.menu

    def winners_text(self) -> str:
        """The winner line."""
        winners = self.ctl.match.winners()
        names = ", ".join(self.ctl.name(s) for s in winners)
        if self.ctl.rules.teams:
            return _("The team of {names} wins!").format(names=names)
        if len(winners) > 1:
            return _("Shared win: {names}").format(names=names)
        return _("{name} wins the match!").format(name=names)

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        n = self.ctl.config.players
        w = min(theme.px(620, s), int(size[0] * 0.9))
        h = self.panel.title_height() + theme.px(200, s) + theme.px(38, s) * n
        self.panel.rect = pygame.Rect(0, 0, w, min(h, int(size[1] * 0.94)))
        self.panel.rect.center = (size[0] // 2, size[1] // 2)
        bh = theme.px(52, s)
        self.menu.rect = pygame.Rect(0, self.panel.rect.bottom - theme.px(24, s) - bh,
                                     theme.px(240, s), bh)
        self.menu.rect.centerx = self.panel.rect.centerx

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.scale
        p = self.panel.rect
        pad = theme.px(28, s)
        y = p.y + self.panel.title_height() + theme.px(14, s)
        head = fit_text(self.winners_text(), theme.px(theme.FONT_SUBHEADING, s),
                        theme.ACCENT_DARK, p.w - 2 * pad, bold=True)
        surface.blit(head, head.get_rect(midtop=(p.centerx, y)))
        y += head.get_height() + theme.px(18, s)
        m = self.ctl.match
        winners = set(m.winners())
        order = sorted(range(self.ctl.config.players), key=lambda seat: m.scores[seat])
        for seat in order:
            color = theme.ACCENT if seat in winners else theme.INK
            name = fit_text(self.ctl.name(seat), theme.px(theme.FONT_BODY, s), color,
                            p.w // 2, bold=seat in winners)
            score = fit_text(_("{points} pts").format(points=m.scores[seat]),
                             theme.px(theme.FONT_BODY, s), color, p.w // 3)
            surface.blit(name, (p.x + pad, y))
            surface.blit(score, (p.right - pad - score.get_width(), y))
            y += theme.px(38, s)
        teams = m.team_scores()
        if teams is not None:
            text = _("Teams: {first} – {second}").format(first=teams[0], second=teams[1])
            surf = fit_text(text, theme.px(theme.FONT_SMALL, s), theme.INK, p.w - 2 * pad)
            surface.blit(surf, surf.get_rect(midtop=(p.centerx, y + theme.px(6, s))))

    def back(self) -> None:
        """To the menu."""
        from rami_desktop.ui.scenes.menu import MenuScene

        self.app.stack.clear_to(MenuScene(self.app))
