"""Cards of the 108-card Rami deck: two 52-card decks and four jokers."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

SUITS: tuple[str, ...] = ("S", "H", "D", "C")
RANK_CODES: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER_CODE = "JK"
COPIES = 2
JOKERS = 4
DECK_SIZE = 52 * COPIES + JOKERS


class Card:
    """One card. ``rank`` is 1 (ace) to 13 (king), 0 for a joker; ``suit`` is S H D C or ''.

    Cards are values, immutable and interned: ``Card(1, "S")`` is always the same object, so
    that comparing and hashing them (the engine's, the solver's and the bots' innermost work)
    cost an identity check. They sort by rank, then suit.
    """

    __slots__ = ("code", "is_joker", "order", "rank", "suit")
    rank: int
    suit: str
    #: whether this card is a joker (rank 0)
    is_joker: bool
    #: the card's place when sorting (rank, then suit)
    order: tuple[int, str]
    #: the card's code, e.g. ``10H``, ``AS`` or ``JK`` (a slot: every view and journal line
    #: a host writes reads it for each card)
    code: str
    _interned: dict[tuple[int, str], Card] = {}  # noqa: RUF012 (the one table of cards)

    def __new__(cls, rank: int, suit: str) -> Card:
        card = cls._interned.get((rank, suit))
        if card is None:
            if type(rank) is not int or type(suit) is not str:
                raise TypeError(f"a card is a rank (int) and a suit (str), not {rank!r}, {suit!r}")
            card = object.__new__(cls)
            object.__setattr__(card, "rank", rank)
            object.__setattr__(card, "suit", suit)
            object.__setattr__(card, "is_joker", rank == 0)
            object.__setattr__(card, "order", (rank, suit))
            object.__setattr__(card, "code", JOKER_CODE if rank == 0 else
                               RANK_CODES[rank - 1] + suit if 1 <= rank <= 13 else f"{rank}{suit}")
            cls._interned[(rank, suit)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("cards cannot change")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("cards cannot change")

    def __reduce__(self) -> tuple[type[Card], tuple[int, str]]:
        return Card, (self.rank, self.suit)

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    # the order and is_joker are slots, read without a call: comparing cards is the engine's,
    # the solver's and the bots' innermost work
    def __lt__(self, other: Card) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.order < other.order

    def __le__(self, other: Card) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.order <= other.order

    def __gt__(self, other: Card) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.order > other.order

    def __ge__(self, other: Card) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self.order >= other.order

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


JOKER = Card(0, "")
ALL_FACES: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in range(1, 14))
DISTINCT_CARDS: tuple[Card, ...] = (*ALL_FACES, JOKER)
_BY_CODE: dict[str, Card] = {c.code: c for c in DISTINCT_CARDS}


class CardCodeError(ValueError):
    """A string is not a card code."""


def parse_card(code: str) -> Card:
    """Return the card for a code such as ``AS``, ``10H`` or ``JK``.

    Raises:
        CardCodeError: the string is not a card code.
    """
    card = _BY_CODE.get(code) if isinstance(code, str) else None
    if card is not None:
        return card
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
