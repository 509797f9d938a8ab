"""The rules and their terms as the screens name them: the presets and their options, the
combinations and their points, where an opening stands, how a penalty was counted.

Screens never ask the engine: they read the game through the session and its seat view
(:mod:`rami_desktop.play.view.shown`), and these are the words of that view (the engine's own types,
given to the screens here so that every screen speaks to the play layer only).
"""

from __future__ import annotations

from rami_desktop.engine.match import partner_seat, team_scores
from rami_desktop.engine.melds import Meld, card_points, make_meld
from rami_desktop.engine.opening import OpeningStatus, melds_points, reaches_threshold
from rami_desktop.engine.rule_option import Option
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
from rami_desktop.engine.scoring import PenaltyBreakdown, PenaltyReason

__all__ = ["PRESETS", "PRESET_NAMES", "RULE_OPTIONS", "FirstCard", "GoingOutPoints", "MatchEnd",
           "Meld", "OpeningStatus", "Option", "Penalty", "PenaltyBreakdown", "PenaltyReason",
           "Rules", "Starter", "TriaSwap", "card_points", "make_meld", "melds_points",
           "partner_seat", "reaches_threshold", "team_scores"]
