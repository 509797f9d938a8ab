"""Laying several combinations at once: chosen cards split into combinations by the engine.

A player who selects cards that make several combinations (Simple's whole hand going out at
once, or two combinations chosen together) lays them with one command: :func:`lay_all` splits
the cards (a franche tria and série among them when the rules ask for one, of own cards where
the talaj card taken this turn does not count) and returns the layings the engine accepts.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import Lay
from .advice_model import pin_copies
from .cards import Card
from .rescue import apply_in_order
from .solver.search import OpeningRequest, find_opening, least_penalty
from .state import RoundState


def lay_all(state: RoundState, cards: Sequence[Card]) -> list[Lay] | None:
    """The layings that put every one of ``cards`` (from the current player's hand) on the
    table as combinations, in an order the engine accepts; None when they make no such split.

    The split that holds a franche tria and a franche série of own cards comes first (the
    opening's and going out's condition); otherwise any split into valid combinations.
    """
    if len(cards) < 2:
        return None
    rules = state.rules
    p = state.current
    pickup = state.pickup
    clean = pickup if (rules.clean_own_cards and pickup is not None and not pickup.is_joker
                       and pickup in cards) else None
    found = find_opening(cards, OpeningRequest(
        need_tria_and_serie=rules.need_tria_and_serie, max_jokers=rules.jokers_per_meld, keep=0,
        going_out=True, ace_value=rules.ace_value, clean_exclude=clean))
    melds = found.melds if found is not None and not found.rest else None
    if melds is None:
        spread = least_penalty(cards, rules, keep=0)
        melds = spread.melds if not spread.rest else None
    if not melds or len(melds) < 2:
        return None
    steps = pin_copies(state, [Lay(p, m.cards) for m in melds])
    probe = state.clone()
    order = apply_in_order(probe, steps)
    return [a for a in order if isinstance(a, Lay)] if order is not None else None


__all__ = ["lay_all"]
