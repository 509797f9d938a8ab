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


#: a combination in a sentence, as one to lay ("a tria 6♠ 6♥ 6♦"; French "une tria")
A_MELD = "a"
#: a combination in a sentence, one on the table ("the série 8-9-10♥"; French "la série")
THE_MELD = "the"
#: the space that keeps a combination on one line
NO_BREAK = "\u00a0"


def meld_text(meld: Meld, form: str | None = None) -> str:
    """A combination: "tria 6♠ 6♥ 6♦" or "série 8-9-10♥" (jokers named where they stand);
    in a sentence with an article (``form``: :data:`A_MELD` or :data:`THE_MELD`)."""
    ranks = [_("joker") if c.is_joker else rank_text(c.rank) for c in meld.cards]
    cards = cards_text(meld.cards) if meld.is_tria else "-".join(ranks) + SUIT_SYMBOLS.get(
        meld.suit, "")
    if form == A_MELD:
        # TRANSLATORS: a combination to lay, in a sentence ("lay a tria 6♠ 6♥ 6♦");
        # French «une tria», darija «تريا»
        text = _("a tria {cards}") if meld.is_tria else _("a série {cards}")
    elif form == THE_MELD:
        # TRANSLATORS: a combination on the table, in a sentence ("add 7♠ to the tria 7♥ 7♦
        # 7♣"); French «la tria» (after «à»: «à la tria»), darija «التريا»
        text = _("the tria {cards}") if meld.is_tria else _("the série {cards}")
    else:
        text = _("tria {cards}") if meld.is_tria else _("série {cards}")
    return text.format(cards=cards)
