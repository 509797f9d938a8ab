"""Exact solver for Rami hands: the best opening, the least penalty, the pickup check, helpers.

The searches work on card counts (two copies of each card, jokers apart) with memoisation, the
lowest card first (:mod:`.core`); they are written in :mod:`.search`, the helpers
for bots in :mod:`.outs`, the talaj pickup check in :mod:`.pickup` (layings on the
table in :mod:`.layings`; it reads the openings' terms, so it is imported by its own name,
not through this face). This module is the public face.
"""

from __future__ import annotations

from .outs import (
    discard_outs,
    discard_outs_any,
    one_card_away,
    opening_distance,
    opening_outs,
    unseen_cards,
)
from .search import (
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
    "best_opening",
    "card_cost",
    "discard_outs",
    "discard_outs_any",
    "find_opening",
    "least_penalty",
    "meld_candidates",
    "one_card_away",
    "opening_distance",
    "opening_outs",
    "unseen_cards",
]
