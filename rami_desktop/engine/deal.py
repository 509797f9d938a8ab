"""Dealing a round: shuffling and dealing, checking a given deal, and the redeal condition."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from .cards import DECK_SIZE, Card, full_deck
from .rules import Rules, Starter

Deal = tuple[list[list[Card]], list[Card], list[Card]]


def deal(rules: Rules, n: int, dealer: int, rng: random.Random) -> Deal:
    """Shuffle and deal: the hands, the talaj (bottom first) and the stock (top first)."""
    deck = full_deck()
    rng.shuffle(deck)
    hands: list[list[Card]] = [[] for _ in range(n)]
    for _ in range(rules.hand_size):
        for k in range(n):
            hands[(dealer + 1 + k) % n].append(deck.pop())
    if rules.starter is Starter.NEXT_NO_DRAW:
        hands[(dealer + 1) % n].append(deck.pop())
    elif rules.starter is Starter.DEALER_NO_DRAW:
        hands[dealer].append(deck.pop())
    talaj = [deck.pop()] if rules.initial_discard else []
    stock = list(reversed(deck))
    return hands, talaj, stock


def expected_hand_sizes(rules: Rules, n: int, dealer: int) -> list[int]:
    """Return each seat's hand size as dealt."""
    sizes = [rules.hand_size] * n
    if rules.starter is Starter.NEXT_NO_DRAW:
        sizes[(dealer + 1) % n] += 1
    elif rules.starter is Starter.DEALER_NO_DRAW:
        sizes[dealer] += 1
    return sizes


def check_deal(rules: Rules, hands: Sequence[Sequence[Card]], talaj: Sequence[Card],
               stock: Sequence[Card], dealer: int) -> None:
    """Raise ValueError naming the fault if a deal is impossible under the rules."""
    n = len(hands)
    if not rules.min_players <= n <= rules.max_players:
        raise ValueError(f"{n} players: this preset takes {rules.min_players} to "
                         f"{rules.max_players}")
    if not 0 <= dealer < n:
        raise ValueError(f"dealer {dealer} is not a seat")
    sizes = expected_hand_sizes(rules, n, dealer)
    for seat, (hand, size) in enumerate(zip(hands, sizes, strict=True)):
        if len(hand) != size:
            raise ValueError(f"seat {seat} has {len(hand)} cards, expected {size}")
    cards = [c for h in hands for c in h] + list(talaj) + list(stock)
    counts = Counter(cards)
    for card, k in counts.items():
        limit = 4 if card.is_joker else 2
        if k > limit:
            raise ValueError(f"{k} copies of {card.code} (the deck has {limit})")
    if len(cards) > DECK_SIZE:
        raise ValueError(f"more than {DECK_SIZE} cards")


def complete_stock(named: Sequence[Card], used: Sequence[Card], rng: random.Random) -> list[Card]:
    """Return the stock top first: the named cards, then every card not used anywhere, shuffled."""
    remaining = Counter(full_deck()) - Counter(used) - Counter(named)
    rest = list(remaining.elements())
    rng.shuffle(rest)
    return list(named) + rest


def qualifies_for_redeal(hand: Sequence[Card]) -> bool:
    """Whether a hand may be dealt again (rami-talaj): 3+ jokers, or 2 + two pairs, or 1 + three."""
    counts = Counter(hand)
    jokers = sum(1 for c in hand if c.is_joker)
    pairs = sum(1 for c, n in counts.items() if not c.is_joker and n >= 2)
    return jokers >= 3 or (jokers == 2 and pairs >= 2) or (jokers == 1 and pairs >= 3)
