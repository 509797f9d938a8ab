"""Combinations: the tria (3-4 cards of one rank, suits all different) and the série (a run).

A joker stands for exactly one missing card. In a série its position fixes that card; in a tria it
stands for a card of a suit not present. The ace is low (A-2-3) or high (Q-K-A), never both, never
wrapping. Séries are kept in ascending order; positions run from 1 (low ace) to 14 (high ace).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .cards import JOKER, SUITS, Card

MAX_SERIE = 13
MAX_TRIA = 4


class MeldKind(str, Enum):
    """The two kinds of combination."""

    TRIA = "tria"
    SERIE = "serie"


def rank_at(position: int) -> int:
    """Return the card rank (1-13) at a série position (1-14, 14 being the high ace)."""
    return 1 if position == 14 else position


@dataclass(frozen=True)
class Meld:
    """A valid combination. Build one with :func:`make_meld`, never directly.

    Attributes:
        kind: tria or série.
        cards: the cards, a série in ascending order with each joker at the place it stands for.
        suit: the série's suit ('' for a tria).
        start: the série's first position, 1-14 (0 for a tria).
        rank: the tria's rank (0 for a série).
    """

    kind: MeldKind
    cards: tuple[Card, ...]
    suit: str = ""
    start: int = 0
    rank: int = 0

    @property
    def is_tria(self) -> bool:
        """Whether this is a tria."""
        return self.kind is MeldKind.TRIA

    @property
    def jokers(self) -> int:
        """How many jokers the combination holds."""
        return sum(1 for c in self.cards if c.is_joker)

    @property
    def franche(self) -> bool:
        """Whether the combination holds no joker."""
        return self.jokers == 0

    @property
    def end(self) -> int:
        """The série's last position."""
        return self.start + len(self.cards) - 1

    def stands_for(self, index: int) -> Card | None:
        """Return the card a joker at ``index`` of a série stands for (None in a tria)."""
        if self.is_tria:
            return None
        return Card(rank_at(self.start + index), self.suit)

    def missing_suits(self) -> tuple[str, ...]:
        """Return the suits a tria does not hold as real cards."""
        present = {c.suit for c in self.cards if not c.is_joker}
        return tuple(s for s in SUITS if s not in present)

    def points(self, ace_value: int = 10) -> int:
        """Return the opening points: 0 if it holds a joker; an ace counts 1 only low in a série."""
        if not self.franche:
            return 0
        if self.is_tria:
            return len(self.cards) * card_points(self.rank, ace_value)
        total = 0
        for pos in range(self.start, self.end + 1):
            total += 1 if pos == 1 else card_points(rank_at(pos), ace_value)
        return total

    def codes(self) -> list[str]:
        """Return the card codes in order."""
        return [c.code for c in self.cards]


def card_points(rank: int, ace_value: int = 10) -> int:
    """Return the points of a rank in a tria or high position: 2-10 face value, figures 10."""
    if rank == 1:
        return ace_value
    return min(rank, 10)


def _tria(cards: Sequence[Card], max_jokers: int) -> Meld | None:
    if not 3 <= len(cards) <= MAX_TRIA:
        return None
    real = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(real)
    if jokers > max_jokers or not real:
        return None
    rank = real[0].rank
    if any(c.rank != rank for c in real):
        return None
    if len({c.suit for c in real}) != len(real):
        return None
    return Meld(MeldKind.TRIA, tuple(cards), rank=rank)


def _serie_in_order(cards: Sequence[Card], max_jokers: int) -> Meld | None:
    if not 3 <= len(cards) <= MAX_SERIE:
        return None
    real = [(i, c) for i, c in enumerate(cards) if not c.is_joker]
    if not real or len(cards) - len(real) > max_jokers:
        return None
    suit = real[0][1].suit
    if any(c.suit != suit for _, c in real):
        return None
    for ace_high in (False, True):
        start: int | None = None
        ok = True
        for i, c in real:
            pos = 14 if (c.rank == 1 and ace_high) else c.rank
            s = pos - i
            if start is None:
                start = s
            elif s != start:
                ok = False
                break
        if not ok or start is None:
            continue
        if start >= 1 and start + len(cards) - 1 <= 14:
            return Meld(MeldKind.SERIE, tuple(cards), suit=suit, start=start)
    return None


