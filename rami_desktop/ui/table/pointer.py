"""The table's pointer: mouse presses, clicks, drags and drops turned into the table's commands
(select, reorder, draw, lay, add, swap, take back, discard). A drop builds candidate actions;
the engine accepts or refuses them.

Every move a drag makes is a click too: click cards to select them, then click where they go
(the talaj discards the one selected card, a combination takes them, a joker gives its place
to the one selected card, the felt takes them as a new combination); a click on a combination
laid this turn, nothing selected, takes it back; a double-click on a card discards it; a click
in the strip just above the hand moves the selected cards there.
"""

from __future__ import annotations

import pygame

from rami_desktop.engine.cards import Card
from rami_desktop.ui.table.control import TableControl
from rami_desktop.ui.table.drag import Drag, moved_enough
from rami_desktop.ui.table.layout import TableLayout
from rami_desktop.ui.table.sprites import SpriteBoard
from rami_desktop.ui.table.table_model import DragState, Press

#: seconds between the two clicks of a double-click (the screen's own time, not the wall's)
DOUBLE_CLICK = 0.45
#: pixels the pointer may move between the two clicks of a double-click
DOUBLE_CLICK_SLOP = 10


class Pointer:
    """Turns mouse events into table commands; holds the cards being dragged."""

    def __init__(self) -> None:
        self.drag: Drag | None = None
        #: the screen's time in seconds (advanced by :meth:`tick`)
        self.clock = 0.0
        #: the last click on a hand card: its position in the hand, where, when, which card
        self._last_click: tuple[int, tuple[int, int], float, Card | None] | None = None

    def tick(self, dt: float) -> None:
        """Time passes (a double-click is two clicks close in this time)."""
        self.clock += dt

    def handle(self, event: pygame.event.Event, control: TableControl, board: SpriteBoard,
               slide: float) -> None:
        """A mouse event (motion, press or release of the left button).

        Args:
            event: the event.
            control: the table's commands (with the model, the view and the session).
            board: the card sprites.
            slide: seconds cards take to slide back after a drop that plays nothing.
        """
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self.down(event.pos, control, board)
        elif event.type == pygame.MOUSEMOTION:
            self.move(event.pos, control, board)
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            self.up(event.pos, control, board, slide)

    def down(self, pos: tuple[int, int], control: TableControl, board: SpriteBoard) -> None:
        """The left button goes down: a press on a card or on the felt, a draw, a discard."""
        lay = control.view.lay
        model = control.model
        if lay is None:
            return
        sprite = board.at(pos, "hand")
        if sprite is not None and sprite.spec.zone == "hand" and control.seat() is not None:
            model.press = Press(pos, "hand", int(sprite.spec.ref))
            return
        again = self._second_click(pos, control)
        if again is not None:
            # the card rose when selected by the first click: the second is still on it
            model.press = Press(pos, "hand", again)
            return
        self._last_click = None
        if model.selected and control.seat() is not None and _above_hand(pos, lay):
            model.press = Press(pos, "above-hand", -1, draggable=False)
            return
        sprite = board.at(pos, "meld:")
        r = control.session.shown.round
        if sprite is not None and control.my_turn():
            index = int(sprite.spec.zone.split(":")[1])
            # a combination laid this turn comes back whole; another gives back only the last
            # addition or swap made to it (an undo); any takes the cards selected
            takeable = index in r.staged or r.turn_view().last_meld == index
            if takeable or model.selected:
                model.press = Press(pos, sprite.spec.zone, int(sprite.spec.ref), takeable)
                return
        if not control.my_turn():
            return
        on_talaj = lay.talaj.collidepoint(pos) or (
            lay.first != lay.talaj and board.at(pos, "first") is not None)
        if r.has_drawn and model.selected:
            if on_talaj:
                control.discard_selection()
            elif _felt_click(pos, lay) and control.view.meld_at(pos) is None:
                model.press = Press(pos, "table", -1, draggable=False)
            return
        if lay.first != lay.talaj and board.at(pos, "first") is not None \
                and not lay.talaj.collidepoint(pos):
            control.draw_from("first")
        elif lay.stock.collidepoint(pos):
            control.draw_from("stock")
        elif lay.talaj.collidepoint(pos):
            control.draw_from("top")

    def move(self, pos: tuple[int, int], control: TableControl, board: SpriteBoard) -> None:
        """The pointer moves: the held cards follow it; a press far enough becomes a drag."""
        if self.drag is not None:
            self.drag.move(pos)
            return
        model = control.model
        press = model.press
        if press is None or not press.draggable or not moved_enough(press.pos, pos):
            return
        if press.zone == "hand":
            refs = sorted(model.selected) if press.ref in model.selected and \
                len(model.selected) > 1 else [press.ref]
            held = [s for s in board.in_zone("hand") if s.spec.zone == "hand"
                    and s.spec.ref in refs]
        else:
            held = [s for s in board.in_zone(press.zone) if s.spec.ref == press.ref]
            refs = [press.ref]
        if not held:
            model.press = None
            return
        self.drag = Drag.start(held, press.pos, press.zone)
        model.drag = DragState(press.zone, tuple(refs))
        for s in self.drag.sprites:  # bring to front
            board.sprites.remove(s)
            board.sprites.append(s)
        model.press = None
        self.drag.move(pos)

    def up(self, pos: tuple[int, int], control: TableControl, board: SpriteBoard,
           slide: float) -> None:
        """The button comes up: a click selects or plays, a drop plays (or the cards go
        back)."""
        model = control.model
        press, drag, state = model.press, self.drag, model.drag
        model.press = None
        if drag is None or state is None:
            self.drag, model.drag = None, None
            if press is not None:
                self.click(press, pos, control)
            return
        self.drag, model.drag = None, None
        if not self.drop(drag, state, pos, control):
            drag.snap_back(slide)

    def click(self, press: Press, pos: tuple[int, int], control: TableControl) -> None:
        """A press released without a drag: select a card (or discard it, a double-click),
        put the selection on a combination or on the felt, take a combination back."""
        model = control.model
        if press.zone == "hand":
            double = self._second_click(pos, control) == press.ref
            if double and control.may_discard():
                self._last_click = None
                if not control.discard(press.ref) and press.ref in model.selected:
                    control.toggle_select(press.ref)  # refused: as before the double-click
                return
            self._last_click = (press.ref, pos, self.clock, _card_at(control, press.ref))
            control.toggle_select(press.ref)
            return
        self._last_click = None
        lay = control.view.lay
        if press.zone == "above-hand":
            order = control.order()
            if lay is not None and order is not None and _above_hand(pos, lay):
                control.reorder(model.picked(order.cards), pos[0])
            return
        if press.zone == "table":
            if lay is not None and _felt_click(pos, lay) and control.view.meld_at(pos) is None:
                control.lay_selection()
            return
        index = int(press.zone.split(":")[1])
        place = control.view.meld_at(pos)
        if place is None or place[0] != index:
            return  # released away from the combination: nothing
        order = control.order()
        picked = model.picked(order.cards) if order is not None else []
        if picked:
            _index, k, rect = place
            control.add(index, picked, "low" if pos[0] < rect.centerx else "high", k)
        elif press.draggable:
            control.take_back(index)

    def _second_click(self, pos: tuple[int, int], control: TableControl) -> int | None:
        """The hand position clicked just before, if a click at ``pos`` now makes a
        double-click with it (soon enough, near enough, the same card still there)."""
        last = self._last_click
        if last is None or self.clock - last[2] > DOUBLE_CLICK:
            return None
        if abs(last[1][0] - pos[0]) + abs(last[1][1] - pos[1]) > DOUBLE_CLICK_SLOP:
            return None
        if control.seat() is None or _card_at(control, last[0]) != last[3]:
            return None
        return last[0]

    def cancel(self, slide: float) -> None:
        """Let go of whatever is held (the game moved on)."""
        if self.drag is not None:
            self.drag.snap_back(slide)
            self.drag = None

    def drop(self, drag: Drag, state: DragState, pos: tuple[int, int],
             control: TableControl) -> bool:
        """Turn a drop into a command; return False to send the cards back."""
        lay = control.view.lay
        assert lay is not None
        if state.source.startswith("meld:"):
            if pos[1] >= lay.prompt.y:
                drag.release()
                control.take_back(int(state.source.split(":")[1]))
                return True
            return False
        refs = list(state.refs)
        if pos[1] >= lay.hand.y - lay.px(10):
            drag.release()
            control.reorder(refs, pos[0])
            return True
        if not control.my_turn():
            return False
        drag.release()
        if lay.talaj.inflate(lay.px(24), lay.px(24)).collidepoint(pos):
            if len(refs) != 1:
                control.one_to_discard()
                return True
            control.discard(refs[0])
            return True
        place = control.view.meld_at(pos)
        if place is not None:
            index, k, rect = place
            control.add(index, refs, "low" if pos[0] < rect.centerx else "high", k)
            return True
        if _on_felt(pos, lay):
            control.lay(refs)
            return True
        return False


