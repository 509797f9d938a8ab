"""The sandbox a bot plans on obeys the rules exactly like the real round, without hidden cards."""

from __future__ import annotations

import random

import pytest

from rami_desktop.bots import make_bot
from rami_desktop.bots.sandbox import sandbox
from rami_desktop.engine.cards import JOKER
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
            if not obs.staged and not state.actions_this_turn:
                box = sandbox(obs)
                assert box.legal_draws() == state.legal_draws()
                assert box.legal_discards() == state.legal_discards()
                assert box.required_points() == state.required_points()
                for q in range(state.n):
                    if q != p:
                        assert set(box.hands[q]) <= {JOKER}
                checked += 1
            state.apply(bots[p].act(obs, rng))
    assert checked > 20