def _sorted_serie(cards: Sequence[Card], max_jokers: int) -> Meld | None:
    if any(c.is_joker for c in cards):
        return None
    for ace_high in (False, True):
        def key(c: Card, ace_high: bool = ace_high) -> int:
            return 14 if (c.rank == 1 and ace_high) else c.rank
        meld = _serie_in_order(sorted(cards, key=key), max_jokers)
        if meld is not None:
            return meld
    return None


def make_meld(cards: Sequence[Card], max_jokers: int = 1) -> Meld | None:
    """Return the combination these cards make, or None if they make none.

    A série is read in the order given (ascending, jokers where they stand); a série without a
    joker may also be given in any order.
    """
    cards = tuple(cards)
    meld = _tria(cards, max_jokers)
    if meld is not None:
        return meld
    meld = _serie_in_order(cards, max_jokers)
    if meld is not None:
        return meld
    return _sorted_serie(cards, max_jokers)


def extend(meld: Meld, cards: Sequence[Card], at: str | None = None, max_jokers: int = 1
           ) -> Meld | None:
    """Return the combination with cards added, or None if they do not extend it validly.

    Args:
        meld: the combination on the table.
        cards: the cards to add (for a série, in ascending order, jokers where they stand).
        at: ``"low"`` or ``"high"`` for a série; None tries high, then low, then both ends.
        max_jokers: jokers allowed per combination.
    """
    cards = tuple(cards)
    if not cards:
        return None
    if meld.is_tria:
        new = _tria(meld.cards + cards, max_jokers)
        return new if new is not None and new.rank == meld.rank else None
    tries: list[tuple[tuple[Card, ...], tuple[Card, ...]]] = []
    orders = [cards]
    if not any(c.is_joker for c in cards):
        orders.append(tuple(sorted(cards, key=lambda c: c.rank)))
        orders.append(tuple(sorted(cards, key=lambda c: 14 if c.rank == 1 else c.rank)))
    for order in orders:
        if at in (None, "high"):
            tries.append(((), order))
        if at in (None, "low"):
            tries.append((order, ()))
    if at is None and not any(c.is_joker for c in cards):
        for ace_high in (False, True):
            def pos(c: Card, ace_high: bool = ace_high) -> int:
                return 14 if (c.rank == 1 and ace_high) else c.rank
            low = tuple(sorted((c for c in cards if pos(c) < meld.start), key=pos))
            high = tuple(sorted((c for c in cards if pos(c) > meld.end), key=pos))
            if low and high and len(low) + len(high) == len(cards):
                tries.append((low, high))
    for low, high in tries:
        new = _serie_in_order(low + meld.cards + high, max_jokers)
        if new is not None and new.suit == meld.suit and new.start == meld.start - len(low):
            return new
    return None


def swap_targets(meld: Meld) -> list[tuple[int, tuple[Card, ...]]]:
    """Return, for each joker, its index and the real cards that may take its place."""
    out: list[tuple[int, tuple[Card, ...]]] = []
    for i, c in enumerate(meld.cards):
        if not c.is_joker:
            continue
        if meld.is_tria:
            out.append((i, tuple(Card(meld.rank, s) for s in meld.missing_suits())))
        else:
            target = meld.stands_for(i)
            assert target is not None
            out.append((i, (target,)))
    return out


def swap(meld: Meld, card: Card, complete_four: bool = False) -> Meld | None:
    """Return the combination with ``card`` in place of a joker, or None if it cannot go there.

    Args:
        meld: a combination holding a joker.
        card: the real card to put in the joker's place.
        complete_four: a tria's joker gives way only when the tria then holds 4 real cards.
    """
    if card.is_joker:
        return None
    for index, allowed in swap_targets(meld):
        if card not in allowed:
            continue
        if meld.is_tria and complete_four and not (len(meld.cards) == 4 and meld.jokers == 1):
            return None
        cards = list(meld.cards)
        cards[index] = card
        return Meld(meld.kind, tuple(cards), suit=meld.suit, start=meld.start, rank=meld.rank)
    return None


def hand_value(card: Card, ace_value: int = 10, joker_value: int = 20) -> int:
    """Return what a card left in hand costs when the hand's value is paid."""
    if card.is_joker:
        return joker_value
    return card_points(card.rank, ace_value)


__all__ = [
    "JOKER",
    "Meld",
    "MeldKind",
    "card_points",
    "extend",
    "hand_value",
    "make_meld",
    "rank_at",
    "swap",
    "swap_targets",
]
