"""Where the elements of a table are on screen: the stock, the talaj, the first card, cards of
the hand, the Lay button, a combination, an opponent (what the coach points at)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pygame

from rami_desktop.engine.cards import Card
from rami_desktop.play.tutorial.model import Aim, Target
from rami_desktop.ui.table.gate import GuidedTable


def hand_rects(table: GuidedTable, cards: Sequence[Card]) -> list[pygame.Rect]:
    """The hand's sprites showing ``cards`` (each copy once), where they are now."""
    wanted = Counter(c.code for c in cards)
    out: list[pygame.Rect] = []
    for sprite in table.board.in_zone("hand"):
        if wanted[sprite.spec.code] > 0:
            wanted[sprite.spec.code] -= 1
            out.append(sprite.rect)
    return out


def aim_rects(table: GuidedTable, aim: Aim, seat: int) -> list[pygame.Rect]:
    """The rectangles an aim points at: its element, then its hand cards.

    Args:
        table: the table scene.
        aim: what to point at.
        seat: the opponent's seat (for ``OPPONENT``).
    """
    lay = table.lay
    if lay is None:
        return []
    out: list[pygame.Rect] = []
    target = aim.target
    if target is Target.STOCK:
        out.append(lay.stock)
    elif target is Target.TALAJ:
        out.append(lay.talaj)
    elif target is Target.FIRST:
        out.append(lay.first)
    elif target is Target.LAY:
        out.append(table.b_lay.rect)
    elif target is Target.OPPONENT and seat in lay.seats:
        out.append(lay.seats[seat].rect)
    elif target is Target.MELD and table.flow is not None:
        out += [p.rect for p in table.flow.places if p.index == aim.meld]
    out += hand_rects(table, aim.cards)
    return out
