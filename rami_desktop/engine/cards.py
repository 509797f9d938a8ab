"""Cards of the 108-card Rami deck: two 52-card decks and four jokers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANK_CODES: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER_CODE = "JK"
COPIES = 2
JOKERS = 4
DECK_SIZE = 52 * COPIES + JOKERS


@dataclass(frozen=True, order=True)
class Card:
    """One card. ``rank`` is 1 (ace) to 13 (king), 0 for a joker; ``suit`` is S H D C or ''."""

    rank: int
    suit: str

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker."""
        return self.rank == 0

    @property
    def code(self) -> str:
        """The card's code, e.g. ``10H``, ``AS`` or ``JK``."""
        if self.rank == 0:
            return JOKER_CODE
        return RANK_CODES[self.rank - 1] + self.suit

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


JOKER = Card(0, "")
ALL_FACES: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(1, 14))
DISTINCT_CARDS: tuple[Card, ...] = (*ALL_FACES, JOKER)


class CardCodeError(ValueError):
    """A string is not a card code."""


def parse_card(code: str) -> Card:
    """Return the card for a code such as ``AS``, ``10H`` or ``JK``.

    Raises:
        CardCodeError: the string is not a card code.
    """
    if not isinstance(code, str):
        raise CardCodeError(repr(code))
    text = code.strip().upper()
    if text == JOKER_CODE:
        return JOKER
    if len(text) < 2:
        raise CardCodeError(code)
    rank_code, suit = text[:-1], text[-1]
    if suit not in SUITS or rank_code not in RANK_CODES:
        raise CardCodeError(code)
    return Card(RANK_CODES.index(rank_code) + 1, suit)


def parse_cards(codes: Iterable[str]) -> tuple[Card, ...]:
    """Parse several card codes."""
    return tuple(parse_card(c) for c in codes)


def codes(cards: Iterable[Card]) -> list[str]:
    """Return the codes of some cards, in order."""
    return [c.code for c in cards]


def full_deck() -> list[Card]:
    """Return the 108 cards in a fixed order (two of each face, four jokers)."""
    deck = [c for c in ALL_FACES for _ in range(COPIES)]
    deck.extend([JOKER] * JOKERS)
    return deck


def deck_excess(cards: Iterable[Card]) -> Card | None:
    """Return a card present more often than the deck holds, or None."""
    for card, n in Counter(cards).items():
        if n > (JOKERS if card.is_joker else COPIES):
            return card
    return None


def sort_key_suit(card: Card) -> tuple[int, int]:
    """Sort by suit, then rank; jokers last."""
    if card.is_joker:
        return (len(SUITS), 0)
    return (SUITS.index(card.suit), card.rank)


def sort_key_rank(card: Card) -> tuple[int, int]:
    """Sort by rank, then suit; jokers last."""
    if card.is_joker:
        return (99, 0)
    return (card.rank, SUITS.index(card.suit))
