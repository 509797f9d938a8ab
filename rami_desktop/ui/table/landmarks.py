"""Where the elements of a table are on screen: the stock, the talaj, the first card, cards of
the hand, the Lay button, a combination, an opponent (what the coach points at)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Protocol

import pygame

from rami_desktop.engine.cards import Card
from rami_desktop.play.tutorial.model import Aim, Target
from rami_desktop.ui.table.buttons import TableButtons
from rami_desktop.ui.table.painter import TablePainter
from rami_desktop.ui.table.sprites import SpriteBoard
from rami_desktop.ui.table.table_view import TableView


class GuidedTable(Protocol):
    """What a guide reads of the table scene it shows (to point at its elements) and runs
    (the table scene is one)."""

    view: TableView
    board: SpriteBoard
    buttons: TableButtons
    painter: TablePainter

    def on_enter(self) -> None: ...
    def on_exit(self) -> None: ...
    def on_resume(self) -> None: ...
    def on_resize(self, size: tuple[int, int]) -> None: ...
    def handle_event(self, event: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def needs_redraw(self) -> bool: ...


def hand_rects(board: SpriteBoard, cards: Sequence[Card]) -> list[pygame.Rect]:
    """Where the hand's sprites showing ``cards`` (each copy once) can be seen now: each card
    up to where the next one covers it, so that each is framed on its own."""
    wanted = Counter(c.code for c in cards)
    hand = {s.spec.ref: s for s in board.in_zone("hand") if s.spec.zone == "hand"}
    out: list[pygame.Rect] = []
    for ref in sorted(hand):
        sprite = hand[ref]
        if wanted[sprite.spec.code] <= 0:
            continue
        wanted[sprite.spec.code] -= 1
        rect = sprite.rect.copy()
        above = hand.get(ref + 1)  # the next card is drawn over this one
        if above is not None and rect.x < above.rect.x < rect.right \
                and above.rect.y <= rect.y:
            rect.w = above.rect.x - rect.x
        out.append(rect)
    return out


def aim_rects(view: TableView, board: SpriteBoard, lay_button: pygame.Rect, aim: Aim,
              seat: int) -> list[pygame.Rect]:
    """The rectangles an aim points at: its element, then its hand cards.

    Args:
        view: the table's layout.
        board: the table's card sprites.
        lay_button: where the Lay button is.
        aim: what to point at.
        seat: the opponent's seat (for ``OPPONENT``).
    """
    lay = view.lay
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
        out.append(lay_button)
    elif target is Target.OPPONENT and seat in lay.seats:
        out.append(lay.seats[seat].rect)
    elif target is Target.MELD and view.flow is not None:
        out += [p.rect for p in view.flow.places if p.index == aim.meld]
    out += hand_rects(board, aim.cards)
    return out
