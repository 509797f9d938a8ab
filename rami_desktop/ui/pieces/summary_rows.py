"""Drawing one row of the round summary: the player's face, name and how their penalty was
counted, their revealed hand in real card faces as large as the row allows, what they pay and
their total.

A hand's cards overlap as in a hand held, each showing its index; when the row is low the
cards are shown by their top part (the index always whole) rather than shrunk to slivers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from rami_desktop.i18n import is_rtl
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.card_art import RATIO, CardArt
from rami_desktop.ui.kit.faces import draw_portrait
from rami_desktop.ui.kit.text import embed
from rami_desktop.ui.widgets import fit_block, fit_text
from rami_desktop.ui.words.round_result import SummaryRow

#: the least share of a card's width left showing under the next card (its index, a margin)
STEP_LEAST = 0.34
#: the least share of a card's height shown when the row is low (its index, a margin)
SHOWN_LEAST = 0.46
#: the narrowest card drawn whole before the cards are shown by their top part instead
WHOLE_LEAST = 46
#: the widest card of a summary row (reference scale)
CARD_MOST = 76


def hand_card_width(area: pygame.Rect, count: int, value_h: int, scale: float) -> tuple[int, int]:
    """The width of a revealed hand's cards in ``area`` and how much of their height shows:
    whole when that keeps them readable, else by their top part, larger."""
    room = max(20, area.h - value_h)
    by_width = area.w / (1 + (count - 1) * STEP_LEAST)
    most = theme.px(CARD_MOST, scale)
    whole = int(min(by_width, room / RATIO, most))
    if whole >= theme.px(WHOLE_LEAST, scale):
        return whole, round(whole * RATIO)
    cw = max(14, int(min(by_width, room / (RATIO * SHOWN_LEAST), most)))
    return cw, min(round(cw * RATIO), room)


@dataclass
class RowPainter:
    """Draws the summary's rows (see the module's text).

    Attributes:
        card_rects: where each card was drawn last frame, the part shown: (seat, code, rect).
    """

    art: CardArt
    scale: float
    small: int
    body: int
    face_of: Callable[[int], str]
    card_rects: list[tuple[int, str, pygame.Rect]] = field(default_factory=list)

    def face_size(self, row_h: int) -> int:
        """The face's size in a row ``row_h`` high."""
        return max(0, min(row_h - theme.px(10, self.scale), theme.px(46, self.scale)))

    def draw(self, surface: pygame.Surface, row: SummaryRow, name: str,
             cols: list[pygame.Rect], y: int, row_h: int, rows: pygame.Rect) -> None:
        """One row at ``y`` (``name``: its name as shown, with its team); ``rows``: the rows'
        area (a card is counted drawn when it lies whole inside it)."""
        s = self.scale
        color = theme.INK_DISABLED if row.out else theme.INK
        name_col, cards_col, pen_col, total_col = cols
        d = self.face_size(row_h)
        text_col = name_col.copy()
        if d >= theme.px(24, s):
            center = (name_col.x + d // 2, y + theme.px(4, s) + d // 2)
            if is_rtl():
                center = (name_col.right - d // 2, center[1])
            draw_portrait(surface, self.face_of(row.seat), center, d,
                          theme.ACCENT if row.winner else theme.CREAM_EDGE,
                          max(2, theme.px(3 if row.winner else 2, s)))
            text_col.w -= d + theme.px(8, s)
            if not is_rtl():
                text_col.x += d + theme.px(8, s)
        shown = fit_text(name, self.body, theme.ACCENT_DARK if row.winner else color,
                         text_col.w, bold=True)
        put(surface, shown, text_col, y + theme.px(4, s), "start")
        at = y + theme.px(6, s) + shown.get_height()
        lines = row.how.split("\n")  # the doubling of a joker going out: its own line
        for k, line in enumerate(lines):
            # on two lines rather than in small print where the row leaves room below
            room = (y + row_h - theme.px(4, s) - at) // (len(lines) - k)
            how = fit_block(line, self.small, theme.INK_SOFT, text_col.w, max(1, room),
                            align="start")
            put(surface, how, text_col, at, "start")
            at += how.get_height()
        pen = fit_text(embed(f"+{row.penalty}") if row.penalty else "0", self.body,
                       theme.ACCENT if row.penalty else color, pen_col.w, bold=True)
        put(surface, pen, pen_col, y + theme.px(4, s), "end")
        total = fit_text(str(row.total), self.body, color, total_col.w, bold=True)
        put(surface, total, total_col, y + theme.px(4, s), "end")
        self.draw_hand(surface, row, pygame.Rect(cards_col.x, y + theme.px(4, s), cards_col.w,
                                                 row_h - theme.px(8, s)), rows)
        pygame.draw.line(surface, theme.CREAM_DARK, (rows.x, y + row_h - 1),
                         (rows.right, y + row_h - 1), 1)

    def draw_hand(self, surface: pygame.Surface, row: SummaryRow, area: pygame.Rect,
                  rows: pygame.Rect) -> None:
        """The revealed hand, left to right in every language, each card's value under it."""
        if not row.cards:
            return
        value_h = self.small + 2 if any(v is not None for v in row.values) else 0
        count = len(row.cards)
        cw, shown_h = hand_card_width(area, count, value_h, self.scale)
        gap = theme.px(4, self.scale)
        step = cw + gap if count == 1 else min(cw + gap, (area.w - cw) // (count - 1))
        width = step * (count - 1) + cw
        x0 = area.x if not is_rtl() else area.right - width
        for k, (card, value) in enumerate(zip(row.cards, row.values, strict=True)):
            part = pygame.Rect(x0 + k * step, area.y, cw, shown_h)
            face = self.art.face(card.code, cw)
            surface.blit(face, part, pygame.Rect(0, 0, cw, shown_h))
            if shown_h < face.get_height():  # a card shown by its top: its cut edge drawn
                pygame.draw.line(surface, theme.CREAM_EDGE, part.bottomleft,
                                 (part.right - 1, part.bottom), max(1, theme.px(2, self.scale)))
            if rows.contains(part):  # shown whole (not scrolled away, even in part)
                self.card_rects.append((row.seat, card.code, part))
            if value is not None:
                seen = min(step, cw) if k < count - 1 else cw
                label = fit_text(str(value), self.small, theme.ACCENT_DARK, max(seen, self.small),
                                 bold=True)
                surface.blit(label, label.get_rect(midtop=(part.x + seen // 2, part.bottom + 1)))


def put(surface: pygame.Surface, surf: pygame.Surface, col: pygame.Rect, y: int,
        align: str) -> None:
    """``surf`` at ``y`` on the reading side of ``col`` (``start``) or the other (``end``)."""
    at_left = (align == "start") != is_rtl()
    x = col.x if at_left else col.right - surf.get_width()
    surface.blit(surf, (x, y))


__all__ = ["RowPainter", "hand_card_width", "put"]
