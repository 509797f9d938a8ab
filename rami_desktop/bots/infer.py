"""What the next player likely holds, from what they took, passed and threw.

Each unseen card gets a likelihood of being in the next player's hand (relative to the other
unseen cards): a card that would have made a combination with one they passed on the talaj
(left on top, although a pair or near série in hand would have laid it) is less likely; so is a
card of the rank of one they threw, or near it in its suit (they kept nothing with it); a card
near one they took is more likely. The determinised deals of the expert draw the next player's
hand with these weights (:func:`deal_weighted`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..engine.cards import Card
from ..engine.observation import Observation, known_cards
from ..engine.state import RoundState
from .plan import linked

#: factor on a card that would have laid a card the next player passed
PASSED = 0.35
#: factor on a card of the rank, or near in the suit, of one the next player threw
THROWN = 0.6
#: factor on a card near one the next player took
TOOK = 2.0
#: the last passes and throws of the next player looked at
RECENT = 4


def next_player(obs: Observation) -> int | None:
    """The seat after the observer's (None when that is its partner)."""
    q = (obs.player + 1) % obs.n
    return None if obs.partners[obs.player] == q else q


def related(a: Card, b: Card) -> bool:
    """Whether two real cards could sit in one combination (a rank, or near in a suit)."""
    return a != b and linked(a, b)


def likelihoods(obs: Observation, cards: Sequence[Card]) -> dict[Card, float]:
    """For each distinct card of ``cards`` (unseen ones), its weight of being in the next
    player's hand (1 for no evidence)."""
    q = next_player(obs)
    out = {c: 1.0 for c in cards}
    if q is None:
        return out
    taken = set(obs.taken)
    passed = [card for who, card in obs.discards if (who + 1) % obs.n == q
              and (q, card) not in taken and not card.is_joker][-RECENT:]
    thrown = [card for who, card in obs.discards if who == q and not card.is_joker][-RECENT:]
    took = [card for who, card in obs.taken if who == q and not card.is_joker]
    for c in out:
        if c.is_joker:
            continue
        w = 1.0
        w *= PASSED ** sum(1 for p in passed if related(c, p))
        w *= THROWN ** sum(1 for t in thrown if related(c, t))
        w *= TOOK ** min(1, sum(1 for t in took if related(c, t)))
        out[c] = w
    return out


def weighted_hand(pool: list[Card], size: int, weights: dict[Card, float],
                  rng: random.Random) -> list[Card]:
    """Draw ``size`` cards of ``pool`` (one entry per copy) without replacement, each with
    chance in proportion to its weight; the drawn cards leave ``pool``."""
    hand: list[Card] = []
    for _ in range(min(size, len(pool))):
        total = sum(weights.get(c, 1.0) for c in pool)
        r = rng.random() * total
        for i, c in enumerate(pool):
            r -= weights.get(c, 1.0)
            if r <= 0 or i == len(pool) - 1:
                hand.append(pool.pop(i))
                break
    return hand


def deal_weighted(obs: Observation, world: RoundState, rng: random.Random) -> RoundState:
    """``world`` (a determinised deal of ``obs``) with the next player's unknown cards drawn
    again from those unknown to the observer, by :func:`likelihoods`; the stock and the
    other hands take the rest at random, every size kept."""
    q = next_player(obs)
    if q is None:
        return world
    known = known_cards(obs)
    seats = [s for s in range(obs.n) if s != obs.player]
    pool: list[Card] = []
    for s in seats:
        rest = Counter(world.hands[s])
        rest.subtract(known[s])
        pool.extend(c for c in sorted(rest.elements()))
    pool.extend(sorted(world.stock))
    weights = likelihoods(obs, sorted(set(pool)))
    out = world.clone()
    out.hands[q] = [*known[q], *weighted_hand(pool, len(world.hands[q]) - len(known[q]),
                                              weights, rng)]
    rng.shuffle(pool)
    for s in seats:
        if s != q:
            take = len(world.hands[s]) - len(known[s])
            out.hands[s] = [*known[s], *pool[:take]]
            del pool[:take]
    out.stock = pool
    return out
