"""Why a handful of cards makes no combination (or does not fit one), in one sentence: the
words of :class:`rami_desktop.engine.arrange.MeldFault`, finer than ``invalid_meld``."""

from __future__ import annotations

from rami_desktop.engine.arrange import MeldFault
from rami_desktop.i18n import N_, _, ngettext

FAULT_MESSAGES: dict[MeldFault, str] = {
    MeldFault.TOO_FEW: N_("A combination needs at least 3 cards."),
    MeldFault.ONLY_JOKERS: N_("A combination needs at least one card that is not a joker."),
    MeldFault.TRIA_SAME_SUIT: N_("A tria needs cards of different suits."),
    MeldFault.TRIA_TOO_LONG: N_("A tria has at most 4 cards."),
    MeldFault.TRIA_MIXED_RANKS: N_("A tria needs cards of the same rank."),
    MeldFault.SERIE_MIXED_SUITS: N_("A série needs cards of the same suit."),
    MeldFault.SERIE_SAME_RANK: N_("A série cannot hold the same rank twice."),
    MeldFault.SERIE_GAP: N_("A série needs cards that follow each other."),
    MeldFault.SERIE_WRAP: N_("A série cannot go round the ace (K-A-2)."),
    MeldFault.SERIE_TOO_LONG: N_("That série would be too long."),
    MeldFault.WRONG_RANK: N_("Only cards of the tria's rank can be added to it."),
    MeldFault.WRONG_SUIT: N_("Only cards of the série's suit can be added to it."),
    MeldFault.NOT_AT_END: N_("Cards are added at one end of a série, following on."),
}


def fault_message(fault: MeldFault, jokers_per_meld: int) -> str:
    """The translated sentence of a fault (the joker rule says how many jokers a combination
    may hold)."""
    if fault is MeldFault.TOO_MANY_JOKERS:
        return ngettext("A combination may hold only {count} joker.",
                        "A combination may hold only {count} jokers.",
                        jokers_per_meld).format(count=jokers_per_meld)
    return _(FAULT_MESSAGES[fault])
