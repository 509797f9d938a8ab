"""The table's view: where everything is for the window size, and what the table shows turned
into card sprites (they travel after each change). It reads the game, never changes it.

The hand at the bottom is the table's bottom seat's, face up only when the table says it may be
(:meth:`~rami_desktop.play.table.table.Table.face_up`), drawn from that seat's view; otherwise its
backs are shown.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import pygame

from rami_desktop.engine.actions import Added, Discarded, Drew, Laid, Swapped
from rami_desktop.i18n import is_rtl
from rami_desktop.play.table.staging import added_this_turn
from rami_desktop.play.table.table_game import TableGame
from rami_desktop.play.view.story import ToldEvent
from rami_desktop.ui.kit.card_art import FACE_CODES, CardArt
from rami_desktop.ui.table import animation
from rami_desktop.ui.table.layout import (
    MeldFlow,
    TableLayout,
    buried_first,
    card_h,
    compute_layout,
    flow_melds,
    hand_rects,
)
from rami_desktop.ui.table.sprites import BACK, CardSpec, Origin, SpriteBoard
from rami_desktop.ui.table.table_model import TableModel

log = logging.getLogger(__name__)

#: the zone of the bottom hand while its cards are hidden (pass-and-play between turns)
HIDDEN_HAND = "hand-hidden"


def others(session: TableGame) -> list[int]:
    """Seats shown along the top, in turn order after the bottom seat."""
    active = session.shown.match.active_seats()
    bottom = session.bottom_seat()
    if bottom is None or bottom not in active:
        return active
    i = active.index(bottom)
    return [s for s in active[i + 1:] + active[:i] if s != bottom]


class TableView:
    """The geometry of one table screen and the sprites of its cards."""

    def __init__(self) -> None:
        self.lay: TableLayout | None = None
        self.flow: MeldFlow | None = None
        self._key: tuple[Any, ...] = ()

    def invalidate(self) -> None:
        """Lay the table out again at the next sync (a new size, language or bottom seat)."""
        self._key = ()

    def relayout(self, size: tuple[int, int], session: TableGame) -> bool:
        """Compute the layout if the size, the seats on top or the direction changed; return
        whether it did."""
        top = others(session)
        key = (size, tuple(top), is_rtl())
        if key == self._key and self.lay is not None:
            return False
        self.lay = compute_layout(size, top)
        self._key = key
        return True

    def sync(self, board: SpriteBoard, session: TableGame, model: TableModel,
             size: tuple[int, int], duration: float, events: Sequence[ToldEvent] = ()) -> bool:
        """Give every card its place from the game (cards that moved slide there in
        ``duration`` seconds); return whether the layout was made anew (nothing slides then)."""
        fresh_layout = self.relayout(size, session)
        if fresh_layout:
            duration = 0.0
        lay = self.lay
        assert lay is not None
        specs = self._piles(session, lay) + self._seats(session, lay) + self._melds(session, lay)
        specs += self._hand(session, model, lay)
        origins = self.origins(session, events, None if model.covered else session.shown.viewer)
        board.sync(specs, origins, None, duration)
        return fresh_layout

    def _piles(self, session: TableGame, lay: TableLayout) -> list[CardSpec]:
        r = session.shown.round
        specs: list[CardSpec] = []
        if r.stock:
            specs.append(CardSpec(BACK, "stock", lay.stock.copy()))
        talaj = r.talaj
        first_pos = r.first_pos
        lay.first = lay.talaj.copy()
        if talaj:
            if first_pos is not None and first_pos < len(talaj) - 1:
                lay.first = buried_first(lay.talaj)
                specs.append(CardSpec(talaj[first_pos].code, "first", lay.first.copy()))
            if len(talaj) >= 2 and first_pos != len(talaj) - 2:  # (not the first card twice)
                specs.append(CardSpec(talaj[-2].code, "talaj", lay.talaj.copy(), ref="under"))
            specs.append(CardSpec(talaj[-1].code, "talaj", lay.talaj.copy(), ref="top"))
        return specs

    @staticmethod
    def _seats(session: TableGame, lay: TableLayout) -> list[CardSpec]:
        """The backs of the hands along the top."""
        r = session.shown.round
        specs: list[CardSpec] = []
        for seat, box in lay.seats.items():
            player = session.player_of(seat)
            n = 0 if player is None else len(r.hands[player])
            if n == 0:
                continue
            bw = box.back_w
            step = min(bw * 0.42, (box.fan.w - bw) / max(1, n - 1))
            for i in range(n):
                x = box.fan.x + i * step
                if is_rtl():
                    x = box.fan.right - bw - i * step
                specs.append(CardSpec(BACK, f"seat:{seat}",
                                      pygame.Rect(round(x), box.fan.y, bw, card_h(bw)), ref=i))
        return specs

    def _melds(self, session: TableGame, lay: TableLayout) -> list[CardSpec]:
        """The combinations, grouped by owner, the turn's own marked as tentative."""
        r = session.shown.round
        staged = set(r.staged) if not r.over else set()
        by_owner: dict[int, list[tuple[int, int]]] = {}
        for i, tm in enumerate(r.melds):
            if tm.meld is not None:
                by_owner.setdefault(session.seat_of(tm.owner), []).append(
                    (i, len(tm.meld.cards)))
        groups = [(seat, by_owner[seat]) for seat in range(session.config.players)
                  if seat in by_owner]
        self.flow = flow_melds(lay.melds, groups, lay.meld_w, lay.scale,
                               min_w=max(28, lay.px(30)), widths=lay.meld_widths)
        added = {} if r.over else added_this_turn(r.turn_view(), r.melds)
        specs: list[CardSpec] = []
        for place in self.flow.places:
            meld = r.melds[place.index].meld
            assert meld is not None
            new = added.get(place.index, set())
            for k, (card, rect) in enumerate(zip(meld.cards, place.cards, strict=True)):
                tint = "staged" if place.index in staged or k in new else None
                specs.append(CardSpec(card.code, f"meld:{place.index}", rect, tint, ref=k))
        return specs

    @staticmethod
    def _hand(session: TableGame, model: TableModel, lay: TableLayout) -> list[CardSpec]:
        """The bottom seat's hand: face up in its screen order when the session allows it,
        else its backs."""
        bottom = session.bottom_seat()
        if bottom is None:
            return []
        if session.shown.viewer != bottom or model.covered:
            n = session.shown.hand_size(bottom)
            return [CardSpec(BACK, HIDDEN_HAND, rect, ref=i)
                    for i, rect in enumerate(hand_rects(lay, n))]
        order = session.hand_order(bottom)
        model.fit(len(order.cards))
        specs: list[CardSpec] = []
        rects = hand_rects(lay, len(order.cards), order.breaks)
        for i, (card, rect) in enumerate(zip(order.cards, rects, strict=True)):
            tint = None
            if i in model.selected:
                rect = rect.move(0, -lay.lift)
                tint = "selected"
            specs.append(CardSpec(card.code, "hand", rect, tint, ref=i))
        return specs

    def origins(self, session: TableGame, events: Sequence[ToldEvent],
                viewer: int | None) -> dict[str, Origin]:
        """Where new cards come from after some engine events, and how they look on the way:
        a card leaving another player's hand shows its back until it is thrown on the table, a
        talaj card going into another player's hand turns face down as it arrives."""
        lay = self.lay
        assert lay is not None
        out: dict[str, Origin] = {}
        bottom = session.bottom_seat()

        def seat_zone(player: int) -> tuple[str, tuple[float, float], bool]:
            seat = session.seat_of(player)
            box = lay.seats.get(seat)
            anchor = box.anchor if box is not None else (lay.hand.centerx, lay.hand.centery)
            if seat == bottom:
                return ("hand" if seat == viewer else HIDDEN_HAND), anchor, seat == viewer
            return f"seat:{seat}", anchor, False

        piles = {"stock": lay.stock.center, "top": lay.talaj.center, "first": lay.first.center}
        for e in events:
            if isinstance(e, Drew):
                zone, _anchor, mine = seat_zone(e.player)
                start = piles.get(e.source, lay.talaj.center)
                point = (float(start[0]), float(start[1]))
                if mine:
                    out[zone] = Origin(point, BACK if e.source == "stock" else None, 0.5)
                else:
                    face = e.card.code if e.card is not None and e.source != "stock" else None
                    out[zone] = Origin(point, face, 1.0)
            elif isinstance(e, Laid | Added | Swapped):
                _zone, anchor, mine = seat_zone(e.player)
                out[f"meld:{e.meld}"] = Origin(anchor, None if mine else BACK,
                                               animation.REVEAL_AT)
            elif isinstance(e, Discarded):
                _zone, anchor, mine = seat_zone(e.player)
                out["talaj"] = Origin(anchor, None if mine else BACK, animation.REVEAL_AT)
        return out

    def warm_card_art(self, art: CardArt) -> None:
        """Load and scale every card once per size now, not in the middle of a deal."""
        lay = self.lay
        if lay is None:
            return
        try:
            for width in {lay.hand_w, lay.pile_w, lay.meld_w, *lay.meld_widths}:
                for code in FACE_CODES:
                    art.face(code, width)
            for width in {lay.hand_w, lay.pile_w, *(b.back_w for b in lay.seats.values())}:
                art.back(width)
        except Exception:  # boundary: file loading (card pictures)
            log.exception("card art could not be prepared")

    def visible_melds(self) -> list[int]:
        """Engine indices of the combinations on screen, in their numbered order."""
        return [p.index for p in self.flow.places] if self.flow else []

    def meld_at(self, pos: tuple[int, int]) -> tuple[int, int | None, pygame.Rect] | None:
        """The combination under a point: engine index, card index (or None) and its rect."""
        if self.flow is None or self.lay is None:
            return None
        margin = self.lay.px(12)
        for place in reversed(self.flow.places):
            if place.rect.inflate(margin, margin).collidepoint(pos):
                for k in range(len(place.cards) - 1, -1, -1):
                    if place.cards[k].collidepoint(pos):
                        return place.index, k, place.rect
                return place.index, None, place.rect
        return None

    def drop_slot(self, n: int, breaks: Sequence[int], moving: Sequence[int],
                  x: int) -> int:
        """Where cards dropped at ``x`` go among the other cards of a hand of ``n``."""
        lay = self.lay
        assert lay is not None
        rects = hand_rects(lay, n, breaks)
        rest = [r for i, r in enumerate(rects) if i not in set(moving)]
        return sum(1 for r in rest if r.centerx < x)
