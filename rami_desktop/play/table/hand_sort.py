"""The order of a hand on screen (UI only: the engine keeps its own), sorting and grouping."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from rami_desktop.engine.cards import Card, sort_key_rank, sort_key_suit
from rami_desktop.engine.solver import least_penalty
from rami_desktop.play.view.terms import Rules


def reconcile(order: Sequence[Card], hand: Sequence[Card]) -> list[Card]:
    """Keep the screen order of the cards still in hand; new cards go at the end.

    Args:
        order: the previous screen order.
        hand: the engine's hand now.
    """
    left = Counter(hand)
    out: list[Card] = []
    for card in order:
        if left[card] > 0:
            out.append(card)
            left[card] -= 1
    for card in hand:
        if left[card] > 0:
            out.append(card)
            left[card] -= 1
    return out


def sort_by_suit(hand: Sequence[Card]) -> list[Card]:
    """Suit by suit, ascending; jokers last."""
    return sorted(hand, key=sort_key_suit)


def sort_by_rank(hand: Sequence[Card]) -> list[Card]:
    """Rank by rank; jokers last."""
    return sorted(hand, key=sort_key_rank)


def group_by_melds(hand: Sequence[Card], rules: Rules) -> tuple[list[Card], list[int]]:
    """Arrange the hand by the combinations it can make (the solver's least penalty).

    Returns:
        ``(order, breaks)``: the cards (each combination together, the rest sorted by suit
        after them) and the positions where a new group starts (for small gaps on screen).
    """
    arrangement = least_penalty(hand, rules, keep=1)
    groups = [list(m.cards) for m in arrangement.melds]
    rest = sort_by_suit(arrangement.rest)
    order: list[Card] = []
    breaks: list[int] = []
    for group in groups:
        if order:
            breaks.append(len(order))
        order.extend(group)
    if rest and order:
        breaks.append(len(order))
    order.extend(rest)
    return reconcile(order, hand), breaks


def move(order: list[Any], index: int, delta: int) -> int:
    """Move the item at ``index`` by ``delta`` places (clamped); return its new index."""
    if not 0 <= index < len(order):
        return index
    new = max(0, min(len(order) - 1, index + delta))
    card = order.pop(index)
    order.insert(new, card)
    return new
