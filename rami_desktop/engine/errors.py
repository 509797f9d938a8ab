"""Error codes of CONFORMANCE.md. The engine raises codes, never text: the UI translates them."""

from __future__ import annotations

from enum import Enum


class ErrorCode(str, Enum):
    """Why an action is refused, in CONFORMANCE.md's order of precedence."""

    ROUND_OVER = "round_over"
    NOT_YOUR_TURN = "not_your_turn"
    DRAW_FIRST = "draw_first"
    ALREADY_DREW = "already_drew"
    NO_DRAW_NOW = "no_draw_now"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    INVALID_MELD = "invalid_meld"
    CANNOT_ADD = "cannot_add"
    BAD_SWAP = "bad_swap"
    NOT_DOWN = "not_down"
    NOT_THIS_TURN = "not_this_turn"
    LAST_CARD_NOT_DISCARDED = "last_card_not_discarded"
    PICKUP_FORBIDDEN = "pickup_forbidden"
    LAST_CARD_LOCK = "last_card_lock"
    UNPLAYABLE_PICKUP = "unplayable_pickup"
    WHOLE_HAND_ONLY = "whole_hand_only"
    PICKUP_NOT_LAID = "pickup_not_laid"
    JOKER_NOT_LAID = "joker_not_laid"
    THRESHOLD_NOT_MET = "threshold_not_met"
    NEED_CLEAN_TRIA_AND_SERIE = "need_clean_tria_and_serie"
    REDEAL_NOT_ALLOWED = "redeal_not_allowed"


class RuleError(Exception):
    """An action the rules refuse. ``code`` says why; the state is left exactly as it was."""

    def __init__(self, code: ErrorCode) -> None:
        super().__init__(code.value)
        self.code = code
