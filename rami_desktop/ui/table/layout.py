"""Where everything goes on the table, for a window size (recomputed on every resize).

Opponents sit in a row along the top, in turn order; the stock, the talaj and the match status
take a column on the left of the middle band; the combinations spread over the rest of it,
grouped by owner (:mod:`~rami_desktop.ui.table.meld_flow`); the hand of the player to play runs
along the bottom with the tools above it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from rami_desktop.i18n import is_rtl
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.card_art import RATIO
from rami_desktop.ui.table.meld_flow import MELD_STEPS, MeldFlow, MeldPlace, flow_melds

#: the part of a card face holding its top-left index (rank and suit), as fractions of the
#: card's width and height, large index included: nothing may ever be drawn over it
INDEX_W = 0.27
INDEX_H = 0.38
#: the smallest width of a tool button above the hand, at the reference scale
TOOL_W = 100
#: the width the line saying what to do needs beside the name and the tools, at the reference
#: scale; narrower, it takes a line of its own this high above them
PROMPT_ONE_LINE = 440
PROMPT_LINE = 36
#: the height of an opponent's place along the top, and of the status, at the reference scale
SEAT_H = 108
STATUS_H = 96
#: the least part of the window's height larger cards leave to the middle of the table
MIDDLE_LEAST = 0.36


def card_h(width: int) -> int:
    """A card's height for its width."""
    return max(1, round(width * RATIO))


def index_rect(card: pygame.Rect) -> pygame.Rect:
    """Where a card shows its top-left index (never to be covered by a badge)."""
    return pygame.Rect(card.x, card.y, max(1, round(card.w * INDEX_W)),
                       max(1, round(card.h * INDEX_H)))


def buried_first(talaj: pygame.Rect) -> pygame.Rect:
    """Where the round's first card shows once buried: above the talaj, its index clear."""
    return talaj.move(0, -(round(talaj.h * INDEX_H) + 2))


@dataclass
class SeatBox:
    """An opponent's place: its panel, its face, its lines (name; score, level and whether
    down), the strip where its card backs fan out and the place of their count.

    A wide panel shows the face along its whole height, the lines and the backs beside it; a
    narrow one the face beside the two lines and the backs under them all.
    """

    seat: int
    rect: pygame.Rect
    fan: pygame.Rect
    back_w: int
    face: pygame.Rect = field(default_factory=pygame.Rect)
    name: pygame.Rect = field(default_factory=pygame.Rect)
    info: pygame.Rect = field(default_factory=pygame.Rect)
    count: pygame.Rect = field(default_factory=pygame.Rect)

    @property
    def anchor(self) -> tuple[float, float]:
        """Where cards fly to and from."""
        return (float(self.fan.centerx), float(self.fan.centery))


@dataclass
class TableLayout:
    """Every region of the table for one window size."""

    size: tuple[int, int]
    scale: float
    margin: int
    seats: dict[int, SeatBox] = field(default_factory=dict)
    status: pygame.Rect = field(default_factory=pygame.Rect)
    stock: pygame.Rect = field(default_factory=pygame.Rect)
    talaj: pygame.Rect = field(default_factory=pygame.Rect)
    first: pygame.Rect = field(default_factory=pygame.Rect)
    pile_w: int = 0
    melds: pygame.Rect = field(default_factory=pygame.Rect)
    meld_w: int = 0
    hand: pygame.Rect = field(default_factory=pygame.Rect)
    hand_w: int = 0
    lift: int = 0
    prompt: pygame.Rect = field(default_factory=pygame.Rect)
    words: pygame.Rect = field(default_factory=pygame.Rect)
    me: pygame.Rect = field(default_factory=pygame.Rect)
    tools: pygame.Rect = field(default_factory=pygame.Rect)
    side: pygame.Rect = field(default_factory=pygame.Rect)
    message: pygame.Rect = field(default_factory=pygame.Rect)
    journal: pygame.Rect = field(default_factory=pygame.Rect)
    meld_widths: tuple[int, ...] = ()

    def px(self, value: float) -> int:
        """A reference length in pixels at this layout's scale."""
        return theme.px(value, self.scale)


