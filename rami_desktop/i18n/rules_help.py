"""The rules of a table (or of a preset), as help text: a list of (section title, paragraph).

Written from ``RULES.md`` and built from the rule options themselves: a table's help states that
table's threshold, target, jokers per combination and teams. Each option names the section that
tells it (its declaration's ``help``, one of :data:`SECTION_KEYS`); a switch may declare its own
sentence (``told``), added to that section when it is on. Given a preset name instead (the
menu's help), the preset's defaults are used and the options a table may change are mentioned.
Each title appears once; a section with several paragraphs joins them with a new line.
"""

from __future__ import annotations

from collections.abc import Callable

from rami_desktop.engine.rules import (
    PRESET_NAMES,
    PRESETS,
    RULE_OPTIONS,
    FirstCard,
    GoingOutPoints,
    MatchEnd,
    Penalty,
    Rules,
    Starter,
    TriaSwap,
)
from rami_desktop.i18n import _, ngettext

Sections = list[tuple[str, str]]
Builder = Callable[[Rules, bool], list[str]]


def _cards(rules: Rules, general: bool) -> list[str]:
    return [_("Two decks of 52 cards and 4 jokers: 108 cards, so the same card can appear twice.")]


def _deal(rules: Rules, general: bool) -> list[str]:
    cards = rules.hand_size
    if rules.teams:
        players = _("4 players in two teams, {cards} cards each.").format(cards=cards)
    elif general and rules.preset == "rami-talaj":
        players = _("{low} to {high} players, or 4 in two teams; {cards} cards each.").format(
            low=rules.min_players, high=rules.max_players, cards=cards)
    else:
        players = _("{low} to {high} players, {cards} cards each.").format(
            low=rules.min_players, high=rules.max_players, cards=cards)
    extra = cards + 1
    if rules.starter is Starter.DEALER_DRAWS:
        start = _("The dealer plays first, with an ordinary turn: draw, lay if possible, discard.")
    elif rules.starter is Starter.NEXT_NO_DRAW and rules.lay_before_out:
        start = _("The player after the dealer gets {extra} cards and starts without drawing: "
                  "lays if possible, then discards.").format(extra=extra)
    elif rules.starter is Starter.NEXT_NO_DRAW:
        start = _("The player after the dealer gets {extra} cards and starts without drawing: "
                  "goes out if possible, else discards.").format(extra=extra)
    elif rules.lay_before_out:
        start = _("The dealer gets {extra} cards and starts without drawing: lays if possible, "
                  "then discards.").format(extra=extra)
    else:
        start = _("The dealer gets {extra} cards and starts without drawing: goes out if "
                  "possible, else discards.").format(extra=extra)
    text = [players]
    if rules.initial_discard:
        text.append(_("One card turned up starts the talaj."))
    text.append(start)
    text.append(_("The first dealer is drawn at random; then the next player deals the next "
                  "round."))
    return [" ".join(text)]


def _combinations(rules: Rules, general: bool) -> list[str]:
    jokers = rules.jokers_per_meld
    return [_("A tria is 3 or 4 cards of the same rank, all of different suits: two identical "
              "cards never go in one tria. A série is 3 or more cards following each other in "
              "one suit; the ace is low (A-2-3) or high (Q-K-A), never both (K-A-2 is not "
              "allowed). A joker stands for one missing card. A combination without a joker "
              "is franche.") + " " + ngettext(
        "At most {jokers} joker per combination.", "At most {jokers} jokers per combination.",
        jokers).format(jokers=jokers)]


def _values(rules: Rules, general: bool) -> list[str]:
    if not rules.lay_before_out:
        return []
    return [_("Cards 2 to 10 count their face value; jack, queen and king count 10; the ace "
              "counts {ace}, or 1 in a low série (A-2-3). A combination holding a joker counts 0 "
              "towards the opening.").format(ace=rules.ace_value)]


