"""The rule options of the setup screen: their labels, the words of their values, their
ranges, and which are shown first."""

from __future__ import annotations

from enum import Enum

from rami_desktop.i18n import N_
from rami_desktop.play.table.rulebook import (
    FirstCard,
    GoingOutPoints,
    MatchEnd,
    Penalty,
    Starter,
    TriaSwap,
)

#: The options shown first; the others are under "All rules".
IMPORTANT: tuple[str, ...] = ("threshold", "target", "teams", "rami_sec", "jokers_per_meld")
#: options of the opening: a preset that lays only to go out (no opening) does not show them
OPENING_OPTIONS: frozenset[str] = frozenset(
    {"threshold", "rising_bar", "need_tria_and_serie", "clean_own_cards", "going_out_points"})

#: The label of every rule option.
OPTION_LABELS: dict[str, str] = {
    "hand_size": N_("Cards dealt"),
    "starter": N_("Who starts"),
    "initial_discard": N_("A card turned up at the start"),
    "min_players": N_("Minimum players"),
    "max_players": N_("Maximum players"),
    "jokers_per_meld": N_("Jokers per combination"),
    "first_card": N_("The first discard"),
    "no_pickup_first_round": N_("No pickup in the first round"),
    "top_card_must_lay": N_("A card taken must be laid"),
    "last_card_lock": N_("No pickup with one card left"),
    "threshold": N_("Opening threshold"),
    "rising_bar": N_("Rising bar"),
    "need_tria_and_serie": N_("Opening needs a tria and a série"),
    "clean_own_cards": N_("Opening with one's own cards"),
    "going_out_points": N_("Points to open and go out"),
    "add_on_opening_turn": N_("Add on the opening turn"),
    "lay_before_out": N_("Lay before going out"),
    "tria_swap": N_("Taking a joker from a tria"),
    "swapped_joker_must_be_laid": N_("A joker won back is laid"),
    "penalty": N_("Penalty"),
    "card_penalty": N_("Penalty per card"),
    "joker_penalty": N_("Penalty per joker"),
    "never_down_penalty": N_("Penalty if never down"),
    "joker_out_doubles": N_("Going out on a joker doubles"),
    "ace_value": N_("Value of an ace"),
    "rami_sec": N_("Rami sec"),
    "rami_sec_penalty": N_("Rami sec penalty"),
    "target": N_("Match target"),
    "match_end": N_("End of the match"),
    "teams": N_("Teams (2 against 2)"),
    "redeal": N_("Redeal a bad hand"),
}

#: The label of every value of the choice options.
ENUM_LABELS: dict[Enum, str] = {
    Starter.DEALER_DRAWS: N_("Dealer, with a draw"),
    Starter.NEXT_NO_DRAW: N_("Next player, +1 card"),
    Starter.DEALER_NO_DRAW: N_("Dealer, +1 card"),
    FirstCard.ANY_UNTIL_DEALER: N_("Anyone but the dealer"),
    FirstCard.NEXT_ONLY: N_("Next player only"),
    FirstCard.NONE: N_("Like any discard"),
    GoingOutPoints.BASE: N_("Base threshold"),
    GoingOutPoints.NONE: N_("No points"),
    GoingOutPoints.BAR: N_("The bar"),
    TriaSwap.ANY_MISSING_SUIT: N_("Any missing suit"),
    TriaSwap.COMPLETE_FOUR: N_("Only with 4 real cards"),
    Penalty.PER_CARD: N_("Per card"),
    Penalty.HAND_VALUE: N_("Hand value"),
    MatchEnd.ELIMINATION: N_("Elimination"),
    MatchEnd.LOWEST_TOTAL: N_("Lowest total wins"),
}

#: (minimum, maximum, step, usual values or None) of the number options.
NUMBER_RANGES: dict[str, tuple[int, int, int, tuple[int, ...] | None]] = {
    "hand_size": (3, 15, 1, None),
    "min_players": (2, 6, 1, None),
    "max_players": (2, 6, 1, None),
    "jokers_per_meld": (1, 4, 1, None),
    "threshold": (0, 301, 10, None),
    "card_penalty": (0, 100, 5, None),
    "joker_penalty": (0, 200, 5, None),
    "never_down_penalty": (0, 500, 10, None),
    "ace_value": (0, 20, 1, None),
    "rami_sec_penalty": (0, 1000, 50, None),
    "target": (50, 5000, 50, (101, 151, 201, 251, 300, 400, 500, 750, 1000, 1500, 2000)),
}
