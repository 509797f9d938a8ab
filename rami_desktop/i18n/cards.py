"""Cards and combinations in words: "6♠", "tria 6♠ 6♥ 6♦", "série 8-9-10♥" (the hint, the
messages). Court ranks follow the language (V D R in French)."""

from __future__ import annotations

from collections.abc import Sequence

from rami_desktop.engine.cards import Card
from rami_desktop.engine.melds import Meld
from rami_desktop.i18n import _, pgettext

SUIT_SYMBOLS: dict[str, str] = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def rank_text(rank: int) -> str:
    """A rank as printed in the corner of a card, in the current language."""
    courts = {
        1: pgettext("card rank", "A"),
        11: pgettext("card rank", "J"),
        12: pgettext("card rank", "Q"),
        13: pgettext("card rank", "K"),
    }
    return courts.get(rank, str(rank))


def card_text(card: Card) -> str:
    """One card: rank and suit symbol ("10♥"), or the word for a joker."""
    if card.is_joker:
        return _("joker")
    return rank_text(card.rank) + SUIT_SYMBOLS.get(card.suit, card.suit)


def cards_text(cards: Sequence[Card]) -> str:
    """Several cards, side by side ("6♠ 6♥")."""
    return " ".join(card_text(c) for c in cards)


def meld_text(meld: Meld) -> str:
    """A combination: "tria 6♠ 6♥ 6♦" or "série 8-9-10♥" (jokers named where they stand)."""
    if meld.is_tria:
        return _("tria {cards}").format(cards=cards_text(meld.cards))
    ranks = [_("joker") if c.is_joker else rank_text(c.rank) for c in meld.cards]
    suit = SUIT_SYMBOLS.get(meld.suit, "")
    return _("série {cards}").format(cards="-".join(ranks) + suit)
