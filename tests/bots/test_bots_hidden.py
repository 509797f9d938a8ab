"""A bot sees only its observation: the hidden cards cannot change what it does."""

from __future__ import annotations

import dataclasses
import gc
import random

import pytest

from rami_desktop.bots import ALL_LEVELS, make_bot
from rami_desktop.engine.observation import Observation
from rami_desktop.engine.rules import PRESETS
from rami_desktop.engine.state import RoundState
from tests.conftest import some_by_default

from .helpers import play_turn


def _advance(state: RoundState, turns: int, seed: int) -> None:
    for k in range(turns):
        if state.over:
            return
        play_turn(state, "medium", seed + k)


def _reshuffle_hidden(state: RoundState, player: int, seed: int) -> RoundState:
    """A copy where the cards ``player`` cannot see (other hands, stock) are dealt otherwise."""
    other = state.clone()
    pool = list(other.stock)
    for q in range(other.n):
        if q != player:
            pool.extend(other.hands[q])
    random.Random(seed).shuffle(pool)
    for q in range(other.n):
        if q != player:
            k = len(other.hands[q])
            other.hands[q], pool = pool[:k], pool[k:]
    other.stock = pool
    return other


def test_observation_holds_no_reference_to_the_state() -> None:
    state = RoundState.new(PRESETS["talaj"], 3, 0, 5)
    obs = state.observation(1)
    for f in dataclasses.fields(Observation):
        assert not isinstance(getattr(obs, f.name), RoundState)
    assert state not in gc.get_referents(obs)
    assert not any(isinstance(x, RoundState) for x in gc.get_referents(obs))
    assert len(obs.hand) == len(state.hands[1])


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("level", ALL_LEVELS)
def test_same_observation_same_action_whatever_the_hidden_cards(preset: str, level: str) -> None:
    for seed in range(3):
        state = RoundState.new(PRESETS[preset], 3, seed % 3, 100 + seed)
        _advance(state, 4 + seed, seed)
        if state.over:
            continue
        p = state.current
        twin = _reshuffle_hidden(state, p, seed)
        assert twin.hands != state.hands or twin.stock != state.stock
        obs_a, obs_b = state.observation(p), twin.observation(p)
        assert obs_a == obs_b
        a = make_bot(level).act(obs_a, random.Random(9))
        b = make_bot(level).act(obs_b, random.Random(9))
        assert a == b


@pytest.mark.parametrize("level", some_by_default(["easy", "hard", "medium", "expert"], 2))
def test_bots_are_deterministic_for_a_seed(level: str) -> None:
    assert level in ALL_LEVELS
    logs = []
    for _ in range(2):
        state = RoundState.new(PRESETS["talaj"], 2, 0, 77)
        bots = [make_bot(level), make_bot(level)]
        rngs = [random.Random(1), random.Random(2)]
        for _ in range(400):
            if state.over or state.turn > 30:
                break
            p = state.current
            state.apply(bots[p].act(state.observation(p), rngs[p]))
        logs.append(list(state.log))
    assert logs[0] == logs[1]
    assert len(logs[0]) > 10


def test_make_bot_rejects_unknown_levels() -> None:
    with pytest.raises(ValueError):
        make_bot("grandmaster")
    for level in ALL_LEVELS:
        assert make_bot(level).level == level
