"""The order of a seat's hand on screen: the seat's own arrangement, kept with the match.

The engine keeps a hand as a multiset; a player arranges it (sorts, groups, moves cards) and
expects the arrangement to last: after a move, after a take-back (each card returns where it
was), after Continue (it is saved with the match). :class:`HandOrder` follows the engine's hand
after every move without losing that arrangement: the cards the player picked leave from the
places picked (laying one of two identical cards leaves the other where it is), cards taken back
return to their places, a joker taken from the table takes the place of the card put in its
stead, and a card drawn goes at the end, marked as the card just drawn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rami_desktop.engine.cards import Card, CardCodeError, parse_card


@dataclass
class HandOrder:
    """One hand in screen order.

    Attributes:
        cards: the cards, left to right.
        breaks: positions where a new group starts (a small gap on screen), ascending.
        fresh: the position of the card just drawn (this turn), else None.
        gone: the cards that left the hand this turn, one batch a move, each card with the
            position it had (a take-back puts it back there).
        fresh_gone: the entry of ``gone`` that is the card just drawn (taken back, it is marked
            again: the mark follows the card), else None.
    """

    cards: list[Card] = field(default_factory=list)
    breaks: list[int] = field(default_factory=list)
    fresh: int | None = None
    gone: list[list[tuple[int, Card]]] = field(default_factory=list)
    fresh_gone: tuple[int, Card] | None = None

    @classmethod
    def of(cls, hand: Sequence[Card]) -> HandOrder:
        """A hand in the engine's order, nothing marked."""
        return cls(list(hand))

    # ---- the player's arrangement --------------------------------------------------------------

    def arrange(self, order: Sequence[int], breaks: Sequence[int] = ()) -> None:
        """Put the cards in a new order given as positions (a permutation of the current ones).

        The card just drawn stays marked wherever it goes; the group gaps are replaced by
        ``breaks``.

        Raises:
            ValueError: ``order`` is not a permutation of the positions.
        """
        if sorted(order) != list(range(len(self.cards))):
            raise ValueError("not an order of the hand's positions")
        self.cards = [self.cards[i] for i in order]
        if self.fresh is not None:
            self.fresh = list(order).index(self.fresh)
        self.breaks = _clean_breaks(breaks, len(self.cards))

    def sort_by(self, key: Any) -> None:
        """Sort the cards by ``key(card)`` (stable; no group gaps)."""
        order = sorted(range(len(self.cards)), key=lambda i: key(self.cards[i]))
        self.arrange(order)

    # ---- following the engine ------------------------------------------------------------------

    def follow(self, hand: Sequence[Card], picked: Sequence[int] = (),
               drawn: Card | None = None) -> None:
        """Follow the engine's hand after a move.

        Args:
            hand: the engine's hand now.
            picked: the positions the player played the move's cards from, if known.
            drawn: the card the move drew (it goes at the end, marked), if any.
        """
        change = Counter(hand)  # what came (> 0) and what left (< 0), counted once
        change.subtract(self.cards)
        moved = [(c, n) for c, n in change.items() if n]
        if len(moved) == 1 and self._followed_alone(moved[0][0], moved[0][1], picked, drawn):
            return
        removed = Counter({c: -n for c, n in change.items() if n < 0})
        added = Counter({c: n for c, n in change.items() if n > 0})
        leaving = self._leaving(removed, picked)
        batch = [(i, self.cards[i]) for i in sorted(leaving)]
        if batch:
            self.gone.append(batch)
            self._remove(leaving)
        incoming = list((added - (Counter([drawn]) if drawn is not None else Counter())
                         ).elements())
        swapped_into = batch[0][0] if len(batch) == 1 and len(incoming) == 1 and \
            incoming[0].is_joker else None
        if swapped_into is not None:  # a joker taken back from the table: in the card's place
            self._insert(swapped_into, incoming.pop())
            self.gone.pop()
        self._restore(incoming)
        if drawn is not None and added[drawn] > 0:
            self.cards.append(drawn)
            self.fresh = len(self.cards) - 1

    def _followed_alone(self, card: Card, count: int, picked: Sequence[int],
                        drawn: Card | None) -> bool:
        """The usual moves, followed as :meth:`follow` does, without its counting: the card
        drawn came (at the end, marked), or one card left (from the place picked, else its
        last copy) and nothing came; return whether the move was one of them."""
        if count == 1 and drawn is not None and card == drawn:
            self.cards.append(drawn)
            self.fresh = len(self.cards) - 1
            return True
        if count == -1 and drawn is None:
            leaving = self._leaving(Counter({card: 1}), picked)
            self.gone.append([(i, self.cards[i]) for i in sorted(leaving)])
            self._remove(leaving)
            return True
        return False

    def end_turn(self) -> None:
        """The turn is over: no card is "just drawn", nothing can be taken back."""
        self.fresh = None
        self.gone = []
        self.fresh_gone = None

    def _leaving(self, removed: Counter[Card], picked: Sequence[int]) -> set[int]:
        """The positions of the removed cards: those picked first, then the last copies."""
        left = Counter(removed)
        out: set[int] = set()
        for i in picked:
            if 0 <= i < len(self.cards) and left[self.cards[i]] > 0 and i not in out:
                left[self.cards[i]] -= 1
                out.add(i)
        for i in range(len(self.cards) - 1, -1, -1):
            card = self.cards[i]
            if left[card] > 0 and i not in out:
                left[card] -= 1
                out.add(i)
        return out

    def _remove(self, positions: set[int]) -> None:
        fresh = self.fresh
        if fresh is not None and fresh in positions:
            self.fresh_gone = (fresh, self.cards[fresh])
        self.cards = [c for i, c in enumerate(self.cards) if i not in positions]
        if fresh is not None:
            self.fresh = None if fresh in positions else \
                fresh - sum(1 for i in positions if i < fresh)
        self.breaks = _clean_breaks(
            [b - sum(1 for i in positions if i < b) for b in self.breaks], len(self.cards))

    def _insert(self, at: int, card: Card) -> None:
        at = max(0, min(at, len(self.cards)))
        self.cards.insert(at, card)
        if self.fresh is not None and self.fresh >= at:
            self.fresh += 1
        self.breaks = _clean_breaks([b + 1 if b > at else b for b in self.breaks],
                                    len(self.cards))

    def _restore(self, cards: list[Card]) -> None:
        """Cards back in the hand: each to the place it left from (the move that laid exactly
        these cards, else the latest move first), the others at the end."""
        if not cards:  # a draw or a discard: nothing comes back (the usual move)
            return
        wanted = Counter(cards)
        same = [b for b in self.gone if Counter(c for _i, c in b) == wanted]
        for batch in [*same[-1:], *reversed(self.gone)]:
            back = [(i, c) for i, c in batch if wanted[c] > 0 and not _take(wanted, c)]
            for i, c in back:
                batch.remove((i, c))
                self._insert(i, c)
                if self.fresh_gone == (i, c):  # the card just drawn is back: marked again
                    self.fresh, self.fresh_gone = max(0, min(i, len(self.cards) - 1)), None
        self.gone = [b for b in self.gone if b]
        for card in wanted.elements():
            self._insert(len(self.cards), card)

    # ---- saving --------------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        fresh_gone = self.fresh_gone
        return {"cards": [c.code for c in self.cards], "breaks": list(self.breaks),
                "fresh": self.fresh,
                "gone": [[[i, c.code] for i, c in batch] for batch in self.gone],
                "fresh_gone": None if fresh_gone is None else [fresh_gone[0],
                                                               fresh_gone[1].code]}

    @classmethod
    def from_dict(cls, data: Any, hand: Sequence[Card]) -> HandOrder:
        """Rebuild from :meth:`to_dict` data for the engine's ``hand``; whatever does not fit
        the hand is dropped (a missing card goes at the end), never an error."""
        order = cls.of(hand)
        if not isinstance(data, dict):
            return order
        cards = _cards(data.get("cards"))
        if Counter(cards) == Counter(hand):
            order.cards = cards
            fresh = data.get("fresh")
            if type(fresh) is int and 0 <= fresh < len(cards):
                order.fresh = fresh
            breaks = data.get("breaks")
            if isinstance(breaks, list) and all(type(b) is int for b in breaks):
                order.breaks = _clean_breaks(breaks, len(cards))
        else:
            kept = Counter(hand)
            order.cards = [c for c in cards if kept[c] > 0 and not _take(kept, c)]
            order.cards += list(kept.elements())
        gone = data.get("gone")
        if isinstance(gone, list):
            for batch in gone[:64]:
                entries = [(i, c) for i, c in _entries(batch)]
                if entries:
                    order.gone.append(entries)
        fresh_gone = _entries([data.get("fresh_gone")])
        if fresh_gone and any(fresh_gone[0] in batch for batch in order.gone):
            order.fresh_gone = fresh_gone[0]
        return order


def _take(counter: Counter[Card], card: Card) -> bool:
    """Take one ``card`` out of ``counter``; always False (for use in comprehensions)."""
    counter[card] -= 1
    return False


def _clean_breaks(breaks: Sequence[int], n: int) -> list[int]:
    return sorted({b for b in breaks if 0 < b < n})


def _cards(value: Any) -> list[Card]:
    if not isinstance(value, list):
        return []
    out: list[Card] = []
    for code in value[:200]:
        try:
            out.append(parse_card(code))
        except CardCodeError:
            continue
    return out


def _entries(batch: Any) -> list[tuple[int, Card]]:
    if not isinstance(batch, list):
        return []
    out: list[tuple[int, Card]] = []
    for entry in batch[:64]:
        if isinstance(entry, list) and len(entry) == 2 and type(entry[0]) is int:
            try:
                out.append((entry[0], parse_card(entry[1])))
            except CardCodeError:
                continue
    return out
