"""The table's pointer: mouse presses, drags and drops turned into the table's commands
(select, reorder, draw, lay, add, swap, take back, discard). A drop builds candidate actions;
the engine accepts or refuses them."""

from __future__ import annotations

import pygame

from rami_desktop.ui.table.control import TableControl
from rami_desktop.ui.table.drag import Drag, moved_enough
from rami_desktop.ui.table.model import DragState, Press
from rami_desktop.ui.table.sprites import SpriteBoard


class Pointer:
    """Turns mouse events into table commands; holds the cards being dragged."""

    def __init__(self) -> None:
        self.drag: Drag | None = None

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
        """The left button goes down: a press on a card, or a draw."""
        lay = control.view.lay
        model = control.model
        if lay is None:
            return
        sprite = board.at(pos, "hand")
        if sprite is not None and sprite.spec.zone == "hand" and control.seat() is not None:
            model.press = Press(pos, "hand", int(sprite.spec.ref))
            return
        sprite = board.at(pos, "meld:")
        r = control.session.shown.round
        if sprite is not None and control.my_turn():
            index = int(sprite.spec.zone.split(":")[1])
            # a combination laid this turn comes back whole; another gives back only the last
            # addition or swap made to it (an undo)
            if index in r.staged or r.turn_view().last_meld == index:
                model.press = Press(pos, sprite.spec.zone, int(sprite.spec.ref))
                return
        if not control.my_turn():
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
        if press is None or not moved_enough(press.pos, pos):
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
        """The button comes up: a click selects, a drop plays (or the cards go back)."""
        model = control.model
        press, drag, state = model.press, self.drag, model.drag
        model.press = None
        if drag is None or state is None:
            self.drag, model.drag = None, None
            if press is not None and press.zone == "hand":
                control.toggle_select(press.ref)
            return
        self.drag, model.drag = None, None
        if not self.drop(drag, state, pos, control):
            drag.snap_back(slide)

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
                control.refuse("card_not_in_hand")
                return True
            control.discard(refs[0])
            return True
        place = control.view.meld_at(pos)
        if place is not None:
            index, k, rect = place
            control.add(index, refs, "low" if pos[0] < rect.centerx else "high", k)
            return True
        if lay.melds.collidepoint(pos) or lay.status.y < pos[1] < lay.prompt.y:
            control.lay(refs)
            return True
        return False
