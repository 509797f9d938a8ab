"""The rules of each preset, as help text: a list of (section title, paragraph).

Written from ``RULES.md`` for the preset's default options. The strings are English sources
marked with :func:`N_`; :func:`rules_help` translates them when called.
"""

from __future__ import annotations

from rami_desktop.i18n import N_, _

# section titles
T_CARDS = N_("The cards")
T_COMBINATIONS = N_("Combinations")
T_VALUES = N_("Card values")
T_DEAL = N_("Players and deal")
T_TURN = N_("Your turn")
T_OPENING = N_("The opening (tahbita)")
T_BAR = N_("The rising bar")
T_DOWN = N_("Once down")
T_TALAJ = N_("Drawing from the talaj")
T_GOING_OUT = N_("Going out")
T_PENALTIES = N_("Penalties (khtiya)")
T_SCORING = N_("Scoring")
T_TEAMS = N_("Teams")
T_REDEAL = N_("Redeal")
T_MATCH = N_("End of the match")

# paragraphs shared by several presets
CARDS = N_(
    "Two packs of 52 cards and 4 jokers: 108 cards, so the same card can appear twice.")
COMBINATIONS = N_(
    "A tria is 3 or 4 cards of the same rank, all of different suits: two identical cards "
    "never go in one tria. A série is 3 or more cards following each other in one suit; "
    "the ace is low (A-2-3) or high (Q-K-A), never both (K-A-2 is not allowed). A joker "
    "stands for one missing card, at most one joker per combination. A combination without "
    "a joker is franche.")
VALUES = N_(
    "Cards 2 to 10 count their face value; jack, queen and king count 10; the ace counts 10, "
    "or 1 in a low série (A-2-3). A combination holding a joker counts 0 towards the opening.")
TURN = N_(
    "Draw one card from the stock (or from the talaj, see below), lay combinations if you can, "
    "then discard one card onto the talaj. You always keep one card to discard: your last "
    "card is discarded, never laid. When the stock runs out, the talaj except its top card is "
    "shuffled into a new stock.")
OPENING_OWN = N_(
    "Your first laying must reach 71 points in franche combinations, all laid in one turn. It "
    "must hold at least one franche tria and one franche série made of your own cards: no "
    "joker and no card taken from the talaj. The other combinations of the opening may hold a "
    "joker or the talaj card.")
BAR = N_(
    "Once a player opens with a number of points, every later opening in the round must beat "
    "it by at least 1: after an opening of 80 you need 81. A player already down is no longer "
    "concerned. The bar goes back to the base threshold at each new round.")
TOP_CARD = N_(
    "At any other time you may take the top card of the talaj only to lay it in this same "
    "turn: for your opening, to go out, or once down. With one card left in hand you must "
    "draw from the stock.")
GOING_OUT_ANY_POINTS = N_(
    "You win the round when you discard your last card. If you lay your whole hand at once, "
    "you need no points at all, only a franche tria and a franche série.")
MATCH_ELIMINATION = N_(
    "Points add up from round to round. A player who reaches 300 points (an option of the "
    "table) is eliminated; the others play on, and the last player left wins the match.")
SCORING_VALUE = N_(
    "When a player goes out, each other player pays the value of the cards left in hand: 2 to "
    "10 their face value, jack, queen, king and ace 10, a joker 20. Laid cards cost nothing, "
    "so laying early protects you.")
MATCH_LOWEST = N_(
    "Points add up from round to round. The match stops when a player reaches the target "
    "(201, 500 or 1000): the lowest total wins.")
NO_PICKUP_FIRST_ROUND = N_(
    "No one may take from the talaj during the first round of the table.")

# talaj
DEAL_TALAJ = N_(
    "2 to 5 players, 14 cards each. The dealer plays first, with an ordinary turn: draw, lay "
    "if possible, discard. The next player deals the next round.")
DOWN_TALAJ = N_(
    "Lay any combination, whatever its value, and add cards to any combination on the table, "
    "yours or another player's (a tria holds at most 4 cards). As soon as the combinations you "
    "have placed make a valid opening, you may add to the table in the same turn. Take a joker "
    "back by putting the real card it stands for in its place: in a série only that exact "
    "card, in a tria any card of a missing suit.")
FIRST_CARD_TALAJ = N_(
    "The dealer's first discard may be taken into the hand by any other player, freely, even "
    "when buried under later discards, until the turn comes back to the dealer.")
GOING_OUT_TALAJ = N_(
    "You win the round when you discard your last card. If your opening also empties your "
    "hand, you need only the base 71 points, never the risen bar.")
PENALTIES = N_(
    "When a player goes out, each other player pays 10 points a card and 20 a joker left in "
    "hand, or 100 if they never opened. The winner pays nothing.")

# rami-talaj
DEAL_RAMI_TALAJ = N_(
    "2 to 5 players, or 4 in two teams; 14 cards each. The player after the dealer gets 15 "
    "and starts without drawing: lays if possible, then discards.")
DOWN_RAMI_TALAJ = N_(
    "Lay any combination and add cards to any combination on the table (a tria holds at most "
    "4 cards), even in the turn of your opening. Take a joker back from a série with the exact "
    "card it stands for, or from a tria only by making it 4 real cards. The joker you take "
    "back must be laid in the same turn.")
FIRST_CARD_RAMI_TALAJ = N_(
    "Only the next player may take the round's first discard into the hand, freely.")
