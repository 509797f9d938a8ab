"""The expert: hard's plan, its discard weighed again (two draws, the inference); legal in whole
rounds, offered only in the presets where it met its bar."""

from __future__ import annotations

import pytest

from rami_desktop.bots import (
    ALL_LEVELS,
    EXPERT_PRESETS,
    LEVELS,
    ExpertBot,
    levels_for,
    make_bot,
)
from rami_desktop.bots.record import RECORD
from rami_desktop.commands.sim import Tally, play_round
from rami_desktop.engine.rules import PRESET_NAMES, PRESETS


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
