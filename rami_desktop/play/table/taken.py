"""The talaj card taken this turn on screen: which of the hand's cards it is (its mark follows
it), and which copy a laying moves when the hand holds two identical cards.

The engine keeps where the taken card is (:meth:`~rami_desktop.engine.turn.TurnView.
pickup_places`); the hand's order keeps which of its cards was just drawn. Nothing here decides
a rule: a laying only says which copy the player clicked, the engine judges it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rami_desktop.engine.opening import HAND
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.hand_order import HandOrder


def taken_position(order: HandOrder, state: RoundState) -> int | None:
    """The hand position of the talaj card taken this turn, when it is in the hand and marked
    (the card just drawn); else None."""
    pickup = state.pickup
    fresh = order.fresh
    if pickup is None or fresh is None or not 0 <= fresh < len(order.cards):
        return None
    if order.cards[fresh] != pickup or HAND not in state.turn_view().pickup_places():
        return None
    return fresh


def taken_flag(order: HandOrder, state: RoundState, positions: Sequence[int]) -> bool | None:
    """For a laying of the cards at ``positions``: whether it lays the taken talaj card itself
    (True), an own copy of its card (False), or None when that does not arise."""
    at = taken_position(order, state)
    if at is None:
        return None
    cards = [order.cards[i] for i in positions if 0 <= i < len(order.cards)]
    return at in positions if state.pickup in cards else None


__all__ = ["taken_flag", "taken_position"]
