"""The end of a match: the winner's moment (their face on a ring of turning stars, confetti
and a sound, a click or a key ends it; then still), who won (or the winning team), a
round-by-round score table from the match's round results under each player's face, the totals
(per team too); Rematch with the same seats, or the menu."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from rami_desktop.i18n import N_, _, is_rtl, pgettext
from rami_desktop.i18n.gender import UNSAID, gendered
from rami_desktop.play.table.table_game import TableGame
from rami_desktop.play.view.terms import team_scores
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.faces import draw_portrait
from rami_desktop.ui.kit.text import bidi_format, embed
from rami_desktop.ui.pieces.celebration import REACH, Celebration, moment_length
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import Button, Panel, fit_text
from rami_desktop.ui.words.round_result import seat_team, team_lines
from rami_desktop.ui.words.teams import LETTERS, team_members, team_title, team_wins

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context

#: the smallest text of the score table, in pixels
MIN_TEXT = 14


@dataclasses.dataclass(frozen=True)
class ScoreLine:
    """One line of the score table.

    Attributes:
        label: "Round 3", "Start" or "Total".
        cells: one text a column (seats, then the teams when playing in teams).
        marks: whether each cell is marked (the round's winner, or the match's winners).
    """

    label: str
    cells: tuple[str, ...]
    marks: tuple[bool, ...]


class MatchEndScene(WidgetScene):
    """Who won, the score table round by round, Rematch."""

    def __init__(self, ctx: Context, session: TableGame,
                 rematch: Callable[[], None] | None = None) -> None:
        self.session = session
        self._rematch = rematch
        self.first_line = 0  # the first round line shown when the table scrolls
        self.table_rect = pygame.Rect(0, 0, 0, 0)
        self.line_h = 1
        self.win_d = 1  # the size of a winner's face
        self.face_row = 0  # the height of the faces over the score table's columns
        pace = str(ctx.settings.get("animation_speed", "normal"))
        self.moment = Celebration(moment_length(pace), seed=11)
        self.sounded = False
        #: the key that ended the moment, until released: its repeats do nothing either
        self._ending_key: int | None = None
        super().__init__(ctx)

    def build(self) -> None:
        self.panel = self.group.add(Panel(N_("Match over")))
        self.menu = self.group.add(Button(N_("Back to menu"), self.back))
        self.rematch_button = self.group.add(Button(N_("Rematch"), self.rematch,
                                                    style="primary"))
        self.group.focused = self.rematch_button

    # ---- words and numbers -------------------------------------------------------------------

    def winners_text(self) -> str:
        """The winner line."""
        m = self.session.shown.match
        winners = m.winners()
        if self.session.rules.teams:
            teams = sorted({team for s in winners
                            if (team := seat_team(self.session, s)) is not None})
            if len(teams) == 1:
                members = team_members(teams[0], m.partner)
                return team_wins(teams[0], [self.session.name(s) for s in members])
            return _("The two teams share the win!")
        # TRANSLATORS: between the names of a list ("Sam, Lina"); darija: «، »
        names = pgettext("list separator", ", ").join(embed(self.session.name(s)) for s in winners)
        if len(winners) > 1:
            return bidi_format(_("Shared win: {names}"), names=names)
        gender = self.session.gender(winners[0]) if winners else UNSAID
        return bidi_format(gendered(gender, "{name} wins the match!"), name=names)

    def winner_seats(self) -> list[int]:
        """The seats whose faces the moment shows: the winners (a team's two partners)."""
        m = self.session.shown.match
        winners = list(m.winners())
        if self.session.rules.teams:
            teams = sorted({team for s in winners
                            if (team := seat_team(self.session, s)) is not None})
            if len(teams) == 1:
                return list(team_members(teams[0], m.partner))
        return winners

    def columns(self) -> list[str]:
        """The column titles: each seat, then each team."""
        titles = []
        for seat in range(self.session.config.players):
            team = seat_team(self.session, seat)
            titles.append(self.session.name(seat) if team is None else bidi_format(
                _("{name} ({team})"), name=self.session.name(seat), team=LETTERS[team]))
        if self.session.rules.teams:
            titles += [team_title(t) for t in range(len(team_lines(self.session)))]
        return titles

    def score_lines(self) -> list[ScoreLine]:
        """A line a round (what each seat paid; "–" for a seat out of the match), the start
        totals when the match did not start at zero, and the final totals."""
        m = self.session.shown.match
        n = self.session.config.players
        teams = [team_members(t, m.partner) for t in range(len(team_lines(self.session)))]
        lines = []
        if any(m.start_scores):
            start = list(m.start_scores)
            lines.append(ScoreLine(_("Starting scores"), self._cells(start),
                                   (False,) * (n + len(teams))))
        for k, result in enumerate(m.results, start=1):
            cells = [str(result.penalties[s]) if s in result.seats else "–" for s in range(n)]
            cells += [str(v) for v in team_scores(m.rules, result.penalties) or ()]
            marks = [s == result.winner for s in range(n)]
            marks += [result.winner in team for team in teams]
            lines.append(ScoreLine(_("Round {number}").format(number=k), tuple(cells),
                                   tuple(marks)))
        winners = set(m.winners())
        marks = [s in winners for s in range(n)] + [bool(winners & set(t)) for t in teams]
        lines.append(ScoreLine(_("Total"), self._cells(list(m.scores)), tuple(marks)))
        return lines

    def _cells(self, scores: list[int]) -> tuple[str, ...]:
        """Each seat's number, then each team's sum (the engine's)."""
        teams = team_scores(self.session.rules, scores) or ()
        return tuple(str(v) for v in scores) + tuple(str(v) for v in teams)

    # ---- layout ------------------------------------------------------------------------------

    def _text(self) -> int:
        return max(MIN_TEXT, theme.px(theme.FONT_SMALL, self.scale))

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        cols = len(self.columns()) + 1
        w = min(int(size[0] * 0.94), max(theme.px(640, s), theme.px(130, s) * cols))
        self.line_h = self._text() + theme.px(12, s)
        lines = len(self.score_lines()) + 2  # the titles and the legend too
        pad = theme.px(24, s)
        bh = theme.px(52, s)
        # the winner's face on its ring of stars, as large as the window leaves room for
        self.win_d = max(theme.px(44, s), min(theme.px(120, s), int(size[1] * 0.15)))
        ring = round(self.win_d * 2 * REACH)
        head = (self.panel.title_height() + ring + theme.px(8, s)
                + theme.px(theme.FONT_SUBHEADING, s) + theme.px(30, s))
        self.face_row = min(theme.px(40, s), int(size[1] * 0.055))
        head += self.face_row  # the faces over the columns
        foot = bh + 2 * pad
        h = min(int(size[1] * 0.94), head + lines * self.line_h + foot)
        self.panel.rect = pygame.Rect(0, 0, w, h)
        self.panel.rect.center = (size[0] // 2, size[1] // 2)
        p = self.panel.rect
        self.table_rect = pygame.Rect(p.x + pad, p.y + head - self.face_row, p.w - 2 * pad,
                                      h - head - foot + self.face_row)
        bw, gap = theme.px(240, s), theme.px(20, s)
        y = p.bottom - pad - bh
        left = pygame.Rect(p.centerx - gap // 2 - bw, y, bw, bh)
        right = pygame.Rect(p.centerx + gap // 2, y, bw, bh)
        self.menu.rect, self.rematch_button.rect = (right, left) if is_rtl() else (left, right)
        self.first_line = min(self.first_line, self._max_first())

    def _visible_rounds(self) -> int:
        """How many lines fit under the faces and the column titles, the totals line kept."""
        return max(1, (self.table_rect.h - self.face_row) // self.line_h - 3)

    def _max_first(self) -> int:
        return max(0, len(self.score_lines()) - 1 - self._visible_rounds())

    def scroll(self, lines: int) -> None:
        """Scroll the round lines (the column titles and the totals stay)."""
        self.first_line = max(0, min(self._max_first(), self.first_line + lines))

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.sounded:
            self.sounded = True
            self.ctx.play("celebrate")
        self.moment.update(dt)

    def needs_redraw(self) -> bool:
        """Every frame while the winner's moment lasts, then only on input."""
        return super().needs_redraw() or not self.moment.done

    def handle_event(self, event: pygame.event.Event) -> None:
        if not self.moment.done and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.moment.skip()  # the moment ends: nothing else happens with that click or key
            self._ending_key = event.key if event.type == pygame.KEYDOWN else None
            return
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key == self._ending_key:
            if event.type == pygame.KEYUP:
                self._ending_key = None
            return  # the key that ended the moment, still held: its repeats
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self.scroll(-3 if event.key == pygame.K_PAGEUP else 3)
            return
        super().handle_event(event)

    # ---- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.scale
        p = self.panel.rect
        pad = theme.px(24, s)
        y = p.y + self.panel.title_height() + theme.px(4, s)
        winners = self.winner_seats()
        reach = round(self.win_d * REACH)
        d = min(self.win_d, int((p.w - 2 * pad) / max(1, len(winners)) / (2 * REACH)))
        step = round(2 * REACH * d)
        x0 = p.centerx - step * (len(winners) - 1) // 2
        for k, seat in enumerate(winners):
            x = x0 + step * k if not is_rtl() else x0 + step * (len(winners) - 1 - k)
            self.moment.draw_face(surface, self.session.face(seat), (x, y + reach), d, s)
        y += 2 * reach + theme.px(8, s)
        head = fit_text(self.winners_text(), theme.px(theme.FONT_SUBHEADING, s),
                        theme.ACCENT_DARK, p.w - 2 * pad, bold=True)
        surface.blit(head, head.get_rect(midtop=(p.centerx, y)))
        self._draw_table(surface)
        self.moment.draw_confetti(surface, s)

    def _cell_rects(self, y: int) -> list[pygame.Rect]:
        """The label cell, then one cell a column (mirrored in right-to-left)."""
        t = self.table_rect
        n = len(self.columns())
        label_w = max(t.w // (n + 1), min(theme.px(150, self.scale), t.w // 3))
        cw = (t.w - label_w) // max(1, n)
        rects = [pygame.Rect(t.x, y, label_w, self.line_h)]
        rects += [pygame.Rect(t.x + label_w + k * cw, y, cw, self.line_h) for k in range(n)]
        if is_rtl():
            rects = [pygame.Rect(t.right - (r.right - t.x), r.y, r.w, r.h) for r in rects]
        return rects

    def _draw_table(self, surface: pygame.Surface) -> None:
        t = self.table_rect
        size = self._text()
        gap = theme.px(6, self.scale)
        titles = self.columns()
        y = t.y
        n = self.session.config.players
        for k, rect in enumerate(self._cell_rects(y)[1:n + 1]):  # each player's face
            d = min(self.face_row, rect.w - 2 * gap)
            if d >= theme.px(20, self.scale):
                draw_portrait(surface, self.session.face(k), (rect.centerx, y + d // 2), d,
                              theme.CREAM_EDGE, max(1, theme.px(2, self.scale)))
        y += self.face_row
        for k, rect in enumerate(self._cell_rects(y)):
            text = _("Round") if k == 0 else titles[k - 1]
            self._cell(surface, text, rect, size, theme.INK_SOFT, True, k > 0, gap)
        y += self.line_h
        pygame.draw.line(surface, theme.CREAM_EDGE, (t.x, y - 2), (t.right, y - 2), 2)
        lines = self.score_lines()
        rounds, total = lines[:-1], lines[-1]
        shown = rounds[self.first_line:self.first_line + self._visible_rounds()]
        more = ""
        if self.first_line > 0 or len(shown) < len(rounds):
            more = _("Rounds {first}–{last} of {count} (scroll for more)").format(
                first=self.first_line + 1, last=self.first_line + len(shown), count=len(rounds))
        for k, line in enumerate(shown):
            if k % 2 == 1:
                band = pygame.Rect(t.x, y, t.w, self.line_h)
                pygame.draw.rect(surface, theme.CREAM_DARK, band)
            self._line(surface, line, y, size, gap, bold=False)
            y += self.line_h
        pygame.draw.line(surface, theme.CREAM_EDGE, (t.x, y + 1), (t.right, y + 1), 2)
        self._line(surface, total, y + 3, size, gap, bold=True)
        legend = fit_text(_("★ went out that round") + (" · " + more if more else ""), size,
                          theme.ZELLIGE, t.w)
        surface.blit(legend, legend.get_rect(midtop=(t.centerx, y + 3 + self.line_h)))

    def _line(self, surface: pygame.Surface, line: ScoreLine, y: int, size: int, gap: int,
              bold: bool) -> None:
        rects = self._cell_rects(y)
        self._cell(surface, line.label, rects[0], size, theme.INK, bold, False, gap)
        for rect, text, mark in zip(rects[1:], line.cells, line.marks, strict=True):
            color = theme.ACCENT if mark and bold else (theme.ZELLIGE if mark else theme.INK)
            if mark and not bold:
                text = "★ " + text  # the round's winner
            self._cell(surface, text, rect, size, color, bold or mark, True, gap)

    @staticmethod
    def _cell(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int,
              color: theme.Color, bold: bool, centered: bool, gap: int) -> None:
        surf = fit_text(text, size, color, max(1, rect.w - 2 * gap), bold=bold)
        if centered:
            dest = surf.get_rect(center=rect.center)
        elif is_rtl():
            dest = surf.get_rect(midright=(rect.right - gap, rect.centery))
        else:
            dest = surf.get_rect(midleft=(rect.x + gap, rect.centery))
        surface.blit(surf, dest)

    # ---- leaving -----------------------------------------------------------------------------

    def rematch(self) -> None:
        """A new match with the same rules and seats (a new deal); a table on the network
        says what a rematch is there."""
        if self._rematch is not None:
            self._rematch()
            return
        config = dataclasses.replace(self.session.config, seed=None)
        self.ctx.start_game(config)

    def back(self) -> None:
        """To the menu."""
        self.ctx.stack.clear_to(self.ctx.scene(Route.MENU))


__all__ = ["MatchEndScene", "ScoreLine"]
