"""Where the combinations lie on the felt: spread over the middle of the table as on a real
one, each player's together under their name.

Each player's combinations are a group; the groups share the area in a grid (as many side by
side as fit, a row's names on one line), the combinations of a group in rows that wrap inside
its cell; the whole is centred in the area, each group across its cell, a strip kept free
below for a new combination. The cards are the largest that let everything fit (and the widest
spread of their overlap), smaller until they do. The painter, the pointer and the keyboard
all read the one :class:`MeldFlow` this makes (``TableView.flow``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from rami_desktop.i18n import is_rtl
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.card_art import RATIO

#: how much of each overlapped card of a combination shows, widest first (the index needs
#: ``layout.INDEX_W`` of it)
MELD_STEPS = (0.46, 0.36)

#: the height of the strip of the area kept free for a new combination (reference scale)
DROP_STRIP = 56

Groups = Sequence[tuple[int, Sequence[tuple[int, int]]]]


def _card_h(width: int) -> int:
    return max(1, round(width * RATIO))


@dataclass
class MeldPlace:
    """Where one combination goes: its engine index and the rects of its cards."""

    index: int
    owner: int
    cards: list[pygame.Rect]

    @property
    def rect(self) -> pygame.Rect:
        """The rect around its cards."""
        r = self.cards[0].copy()
        for c in self.cards[1:]:
            r.union_ip(c)
        return r


@dataclass
class MeldFlow:
    """The combinations placed in the area.

    Attributes:
        card_w: the cards' width.
        labels: per owner, where their name goes (over their first row).
        places: every combination, in the order they are numbered on the table.
        free: the widest empty strip of the area, above or below the combinations (where a new
            combination is dropped).
        groups: per owner, the rect around their name and their combinations.
    """

    card_w: int
    labels: list[tuple[int, pygame.Rect]]
    places: list[MeldPlace]
    free: pygame.Rect
    groups: list[tuple[int, pygame.Rect]]


def flow_melds(area: pygame.Rect, groups: Groups, card_w: int, scale: float, min_w: int = 30,
               widths: Sequence[int] = ()) -> MeldFlow:
    """Place combinations grouped by owner (see the module's text): the largest cards, the
    widest spread and the most groups side by side that let them all fit, shrinking until
    they do.

    Args:
        area: the combinations' area.
        groups: ``(owner, [(engine index, number of cards), ...])`` in seat order.
        card_w: the card width below the preferred ``widths``.
        scale: the UI scale.
        min_w: the smallest card width tried.
        widths: preferred card widths, largest first, tried before ``card_w``.
    """
    rtl = is_rtl()
    groups = [(owner, melds) for owner, melds in groups if melds]
    for w in [*widths, card_w]:
        if w < card_w:
            continue
        for ratio in MELD_STEPS:
            flow = _best_grid(area, groups, w, scale, rtl, ratio)
            if flow is not None:
                return flow
    w = card_w
    while True:
        flow = _best_grid(area, groups, w, scale, rtl, MELD_STEPS[-1])
        if flow is not None or w <= min_w:
            break
        w = max(min_w, int(w * 0.9))
    if flow is not None:
        return flow
    forced = _grid(area, groups, w, scale, rtl, MELD_STEPS[-1], 1, force=True)
    assert forced is not None  # forced: always placed
    return forced


def _best_grid(area: pygame.Rect, groups: Groups, w: int, scale: float, rtl: bool,
               ratio: float) -> MeldFlow | None:
    """The groups side by side as much as fits at this card size (None: nothing fits)."""
    for columns in range(max(1, len(groups)), 0, -1):
        flow = _grid(area, groups, w, scale, rtl, ratio, columns)
        if flow is not None:
            return flow
    return None


def _grid(area: pygame.Rect, groups: Groups, w: int, scale: float, rtl: bool, ratio: float,
          columns: int, force: bool = False) -> MeldFlow | None:
    """The groups in a grid of ``columns``, each wrapping its combinations in its cell,
    centred; None when it does not fit the area (unless ``force``)."""
    h = _card_h(w)
    step = max(8, int(w * ratio))
    gap = theme.px(16, scale)
    row_gap = theme.px(10, scale)
    label_h = theme.px(24, scale)
    cell_gap = theme.px(26, scale)
    cell_w = (area.w - cell_gap * (columns - 1)) // columns
    if cell_w <= 0:
        return None
    # each group laid out on its own, from (0, 0): its places, its label, its size
    laid: list[tuple[int, list[MeldPlace], pygame.Rect, int, int]] = []
    for owner, melds in groups:
        places: list[MeldPlace] = []
        rows: list[list[MeldPlace]] = [[]]
        x = 0
        y = label_h
        for index, n in melds:
            mw = w + step * (n - 1)
            if mw > cell_w and not force:
                return None
            if x > 0 and x + mw > cell_w:
                x, y = 0, y + h + row_gap
                rows.append([])
            place = MeldPlace(index, owner, [pygame.Rect(x + k * step, y, w, h)
                                             for k in range(n)])
            places.append(place)
            rows[-1].append(place)
            x += mw + gap
        width = max(p.rect.right for p in places)
        label = pygame.Rect(0, 0, max(min(width, cell_w), theme.px(120, scale)), label_h)
        laid.append((owner, places, label, width, y + h))
    # the grid: rows of cells as high as their highest group
    grid_rows = [laid[k:k + columns] for k in range(0, len(laid), columns)]
    heights = [max(g[4] for g in row) for row in grid_rows]
    total = sum(heights) + cell_gap * (len(heights) - 1) if heights else 0
    reserve = theme.px(DROP_STRIP, scale)
    if total + reserve > area.h and not force:
        return None
    # centred, a strip for a new combination kept free below
    top = area.y + max(0, min((area.h - total) // 2, area.h - total - reserve))
    labels: list[tuple[int, pygame.Rect]] = []
    out: list[MeldPlace] = []
    rects: list[tuple[int, pygame.Rect]] = []
    y = top
    for row, row_h in zip(grid_rows, heights, strict=True):
        # a row of fewer groups than columns is centred too
        used = len(row) * cell_w + (len(row) - 1) * cell_gap
        x0 = area.x + (area.w - used) // 2
        for k, (owner, places, label, width, height) in enumerate(row):
            col = len(row) - 1 - k if rtl else k
            cell_x = x0 + col * (cell_w + cell_gap)
            dx = cell_x + (cell_w - min(width, cell_w)) // 2
            dy = y  # the names of a row of groups on one line

            def put(r: pygame.Rect, dx: int = dx, dy: int = dy, width: int = width
                    ) -> pygame.Rect:
                if rtl:  # mirrored inside the group: the first combination on the right
                    return pygame.Rect(dx + width - r.right, dy + r.y, r.w, r.h)
                return r.move(dx, dy)

            for place in places:
                place.cards = [put(r) for r in place.cards]
                if rtl:  # the cards themselves still overlap left to right (indices shown)
                    xs = sorted(r.x for r in place.cards)
                    for r, nx in zip(place.cards, xs, strict=True):
                        r.x = nx
                out.append(place)
            shown = put(pygame.Rect(0, 0, label.w, label.h))
            labels.append((owner, shown))
            rects.append((owner, pygame.Rect(dx, dy, max(width, label.w), height)
                          if not rtl else pygame.Rect(dx + width - max(width, label.w), dy,
                                                      max(width, label.w), height)))
        y += row_h + cell_gap
    # the places in the order of the groups (seat order), then their combinations
    order = {owner: k for k, (owner, _m) in enumerate(groups)}
    out.sort(key=lambda p: (order[p.owner], [i for i, _n in dict(groups)[p.owner]].index(
        p.index)))
    return MeldFlow(w, labels, out, _free(area, rects), rects)


def _free(area: pygame.Rect, groups: list[tuple[int, pygame.Rect]]) -> pygame.Rect:
    """The larger empty strip of the area above or below the groups (the whole area when
    there are none; below, at least :data:`DROP_STRIP` high, unless crowded)."""
    if not groups:
        return area.copy()
    top = min(r.y for _o, r in groups)
    bottom = max(r.bottom for _o, r in groups)
    above = pygame.Rect(area.x, area.y, area.w, max(0, top - area.y))
    below = pygame.Rect(area.x, bottom, area.w, max(0, area.bottom - bottom))
    return below if below.h >= above.h else above


__all__ = ["MELD_STEPS", "MeldFlow", "MeldPlace", "flow_melds"]
