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
from rami_desktop.bots.record import RECORD
from rami_desktop.engine.rules import PRESET_NAMES, PRESETS
from rami_desktop.engine.state import RoundState
from rami_desktop.sim import Tally, play_round

from .helpers import H, make_round


def _whole_rounds(preset: str, players: int, teams: bool, rounds: int) -> Tally:
    """``rounds`` whole rounds, an expert in every other seat and hard in the rest."""
    tally = Tally()
    levels = tuple("expert" if s % 2 == 0 else "hard" for s in range(players))
    for k in range(rounds):
        play_round(preset, levels, 40 + k, k % players, tally, teams)
    return tally


#: two cheap lines in the default run; every preset, seat count and teams behind ``slow``
SMALL = [("talaj", 2, False), ("simple", 3, False)]
EVERY = [(name, n, False) for name in PRESET_NAMES
         for n in range(PRESETS[name].min_players, PRESETS[name].max_players + 1)] + [
    ("rami-talaj", 4, True), ("talaj", 4, True)]


@pytest.mark.parametrize(("preset", "players", "teams"), SMALL)
def test_the_expert_plays_whole_rounds_legally(preset: str, players: int, teams: bool) -> None:
    tally = _whole_rounds(preset, players, teams, 1)
    assert tally.rounds == 1 and tally.cap_hits == 0
    assert tally.illegal == 0 and tally.rescues == 0 and tally.cpu_times["expert"]


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "players", "teams"), EVERY)
def test_the_expert_plays_whole_rounds_legally_in_every_seat_count(preset: str, players: int,
                                                                   teams: bool) -> None:
    tally = _whole_rounds(preset, players, teams, 4)
    assert tally.rounds == 4 and tally.cap_hits == 0
    assert tally.illegal == 0 and tally.rescues == 0


def test_the_expert_is_offered_only_where_it_earned_it() -> None:
    assert isinstance(make_bot("expert"), ExpertBot)
    for name in PRESET_NAMES:
        offered = levels_for(name)
        assert ("expert" in offered) == (name in EXPERT_PRESETS) == RECORD[name].earns()
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
