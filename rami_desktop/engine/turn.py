"""The turn's staging: what a turn laid, added and swapped so far, and how it is replayed.

A turn's layings stay tentative until its discard. :class:`TurnRecord` is the engine's own
record of them (with the snapshot a take-back replays from); :class:`TurnView` is the read-only
view everyone else gets. The functions below do the layings on a hand and the table, raising
:class:`~rami_desktop.engine.errors.RuleError` in CONFORMANCE.md's order of precedence.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from .cards import JOKER, Card
from .errors import ErrorCode, RuleError
from .melds import Meld, extend, make_meld, swap
from .opening import HAND
from .rules import Rules, TriaSwap

E = ErrorCode


@dataclass(frozen=True)
class TableMeld:
    """A combination on the table: owner, turn laid, and cards (None once taken back)."""

    owner: int
    turn: int
    meld: Meld | None


@dataclass(frozen=True)
class StagedLay:
    """A new combination laid this turn, as number ``meld`` (``taken``: see :func:`places`)."""

    meld: int
    cards: tuple[Card, ...]
    taken: bool | None = None


@dataclass(frozen=True)
class StagedAdd:
    """Cards added this turn to combination ``meld`` (at its ``low`` or ``high`` end)."""

    meld: int
    cards: tuple[Card, ...]
    at: str | None = None
    taken: bool | None = None


@dataclass(frozen=True)
class StagedSwap:
    """A card put this turn in place of the joker of combination ``meld``."""

    meld: int
    card: Card
    taken: bool | None = None


StagedOp = StagedLay | StagedAdd | StagedSwap


def op_cards(op: StagedOp) -> tuple[Card, ...]:
    """The hand cards an operation put on the table."""
    return (op.card,) if isinstance(op, StagedSwap) else op.cards


def places(start_hand: Sequence[Card], ops: Sequence[StagedOp], pickup: Card
           ) -> frozenset[int | str]:
    """Where the talaj card taken this turn may be: :data:`HAND` or the numbers of the
    combinations that received a copy of its card this turn.

    Two identical cards are one card for the rules, except for the franche rule: the copy taken
    from the talaj is not the player's own. An operation that says which copy it moves
    (``taken`` True: that very card, False: an own copy) pins it; one that does not leaves
    every place consistent with the copies held open (the player's favour is then the engine's
    choice). Empty when the operations contradict each other.

    Args:
        start_hand: the hand when the laying began (the taken card in it).
        ops: the turn's operations, in order.
        pickup: the card taken.
    """
    own = sum(1 for c in start_hand if c == pickup) - 1
    movers = [op for op in ops if pickup in op_cards(op)]

    def fits(place: int | str) -> bool:
        left = own
        for op in movers:
            if op.meld == place:
                if op.taken is False:
                    return False
            elif op.taken is True or left <= 0:
                return False
            else:
                left -= 1
        return True

    candidates: list[int | str] = [HAND, *dict.fromkeys(op.meld for op in movers)]
    return frozenset(place for place in candidates if fits(place))


@dataclass(frozen=True)
class TurnView:
    """What the current turn has done so far, for anyone to read.

    Attributes:
        player: whose turn it is.
        drawn: whether the player has drawn this turn.
        no_draw: whether the turn starts without a draw (the starter's extra card).
        pickup: the talaj top card taken this turn that must be laid, else None.
        jokers_at_start: jokers in the hand when the turn's laying began.
        ops: the layings, additions and swaps of the turn, in order.
        staged: numbers of the combinations laid this turn (and not taken back).
        created: numbers of every combination laid this turn, taken back or not (a combination
            taken back leaves its number empty: the next one laid gets a new number).
        start_hand: the player's hand when the laying began (after the draw).
        start_table: the table's combinations when the laying began, by number (None: an
            empty number).
    """

    player: int
    drawn: bool
    no_draw: bool
    pickup: Card | None
    jokers_at_start: int
    ops: tuple[StagedOp, ...]
    staged: tuple[int, ...]
    created: tuple[int, ...] = ()
    start_hand: tuple[Card, ...] = ()
    start_table: tuple[Meld | None, ...] = ()

    @property
    def may_lay(self) -> bool:
        """Whether the player may lay and discard now."""
        return self.drawn or self.no_draw

    @property
    def last_meld(self) -> int | None:
        """The combination the last laying, addition or swap touched (what Undo gives back)."""
        return self.ops[-1].meld if self.ops else None

    def pickup_places(self) -> frozenset[int | str]:
        """Where the talaj card taken this turn may be (see :func:`places`; empty: none
        taken)."""
        if self.pickup is None:
            return frozenset()
        return places(self.start_hand, self.ops, self.pickup)

    def pickup_at(self) -> int | None:
        """The combination that holds the talaj card taken this turn, when that is known."""
        where = self.pickup_places()
        only = next(iter(where)) if len(where) == 1 else None
        return only if isinstance(only, int) else None


@dataclass
class TurnRecord:
    """The engine's record of the current turn (engine-internal; others read :class:`TurnView`).

    Attributes:
        drawn: the player drew this turn.
        no_draw: the turn starts without drawing.
        pickup: the top card taken this turn, to be laid.
        pickup_baseline: copies of ``pickup`` in the hand before it was taken.
        joker_baseline: jokers in the hand when the laying began.
        snap_hand: the hand when the laying began (a take-back replays from it).
        snap_melds: the table when the laying began.
        first_new: number of the first combination this turn may create.
        ops: the layings, additions and swaps so far.
        created: numbers of the combinations laid this turn (kept when taken back).
        snapped: whether the snapshot was taken (the laying may begin).
    """

    drawn: bool = False
    no_draw: bool = False
    pickup: Card | None = None
    pickup_baseline: int = 0
    joker_baseline: int = 0
    snap_hand: list[Card] = field(default_factory=list)
    snap_melds: list[TableMeld] = field(default_factory=list)
    first_new: int = 0
    ops: list[StagedOp] = field(default_factory=list)
    created: list[int] = field(default_factory=list)
    snapped: bool = False

    def copy(self) -> TurnRecord:
        """Return an independent copy."""
        return replace(self, snap_hand=list(self.snap_hand), snap_melds=list(self.snap_melds),
                       ops=list(self.ops), created=list(self.created))

    def on_own(self, op: StagedOp) -> bool:
        """Whether an operation touched a combination laid this turn."""
        return op.meld >= self.first_new

    def swapped_jokers(self) -> int:
        """How many jokers this turn took back from the table."""
        return sum(1 for op in self.ops if isinstance(op, StagedSwap))

    def pickup_places(self, ops: Sequence[StagedOp] | None = None) -> frozenset[int | str]:
        """Where the talaj card taken this turn may be after ``ops`` (default: the turn's);
        empty when none was taken (see :func:`places`)."""
        if self.pickup is None:
            return frozenset()
        return places(self.snap_hand, self.ops if ops is None else ops, self.pickup)

    def pickup_in_hand(self, hand: Sequence[Card]) -> bool:
        """Whether the talaj card taken this turn is surely still in ``hand`` (to be laid)."""
        pk = self.pickup
        if pk is None:
            return False
        if pk.is_joker:  # jokers are counted, each joker taken back from the table aside
            return hand.count(pk) > self.pickup_baseline + self.swapped_jokers()
        return self.pickup_places() == {HAND}


def has_cards(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    """Whether the hand holds every card (copies counted)."""
    left = list(hand)
    for c in cards:
        try:
            left.remove(c)  # cards are interned: a quick identity scan of a short hand
        except ValueError:
            return False
    return True


def _take(hand: list[Card], cards: Sequence[Card]) -> None:
    for c in cards:
        hand.remove(c)


TouchCheck = Callable[[int], bool]


def lay_meld(hand: list[Card], melds: list[TableMeld], cards: Sequence[Card], index: int,
             owner: int, turn: int, rules: Rules) -> None:
    """Lay ``cards`` from the hand as combination number ``index``."""
    if not has_cards(hand, cards):
        raise RuleError(E.CARD_NOT_IN_HAND)
    meld = make_meld(cards, rules.jokers_per_meld)
    if meld is None:
        raise RuleError(E.INVALID_MELD)
    if len(hand) - len(cards) < 1:
        raise RuleError(E.LAST_CARD_NOT_DISCARDED)
    _take(hand, cards)
    entry = TableMeld(owner, turn, meld)
    if index < len(melds):
        melds[index] = entry
    else:
        while len(melds) < index:
            melds.append(TableMeld(owner, turn, None))
        melds.append(entry)


def add_cards(hand: list[Card], melds: list[TableMeld], index: int, cards: Sequence[Card],
              at: str | None, rules: Rules, may_touch: TouchCheck | None) -> None:
    """Add cards from the hand to combination ``index``.

    ``may_touch(index)`` says whether the player may touch that combination (None: no check).
    """
    if not has_cards(hand, cards):
        raise RuleError(E.CARD_NOT_IN_HAND)
    target = melds[index].meld if 0 <= index < len(melds) else None
    if target is None:
        raise RuleError(E.CANNOT_ADD)
    new = extend(target, cards, at, rules.jokers_per_meld)
    if new is None:
        raise RuleError(E.CANNOT_ADD)
    if may_touch is not None and not may_touch(index):
        raise RuleError(E.NOT_DOWN)
    if len(hand) - len(cards) < 1:
        raise RuleError(E.LAST_CARD_NOT_DISCARDED)
    _take(hand, cards)
    melds[index] = replace(melds[index], meld=new)


def swap_joker(hand: list[Card], melds: list[TableMeld], index: int, card: Card, rules: Rules,
               may_touch: TouchCheck | None) -> None:
    """Put ``card`` in place of the joker of combination ``index``; the joker goes to the hand."""
    if card not in hand:
        raise RuleError(E.CARD_NOT_IN_HAND)
    target = melds[index].meld if 0 <= index < len(melds) else None
    if target is None or target.franche:
        raise RuleError(E.BAD_SWAP)
    new = swap(target, card, rules.tria_swap is TriaSwap.COMPLETE_FOUR)
    if new is None:
        raise RuleError(E.BAD_SWAP)
    if may_touch is not None and not may_touch(index):
        raise RuleError(E.NOT_DOWN)
    hand.remove(card)
    hand.append(JOKER)
    melds[index] = replace(melds[index], meld=new)


def apply_op(hand: list[Card], melds: list[TableMeld], op: StagedOp, owner: int, turn: int,
             rules: Rules, may_touch: TouchCheck | None = None) -> None:
    """Do one staged operation on the hand and the table (raises RuleError if it fails)."""
    if isinstance(op, StagedLay):
        lay_meld(hand, melds, op.cards, op.meld, owner, turn, rules)
    elif isinstance(op, StagedAdd):
        add_cards(hand, melds, op.meld, op.cards, op.at, rules, may_touch)
    else:
        swap_joker(hand, melds, op.meld, op.card, rules, may_touch)


def replay(record: TurnRecord, ops: Sequence[StagedOp], hand: list[Card],
           melds: list[TableMeld], owner: int, turn: int, rules: Rules) -> list[StagedOp]:
    """Redo the turn with only ``ops``, in place; return the ops kept.

    The table's combinations touched by the turn's current operations (``record.ops``) go back
    to the snapshot (those laid this turn become empty numbers), the hand to the snapshot's, then
    ``ops`` are done again: operations that no longer hold are dropped, combinations laid this
    turn keep their numbers. The cost follows the turn's operations, not the size of the table.
    """
    snap = record.snap_melds
    for op in record.ops:
        i = op.meld
        if i < len(snap):
            melds[i] = snap[i]
        elif i < len(melds):
            melds[i] = TableMeld(owner, turn, None)
    hand[:] = record.snap_hand
    kept: list[StagedOp] = []
    for op in ops:
        try:
            apply_op(hand, melds, op, owner, turn, rules)
        except RuleError:
            continue
        kept.append(op)
    return kept