def _turn(rules: Rules, general: bool) -> list[str]:
    if rules.lay_before_out:
        turn = _("Draw one card from the stock (or from the talaj, see below), lay combinations "
                 "if you can, then discard one card onto the talaj. You always keep one card to "
                 "discard: your last card is discarded, never laid.")
    elif rules.top_card_must_lay:
        turn = _("Draw one card from the stock (or from the talaj, see below), then discard one "
                 "card onto the talaj.")
    else:
        turn = _("Draw one card from the stock or the top card of the talaj into your hand, "
                 "then discard one card.")
    stock = _("When the stock runs out, the talaj except its top card is shuffled into a new "
              "stock; if that leaves no card to draw, the round ends with no winner and no one "
              "pays.")
    return [f"{turn} {stock}"]


def _opening(rules: Rules, general: bool) -> list[str]:
    if not rules.lay_before_out:
        return []
    if general and rules.preset == "tallage":
        text = [_("Your first laying must reach {threshold} points (or 51, an option of the "
                  "table) in franche combinations, all laid in one turn.").format(
                      threshold=rules.threshold)]
    else:
        text = [_("Your first laying must reach {threshold} points in franche combinations, all "
                  "laid in one turn.").format(threshold=rules.threshold)]
    if rules.need_tria_and_serie and rules.clean_own_cards:
        text.append(_("It must hold at least one franche tria and one franche série made of "
                      "your own cards: no joker and no top card taken from the talaj. The other "
                      "combinations of the opening may hold a joker or the talaj card."))
        if rules.first_card is not FirstCard.NONE:
            text.append(_("The first card, taken from the talaj into your hand, counts as one "
                          "of your own cards."))
    elif rules.need_tria_and_serie:
        text.append(_("It must hold at least one franche tria and one franche série."))
    text.append(_("Until you discard, you may take back any card laid this turn: the opening is "
                  "checked when you discard."))
    if rules.add_on_opening_turn:
        text.append(_("As soon as the combinations you have placed make a valid opening, you may "
                      "add cards to the table in the same turn; if taking cards back makes the "
                      "opening invalid again, every card you added elsewhere this turn comes "
                      "back to your hand."))
    else:
        text.append(_("Additions to the table and joker swaps start from the turn after your "
                      "opening."))
    return [" ".join(text)]


def _bar(rules: Rules, general: bool) -> list[str]:
    if not (rules.lay_before_out and rules.rising_bar):
        return []
    return [_("Once a player opens with a number of points, every later opening in the round "
              "must beat it by at least 1: after an opening of 80 you need 81 or more. A player "
              "already down is no longer concerned. The bar goes back to {threshold} at each new "
              "round.").format(threshold=rules.threshold)]


def _down(rules: Rules, general: bool) -> list[str]:
    if not rules.lay_before_out:
        return []
    text = [_("Lay any combination, whatever its value, and add cards to any combination on the "
              "table, yours or another player's, several at once (a tria holds at most 4 "
              "cards).")]
    if rules.tria_swap is TriaSwap.ANY_MISSING_SUIT:
        text.append(_("Take a joker back by putting the real card it stands for in its place: in "
                      "a série only that exact card, in a tria any card of a missing suit."))
    else:
        text.append(_("Take a joker back from a série with the exact card it stands for, or from "
                      "a tria only by making it 4 real cards."))
    if rules.swapped_joker_must_be_laid:
        text.append(_("The joker you win back must be laid in the same turn."))
    return [" ".join(text)]


def _talaj(rules: Rules, general: bool) -> list[str]:
    text = []
    if rules.first_card is FirstCard.ANY_UNTIL_DEALER:
        text.append(_("The dealer's first discard may be taken into the hand by any other "
                      "player, freely, even when buried under later discards, until the turn "
                      "comes back to the dealer."))
    elif rules.first_card is FirstCard.NEXT_ONLY:
        text.append(_("Only the next player may take the round's first discard into the hand, "
                      "freely."))
    if rules.no_pickup_first_round:
        text.append(_("No one may take from the talaj during the first round of the table."))
    if rules.top_card_must_lay:
        text.append(_("You may take the top card of the talaj only to lay it in this same turn: "
                      "for your opening, to go out, or once down."))
    if rules.last_card_lock and rules.lay_before_out:  # without laying, no one has one card left
        text.append(_("With one card left in hand, you may not take from the talaj: draw from "
                      "the stock."))
    return [" ".join(text)] if text else []


