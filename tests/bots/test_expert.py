"""The expert: hard's plan, its discard weighed over deals of the unseen cards; legal in whole
rounds, offered only in the presets where it met its bar."""

from __future__ import annotations

import random

import pytest

from rami_desktop.bots import (
    ALL_LEVELS,
    EXPERT_PRESETS,
    LEVELS,
    ExpertBot,
    levels_for,
    make_bot,
)
from rami_desktop.bots.expert import passes_unlikely
from rami_desktop.engine.rules import PRESET_NAMES, PRESETS
from rami_desktop.engine.state import RoundState
from rami_desktop.sim import simulate

from .helpers import H, make_round


@pytest.mark.parametrize("preset", ["talaj", "simple"])
def test_the_expert_plays_whole_rounds_legally(preset: str) -> None:
    rep = simulate(preset, ("expert", "hard"), 2, seed=4)
    assert rep["rounds"] == 2
    assert rep["illegal_actions"] == 0 and rep["rescues"] == 0 and rep["turn_cap_hits"] == 0


def test_the_expert_is_offered_only_where_it_earned_it() -> None:
    assert isinstance(make_bot("expert"), ExpertBot)
    for name in PRESET_NAMES:
        offered = levels_for(name)
        assert ("expert" in offered) == (name in EXPERT_PRESETS)
        assert offered[:3] == LEVELS
    assert set(ALL_LEVELS) == {*LEVELS, "expert"}


def test_a_deal_where_the_next_player_passed_a_card_that_fit_is_unlikely() -> None:
    state = make_round(PRESETS["talaj"], ["2C 4D 6H 8C 10D QH KS 3S 5C 9D JS AH 8H",
                                           "QS QD QC 9H 10H JH 7C 7D 2S 4C 6D 8S KD"], dealer=0,
                       stock_top="3C 5H")
    from rami_desktop.engine.actions import Discard, Draw

    state.apply(Draw(0, "stock"))
    state.apply(Discard(0, H("8H")[0]))  # player 1 leaves it: 9H 10H JH would take it
    state.apply(Draw(1, "stock"))
    state.apply(Discard(1, H("KD")[0]))
    state.apply(Draw(0, "stock"))
    obs = state.observation(0)
    assert passes_unlikely(obs, state)  # the real hand would have used the 8H
    other = RoundState.from_observation(obs, random.Random(3))
    other.hands[1] = list(H("2H 3H 4D 6S 8D 10S QC KC AD 5S 7S 9C 4H"))
    assert not passes_unlikely(obs, other)
