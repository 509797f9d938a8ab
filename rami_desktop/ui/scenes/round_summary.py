"""After a round: each player's penalty and how it was counted, the totals, who is out, and the
match's deal code; then the next round or the menu."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from rami_desktop.engine.rules import MatchEnd, Penalty
from rami_desktop.engine.state import RoundState
from rami_desktop.ui import theme
from rami_desktop.ui.scene import WidgetScene
from rami_desktop.ui.table.controller import GameController
from rami_desktop.ui.widgets import N_, Button, Panel, _, fit_text, is_rtl, ngettext

if TYPE_CHECKING:
    from rami_desktop.app import App


def penalty_explanation(r: RoundState, player: int) -> str:
    """How a player's penalty of a finished round was counted, in words."""
    rules = r.rules
    if r.winner is None:
        return _("no winner: the stock ran out")
    if player == r.winner:
        return _("went out")
    if r.partners[r.winner] == player:
        return _("partner went out")
    if r.rami_sec:
        return _("Rami sec: {points}").format(points=rules.rami_sec_penalty)
    hand = r.hands[player]
    jokers = sum(1 for c in hand if c.is_joker)
    real = len(hand) - jokers
    if rules.penalty is Penalty.HAND_VALUE:
        return ngettext("hand value of {count} card", "hand value of {count} cards",
                        len(hand)).format(count=len(hand))
    if not r.down[player]:
        return _("never down: {points}").format(points=rules.never_down_penalty)
    parts = []
    if real:
        parts.append(ngettext("{count} card × {each}", "{count} cards × {each}", real).format(
            count=real, each=rules.card_penalty))
    if jokers:
        parts.append(ngettext("{count} joker × {each}", "{count} jokers × {each}",
                              jokers).format(count=jokers, each=rules.joker_penalty))
    text = " + ".join(parts) if parts else _("no cards left")
    if rules.joker_out_doubles and r.last_discard is not None and r.last_discard.is_joker:
        text += " " + _("×2: went out with a joker")
    return text


