"""What the table screen holds besides the game: the selection, the keyboard cursor, a press or
a drag under way, the message near the hand, the hint's cache and the moments it waits for.

Pure data, no pygame: the game itself (the hands, their order, who may see them) is the
session's; this is only how one screen is looking at it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field

from rami_desktop.engine.cards import Card
from rami_desktop.play.table.clock import TableClock

#: seconds an error message stays near the hand
MESSAGE_TIME = 3.5


@dataclass(frozen=True)
class Press:
    """A mouse button held on a card or on the felt: a click if released in place, else a
    drag (when the cards may be dragged from there).

    Attributes:
        pos: where the button went down.
        zone: the card's zone (``hand`` or ``meld:I``), or ``table`` (the felt, to lay on).
        ref: the card's place in its zone (hand position, or card index in the combination;
            -1 on the felt).
        draggable: whether moving the pointer picks the cards up (a combination not laid
            this turn, the felt: only a click).
    """

    pos: tuple[int, int]
    zone: str
    ref: int
    draggable: bool = True


@dataclass(frozen=True)
class DragState:
    """Cards being dragged: where from and which (hand positions or the combination's card)."""

    source: str
    refs: tuple[int, ...]


@dataclass
class TableModel:
    """One screen's way of looking at the game.

    Attributes:
        selected: hand positions selected (screen order).
        cursor: the keyboard cursor's hand position.
        keys_used: a key was used since the mouse last moved (the cursor shows).
        press: a button held on a card, else None.
        drag: cards being dragged, else None.
        message: the last message near the hand.
        message_time: seconds it still shows.
        hints_on: whether the hint line is shown.
        clock: the table's own timing: the bots' pace, the wait before the summary
            (:class:`~rami_desktop.play.table.clock.TableClock`).
        covered: another screen is over the table (pause, help, summary): no hand face up.
    """

    selected: set[int] = field(default_factory=set)
    cursor: int = 0
    keys_used: bool = False
    press: Press | None = None
    drag: DragState | None = None
    message: str = ""
    message_time: float = 0.0
    hints_on: bool = True
    clock: TableClock = field(default_factory=TableClock)
    covered: bool = False
    _hint_key: Hashable = None
    _hint: tuple[list[int], str] = ([], "")

    # ---- the message -------------------------------------------------------------------------

    def say(self, text: str) -> None:
        """Show a short message near the hand."""
        self.message = text
        self.message_time = MESSAGE_TIME

    def shorten_message(self) -> None:
        """A move was played: the message fades soon."""
        self.message_time = min(self.message_time, 0.6) if self.message else 0.0

    def tick(self, dt: float) -> None:
        """Time passes for the message."""
        if self.message_time > 0:
            self.message_time = max(0.0, self.message_time - dt)

    # ---- the selection and the cursor --------------------------------------------------------

    def fit(self, n: int) -> None:
        """Keep the selection and the cursor within a hand of ``n`` cards."""
        self.selected = {i for i in self.selected if 0 <= i < n}
        self.cursor = max(0, min(self.cursor, n - 1))

    def toggle(self, index: int, n: int) -> bool:
        """Select or unselect hand position ``index`` (the cursor goes there); return whether
        it was a position of the hand."""
        if not 0 <= index < n:
            return False
        self.selected ^= {index}
        self.cursor = index
        return True

    def move_cursor(self, delta: int, n: int) -> None:
        """Move the keyboard cursor over a hand of ``n`` cards."""
        self.cursor = max(0, min(n - 1, self.cursor + delta))

    def clear(self) -> None:
        """Nothing selected (a move was played, the hand changed hands)."""
        self.selected.clear()

    def picked(self, order: Sequence[Card]) -> list[int]:
        """The selected positions in screen order (those within the hand)."""
        return [i for i in sorted(self.selected) if i < len(order)]

    def move_target(self, order: Sequence[Card]) -> list[int]:
        """The positions a command on "the selection or the cursor card" means."""
        return self.picked(order) or ([self.cursor] if 0 <= self.cursor < len(order) else [])

    # ---- the hint ------------------------------------------------------------------------------

    def hint(self, key: Hashable, compute: Callable[[], tuple[list[int], str]]
             ) -> tuple[list[int], str]:
        """The hint for a moment of the game, computed once per moment (``key``)."""
        if key != self._hint_key:
            self._hint_key = key
            self._hint = compute()
        return self._hint