def compute_layout(size: tuple[int, int], others: Sequence[int]) -> TableLayout:
    """Lay the table out for a window size and the seats shown along the top (turn order)."""
    w, h = size
    s = theme.scale_for(size)
    lay = TableLayout(size=size, scale=s, margin=theme.px(14, s))
    m = lay.margin
    rtl = is_rtl()
    # --- the hand along the bottom ------------------------------------------------------------
    side_w = lay.px(150)
    span = w - 2 * m - side_w - m
    row_h = lay.px(40)
    third = (w - 2 * m) // 4
    # four tool buttons, each wide enough for its word in a small window
    tools_w = max(int(third * 1.25), 4 * lay.px(TOOL_W) + 3 * lay.px(8))
    # what to do now, between the name and the tools; where that leaves it too narrow (a small
    # window, a large text size), on its own line above them, across the table
    gap = lay.px(12)
    own_line = w - 2 * m - third - tools_w - 2 * gap < lay.px(PROMPT_ONE_LINE)
    prompt_h = row_h + (lay.px(PROMPT_LINE) if own_line else 0)
    lay.lift = lay.px(18)
    # "Larger cards": the hand, the piles and the combinations, as large as the middle of the
    # table leaves room for (never smaller than without)
    normal = int(min(h * 0.2 / RATIO, span / 8.2))
    hand_w = int(normal * theme.card_scale())
    room = h - 2 * m - lay.px(SEAT_H + 14) - prompt_h - lay.px(12) - lay.lift
    stacked = room - card_h(normal) >= _middle_needs(lay, normal, stacked=True)
    while hand_w > normal and room - card_h(hand_w) < max(
            MIDDLE_LEAST * h, _middle_needs(lay, hand_w, stacked)):
        hand_w = max(normal, int(hand_w * 0.95))
    lay.hand_w = max(40, hand_w)
    hand_h = card_h(lay.hand_w)
    hand_top = h - m - hand_h
    lay.hand = pygame.Rect(m, hand_top - lay.lift, span, hand_h + lay.lift)
    lay.side = pygame.Rect(w - m - side_w, hand_top - lay.lift, side_w, hand_h + lay.lift)
    if rtl:
        lay.hand.x = w - m - span
        lay.side.x = m
    lay.prompt = pygame.Rect(m, lay.hand.y - prompt_h - lay.px(4), w - 2 * m, prompt_h)
    row_y = lay.prompt.bottom - row_h
    me_w = lay.prompt.w - tools_w - gap if own_line else third
    lay.me = pygame.Rect(lay.prompt.x, row_y, me_w, row_h)
    lay.tools = pygame.Rect(lay.prompt.right - tools_w, row_y, tools_w, row_h)
    if rtl:
        lay.me.right = lay.prompt.right
        lay.tools.x = lay.prompt.x
    if own_line:
        lay.words = pygame.Rect(lay.prompt.x, lay.prompt.y, lay.prompt.w, prompt_h - row_h)
    else:
        start, end = (lay.tools, lay.me) if rtl else (lay.me, lay.tools)
        lay.words = pygame.Rect(start.right + gap, row_y, end.x - start.right - 2 * gap, row_h)
    lay.message = pygame.Rect(0, 0, min(w - 2 * m, lay.px(720)), lay.px(44))
    lay.message.midbottom = (w // 2, lay.prompt.y - lay.px(6))
    # --- the opponents along the top ----------------------------------------------------------
    k = max(1, len(others))
    gap = lay.px(12)
    box_w = min(lay.px(300), (w - 2 * m - gap * (k - 1)) // k)
    box_h = lay.px(SEAT_H)
    total = k * box_w + (k - 1) * gap
    x = (w - total) // 2
    order = list(reversed(others)) if rtl else list(others)
    for seat in order:
        lay.seats[seat] = seat_box(lay, seat, pygame.Rect(x, m, box_w, box_h), rtl)
        x += box_w + gap
    top = m + box_h + lay.px(14)
    # --- the left column: status, stock and talaj ---------------------------------------------
    lay.pile_w = max(40, int(lay.hand_w * 0.8))
    pile_h = card_h(lay.pile_w)
    piles_w = lay.pile_w * 2 + lay.px(66)
    col_h = lay.prompt.y - top - lay.px(8)
    status_h = lay.px(STATUS_H)
    # room above the piles for the buried first card's index, below them for their labels
    above = max(lay.px(26), round(pile_h * INDEX_H) + lay.px(8))
    below = lay.px(24)
    # a low middle band (a large text size): the status beside the piles, not above them
    beside = status_h + above + pile_h + below > col_h
    gap = lay.px(12)
    col = pygame.Rect(m, top, 2 * piles_w + gap if beside else piles_w, col_h)
    if rtl:
        col.right = w - m
    piles = pygame.Rect(col.x, col.y, piles_w, col.h)
    lay.status = pygame.Rect(col.x, col.y, piles_w, status_h)
    if beside:
        # the status on the reading side, the piles further in, beside the combinations
        piles.x = col.x if rtl else col.x + piles_w + gap
        lay.status.x = col.right - piles_w if rtl else col.x
        piles_y = col.y + above
    else:
        piles_y = lay.status.bottom + above
        if piles_y + pile_h + below > col.bottom:
            piles_y = max(col.y, col.bottom - pile_h - below)
    inner = lay.px(14)
    lay.stock = pygame.Rect(piles.x + inner, piles_y, lay.pile_w, pile_h)
    lay.talaj = pygame.Rect(lay.stock.right + lay.px(38), piles_y, lay.pile_w, pile_h)
    if rtl:
        lay.stock.right = piles.right - inner
        lay.talaj.right = lay.stock.x - lay.px(38)
    lay.first = lay.talaj.move(0, 0)
    journal_top = (lay.status.bottom + gap) if beside else lay.talaj.bottom + lay.px(30)
    lay.journal = pygame.Rect(lay.status.x, journal_top, piles_w,
                              max(0, col.bottom - journal_top))
    # --- the combinations ---------------------------------------------------------------------
    gap = lay.px(18)
    mh = lay.prompt.y - top - lay.px(50)
    if rtl:
        lay.melds = pygame.Rect(m, top, col.x - gap - m, mh)
    else:
        lay.melds = pygame.Rect(col.right + gap, top, w - m - col.right - gap, mh)
    lay.meld_w = max(34, int(lay.hand_w * 0.62))
    # the combinations take the largest of these widths that lets them all fit
    lay.meld_widths = tuple(sorted({max(34, int(lay.hand_w * k)) for k in (0.9, 0.76, 0.62)},
                                   reverse=True))
    return lay


def _middle_needs(lay: TableLayout, hand_w: int, stacked: bool) -> int:
    """The height the middle of the table needs with hand cards ``hand_w`` wide: the piles
    with the buried first card's index above them and their labels below (under the status
    when ``stacked``), and one row of the smallest combinations with the hint's line."""
    pile_h = card_h(max(40, int(hand_w * 0.8)))
    piles = max(lay.px(26), round(pile_h * INDEX_H) + lay.px(8)) + pile_h + lay.px(24)
    melds = lay.px(22) + card_h(34) + lay.px(10) + lay.px(50)
    return max(piles + (lay.px(STATUS_H) if stacked else 0), melds)


def seat_box(lay: TableLayout, seat: int, rect: pygame.Rect, rtl: bool) -> SeatBox:
    """An opponent's panel's parts (see :class:`SeatBox`), mirrored in right-to-left."""
    pad = lay.px(8)
    inner = rect.inflate(-2 * pad, -2 * pad)
    lines_h = lay.px(46)  # the name's line and the line under it
    count_w = min(lay.px(74), inner.w // 3)
    if rect.w >= lay.px(236):  # wide: the face along the whole height
        d = inner.h
        face = pygame.Rect(inner.x, inner.y, d, d)
        col = pygame.Rect(face.right + lay.px(8), inner.y, inner.right - face.right - lay.px(8),
                          inner.h)
        back_w = max(12, round((inner.h - lines_h - lay.px(2)) / RATIO))
        name = pygame.Rect(col.x, col.y, col.w, lines_h * 52 // 100)
        info = pygame.Rect(col.x, name.bottom, col.w, lines_h - name.h)
        fan = pygame.Rect(col.x, col.bottom - card_h(back_w), col.w - count_w, card_h(back_w))
    else:  # narrow: the face beside the two lines, the backs under them
        d = lines_h
        face = pygame.Rect(inner.x, inner.y, d, d)
        col = pygame.Rect(face.right + lay.px(6), inner.y, inner.right - face.right - lay.px(6),
                          lines_h)
        back_w = max(12, round((inner.h - lines_h - lay.px(4)) / RATIO))
        name = pygame.Rect(col.x, col.y, col.w, lines_h * 52 // 100)
        info = pygame.Rect(col.x, name.bottom, col.w, lines_h - name.h)
        fan = pygame.Rect(inner.x, inner.bottom - card_h(back_w), inner.w - count_w,
                          card_h(back_w))
    count = pygame.Rect(fan.right, fan.y, inner.right - fan.right, fan.h)
    box = SeatBox(seat, rect, fan, back_w, face, name, info, count)
    if rtl:  # the face on the right, the backs fanning from the right
        for part in (box.fan, box.face, box.name, box.info, box.count):
            part.x = rect.x + rect.right - part.right
    return box


def hand_rects(lay: TableLayout, n: int, breaks: Sequence[int] = ()) -> list[pygame.Rect]:
    """The rects of ``n`` hand cards, overlapping as needed, centred (small gaps at breaks)."""
    if n <= 0:
        return []
    w = lay.hand_w
    h = card_h(w)
    area = lay.hand
    gap_extra = lay.px(10)
    extra = gap_extra * len([b for b in breaks if 0 < b < n])
    full = w + lay.px(6)
    step = full if n == 1 else min(full, (area.w - w - extra) / (n - 1))
    total = w + step * (n - 1) + extra
    x0 = area.x + (area.w - total) / 2
    y = area.bottom - h
    rects = []
    x = x0
    bset = set(breaks)
    for i in range(n):
        if i in bset and i > 0:
            x += gap_extra
        rects.append(pygame.Rect(round(x), y, w, h))
        x += step
    # cards are held left to right in every language: each card's index corner stays visible
    return rects


__all__ = ["INDEX_H", "INDEX_W", "MELD_STEPS", "TOOL_W", "MeldFlow", "MeldPlace", "SeatBox",
           "TableLayout", "buried_first", "card_h", "compute_layout", "flow_melds", "hand_rects",
           "index_rect", "seat_box"]