def _card_at(control: TableControl, position: int) -> Card | None:
    """The card at a position of the face-up hand (None: none there, or no hand)."""
    order = control.order()
    return order.cards[position] if order is not None and 0 <= position < len(order.cards) \
        else None


def _on_felt(pos: tuple[int, int], lay: TableLayout) -> bool:
    """Whether a point is on the felt where combinations are laid (their area, or the band
    between the piles' column and the line above the hand)."""
    return lay.melds.collidepoint(pos) or lay.status.y < pos[1] < lay.prompt.y


def _felt_click(pos: tuple[int, int], lay: TableLayout) -> bool:
    """Whether a click at a point is on the felt, to lay the selection there (the felt, but
    not the piles' column)."""
    in_column = lay.status.left <= pos[0] < lay.status.right
    return lay.melds.collidepoint(pos) or (_on_felt(pos, lay) and not in_column)


def _above_hand(pos: tuple[int, int], lay: TableLayout) -> bool:
    """Whether a point is in the strip just above the hand's cards (where a selected card
    rises): a click there moves the selected cards to that place in the hand."""
    strip = pygame.Rect(lay.hand.x, lay.prompt.bottom, lay.hand.w,
                        lay.hand.y + lay.lift - lay.prompt.bottom)
    return strip.collidepoint(pos)
