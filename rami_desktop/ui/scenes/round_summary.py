"""After a round: every hand revealed card by card with each card's value, how each penalty was
counted, the totals (per team too), who is out, and the match's deal code with a Copy button
(the system clipboard); a look at the final table behind it; the round's review for the players
at the screen (:mod:`rami_desktop.ui.pieces.review_panel`); then the next round or the menu."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from rami_desktop.i18n import N_, _, is_rtl, ngettext
from rami_desktop.i18n.gender import gendered
from rami_desktop.play.review.replay import finding_moment
from rami_desktop.play.table.table_game import TableGame
from rami_desktop.play.view.findings import Finding
from rami_desktop.play.view.terms import MatchEnd
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.clipboard import copy_text
from rami_desktop.ui.kit.text import bidi_format, line_height
from rami_desktop.ui.pieces.review_panel import ReviewPanel
from rami_desktop.ui.pieces.summary_rows import RowPainter, put
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import Button, Panel, draw_scroll_bar, fit_text, scroll_bar
from rami_desktop.ui.words.round_result import (
    SummaryRow,
    breakdown_text,
    penalty_explanation,
    seat_team,
    summary_rows,
    team_lines,
)
from rami_desktop.ui.words.teams import team_title

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context

#: the smallest text drawn on the summary, in pixels (values under the cards included)
MIN_TEXT = 14


class RoundSummaryScene(WidgetScene):
    """The round's result over the table.

    Args:
        ctx: the game context.
        session: the game (its round is over).
        on_next: deals the next round (or shows the match's end).
        next_label: the label of the button that calls ``on_next`` (a msgid; default: "Next
            round", or "See the result" when the match is over).
    """

    transparent = True

    def __init__(self, ctx: Context, session: TableGame,
                 on_next: Callable[[], None], next_label: str | None = None) -> None:
        self.session = session
        self.on_next = on_next
        self.next_label = next_label
        self.rows: list[SummaryRow] = []
        self.peeking = False
        self.rows_rect = pygame.Rect(0, 0, 0, 0)
        self.row_heights: list[int] = []
        #: how far the rows are scrolled (they scroll when the window leaves them too little
        #: room), and where the pointer was last
        self.rows_scroll = 0
        self._pointer = (-1, -1)
        #: where each card of each row was drawn last frame: (seat, card code, rect) (tests)
        self.card_rects: list[tuple[int, str, pygame.Rect]] = []
        self.code = session.deal_code()
        self.copied = False
        self.code_rect = pygame.Rect(0, 0, 0, 0)
        self.line_h = 0  # the height of a line of small text under the rows
        #: where the lines under the rows were drawn last frame: the teams', the goal, the
        #: deal code (tests)
        self.line_rects: list[pygame.Rect] = []
        self.review = ReviewPanel(session, self.open_replay)
        self.reviewing = False
        self._review_arrived = False
        # what the summary says of the round, kept: it may be opened again once the next
        # round is dealt (:meth:`again`), until that round's first move
        r = session.shown.round
        self.number = session.shown.match.round_number
        self.winner = None if r.winner is None else session.seat_of(r.winner)
        self.rami_sec = r.rami_sec
        self.reopened = False
        super().__init__(ctx)

    def build(self) -> None:
        over = self.session.match_over
        self.panel = self.group.add(Panel(
            N_("Match over") if over else (lambda: _("Round {number}").format(
                number=self.number))))
        self.menu = self.group.add(Button(N_("Menu"), self.to_menu))
        self.look = self.group.add(Button(N_("See the table"), self.peek))
        label = self.next_label or (N_("See the result") if over else N_("Next round"))
        self.next = self.group.add(Button(label, self.go_next, style="primary"))
        self.unpeek = self.group.add(Button(N_("Back to the results"), self.end_peek,
                                            style="primary"))
        self.unpeek.visible = False
        self.copy = self.group.add(Button(lambda: _("Copied") if self.copied else _("Copy"),
                                          self.copy_code, size=theme.FONT_SMALL))
        self.copy.visible = self.code is not None
        self.review_button = self.group.add(Button(
            lambda: _("Back to the hands") if self.reviewing else _("Round review"),
            self.toggle_review, size=theme.FONT_SMALL))
        self.review_button.visible = bool(self.session.human_seats)
        self.replay_button = self.group.add(Button(N_("Replay"), self.open_replay,
                                                   size=theme.FONT_SMALL))
        self.replay_button.visible = self.session.replay() is not None
        # the review's lines after its buttons in the focus order, each opening the replay
        self.group.add(self.review)
        self.review.show(self.reviewing, self.replay_button.visible)
        self.group.focused = self.next
        self.rows = summary_rows(self.session)

    def headline(self) -> str:
        """Who went out."""
        if self.winner is None:
            return _("The stock ran out: no one scores this round.")
        name, gender = self.session.name(self.winner), self.session.gender(self.winner)
        if self.rami_sec:
            return bidi_format(gendered(gender, "{name} went out with a Rami sec!"), name=name)
        return bidi_format(gendered(gender, "{name} went out."), name=name)

    def row_name(self, row: SummaryRow) -> str:
        """A row's name, with its team and whether the seat is out."""
        text = row.name
        team = seat_team(self.session, row.seat)
        if team is not None:
            text = bidi_format(_("{name} ({team})"), name=text, team=team_title(team))
        if row.out:
            text += " " + _("(out)")
        return text

    # ---- looking at the table behind --------------------------------------------------------

    def peek(self) -> None:
        """Hide the summary to look at the final table; a button brings it back."""
        self.peeking = True
        self._show_buttons()
        self.group.focused = self.unpeek

    def end_peek(self) -> None:
        """Back from the table to the summary."""
        self.peeking = False
        self._show_buttons()
        self.group.focused = self.next

    def _show_buttons(self) -> None:
        for b in (self.panel, self.menu, self.look, self.next):
            b.visible = not self.peeking
        self.look.visible = not self.peeking and not self.reopened
        self.copy.visible = not self.peeking and self.code is not None
        self.review_button.visible = not self.peeking and bool(self.session.human_seats)
        self.replay_button.visible = not self.peeking and self.session.replay() is not None
        self._show_review()
        self.unpeek.visible = self.peeking

    # ---- the round review --------------------------------------------------------------------

    def toggle_review(self) -> None:
        """Round review: the review instead of the hands, or the hands back."""
        self.reviewing = not self.reviewing
        self._show_review()
        self.layout(self.ctx.size)

    def _show_review(self) -> None:
        """The review shown while reviewing (not peeking), its lines opening the replay when
        it can be opened; the focus leaves a line no longer shown for the review's button."""
        self.review.show(self.reviewing and not self.peeking, self.replay_button.visible)
        if self.group.focused in self.review.stops and not self.review.visible:
            self.group.focused = self.review_button

    def scroll_rows(self, by: int) -> None:
        """Scroll the rows by ``by`` pixels (down when positive), within their height."""
        most = max(0, sum(self.row_heights) - self.rows_rect.h)
        self.rows_scroll = max(0, min(most, self.rows_scroll + by))

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self._pointer = event.pos
        if not self.reviewing and not self.peeking:
            step = theme.px(48, self.scale)
            if event.type == pygame.MOUSEWHEEL and self.rows_rect.collidepoint(self._pointer):
                self.scroll_rows(-event.y * step)
                return
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP,
                                                              pygame.K_PAGEDOWN):
                self.scroll_rows(self.rows_rect.h * (1 if event.key == pygame.K_PAGEDOWN
                                                     else -1))
                return
        if self.review.visible and self.review.handle_scroll_key(event):
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.review.poll() and self.reviewing:
            self._review_arrived = True

    def needs_redraw(self) -> bool:
        """At rest, drawn again only when the review shown arrives from the bot worker."""
        return super().needs_redraw() or self._review_arrived

    def open_replay(self, finding: Finding | None = None) -> None:
        """Replay: the round again with every hand face up, from the deal or at a finding's
        turn with its cards marked (the round is over: its hands are shown here already)."""
        replay = self.session.replay()
        if replay is None:
            return
        if finding is not None:
            replay.open_at(*finding_moment(finding))
        self.ctx.stack.push(self.ctx.scene(Route.REPLAY, replay))

    def copy_code(self) -> None:
        """Copy: the deal code onto the system clipboard (the button then says Copied)."""
        if self.code is not None and copy_text(self.code):
            self.copied = True

    def code_text(self) -> str:
        """The line under the summary naming the deal code."""
        return bidi_format(_("Deal code {code}: enter it in the setup to play this deal again."),
                           code=self.code or "")

    # ---- layout ------------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        small = self._small()
        pad = theme.px(20, s)
        bh = theme.px(50, s)
        w = min(theme.px(1120, s), int(size[0] * 0.96))
        teams, goal = self._footer_texts()
        # the lines of small text, as high as they are drawn (Arabic is taller than Latin)
        self.line_h = max(fit_text(text, small, theme.INK, size[0], bold=True).get_height()
                          for text in (*teams, goal, self.code_text(), *self._heads()))
        header = (self.panel.title_height() + theme.px(8, s) + theme.px(theme.FONT_BODY, s)
                  + theme.px(12, s) + self.line_h + theme.px(6, s))
        footer = (theme.px(4, s) + len(teams) * (self.line_h + theme.px(2, s))
                  + self.line_h + theme.px(4, s) + self.line_h + theme.px(12, s) + bh + pad)
        room = int(size[1] * 0.96) - header - footer
        # a row's name and why, as high as they are drawn with the letters' whole descent
        # (the dots under an Arabic line stay above the row's rule)
        body = max(MIN_TEXT + 2, theme.px(theme.FONT_BODY - 2, s))
        texts = [theme.px(10, s) + line_height(body, bold=True)
                 + line_height(small) * len(row.how.split("\n")) for row in self.rows]
        short = max(texts, default=0)  # a row without cards: its name and why
        with_cards = [bool(row.cards) for row in self.rows]
        n_cards = max(1, sum(with_cards))
        card_h = max(short, min(theme.px(112, s), (room - short * (len(self.rows) - n_cards))
                                // n_cards))
        self.row_heights = [max(card_h, t) if c else t for c, t in zip(with_cards, texts,
                                                                       strict=True)]
        h = min(int(size[1] * 0.96), header + sum(self.row_heights) + footer)
        if self.reviewing:  # the review takes the whole height the window gives
            h = int(size[1] * 0.96)
        self.panel.rect = pygame.Rect(0, 0, w, h)
        self.panel.rect.center = (size[0] // 2, size[1] // 2)
        bw = min(theme.px(230, s), (w - 2 * pad) // 3 - theme.px(12, s))
        y = self.panel.rect.bottom - pad - bh
        gap = theme.px(14, s)
        cx = self.panel.rect.centerx
        row = [pygame.Rect(cx - bw // 2 - gap - bw, y, bw, bh),
               pygame.Rect(cx - bw // 2, y, bw, bh),
               pygame.Rect(cx + bw // 2 + gap, y, bw, bh)]
        if is_rtl():
            row.reverse()
        self.menu.rect, self.look.rect, self.next.rect = row
        self.unpeek.rect = pygame.Rect(0, 0, theme.px(300, s), bh)
        # where the table's prompt line is (unused while the round is over): over neither the
        # hand nor the table's buttons
        self.unpeek.rect.midbottom = (size[0] // 2, size[1] - theme.px(190, s))
        top = self.panel.rect.y + header
        # the rows scroll where the window (a large text size) leaves them too little height
        self.rows_rect = pygame.Rect(self.panel.rect.x + pad, top, w - 2 * pad,
                                     h - header - footer if self.reviewing
                                     else min(sum(self.row_heights), h - header - footer))
        self.scroll_rows(0)
        review_top = top - small - theme.px(8, s)
        self.review.rect = pygame.Rect(self.rows_rect.x, review_top, self.rows_rect.w,
                                       self.rows_rect.bottom - review_top)
        self._layout_code(small, pad)
        rw = min(theme.px(260, s), w // 4)
        rh = small + theme.px(14, s)
        ry = self.panel.rect.y + (self.panel.title_height() - rh) // 2
        rx = self.panel.rect.x + pad if is_rtl() else self.panel.rect.right - pad - rw
        self.review_button.rect = pygame.Rect(rx, ry, rw, rh)
        pw = min(rw, self.replay_button.natural_width())
        gap = theme.px(10, s)
        px = rx + rw + gap if is_rtl() else rx - gap - pw  # beside the review's button
        self.replay_button.rect = pygame.Rect(px, ry, pw, rh)

    def _layout_code(self, small: int, pad: int) -> None:
        """The deal code's line with its Copy button at the line's end, together centred."""
        s = self.scale
        p = self.panel.rect
        copy_w, gap = theme.px(130, s), theme.px(12, s)
        text = fit_text(self.code_text(), small, theme.ZELLIGE, p.w - 2 * pad - copy_w - gap)
        y = self.next.rect.y - theme.px(12, s) - text.get_height()
        total = text.get_width() + gap + copy_w
        x = p.centerx - total // 2
        self.code_rect = pygame.Rect(x, y, text.get_width(), text.get_height())
        self.copy.rect = pygame.Rect(x + text.get_width() + gap, y - theme.px(3, s), copy_w,
                                     text.get_height() + theme.px(6, s))
        if is_rtl():
            self.copy.rect.x = x
            self.code_rect.x = x + copy_w + gap

    def _small(self) -> int:
        return max(MIN_TEXT, theme.px(theme.FONT_SMALL, self.scale))

    def _columns(self, inner: pygame.Rect) -> list[pygame.Rect]:
        """Name and explanation, the revealed hand, the penalty, the total (mirrored in RTL)."""
        widths = (0.28, 0.54, 0.09, 0.09)
        rects = []
        x = inner.x
        for f in widths:
            cw = int(inner.w * f)
            rects.append(pygame.Rect(x, inner.y, cw - theme.px(8, self.scale), inner.h))
            x += cw
        if is_rtl():
            rects = [pygame.Rect(inner.right - (r.right - inner.x), r.y, r.w, r.h)
                     for r in rects]
        return rects

    # ---- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self._review_arrived = False
        if self.peeking:
            self.group.draw(surface)
            return
        theme.dim(surface)
        self.group.draw(surface)
        s = self.scale
        p = self.panel.rect
        pad = theme.px(20, s)
        small = self._small()
        y = p.y + self.panel.title_height() + theme.px(8, s)
        head = fit_text(self.headline(), theme.px(theme.FONT_BODY, s), theme.ACCENT_DARK,
                        p.w - 2 * pad, bold=True)
        surface.blit(head, head.get_rect(midtop=(p.centerx, y)))
        rows = self.rows_rect
        if self.reviewing:  # the review drew itself with the widgets
            self._draw_footer(surface)
            return
        cols = self._columns(rows)
        hy = rows.y - self.line_h - theme.px(4, s)
        for k, (text, col) in enumerate(zip(self._heads(), cols, strict=True)):
            surf = fit_text(text, small, theme.INK_SOFT, col.w, bold=True)
            put(surface, surf, col, hy, "start" if k < 2 else "end")
        pygame.draw.line(surface, theme.CREAM_EDGE, (rows.x, rows.y - 3), (rows.right, rows.y - 3),
                         2)
        painter = RowPainter(self.ctx.card_art, s, small,
                             max(MIN_TEXT + 2, theme.px(theme.FONT_BODY - 2, s)), self.session.face)
        self.card_rects = painter.card_rects
        old_clip = surface.get_clip()
        surface.set_clip(rows.clip(old_clip))
        y = rows.y - self.rows_scroll
        for row, row_h in zip(self.rows, self.row_heights, strict=True):
            if y + row_h > rows.y and y < rows.bottom:
                painter.draw(surface, row, self.row_name(row), cols, y, row_h, rows)
            y += row_h
        surface.set_clip(old_clip)
        draw_scroll_bar(surface, scroll_bar(rows, sum(self.row_heights), self.rows_scroll, s,
                                            beside=True))
        y = rows.bottom + theme.px(4, s)
        self.line_rects = []
        for text in self._footer_texts()[0]:
            surf = fit_text(text, small, theme.INK, p.w - 2 * pad, bold=True)
            self.line_rects.append(surface.blit(surf, surf.get_rect(midtop=(p.centerx, y))))
            y += self.line_h + theme.px(2, s)
        self._draw_footer(surface)

    @staticmethod
    def _heads() -> tuple[str, str, str, str]:
        """The columns' titles."""
        return _("Player"), _("Cards left and their values"), _("Penalty"), _("Total")

    def _footer_texts(self) -> tuple[list[str], str]:
        """The lines under the rows: each team's total, and what ends the match."""
        teams = [bidi_format(ngettext("{team}: {points} pt", "{team}: {points} pts", total),
                             team=line, points=total)
                 for line, total in team_lines(self.session)]
        rules = self.session.rules
        if rules.teams:
            goal = _("The team that reaches {target} points loses the match.").format(
                target=rules.target)
        elif rules.match_end is MatchEnd.ELIMINATION:
            goal = _("Reaching {target} points puts a player out.").format(target=rules.target)
        else:
            goal = _("The match stops at {target} points; the lowest total wins.").format(
                target=rules.target)
        return teams, goal

    def _draw_footer(self, surface: pygame.Surface) -> None:
        s = self.scale
        p = self.panel.rect
        pad = theme.px(20, s)
        small = self._small()
        surf = fit_text(self._footer_texts()[1], small, theme.INK_SOFT, p.w - 2 * pad)
        below = self.code_rect.y if self.code is not None else self.next.rect.y - theme.px(8, s)
        self.line_rects.append(surface.blit(
            surf, surf.get_rect(midbottom=(p.centerx, below - theme.px(2, s)))))
        if self.code is not None:
            surf = fit_text(self.code_text(), small, theme.ZELLIGE, self.code_rect.w + 1)
            self.line_rects.append(surface.blit(surf, self.code_rect))

    # ---- leaving -----------------------------------------------------------------------------

    def go_next(self) -> None:
        """Next round (or the match's end); once opened again, back to the table."""
        self.ctx.stack.pop()
        if not self.reopened:
            self.reopened = True  # dealt once: never again from this summary
            self.on_next()

    def again(self, back: str = N_("Back to the table")) -> RoundSummaryScene:
        """The summary opened again (from the table once the next round is dealt, or from
        the statistics): its button ``back`` (a msgid) leaves it; the table behind is not
        this round's, so not shown."""
        self.reopened = True
        self.peeking = False
        self.next.label = back
        self._show_buttons()
        self.look.visible = False
        self.group.focused = self.next
        return self

    def to_menu(self) -> None:
        """Back to the menu (the match stays saved unless it is over)."""
        self.ctx.stack.clear_to(self.ctx.scene(Route.MENU))

    def back(self) -> None:
        """Escape: back from the table view or from the review; never the next round (the
        summary and its review would be gone: Next deals it)."""
        if self.peeking:
            self.end_peek()
        elif self.reviewing:
            self.toggle_review()


__all__ = ["RoundSummaryScene", "breakdown_text", "penalty_explanation"]
