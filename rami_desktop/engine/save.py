"""A round as JSON-ready data: its deal, seed and action log (the log is replayed to load it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import action_from_dict, action_to_dict
from .cards import parse_cards
from .deal import check_deal
from .errors import RuleError
from .rules import Rules

if TYPE_CHECKING:
    from .state import RoundState

SAVE_VERSION = 1


def round_to_dict(state: RoundState) -> dict[str, Any]:
    """Return the round as JSON-ready data: the deal before any redeal, the seed and the log."""
    hands, talaj, stock = state._first_deal or state._deal
    return {
        "version": SAVE_VERSION,
        "rules": state.rules.to_dict(),
        "dealer": state.dealer,
        "seed": state.seed,
        "redeals": state.redeals if state._first_deal is None else state._first_redeals,
        "partners": list(state.partners),
        "hands": [[c.code for c in h] for h in hands],
        "talaj": [c.code for c in talaj],
        "stock": [c.code for c in stock],
        "log": [action_to_dict(a) for a in state.log],
    }


def round_from_dict(cls: type[RoundState], data: dict[str, Any]) -> RoundState:
    """Rebuild a round by replaying its log through the rules.

    Raises:
        ValueError: malformed data, or a log the rules refuse (an impossible game).
    """
    if not isinstance(data, dict):
        raise ValueError("round: not an object")
    if data.get("version") != SAVE_VERSION:
        raise ValueError(f"round: unsupported version {data.get('version')!r}")
    try:
        rules = Rules.from_dict(data["rules"])
        hands = [list(parse_cards(h)) for h in data["hands"]]
        talaj = list(parse_cards(data["talaj"]))
        stock = list(parse_cards(data["stock"]))
        dealer = int(data["dealer"])
        seed = data["seed"]
        partners = data.get("partners")
        redeals = data.get("redeals", 0)
        if isinstance(redeals, bool) or not isinstance(redeals, int) or redeals < 0:
            raise ValueError("redeals must be a whole number")
        log = [action_from_dict(a) for a in data["log"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"round: {exc}") from exc
    check_deal(rules, hands, talaj, stock, dealer)
    state = cls(rules, hands, talaj, stock, dealer, seed, partners)
    state._first_deal = state._deal  # redeals in the log replay from this deal
    state._first_redeals = state.redeals = redeals
    for i, action in enumerate(log):
        try:
            state.apply(action)
        except RuleError as err:
            raise ValueError(f"round: step {i} refused ({err.code.value})") from err
    return state
