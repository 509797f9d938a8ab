"""The table's commands: what the mouse, the keys and the buttons mean, turned into moves for the
session (candidate actions the engine accepts or refuses) or into a new screen order of the hand.

Nothing here decides a rule: the engine arranges the cards, judges the move and says why it
refuses one; the words for a refusal come from :mod:`rami_desktop.ui.table.refusal`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from rami_desktop.engine.actions import Action, Discard, Draw, Lay, Redeal, TakeBack, Undo
from rami_desktop.engine.cards import Card, sort_key_rank, sort_key_suit
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.i18n import _
from rami_desktop.play.game.hand_order import HandOrder
from rami_desktop.play.table import hand_sort as hand_mod
from rami_desktop.play.table.advisor import Advisor, grouped, split_laying
from rami_desktop.play.table.staging import add_actions, lay_action, opening_with, swap_action
from rami_desktop.play.table.table_game import TableGame
from rami_desktop.play.table.taken import taken_flag, taken_position
from rami_desktop.ui.table.counter import CounterView, counter_view
from rami_desktop.ui.table.gate import MoveGate
from rami_desktop.ui.table.refusal import ONE_TO_DISCARD, refusal_text
from rami_desktop.ui.table.table_model import TableModel
from rami_desktop.ui.table.table_view import TableView


class TableControl:
    """Carries out the table's commands for the hand at the bottom of the screen.

    Args:
        session: the game.
        model: the screen's selection, cursor and message.
        view: where things are (the combinations' numbers on screen).
        sound: plays a sound effect by name.
        gate: a guide choosing which moves are played (the tutorial), else None.
        advisor: the thread the long questions are worked out on (hint, group, lay all).
    """

    def __init__(self, session: TableGame, model: TableModel, view: TableView,
                 sound: Callable[[str], None], gate: MoveGate | None = None,
                 advisor: Advisor | None = None) -> None:
        self.session = session
        self.model = model
        self.view = view
        self.advisor = advisor or Advisor()
        #: a grouping or a split laying asked of the advisor, to play once answered
        self._pending: tuple[str, tuple[Any, ...], tuple[int, ...]] | None = None
        self.sound = sound
        self.gate = gate
        #: the sprites must be placed again (a refused move snaps back, a card was selected)
        self.changed = False

    # ---- whose hand ----------------------------------------------------------------------------

    def seat(self) -> int | None:
        """The seat whose hand is face up (the one the commands are for): the session's
        viewer, nobody while the table is covered (pause, any overlay)."""
        return None if self.model.covered else self.session.shown.viewer

    def order(self) -> HandOrder | None:
        """The face-up hand in its screen order."""
        seat = self.seat()
        return None if seat is None else self.session.hand_order(seat)

    def my_turn(self) -> bool:
        """Whether the face-up hand's owner is to play and no card is held."""
        return self.players_turn() and self.model.drag is None

    def players_turn(self) -> bool:
        """Whether it is the turn of the face-up hand's owner (dragging or not)."""
        seat = self.seat()
        return seat is not None and self.session.human_to_play() == seat

    def may_discard(self) -> bool:
        """Whether the face-up hand's owner may lay and discard now (their turn, drawn)."""
        return self.my_turn() and self.session.shown.round.has_drawn

    def talaj_plays(self) -> bool:
        """Whether a click on the talaj is a move: a draw before drawing, the discard of the
        selected card after (else the click shows the talaj spread out)."""
        if not self.my_turn():
            return False
        return not self.session.shown.round.has_drawn or bool(self.model.selected)

    def can_take_back(self) -> bool:
        """Whether this turn laid, added or swapped something that may be taken back."""
        return self.may_discard() and bool(self.session.shown.round.turn_view().ops)

    def _player(self) -> int:
        seat = self.seat()
        assert seat is not None
        return self.session.action_player(seat)

    def _cards(self, positions: Sequence[int]) -> list[Card]:
        order = self.order()
        cards = order.cards if order is not None else []
        return [cards[i] for i in positions if 0 <= i < len(cards)]

    # ---- playing -------------------------------------------------------------------------------

    def attempt(self, *actions: Action, picked: Sequence[int] = ()) -> bool:
        """Try candidate actions in order; say why when the engine refuses them all."""
        seat = self.seat()
        if seat is None or not actions:
            return False
        if self.gate is not None:
            chosen = self.gate.choose(actions)
            if chosen is None:  # the gate says why
                self.sound("error")
                self.changed = True
                return False
            actions = (chosen,)
        played = self.session.play(seat, *actions, picked=picked)
        if not played.ok:
            self.refuse(played.code, played.action)
            return False
        return True

    def refuse(self, code: ErrorCode | str | None, action: Action | None = None) -> None:
        """An illegal move: an error sound and what is wrong with it, in words."""
        self.sound("error")
        value = code.value if isinstance(code, ErrorCode) else (code or "invalid_meld")
        self.model.say(refusal_text(action, value, self.session.shown.round))
        self.changed = True

    def draw_from(self, source: str) -> None:
        """Draw from ``stock``, ``first`` or ``top``."""
        if not self.my_turn():
            return
        p = self._player()
        r = self.session.shown.round
        if source == "top" and r.first_pos == len(r.talaj) - 1:
            self.attempt(Draw(p, "first"), Draw(p, "top"))
        else:
            self.attempt(Draw(p, source))

    def _taken(self, positions: Sequence[int]) -> bool | None:
        """Which copy of the talaj card taken this turn the cards at ``positions`` hold."""
        order = self.order()
        return None if order is None else taken_flag(order, self.session.shown.round, positions)

    def lay(self, positions: Sequence[int]) -> None:
        """Lay the cards at some hand positions as a new combination (or, when they make several
        and no single one, as the combinations the engine splits them into)."""
        if not self.my_turn():
            return
        cards = self._cards(positions)
        if not cards:
            self.refuse(ErrorCode.INVALID_MELD)
            return
        rules = self.session.rules
        action = lay_action(self._player(), cards, rules, self._taken(positions))
        if len(cards) >= 6 and self.session.shown.round.check(action) is not None:
            # several combinations: the engine splits them, on the advisor's thread
            key = ("lay", self._moment(), tuple(positions))
            self._pending = ("lay", key, tuple(positions))
            self.advisor.ask(key, split_laying, self.session.shown.round.clone(), cards)
            self.poll()
            return
        self.attempt(action, picked=positions)

    def _moment(self) -> Hashable:
        """What the hand and the turn are now (an answer for another moment is dropped)."""
        order = self.order()
        r = self.session.shown.round
        return (self.session.shown.match.round_number, r.turn, len(r.log), r.has_drawn,
                tuple(order.cards) if order is not None else ())

    def poll(self) -> None:
        """Play a grouping or a split laying once the advisor has answered it (forgotten if
        the hand or the turn changed meanwhile)."""
        if self._pending is None:
            return
        kind, key, positions = self._pending
        if key[1] != self._moment():
            self._pending = None
            return
        done, answer = self.advisor.ask(key, _never)
        if not done:
            return
        self._pending = None
        if kind == "group":
            if answer is not None:
                self._apply_group(answer)
            return
        cards = self._cards(positions)
        if answer is None:
            self.attempt(lay_action(self._player(), cards, self.session.rules,
                                    self._taken(positions)), picked=positions)
        else:
            self._lay_all(answer, positions)
        self.changed = True

    def _lay_all(self, layings: Sequence[Lay], positions: Sequence[int]) -> None:
        """Play the engine's split of the selected cards, one combination after the other, each
        from the places its cards were picked (the copy taken from the talaj where it is)."""
        order = self.order()
        assert order is not None
        at = taken_position(order, self.session.shown.round)
        left = list(positions)
        for laying in layings:
            picked: list[int] = []
            for card in laying.cards:
                want = bool(laying.taken) and card == self.session.shown.round.pickup
                spots = sorted((i for i in left if order.cards[i] == card),
                               key=lambda i: (i == at) != want)
                if spots:
                    picked.append(spots[0])
                    left.remove(spots[0])
            if not self.attempt(laying, picked=picked):
                return
            order = self.order()
            assert order is not None
            left = [i - sum(1 for j in picked if j < i) for i in left]
            at = taken_position(order, self.session.shown.round)

    def counter(self) -> CounterView | None:
        """The opening counter of the face-up hand's owner, to play and drawn: the
        combinations laid this turn and the selected cards counted as if laid too."""
        order = self.order()
        if order is None or not self.players_turn():
            return None
        r = self.session.shown.round
        positions = self.model.picked(order.cards)
        cards = [order.cards[i] for i in positions]
        status, counted = opening_with(r, cards, self._taken(positions) if cards else None)
        left = len(r.hands[r.current]) - (len(cards) if counted else 0)
        return counter_view(status, left, selection=counted)

    def lay_selection(self) -> None:
        """Lay the selected cards as a new combination."""
        order = self.order()
        self.lay(self.model.picked(order.cards) if order else [])

    def add(self, index: int, positions: Sequence[int], at: str | None = None,
            joker_at: int | None = None) -> None:
        """Add cards to the combination of engine index ``index`` (or, one card dropped on a
        joker at ``joker_at``, put it in the joker's place first)."""
        if not self.my_turn():
            return
        cards = self._cards(positions)
        meld = self.session.shown.round.melds[index].meld if \
            0 <= index < len(self.session.shown.round.melds) else None
        if not cards or meld is None:
            self.refuse(ErrorCode.CANNOT_ADD)
            return
        p = self._player()
        taken = self._taken(positions)
        candidates: list[Action] = []
        if len(cards) == 1 and joker_at is not None and meld.cards[joker_at].is_joker:
            candidates.append(swap_action(p, index, cards[0], taken))
        candidates += add_actions(p, index, meld, cards, at, self.session.rules, taken)
        self.attempt(*candidates, picked=positions)

    def add_to(self, number: int, at: str | None = None) -> None:
        """Add the selection (or the cursor card) to combination ``number`` (1-based)."""
        if not self.my_turn():
            return
        melds = self.view.visible_melds()
        order = self.order()
        if not 1 <= number <= len(melds) or order is None:
            self.refuse(ErrorCode.CANNOT_ADD)
            return
        positions = self.model.move_target(order.cards)
        if positions:
            self.add(melds[number - 1], positions, at)

    def swap_into(self, number: int) -> None:
        """Put the cursor (or the one selected) card in place of combination ``number``'s
        joker."""
        if not self.my_turn():
            return
        melds = self.view.visible_melds()
        order = self.order()
        positions = self.model.move_target(order.cards) if order else []
        if not 1 <= number <= len(melds) or len(positions) != 1:
            self.refuse(ErrorCode.BAD_SWAP)
            return
        cards = self._cards(positions)
        self.attempt(swap_action(self._player(), melds[number - 1], cards[0],
                                 self._taken(positions)), picked=positions)

    def take_back_last(self) -> None:
        """Take back the last combination laid this turn."""
        if not self.my_turn():
            return
        staged = self.session.shown.round.staged
        if not staged:
            self.refuse(ErrorCode.NOT_THIS_TURN)
            return
        self.attempt(TakeBack(self._player(), staged[-1]))

    def take_back(self, index: int) -> None:
        """Take back one combination laid this turn (or undo the last addition to another)."""
        if not self.my_turn():
            return
        if index in self.session.shown.round.staged:
            self.attempt(TakeBack(self._player(), index))
        else:
            self.attempt(Undo(self._player()))

    def undo(self) -> None:
        """Undo the last laying, addition or swap of this turn."""
        if self.my_turn():
            self.attempt(Undo(self._player()))

    def discard(self, position: int) -> bool:
        """Discard the card at a hand position (ends the turn); return whether it was."""
        cards = self._cards([position])
        if self.my_turn() and cards:
            return self.attempt(Discard(self._player(), cards[0]), picked=[position])
        return False

    def discard_selection(self) -> None:
        """Discard the one selected card (a click on the talaj, the Discard button)."""
        order = self.order()
        if order is None or not self.my_turn():
            return
        picked = self.model.picked(order.cards)
        if len(picked) != 1:
            self.one_to_discard()
            return
        self.discard(picked[0])

    def one_to_discard(self) -> None:
        """Several cards for the talaj: one is discarded, say so."""
        self.sound("error")
        self.model.say(_(ONE_TO_DISCARD))
        self.changed = True

    def discard_cursor(self) -> None:
        """Discard the cursor card (or the one selected card)."""
        order = self.order()
        if order is None:
            return
        picked = self.model.picked(order.cards)
        position = picked[0] if len(picked) == 1 else self.model.cursor
        if 0 <= position < len(order.cards):
            self.discard(position)

    def redeal(self) -> None:
        """Ask for a new deal (the hand qualifies, before anyone played)."""
        seat = self.seat()
        if seat is not None:
            self.attempt(Redeal(self.session.action_player(seat)))

    # ---- the hand's screen order (the engine is not asked) -----------------------------------

    def toggle_select(self, index: int | None = None) -> None:
        """Select or unselect a hand card (the cursor card by default)."""
        order = self.order()
        if order is None:
            return
        if self.model.toggle(self.model.cursor if index is None else index, len(order.cards)):
            self.changed = True

    def move_cursor(self, delta: int) -> None:
        """Move the keyboard cursor over the hand."""
        order = self.order()
        if order is not None:
            self.model.move_cursor(delta, len(order.cards))

    def move_card(self, delta: int) -> None:
        """Move the cursor card within the hand; the selection follows the cards."""
        order = self.order()
        if order is None:
            return
        positions = list(range(len(order.cards)))
        self.model.cursor = hand_mod.move(positions, self.model.cursor, delta)
        self._arrange(order, positions)

    def reorder(self, moving: Sequence[int], x: int) -> None:
        """Cards dragged within the hand, dropped at ``x``."""
        order = self.order()
        if order is None:
            return
        moving = sorted(i for i in moving if 0 <= i < len(order.cards))
        slot = self.view.drop_slot(len(order.cards), order.breaks, moving, x)
        rest = [i for i in range(len(order.cards)) if i not in set(moving)]
        self._arrange(order, rest[:slot] + moving + rest[slot:])
        self.model.selected = set(range(slot, slot + len(moving))) if len(moving) > 1 \
            else set()
        self.model.cursor = slot

    def _arrange(self, order: HandOrder, positions: list[int],
                 breaks: Sequence[int] = ()) -> None:
        selected = {positions.index(i) for i in self.model.selected if i in positions}
        order.arrange(positions, breaks)
        self.model.selected = selected
        self.changed = True

    def sort_suit(self) -> None:
        """Sort the hand by suit."""
        self._sort(sort_key_suit)

    def sort_rank(self) -> None:
        """Sort the hand by rank."""
        self._sort(sort_key_rank)

    def _sort(self, key: Callable[[Card], Any]) -> None:
        order = self.order()
        if order is None:
            return
        self.model.clear()
        cards = order.cards
        self._arrange(order, sorted(range(len(cards)), key=lambda i: key(cards[i])))

    def group_hand(self) -> None:
        """Arrange the hand by the combinations it can make."""
        order = self.order()
        if order is None:
            return
        self.model.clear()
        key = ("group", self._moment(), ())
        self._pending = ("group", key, ())
        self.advisor.ask(key, grouped, list(order.cards), self.session.rules)
        self.poll()

    def _apply_group(self, answer: tuple[list[Card], list[int]]) -> None:
        order = self.order()
        if order is None:
            return
        grouped_cards, breaks = answer
        left = list(range(len(order.cards)))
        positions: list[int] = []
        for card in grouped_cards:
            i = next(i for i in left if order.cards[i] == card)
            left.remove(i)
            positions.append(i)
        self._arrange(order, positions, breaks)

    def meld_count(self) -> int:
        """How many combinations are numbered on screen."""
        return len(self.view.visible_melds())


def _never() -> None:
    """Asked only of an answer already asked for (see :meth:`TableControl.poll`)."""
