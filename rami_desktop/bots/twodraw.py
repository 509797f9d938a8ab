"""Outs over two draws: for each discard, the chance that the hand reaches its target (the
opening at the bar, or going out at once) on one of its next two draws.

The two cards are an unordered pair of unseen cards, weighed by their copies. The second draw is
asked of the engine's solver with one card more kept in hand: the card thrown on the turn
between (which, knowing both cards, the hand picks at best). A first card that makes no pair
nor near série with the hand nor is a joker cannot change what the second draw makes (its
one-draw outs), so the solver is asked only for the first cards that touch the hand, at most
:data:`FIRSTS` of them (the bound on a decision's time): not every pair is tried.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from ..engine.cards import Card, sort_key_rank
from ..engine.solver import OpeningRequest, discard_outs_any
from .plan import linked

#: the first cards tried with a second, at most (the bound on a decision's time)
FIRSTS = 14


def touches(card: Card, hand: Sequence[Card]) -> bool:
    """Whether ``card`` could join a combination with a card of ``hand`` (jokers always)."""
    if card.is_joker:
        return True
    return any(h.is_joker or linked(h, card) for h in hand)


def two_draw_chances(hand: Sequence[Card], candidates: Sequence[Card],
                     requests: Sequence[OpeningRequest], pool: Counter[Card],
                     loose: Sequence[Card] | None = None, firsts: int = FIRSTS
                     ) -> dict[Card, float]:
    """For each discard of ``candidates`` (real cards of ``hand``), the chance that the kept
    hand reaches one of ``requests`` on the next draw or the one after.

    The two cards are an unordered pair: the hand reaches its target when either card is a
    one-draw out, or when the two together make it (one card thrown between).

    Args:
        hand: the hand after this turn's draw (the discard still in it).
        candidates: the discards weighed.
        requests: the targets (each one card kept for the discard).
        pool: the unseen cards, one count per copy (jokers included).
        loose: the cards a first card must touch to be tried with a second (default: the
            whole hand).
        firsts: at most this many first cards are tried with a second (those touching the
            most cards of ``loose``); any other pair counts only through a one-draw out.
    """
    total = sum(pool.values())
    if total < 2 or not candidates:
        return {c: 0.0 for c in candidates}
    first = discard_outs_any(hand, candidates, requests, dict(pool))
    later = [replace(req, keep=req.keep + 1) for req in requests]
    pairs = total * (total - 1)
    chances = {}
    for c in candidates:
        miss = total - sum(pool[y] for y in first[c])
        chances[c] = 1.0 - miss * (miss - 1) / pairs
    near_cards = list(hand) if loose is None else list(loose)
    links = {x: sum(1 for h in near_cards if touches(x, [h])) for x, k in pool.items() if k > 0}
    tried = sorted((x for x in links if links[x]), key=lambda x: (-links[x], -pool[x],
                                                                  sort_key_rank(x)))[:firsts]
    order = sorted(tried, key=sort_key_rank)
    for i, x in enumerate(order):
        waiting = [c for c in candidates if x not in first[c]]
        if not waiting:
            continue
        known = set.intersection(*(first[c] for c in waiting))
        rest = Counter({y: pool[y] - (y == x) for y in order[i:] if y not in known})
        rest = +rest
        if not rest:
            continue
        second = discard_outs_any([*hand, x], waiting, later, dict(rest))
        for c in waiting:
            for y in second[c]:
                if y in first[c]:
                    continue
                both = pool[x] * (pool[x] - 1) if y == x else 2 * pool[x] * pool[y]
                chances[c] += both / pairs
    return chances
