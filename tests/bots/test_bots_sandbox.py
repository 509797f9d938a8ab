"""The sandbox a bot plans on obeys the rules exactly like the real round, without hidden cards."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rami_desktop.bots import make_bot
from rami_desktop.bots.sandbox import sandbox
from rami_desktop.engine.rules import PRESETS
from rami_desktop.engine.state import RoundState


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_sandbox_agrees_with_the_round(preset: str) -> None:
    checked = 0
    for seed in range(4):
        state = RoundState.new(PRESETS[preset], 3, seed % 3, 300 + seed)
        bots = [make_bot("medium") for _ in range(3)]
        rng = random.Random(seed)
        for _ in range(300):
            if state.over or state.turn > 24:
                break
            p = state.current
            obs = state.observation(p)
            box = sandbox(obs)
            assert box.legal_draws() == state.legal_draws()
            assert box.legal_discards() == state.legal_discards()
            assert box.required_points() == state.required_points()
            assert box.hands[p] == state.hands[p]
            assert [len(h) for h in box.hands] == [len(h) for h in state.hands]
            assert len(box.stock) == len(state.stock)
            assert box.observation(p) == obs
            checked += 1
            state.apply(bots[p].act(obs, rng))
    assert checked > 20


def test_sandbox_hides_nothing_it_should_not_know() -> None:
    state = RoundState.new(PRESETS["talaj"], 3, 0, 44)
    p = state.current
    obs = state.observation(p)
    box = sandbox(obs)
    assert sandbox(obs).hands == box.hands  # the same observation, the same sandbox
    hidden = Counter(c for q in range(state.n) if q != p for c in state.hands[q])
    hidden.update(state.stock)
    dealt = Counter(c for q in range(box.n) if q != p for c in box.hands[q])
    dealt.update(box.stock)
    assert dealt == hidden  # the unseen cards, dealt otherwise
