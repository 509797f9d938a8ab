"""Exact solver for Rami hands: the best opening, the least penalty, the pickup check, helpers.

The searches work on card counts (two copies of each card, jokers apart) with memoisation, the
lowest card first (:mod:`.solver_core`); they are written in :mod:`.solver_search`, the helpers
for bots in :mod:`.solver_outs`, the talaj pickup check in :mod:`.solver_pickup` (layings on the
table in :mod:`.solver_table`). This module is the public face.
"""

from __future__ import annotations

from .solver_outs import (
    discard_outs,
    one_card_away,
    opening_distance,
    opening_outs,
    unseen_cards,
)
from .solver_pickup import PickupContext, down_playable, pickup_playable
from .solver_search import (
    Arrangement,
    Opening,
    OpeningRequest,
    best_opening,
    card_cost,
    find_opening,
    least_penalty,
    meld_candidates,
)

__all__ = [
    "Arrangement",
    "Opening",
    "OpeningRequest",
    "PickupContext",
    "best_opening",
    "card_cost",
    "discard_outs",
    "down_playable",
    "find_opening",
    "least_penalty",
    "meld_candidates",
    "one_card_away",
    "opening_distance",
    "opening_outs",
    "pickup_playable",
    "unseen_cards",
]
