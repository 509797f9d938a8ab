"""Going out: the bots that look for it ask the engine (:mod:`rami_desktop.engine.going_out`)
before drawing (a talaj card with which the hand goes out) and after (the layings that empty
the hand), on their sandbox of the round."""

from __future__ import annotations

import random

from ..engine.going_out import going_out_actions, going_out_draw
from ..engine.observation import Observation
from .plan import Plan, could_lay
from .planner import plan_actions
from .sandbox import sandbox
from .style import Style


def going_out_source(obs: Observation) -> str | None:
    """The talaj source (``top`` or ``first``) with which the bot goes out this turn, or None."""
    top = obs.top is not None and could_lay(obs.top, obs)
    first = obs.first_card is not None and could_lay(obs.first_card, obs)
    if not (top or first):
        return None
    draw = going_out_draw(sandbox(obs))
    return None if draw is None else draw.source


def plan_going_out(obs: Observation, style: Style, rng: random.Random) -> Plan | None:
    """The plan that empties the hand this turn (after the draw), or None if none is found."""
    st = sandbox(obs)
    actions = going_out_actions(st)
    if actions is None:
        return None
    return plan_actions(obs, style, rng, st, actions)
