"""The table's view: the engine state turned into card sprites, and the screen order of the
hand on screen (sorting, grouping, moving cards and the selection never touch the engine)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from rami_desktop.engine.actions import Added, Discarded, Drew, Event, Laid, Swapped
from rami_desktop.engine.cards import Card
from rami_desktop.i18n import is_rtl
from rami_desktop.ui.card_art import FACE_CODES
from rami_desktop.ui.table import animation
from rami_desktop.ui.table import hand as hand_mod
from rami_desktop.ui.table.layout import (
    buried_first,
    card_h,
    compute_layout,
    flow_melds,
    hand_rects,
)
from rami_desktop.ui.table.sprites import BACK, CardSpec, Origin

if TYPE_CHECKING:
    from rami_desktop.ui.scenes.table import TableScene

log = logging.getLogger(__name__)


class TableView:
    """Places every card of a table scene from the engine state (reads the game, never
    changes it) and keeps the screen order of the hand on screen."""

    def __init__(self, scene: TableScene) -> None:
        self.sc = scene

    def hand_order(self, seat: int) -> list[Card]:
        """The screen order of a seat's hand, reconciled with the engine's."""
        sc = self.sc
        order = hand_mod.reconcile(sc.orders.get(seat, []), sc.ctl.hand(seat))
        if sc.orders.get(seat) != order:
            sc.breaks[seat] = []
        sc.orders[seat] = order
        return order

    def sync(self, animate: bool = True, events: list[Event] | None = None) -> None:
        """Rebuild every card's place from the engine state (and the layout if needed)."""
        sc = self.sc
        size = sc.ctx.size
        others = sc.others()
        key = (size, tuple(others), is_rtl())
        if key != sc.layout_key or sc.lay is None:
            sc.lay = compute_layout(size, others)
            sc.layout_key = key
            self.place_buttons()
            animate = False
        lay = sc.lay
        r = sc.ctl.round
        obs_seat = sc.viewer()
        specs: list[CardSpec] = []
        # stock and talaj
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
        # opponents' backs
        for seat, box in lay.seats.items():
            player = sc.ctl.player_of(seat)
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
        # combinations, grouped by owner
        staged = set(r.staged) if not r.over else set()
        by_owner: dict[int, list[tuple[int, int]]] = {}
        for i, tm in enumerate(r.melds):
            if tm.meld is not None:
                by_owner.setdefault(sc.ctl.seat_of(tm.owner), []).append(
                    (i, len(tm.meld.cards)))
        groups = [(seat, by_owner[seat]) for seat in range(sc.config.players)
                  if seat in by_owner]
        sc.flow = flow_melds(lay.melds, groups, lay.meld_w, lay.scale,
                             min_w=max(28, lay.px(30)), widths=lay.meld_widths)
        for place in sc.flow.places:
            meld = r.melds[place.index].meld
            assert meld is not None
            tint = "staged" if place.index in staged else None
            for k, (card, rect) in enumerate(zip(meld.cards, place.cards, strict=True)):
                specs.append(CardSpec(card.code, f"meld:{place.index}", rect, tint, ref=k))
        # the hand on screen
        if obs_seat is not None:
            order = self.hand_order(obs_seat)
            sc.selected = {i for i in sc.selected if i < len(order)}
            sc.cursor = max(0, min(sc.cursor, len(order) - 1))
            rects = hand_rects(lay, len(order), sc.breaks.get(obs_seat, []))
            for i, (card, rect) in enumerate(zip(order, rects, strict=True)):
                tint = None
                if i in sc.selected:
                    rect = rect.move(0, -lay.lift)
                    tint = "selected"
                specs.append(CardSpec(card.code, "hand", rect, tint, ref=i))
        origins = self.origins(events or [], obs_seat)
        duration = animation.slide_time(sc.speed) if animate else 0.0
        sc.board.sync(specs, origins, None, duration)
        sc.painter.invalidate()
        sc.update_buttons()

    def origins(self, events: list[Event], viewer: int | None) -> dict[str, Origin]:
        """Where new cards come from after some engine events, and how they look on the way:
        a card leaving another player's hand shows its back until it is thrown on the table, a
        talaj card going into another player's hand turns face down as it arrives."""
        sc = self.sc
        lay = sc.lay
        assert lay is not None
        out: dict[str, Origin] = {}

        def seat_zone(player: int) -> tuple[str, tuple[float, float], bool]:
            seat = sc.ctl.seat_of(player)
            box = lay.seats.get(seat)
            anchor = box.anchor if box is not None else (lay.hand.centerx, lay.hand.centery)
            mine = seat == viewer
            return ("hand" if mine else f"seat:{seat}"), anchor, mine

        piles = {"stock": lay.stock.center, "top": lay.talaj.center, "first": lay.first.center}
        for e in events:
            if isinstance(e, Drew):
                zone, _anchor, mine = seat_zone(e.player)
                start = piles.get(e.source, lay.talaj.center)
                point = (float(start[0]), float(start[1]))
                if mine:
                    hidden = e.source == "stock"
                    out[zone] = Origin(point, BACK if hidden else None, 0.5)
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

    def warm_card_art(self) -> None:
        """Load and scale every card once per size now, not in the middle of a deal."""
        sc = self.sc
        art, lay = sc.ctx.card_art, sc.lay
        if lay is None:
            return
        try:
            for width in {lay.hand_w, lay.pile_w, lay.meld_w, *lay.meld_widths}:
                for code in FACE_CODES:
                    art.face(code, width)
            for width in {lay.pile_w, *(b.back_w for b in lay.seats.values())}:
                art.back(width)
        except Exception:  # boundary: file loading (card pictures)
            log.exception("card art could not be prepared")

    def place_buttons(self) -> None:
        sc = self.sc
        lay = sc.lay
        assert lay is not None
        sc.group.set_scale(lay.scale)
        tools = lay.tools
        gap = lay.px(8)
        n = len(sc.tool_buttons)
        bw = (tools.w - gap * (n - 1)) // n
        order = list(reversed(sc.tool_buttons)) if is_rtl() else sc.tool_buttons
        for i, b in enumerate(order):
            b.rect = pygame.Rect(tools.x + i * (bw + gap), tools.y + lay.px(2), bw,
                                 tools.h - lay.px(4))
        side = lay.side
        bh = lay.px(44)
        sc.b_lay.rect = pygame.Rect(side.x, side.y + lay.lift, side.w, bh)
        sc.b_redeal.rect = pygame.Rect(side.x, sc.b_lay.rect.bottom + gap, side.w, bh)
        sc.b_menu.rect = pygame.Rect(side.x, side.bottom - bh, side.w, bh)

    def selection_cards(self) -> list[Card]:
        """The selected cards of the hand on screen, in screen order."""
        sc = self.sc
        v = sc.viewer()
        if v is None:
            return []
        order = sc.orders.get(v, [])
        return [order[i] for i in sorted(sc.selected) if i < len(order)]

    def cursor_card(self) -> Card | None:
        """The card under the keyboard cursor."""
        sc = self.sc
        v = sc.viewer()
        order = sc.orders.get(v, []) if v is not None else []
        return order[sc.cursor] if 0 <= sc.cursor < len(order) else None

    def visible_melds(self) -> list[int]:
        """Engine indices of the combinations on screen, in their numbered order."""
        sc = self.sc
        return [p.index for p in sc.flow.places] if sc.flow else []

    def meld_count(self) -> int:
        """How many combinations are numbered on screen."""
        return len(self.visible_melds())

    def move_cursor(self, delta: int) -> None:
        """Move the keyboard cursor over the hand."""
        sc = self.sc
        v = sc.viewer()
        if v is None:
            return
        n = len(sc.orders.get(v, []))
        sc.cursor = max(0, min(n - 1, sc.cursor + delta))

    def move_card(self, delta: int) -> None:
        """Move the cursor card within the hand (screen order only); selections follow."""
        sc = self.sc
        v = sc.viewer()
        if v is None:
            return
        order = sc.orders.get(v, [])
        marked = [(card, i in sc.selected) for i, card in enumerate(order)]
        sc.cursor = hand_mod.move(marked, sc.cursor, delta)
        sc.orders[v] = [card for card, _sel in marked]
        sc.selected = {i for i, (_card, sel) in enumerate(marked) if sel}
        sc.breaks[v] = []
        self.sync()

    def toggle_select(self, index: int | None = None) -> None:
        """Select or unselect a hand card (the cursor card by default)."""
        sc = self.sc
        v = sc.viewer()
        if v is None:
            return
        i = sc.cursor if index is None else index
        if not 0 <= i < len(sc.orders.get(v, [])):
            return
        sc.selected ^= {i}
        sc.cursor = i
        self.sync()

    def sort_suit(self) -> None:
        """Sort the hand by suit."""
        self._reorder(hand_mod.sort_by_suit)

    def sort_rank(self) -> None:
        """Sort the hand by rank."""
        self._reorder(hand_mod.sort_by_rank)

    def _reorder(self, fn: Callable[[list[Card]], list[Card]]) -> None:
        sc = self.sc
        v = sc.viewer()
        if v is None:
            return
        sc.orders[v] = fn(self.hand_order(v))
        sc.breaks[v] = []
        sc.selected.clear()
        self.sync()

    def group_hand(self) -> None:
        """Arrange the hand by the combinations it can make."""
        sc = self.sc
        v = sc.viewer()
        if v is None:
            return
        order, breaks = hand_mod.group_by_melds(self.hand_order(v), sc.ctl.rules)
        sc.orders[v] = order
        sc.selected.clear()
        self.sync()
        sc.breaks[v] = breaks
        self.sync()

    def reorder_drop(self, seat: int, refs: list[int], pos: tuple[int, int]) -> None:
        sc = self.sc
        lay = sc.lay
        assert lay is not None
        order = sc.orders.get(seat, [])
        rects = hand_rects(lay, len(order), sc.breaks.get(seat, []))
        moving = [order[i] for i in refs]
        rest = [c for i, c in enumerate(order) if i not in set(refs)]
        rest_rects = [r for i, r in enumerate(rects) if i not in set(refs)]
        slot = sum(1 for r in rest_rects if r.centerx < pos[0])
        new = rest[:slot] + moving + rest[slot:]
        sc.orders[seat] = new
        sc.breaks[seat] = []
        sc.selected = set(range(slot, slot + len(moving))) if len(moving) > 1 else set()
        sc.cursor = slot
        self.sync()