def _going_out(rules: Rules, general: bool) -> list[str]:
    text = []
    own = rules.clean_own_cards
    if not rules.lay_before_out:
        if own:
            text.append(_("There is no opening and no laying before the end: you lay your whole "
                          "hand at once, with at least one franche tria and one franche série of "
                          "your own cards, then discard your last card to win the round."))
        else:
            text.append(_("There is no opening and no laying before the end: you lay your whole "
                          "hand at once, with at least one franche tria and one franche série, "
                          "then discard your last card to win the round."))
    else:
        text.append(_("You win the round when you discard your last card."))
        if rules.going_out_points is GoingOutPoints.BASE:
            text.append(_("If your opening also empties your hand, you need only {threshold} "
                          "points, never the risen bar.").format(threshold=rules.threshold))
        elif rules.going_out_points is GoingOutPoints.NONE and own:
            text.append(_("If you lay your whole hand at once, you need no points at all, only a "
                          "franche tria and a franche série of your own cards."))
        elif rules.going_out_points is GoingOutPoints.NONE:
            text.append(_("If you lay your whole hand at once, you need no points at all, only a "
                          "franche tria and a franche série."))
        else:
            text.append(_("An opening that empties your hand needs the same points as any other "
                          "opening."))
    if rules.rami_sec:
        text.append(_("Rami sec: if you lay your whole hand in one turn before anyone else is "
                      "down, every other player pays {points}.").format(
                          points=rules.rami_sec_penalty))
    return [" ".join(text)]


def _penalties(rules: Rules, general: bool) -> list[str]:
    if rules.penalty is Penalty.HAND_VALUE:
        value = [_("When a player goes out, each other player pays the value of the cards left in "
                   "hand: 2 to 10 their face value, jack, queen and king 10, the ace {ace}, a "
                   "joker {joker}.").format(ace=rules.ace_value, joker=rules.joker_penalty)]
        if rules.lay_before_out:  # Simple lays nothing before going out: nothing to protect
            value.append(_("Laid cards cost nothing, so laying early protects you."))
        return [" ".join(value)]
    text = [_("When a player goes out, each other player pays {card} points a card and {joker} a "
              "joker left in hand, or {never} if they never opened. The winner pays nothing.")
            .format(card=rules.card_penalty, joker=rules.joker_penalty,
                    never=rules.never_down_penalty)]
    if rules.joker_out_doubles:
        text.append(_("If the winner's last discard is a joker, cards and jokers count double "
                      "(not the {never}).").format(never=rules.never_down_penalty))
    return [" ".join(text)]


def _match(rules: Rules, general: bool) -> list[str]:
    target = rules.target
    if rules.teams:
        return [_("Points add up from round to round, per team. The team that reaches {target} "
                  "points loses the match.").format(target=target)]
    if rules.match_end is MatchEnd.LOWEST_TOTAL and general:
        return [_("Points add up from round to round. The match stops when a player reaches the "
                  "target (201, 500 or 1000, chosen in the setup): the lowest total wins.")]
    if rules.match_end is MatchEnd.LOWEST_TOTAL:
        return [_("Points add up from round to round. The match stops when a player reaches "
                  "{target} points: the lowest total wins.").format(target=target)]
    if general:
        return [_("Points add up from round to round. A player who reaches {target} points (an "
                  "option of the table) is eliminated; the others play on, and the last player "
                  "left wins the match.").format(target=target)]
    return [_("Points add up from round to round. A player who reaches {target} points is "
              "eliminated; the others play on, and the last player left wins the match.").format(
                  target=target)]


