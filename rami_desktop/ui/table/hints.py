"""The hint: which cards of the hand make the best opening now (or what can be laid)."""

from __future__ import annotations

import logging

from rami_desktop.engine.cards import Card
from rami_desktop.engine.rules import Rules
from rami_desktop.ui.widgets import _

log = logging.getLogger(__name__)


def compute_hint(order: list[Card], down: bool, bar: int, rules: Rules) -> tuple[list[int], str]:
    """Hand positions to highlight and a line saying what they make.

    Not down: the best opening reaching the bar (the solver's ``find_opening``); down: the
    combinations of the least penalty (what can be laid now).
    """
    try:
        from rami_desktop.engine.solver import OpeningRequest, find_opening, least_penalty
    except ImportError:
        return [], ""
    try:
        if down:
            arrangement = least_penalty(order, rules, keep=1)
            cards = [c for m in arrangement.melds for c in m.cards]
            text = _("Hint: these cards make combinations you can lay.") if cards else ""
        else:
            req = OpeningRequest(min_points=bar, max_jokers=rules.jokers_per_meld,
                                 need_tria_and_serie=rules.need_tria_and_serie,
                                 ace_value=rules.ace_value)
            found = find_opening(order, req)
            if found is None:
                return [], _("Hint: no opening of {points} points in this hand yet.").format(
                    points=bar)
            cards = [c for m in found.melds for c in m.cards]
            text = _("Hint: you can open with {points} points.").format(points=found.points)
    except Exception:
        log.exception("hint failed")
        return [], ""
    positions: list[int] = []
    taken: set[int] = set()
    for card in cards:
        for i, c in enumerate(order):
            if c == card and i not in taken:
                taken.add(i)
                positions.append(i)
                break
    return positions, text
