"""A match session: seats, bots with their own generators, and whole matches played."""

from __future__ import annotations

import dataclasses

import pytest

from rami_desktop.engine.rules import PRESETS
from rami_desktop.play.config import GameConfig, Seat, autoplay_config
from rami_desktop.play.session import Session, seat_bots


def test_bot_seats_get_bots_and_their_own_generators() -> None:
    config = GameConfig(seats=(Seat(None, "human"), Seat(None, "bot", "easy"),
                               Seat(None, "bot", "hard")), seed=5)
    bots, rngs = seat_bots(config, 5)
    assert sorted(bots) == [1, 2] == sorted(rngs)
    assert bots[1].level == "easy" and bots[2].level == "hard"
    assert rngs[1].random() != rngs[2].random()
    session = Session(config)
    assert not session.all_bots and session.seed == 5
    assert session.driver.bot_seat() in (None, 1, 2)


def test_a_seed_is_drawn_when_there_is_none() -> None:
    session = Session(GameConfig())
    assert isinstance(session.seed, int) and session.config.seed == session.seed
    assert session.match.seed == session.seed


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_bots_play_a_short_match_legally(preset: str) -> None:
    config = autoplay_config(preset, 3, seed=11, level="medium")
    short = dataclasses.replace(config, rules=config.rules.with_options(target=60))
    session = Session(short)
    rounds = session.play_match(max_rounds=6)
    assert 1 <= rounds <= 6
    assert len(session.match.results) == rounds
    assert session.match.over or rounds == 6
    assert session.driver.stats.illegal == 0 and session.driver.stats.rescues == 0


def test_same_seed_same_match() -> None:
    logs = []
    for _ in range(2):
        session = Session(autoplay_config("rami-talaj", 3, seed=540, level="medium"))
        session.play_round()
        logs.append(session.match.to_dict())
    assert logs[0] == logs[1]
