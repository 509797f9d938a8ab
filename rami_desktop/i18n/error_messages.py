"""One short sentence per engine error code, saying which rule the refused move broke.

Given the table's rules, a few codes get the sentence of that table's variant (additions only
from the turn after the opening, the opening made of one's own cards, the partner's série).
"""

from __future__ import annotations

from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.rules import Rules
from rami_desktop.i18n import N_, _

#: English source of each message (translated at call time, so a language switch shows at once).
ERROR_MESSAGES: dict[ErrorCode, str] = {
    ErrorCode.ROUND_OVER: N_("The round is over."),
    ErrorCode.NOT_YOUR_TURN: N_("It is not your turn."),
    ErrorCode.DRAW_FIRST: N_("Draw a card first."),
    ErrorCode.ALREADY_DREW: N_("You have already drawn a card this turn."),
    ErrorCode.NO_DRAW_NOW: N_("You start this round without drawing: lay or discard."),
    ErrorCode.CARD_NOT_IN_HAND: N_("That card is not in your hand."),
    ErrorCode.INVALID_MELD: N_(
        "That is not a valid tria or série."),
    ErrorCode.CANNOT_ADD: N_("Those cards do not fit that combination."),
    ErrorCode.BAD_SWAP: N_("That card cannot take this joker's place."),
    ErrorCode.NOT_DOWN: N_("Make your opening before adding to the table or taking a joker."),
    ErrorCode.NOT_THIS_TURN: N_("You can only take back combinations laid this turn."),
    ErrorCode.LAST_CARD_NOT_DISCARDED: N_(
        "Keep one card to discard: your last card is never laid."),
    ErrorCode.PICKUP_FORBIDDEN: N_("You cannot take that card from the talaj now."),
    ErrorCode.LAST_CARD_LOCK: N_("With one card left in hand, draw from the stock."),
    ErrorCode.UNPLAYABLE_PICKUP: N_(
        "Take the talaj card only if you can lay it this turn."),
    ErrorCode.WHOLE_HAND_ONLY: N_("In this game you lay only to go out, your whole hand at once."),
    ErrorCode.PICKUP_NOT_LAID: N_("Lay the card taken from the talaj before discarding."),
    ErrorCode.JOKER_NOT_LAID: N_("Lay the joker you won back before discarding."),
    ErrorCode.THRESHOLD_NOT_MET: N_("Your opening does not reach the points needed."),
    ErrorCode.NEED_CLEAN_TRIA_AND_SERIE: N_(
        "Your opening needs at least one franche tria and one franche série."),
    ErrorCode.REDEAL_NOT_ALLOWED: N_("This hand cannot be dealt again now."),
}

_UNKNOWN = N_("This move is not allowed.")
_NOT_DOWN_NEXT_TURN = N_(
    "Additions to the table and joker swaps start from the turn after your opening.")
_CLEAN_OWN = N_(
    "Your opening needs at least one franche tria and one franche série made of your own cards.")
_CLEAN_TEAMS = N_(
    "Your opening needs a franche tria and a franche série of your own cards; once your partner "
    "is down, a franche série of your own cards is enough.")


def _variant(key: ErrorCode, rules: Rules) -> str | None:
    """The sentence of this table's variant, if it differs from the usual one."""
    if key is ErrorCode.NOT_DOWN and not rules.add_on_opening_turn:
        return _NOT_DOWN_NEXT_TURN
    if key is ErrorCode.NEED_CLEAN_TRIA_AND_SERIE and rules.teams:
        return _CLEAN_TEAMS
    if key is ErrorCode.NEED_CLEAN_TRIA_AND_SERIE and rules.clean_own_cards:
        return _CLEAN_OWN
    return None


def error_message(code: str, rules: Rules | None = None) -> str:
    """Return the translated sentence for an error code (an :class:`ErrorCode` or its value).

    Args:
        code: the engine's error code.
        rules: the table's rules, for the sentence of its variant (None: the usual sentence).
    """
    try:
        key = ErrorCode(code)
    except ValueError:
        return _(_UNKNOWN)
    variant = _variant(key, rules) if rules is not None else None
    return _(variant or ERROR_MESSAGES.get(key, _UNKNOWN))
