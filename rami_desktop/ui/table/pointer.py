"""The table's pointer: mouse presses, drags and drops turned into the player's intent
(select, reorder, draw, lay, add, swap, take back, discard). A drop builds candidate actions;
the engine accepts or refuses them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rami_desktop.engine.actions import Action
from rami_desktop.ui.table import animation
from rami_desktop.ui.table.drag import Drag, Press, moved_enough
from rami_desktop.ui.table.staging import add_actions, lay_action, swap_action

if TYPE_CHECKING:
    from rami_desktop.ui.scenes.table import TableScene


class Pointer:
    """Turns the mouse events of a table scene into its commands."""

    def __init__(self, scene: TableScene) -> None:
        self.sc = scene

    def handle(self, event: pygame.event.Event) -> None:
        """A mouse event (motion, press or release of the left button)."""
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self.down(event.pos)
        elif event.type == pygame.MOUSEMOTION:
            self.move(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self.up(event.pos)

    def down(self, pos: tuple[int, int]) -> None:
        sc = self.sc
        lay = sc.lay
        if lay is None:
            return
        sprite = sc.board.at(pos, "hand")
        if sprite is not None and sc.viewer() is not None:
            sc.press = Press(pos, sprite, "hand")
            return
        sprite = sc.board.at(pos, "meld:")
        if sprite is not None and sc.my_turn():
            index = int(sprite.spec.zone.split(":")[1])
            # a combination laid this turn comes back whole; another gives back only the last
            # addition or swap made to it (an undo)
            if index in sc.ctl.round.staged or sc.ctl.round.turn_view().last_meld == index:
                sc.press = Press(pos, sprite, sprite.spec.zone)
                return
        if not sc.my_turn():
            return
        if lay.first != lay.talaj and sc.board.at(pos, "first") is not None \
                and not lay.talaj.collidepoint(pos):
            sc.draw_from("first")
        elif lay.stock.collidepoint(pos):
            sc.draw_from("stock")
        elif lay.talaj.collidepoint(pos):
            sc.draw_from("top")

    def move(self, pos: tuple[int, int]) -> None:
        sc = self.sc
        if sc.drag is not None:
            sc.drag.move(pos)
            return
        press = sc.press
        if press is None or not moved_enough(press.pos, pos):
            return
        if press.zone == "hand":
            i = press.sprite.spec.ref
            held = [press.sprite]
            if i in sc.selected and len(sc.selected) > 1:
                held = [s for s in sc.board.in_zone("hand") if s.spec.ref in sc.selected]
            sc.drag = Drag.start(held, press.pos, "hand")
        else:
            sc.drag = Drag.start([press.sprite], press.pos, press.zone)
        sc.painter.invalidate()
        # bring to front
        for s in sc.drag.sprites:
            sc.board.sprites.remove(s)
            sc.board.sprites.append(s)
        sc.press = None
        sc.drag.move(pos)

    def up(self, pos: tuple[int, int]) -> None:
        sc = self.sc
        press, drag = sc.press, sc.drag
        sc.press = None
        if drag is None:
            if press is not None and press.zone == "hand":
                sc.view.toggle_select(press.sprite.spec.ref)
            return
        sc.drag = None
        sc.painter.invalidate()
        if not self.drop(drag, pos):
            drag.snap_back(animation.slide_time(sc.speed))

    def drop(self, drag: Drag, pos: tuple[int, int]) -> bool:
        """Turn a drop into candidate actions; return False to send the cards back."""
        sc = self.sc
        lay = sc.lay
        assert lay is not None
        if drag.source.startswith("meld:"):
            if pos[1] >= lay.prompt.y:
                drag.release()
                sc.take_back(int(drag.source.split(":")[1]))
                return True
            return False
        v = sc.viewer()
        if v is None:
            return False
        order = sc.orders.get(v, [])
        refs = sorted(int(r) for r in drag.refs)  # type: ignore[call-overload]
        cards = [order[i] for i in refs if i < len(order)]
        if pos[1] >= lay.hand.y - lay.px(10):
            sc.view.reorder_drop(v, refs, pos)
            return True
        if not sc.my_turn():
            return False
        p = sc.ctl.action_player(v)
        drag.release()
        if lay.talaj.inflate(lay.px(24), lay.px(24)).collidepoint(pos):
            if len(cards) != 1:
                sc.refuse("card_not_in_hand")
                sc.sync()
                return True
            sc.discard(cards[0])
            return True
        place = self.meld_at(pos)
        if place is not None:
            index, k, rect = place
            meld = sc.ctl.round.melds[index].meld
            assert meld is not None
            candidates: list[Action] = []
            if len(cards) == 1 and k is not None and meld.cards[k].is_joker:
                candidates.append(swap_action(p, index, cards[0]))
            at = "low" if pos[0] < rect.centerx else "high"
            candidates += add_actions(p, index, meld, cards, at, sc.ctl.rules)
            sc.attempt(*candidates)
            return True
        if lay.melds.collidepoint(pos) or (pos[1] < lay.prompt.y and pos[1] > lay.status.y):
            sc.attempt(lay_action(p, cards, sc.ctl.rules))
            return True
        return False

    def meld_at(self, pos: tuple[int, int]
                ) -> tuple[int, int | None, pygame.Rect] | None:
        """The combination under a point: engine index, card index (or None) and its rect."""
        sc = self.sc
        if sc.flow is None or sc.lay is None:
            return None
        margin = sc.lay.px(12)
        for place in reversed(sc.flow.places):
            if place.rect.inflate(margin, margin).collidepoint(pos):
                for k in range(len(place.cards) - 1, -1, -1):
                    if place.cards[k].collidepoint(pos):
                        return place.index, k, place.rect
                return place.index, None, place.rect
        return None