class RoundSummaryScene(WidgetScene):
    """The round's result over the table.

    Args:
        app: the application.
        controller: the table's game controller (its round is over).
        on_next: deals the next round (or shows the match's end).
    """

    transparent = True

    def __init__(self, app: App, controller: GameController,
                 on_next: Callable[[], None]) -> None:
        self.ctl = controller
        self.on_next = on_next
        self.rows: list[tuple[str, str, str, str, bool]] = []
        super().__init__(app)

    def build(self) -> None:
        over = self.ctl.match_over
        self.panel = self.group.add(Panel(
            N_("Match over") if over else (lambda: _("Round {number}").format(
                number=self.ctl.match.round_number))))
        self.menu = self.group.add(Button(N_("Menu"), self.to_menu))
        self.next = self.group.add(Button(N_("See the result") if over else N_("Next round"),
                                          self.go_next, style="primary"))
        self.group.focused = self.next
        self.rows = self.summary_rows()

    def summary_rows(self) -> list[tuple[str, str, str, str, bool]]:
        """(name, explanation, penalty, total, eliminated) per seat of the round."""
        r = self.ctl.round
        m = self.ctl.match
        rows = []
        for player, seat in enumerate(m.seats):
            pen = r.penalties[player] if r.penalties else 0
            rows.append((self.ctl.name(seat), penalty_explanation(r, player),
                         f"+{pen}" if pen else "0", str(m.scores[seat]), seat in m.eliminated))
        return rows

    def headline(self) -> str:
        """Who went out."""
        r = self.ctl.round
        if r.winner is None:
            return _("The stock ran out: no one scores this round.")
        name = self.ctl.name(self.ctl.seat_of(r.winner))
        if r.rami_sec:
            return _("{name} went out with a Rami sec!").format(name=name)
        return _("{name} went out.").format(name=name)

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        w = min(theme.px(860, s), int(size[0] * 0.92))
        row_h = theme.px(40, s)
        extra = theme.px(40, s) if self.ctl.rules.teams else 0
        h = min(int(size[1] * 0.94), self.panel.title_height() + theme.px(210, s)
                + row_h * (len(self.rows) + 1) + extra)
        self.panel.rect = pygame.Rect(0, 0, w, h)
        self.panel.rect.center = (size[0] // 2, size[1] // 2)
        pad = theme.px(24, s)
        bh = theme.px(50, s)
        bw = theme.px(200, s)
        y = self.panel.rect.bottom - pad - bh
        gap = theme.px(16, s)
        left = pygame.Rect(self.panel.rect.centerx - gap // 2 - bw, y, bw, bh)
        right = pygame.Rect(self.panel.rect.centerx + gap // 2, y, bw, bh)
        self.menu.rect, self.next.rect = (right, left) if is_rtl() else (left, right)

    def draw(self, surface: pygame.Surface) -> None:
        theme.dim(surface)
        self.group.draw(surface)
        s = self.scale
        p = self.panel.rect
        pad = theme.px(24, s)
        y = p.y + self.panel.title_height() + theme.px(10, s)
        head = fit_text(self.headline(), theme.px(theme.FONT_BODY, s), theme.ACCENT_DARK,
                        p.w - 2 * pad, bold=True)
        surface.blit(head, head.get_rect(midtop=(p.centerx, y)))
        y += head.get_height() + theme.px(14, s)
        inner = pygame.Rect(p.x + pad, y, p.w - 2 * pad, 0)
        cols = self._columns(inner)
        row_h = theme.px(40, s)
        small = theme.px(theme.FONT_SMALL, s)
        heads = (_("Player"), _("How it was counted"), _("Penalty"), _("Total"))
        for text, (x, cw, align) in zip(heads, cols, strict=True):
            surf = fit_text(text, small, theme.INK_SOFT, cw, bold=True)
            self._put(surface, surf, x, cw, y, align)
        y += row_h - theme.px(8, s)
        pygame.draw.line(surface, theme.CREAM_EDGE, (inner.x, y), (inner.right, y), 2)
        y += theme.px(6, s)
        for name, how, pen, total, out in self.rows:
            color = theme.INK_DISABLED if out else theme.INK
            values = (name + ("  " + _("(out)") if out else ""), how, pen, total)
            for k, (text, (x, cw, align)) in enumerate(zip(values, cols, strict=True)):
                surf = fit_text(text, theme.px(theme.FONT_BODY - 2, s),
                                theme.ACCENT if k == 2 and pen != "0" else color, cw,
                                bold=k in (0, 3))
                self._put(surface, surf, x, cw, y, align)
            y += row_h
        teams = self.ctl.match.team_scores()
        if teams is not None:
            text = _("Teams: {first} – {second}").format(first=teams[0], second=teams[1])
            surf = fit_text(text, small, theme.INK, inner.w, bold=True)
            surface.blit(surf, surf.get_rect(midtop=(p.centerx, y)))
            y += row_h
        rules = self.ctl.rules
        if rules.match_end is MatchEnd.ELIMINATION:
            goal = _("Reaching {target} points puts a player out.").format(target=rules.target)
        else:
            goal = _("The match stops at {target} points; the lowest total wins.").format(
                target=rules.target)
        surf = fit_text(goal, small, theme.INK_SOFT, inner.w)
        surface.blit(surf, surf.get_rect(midtop=(p.centerx, y + theme.px(4, s))))
        code = self.ctl.deal_code()
        if code:
            text = _("Deal code {code}: enter it in the setup to play this deal again.").format(
                code=code)
            surf = fit_text(text, small, theme.ZELLIGE, inner.w)
            surface.blit(surf, surf.get_rect(midbottom=(p.centerx, self.next.rect.y
                                                        - theme.px(12, s))))

    def _columns(self, inner: pygame.Rect) -> list[tuple[int, int, str]]:
        widths = [0.24, 0.48, 0.13, 0.15]
        cols = []
        x = inner.x
        for i, f in enumerate(widths):
            cw = int(inner.w * f)
            cols.append((x, cw - 8, "start" if i < 2 else "end"))
            x += cw
        if is_rtl():
            cols = [(inner.right - (x - inner.x) - cw - 8, cw, a) for (x, cw, a) in cols]
        return cols

    @staticmethod
    def _put(surface: pygame.Surface, surf: pygame.Surface, x: int, w: int, y: int,
             align: str) -> None:
        at_left = (align == "start") != is_rtl()
        if at_left:
            surface.blit(surf, (x, y))
        else:
            surface.blit(surf, (x + w - surf.get_width(), y))

    def go_next(self) -> None:
        """Next round (or the match's end)."""
        self.app.stack.pop()
        self.on_next()

    def to_menu(self) -> None:
        """Back to the menu (the match stays saved unless it is over)."""
        from rami_desktop.ui.scenes.menu import MenuScene

        self.app.stack.clear_to(MenuScene(self.app))

    def back(self) -> None:
        """Escape: same as Next."""
        self.go_next()


__all__ = ["RoundSummaryScene", "penalty_explanation"]