PENALTIES_DOUBLE = N_(
    "When a player goes out, each other player pays 10 points a card and 20 a joker left in "
    "hand, or 100 if they never opened. If the winner's last discard is a joker, cards and "
    "jokers count double (not the 100).")
TEAMS = N_(
    "With 4 players in two teams, partners sit opposite. Once your partner is down, you may "
    "go down by laying a franche série of your own cards, with no points and no tria. Scores "
    "are kept per team, and a team that reaches the target loses.")
REDEAL = N_(
    "Before anyone plays, a hand with 3 jokers, or 2 jokers and 2 pairs of identical cards, "
    "or 1 joker and 3 such pairs may be dealt again if its holder asks; a hand with 4 jokers "
    "always is.")

# tallage
DEAL_TALLAGE = N_(
    "2 to 6 players, 14 cards each and 15 for the dealer. One card turned up starts the talaj. "
    "The dealer starts without drawing: lays if possible, then discards.")
OPENING_TALLAGE = N_(
    "Your first laying must reach 71 points (or 51, an option of the table) in franche "
    "combinations, all laid in one turn, with at least one franche tria and one franche série.")
DOWN_TALLAGE = N_(
    "From the turn after your opening: lay any combination, add cards to any combination on "
    "the table (a tria holds at most 4 cards), and take a joker back with the real card it "
    "stands for (in a tria, any card of a missing suit).")
TOP_CARD_TALLAGE = N_(
    "After that you may take the top card of the talaj only to lay it in this same turn. "
    "With one card left in hand you must draw from the stock.")
RAMI_SEC = N_(
    "Rami sec: if you lay your whole hand in one turn before anyone else is down, every other "
    "player pays 200.")

# simple
DEAL_SIMPLE = N_(
    "2 to 6 players, 13 cards each and 14 for the dealer. One card turned up starts the talaj. "
    "The dealer starts without drawing: goes out if possible, else discards.")
TURN_SIMPLE = N_(
    "Draw one card from the stock or the top card of the talaj into your hand, then discard "
    "one card. No one takes from the talaj during the first round of the table, nor with one "
    "card left in hand. When the stock runs out, the talaj except its top card is shuffled into "
    "a new stock.")
GOING_OUT_SIMPLE = N_(
    "There is no opening and no laying before the end: you lay your whole hand at once, with "
    "at least one franche tria and one franche série, then discard your last card to win the "
    "round.")

_HELP: dict[str, list[tuple[str, str]]] = {
    "talaj": [
        (T_CARDS, CARDS), (T_DEAL, DEAL_TALAJ), (T_COMBINATIONS, COMBINATIONS),
        (T_VALUES, VALUES), (T_TURN, TURN), (T_OPENING, OPENING_OWN), (T_BAR, BAR),
        (T_DOWN, DOWN_TALAJ), (T_TALAJ, FIRST_CARD_TALAJ), (T_TALAJ, TOP_CARD),
        (T_GOING_OUT, GOING_OUT_TALAJ), (T_PENALTIES, PENALTIES), (T_MATCH, MATCH_ELIMINATION),
    ],
    "rami-talaj": [
        (T_CARDS, CARDS), (T_DEAL, DEAL_RAMI_TALAJ), (T_COMBINATIONS, COMBINATIONS),
        (T_VALUES, VALUES), (T_TURN, TURN), (T_OPENING, OPENING_OWN), (T_BAR, BAR),
        (T_DOWN, DOWN_RAMI_TALAJ), (T_TALAJ, FIRST_CARD_RAMI_TALAJ), (T_TALAJ, TOP_CARD),
        (T_GOING_OUT, GOING_OUT_ANY_POINTS), (T_PENALTIES, PENALTIES_DOUBLE),
        (T_MATCH, MATCH_ELIMINATION), (T_TEAMS, TEAMS), (T_REDEAL, REDEAL),
    ],
    "tallage": [
        (T_CARDS, CARDS), (T_DEAL, DEAL_TALLAGE), (T_COMBINATIONS, COMBINATIONS),
        (T_VALUES, VALUES), (T_TURN, TURN), (T_OPENING, OPENING_TALLAGE), (T_BAR, BAR),
        (T_DOWN, DOWN_TALLAGE), (T_TALAJ, NO_PICKUP_FIRST_ROUND), (T_TALAJ, TOP_CARD_TALLAGE),
        (T_GOING_OUT, GOING_OUT_ANY_POINTS), (T_GOING_OUT, RAMI_SEC),
        (T_SCORING, SCORING_VALUE), (T_MATCH, MATCH_LOWEST),
    ],
    "simple": [
        (T_CARDS, CARDS), (T_DEAL, DEAL_SIMPLE), (T_COMBINATIONS, COMBINATIONS),
        (T_TURN, TURN_SIMPLE), (T_GOING_OUT, GOING_OUT_SIMPLE),
        (T_SCORING, SCORING_VALUE), (T_MATCH, MATCH_LOWEST),
    ],
}


def rules_help(preset: str) -> list[tuple[str, str]]:
    """Return the translated help of a preset as (section title, paragraph) pairs, in order.

    Consecutive paragraphs may share a title: show the title once.

    Raises:
        ValueError: unknown preset.
    """
    if preset not in _HELP:
        raise ValueError(f"unknown preset {preset!r}")
    return [(_(title), _(text)) for title, text in _HELP[preset]]


def presets() -> tuple[str, ...]:
    """Return the presets that have help text."""
    return tuple(_HELP)