def _teams(rules: Rules, general: bool) -> list[str]:
    if not (rules.teams or (general and rules.preset == "rami-talaj")):
        return []
    text = [_("With 4 players in two teams, partners sit opposite. Once your partner is down, you "
              "may go down, or go out, by laying a franche série of your own cards, with no "
              "points and no tria, and then add to your partner's combinations. When a player "
              "goes out, the partner pays nothing; scores are kept per team, and the team that "
              "reaches the target loses.")]
    if general:
        text.append(_("Teams are an option of the table, for 4 players."))
    return [" ".join(text)]


def _redeal(rules: Rules, general: bool) -> list[str]:
    if not rules.redeal:
        return []
    return [_("Before anyone plays, a hand with 3 jokers, or 2 jokers and 2 pairs of identical "
              "cards, or 1 joker and 3 such pairs may be dealt again if its holder asks; a hand "
              "with 4 jokers always is.")]


def _options(rules: Rules, general: bool) -> list[str]:
    if not general:
        return []
    return [_("These are the usual rules of this game. A table may change each of them in the "
              "setup (the opening threshold, the match target, jokers per combination, teams…); "
              "the help opened from a table shows that table's rules.")]


def _sections(rules: Rules) -> list[tuple[str, str, Builder]]:
    """The sections in order: (key, translated title, builder)."""
    scoring = (_("Penalties (khtiya)") if rules.penalty is Penalty.PER_CARD else _("Scoring"))
    return [
        ("cards", _("The cards"), _cards), ("deal", _("Players and deal"), _deal),
        ("combinations", _("Tria, série and joker"), _combinations),
        ("values", _("Card values"), _values), ("turn", _("Your turn"), _turn),
        ("opening", _("The opening (tahbita)"), _opening), ("bar", _("The rising bar"), _bar),
        ("down", _("Once down"), _down), ("talaj", _("Drawing from the talaj"), _talaj),
        ("going_out", _("Going out"), _going_out), ("penalties", scoring, _penalties),
        ("match", _("End of the match"), _match), ("teams", _("Teams"), _teams),
        ("redeal", _("Redeal"), _redeal), ("options", _("Options"), _options),
    ]


#: the key of each section, in order (a rule option's ``help`` names one)
SECTION_KEYS: tuple[str, ...] = ("cards", "deal", "combinations", "values", "turn", "opening",
                                 "bar", "down", "talaj", "going_out", "penalties", "match",
                                 "teams", "redeal", "options")


def _told(rules: Rules, key: str) -> list[str]:
    """The sentences the options of a section declare for themselves (each switch that is on
    and means something with these rules), its numbers and choices named by their fields."""
    values = {name: getattr(rules, name) for name in RULE_OPTIONS}
    return [_(spec.told).format(**values) for name, spec in RULE_OPTIONS.items()
            if spec.help == key and spec.told is not None and getattr(rules, name) is True
            and (spec.needs is None or getattr(rules, spec.needs))]


def rules_help(rules: Rules | str) -> Sections:
    """Return the translated help as (section title, paragraph) pairs, each title once.

    Args:
        rules: a table's rules (its own numbers are used), or a preset name (its defaults, with
            the options a table may change mentioned).

    Raises:
        ValueError: unknown preset name.
    """
    return [(title, text) for _key, title, text in keyed_rules_help(rules)]


def keyed_rules_help(rules: Rules | str) -> list[tuple[str, str, str]]:
    """:func:`rules_help` with each section's key first (one of :data:`SECTION_KEYS`: a rule
    option's declaration names the section that tells it)."""
    general = isinstance(rules, str)
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise ValueError(f"unknown preset {rules!r}")
        rules = PRESETS[rules]
    out: list[tuple[str, str, str]] = []
    for key, title, build in _sections(rules):
        paragraphs = build(rules, general)
        told = _told(rules, key)
        if told:  # the options' own sentences end the section's last paragraph
            paragraphs = [*paragraphs[:-1], " ".join(paragraphs[-1:] + told)]
        if paragraphs:
            out.append((key, title, "\n".join(paragraphs)))
    return out


def presets() -> tuple[str, ...]:
    """Return the presets that have help text."""
    return PRESET_NAMES
