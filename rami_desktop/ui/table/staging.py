"""Candidate actions built from a drop: the orders a new série may be laid in, the end of a
combination cards are added to. The engine judges each candidate; nothing here decides a rule.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from rami_desktop.engine.actions import Action, Add, Lay, Swap
from rami_desktop.engine.cards import Card
from rami_desktop.engine.melds import Meld, make_meld


def _pos(card: Card, ace_high: bool) -> int:
    return 14 if (card.rank == 1 and ace_high) else card.rank


def serie_orders(cards: Sequence[Card], max_jokers: int = 4) -> list[tuple[Card, ...]]:
    """Return the ascending orders (jokers placed where they fit) worth trying, best first.

    Real cards are sorted ascending (ace low, then ace high); each joker goes into a gap first,
    then at the high end, then at the low end. Orders are only proposed, never judged here,
    except that orders :func:`make_meld` rejects are dropped when at least one is accepted.
    """
    real = [c for c in cards if not c.is_joker]
    jokers = [c for c in cards if c.is_joker]
    out: list[tuple[Card, ...]] = []
    for ace_high in (False, True):
        base = sorted(real, key=lambda c, a=ace_high: (_pos(c, a), c.suit))
        n = len(base) + len(jokers)
        if not jokers:
            out.append(tuple(base))
            continue
        for slots in combinations(range(n), len(jokers)):
            order: list[Card] = []
            rest = iter(base)
            for i in range(n):
                order.append(jokers[0] if i in slots else next(rest))
            out.append(tuple(order))
    unique: list[tuple[Card, ...]] = []
    for order in out:
        if order not in unique:
            unique.append(order)
    valid = [o for o in unique if make_meld(o, max(max_jokers, len(jokers))) is not None]

    def rank(order: tuple[Card, ...]) -> tuple[int, int]:
        # a joker inside the run first, then at the high end, then low
        inner = sum(1 for i, c in enumerate(order) if c.is_joker and 0 < i < len(order) - 1)
        low = 1 if order and order[0].is_joker else 0
        return (-inner, low)

    valid.sort(key=rank)
    return valid or unique[:1]


def lay_candidates(player: int, cards: Sequence[Card], max_jokers: int = 1) -> list[Action]:
    """The Lay actions to try for some cards dropped on the empty table, best first."""
    cards = tuple(cards)
    out: list[Action] = []
    real = [c for c in cards if not c.is_joker]
    if real and all(c.rank == real[0].rank for c in real):
        out.append(Lay(player, tuple(real) + tuple(c for c in cards if c.is_joker)))
    for order in serie_orders(cards, max_jokers):
        action = Lay(player, order)
        if action not in out:
            out.append(action)
    return out or [Lay(player, cards)]


def add_candidates(player: int, meld_index: int, meld: Meld, cards: Sequence[Card],
                   at: str | None) -> list[Action]:
    """The Add actions to try for cards dropped on a combination, nearest end first.

    Args:
        player: the round player.
        meld_index: the engine's index of the combination.
        meld: the combination.
        cards: the cards dropped.
        at: ``low`` or ``high``: the end nearest the drop (séries only).
    """
    cards = tuple(cards)
    if meld.is_tria:
        return [Add(player, meld_index, cards)]
    ends: list[str | None] = [at, "high" if at == "low" else "low", None] if at else [None]
    orders = serie_orders(cards) if len(cards) > 1 else [cards]
    out: list[Action] = []
    for end in ends:
        for order in orders:
            action = Add(player, meld_index, tuple(order), end)
            if action not in out:
                out.append(action)
    return out


def swap_candidate(player: int, meld_index: int, meld: Meld, card: Card) -> Action | None:
    """A Swap for one real card dropped on a combination holding a joker, else None."""
    if card.is_joker or meld.franche:
        return None
    return Swap(player, meld_index, card)
