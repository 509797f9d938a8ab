"""The match configuration: seats keep names as data, JSON round trips, bad data refused."""

from __future__ import annotations

import json

import pytest

from rami_desktop.engine.rules import PRESETS
from rami_desktop.play.game.config import GameConfig, Seat, autoplay_config


def test_default_seats_have_no_baked_names() -> None:
    config = GameConfig()
    assert [s.name for s in config.seats] == [None, None, None]
    assert [s.kind for s in config.seats] == ["human", "bot", "bot"]
    assert config.humans == [0] and config.bots == [1, 2] and not config.pass_and_play


def test_round_trip_through_json_keeps_names_and_defaults() -> None:
    config = GameConfig(rules=PRESETS["tallage"].with_options(threshold=51),
                        seats=(Seat("Amina", "human"), Seat(None, "bot", "easy"),
                               Seat(None, "human")), seed=7)
    data = json.loads(json.dumps(config.to_dict()))
    assert data["options"] == {"threshold": 51}
    back = GameConfig.from_dict(data)
    assert back == config
    assert back.seats[1].name is None and back.pass_and_play


def test_seats_from_lists_become_seats() -> None:
    config = GameConfig(seats=(["A", "bot", "medium"], ["B", "human", "hard"]))  # type: ignore[arg-type]
    assert config.seats == (Seat("A", "bot", "medium"), Seat("B", "human", "hard"))
    assert config.seats[0].is_bot and not config.seats[1].is_bot


def test_a_seat_keeps_how_its_player_is_spoken_to() -> None:
    """A seat is ``she``, ``he`` or unsaid (the default); a save made before genders were kept
    (three fields a seat) reads as unsaid, and a gender the game does not know is unsaid."""
    config = GameConfig(seats=(Seat("Amina", "human", "hard", "she"), Seat("Omar", "human",
                                                                          "hard", "he"),
                               Seat(None, "bot", "easy")))
    back = GameConfig.from_dict(json.loads(json.dumps(config.to_dict())))
    assert [s.gender for s in back.seats] == ["she", "he", ""]
    old = {"preset": "talaj", "seats": [["A", "human", "hard"], ["B", "bot", "easy"]]}
    assert [s.gender for s in GameConfig.from_dict(old).seats] == ["", ""]
    odd = {"preset": "talaj", "seats": [["A", "human", "hard", "queen"], ["B", "bot", "easy"]]}
    assert GameConfig.from_dict(odd).seats[0].gender == ""


@pytest.mark.parametrize("seat", [Seat("x", "robot"), Seat("x", "bot", "wizard"),
                                  Seat("x", "human", "hard", "her")])
def test_bad_seats_are_refused(seat: Seat) -> None:
    with pytest.raises(ValueError):
        GameConfig(seats=(seat, Seat()))


@pytest.mark.parametrize("data", [
    {},
    {"preset": "talaj", "seats": [["A", "human", "hard"]]},
    {"preset": "talaj", "seats": [["A", "human", "hard"], ["B", "bot", "easy"]], "seed": True},
    {"preset": "talaj", "seats": [["A", "human"], ["B", "bot", "easy"]]},
    {"preset": "nope", "seats": [["A", "human", "hard"], ["B", "bot", "easy"]]},
])
def test_bad_data_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        GameConfig.from_dict(data)


def test_autoplay_config_clamps_players_to_the_preset() -> None:
    auto = autoplay_config("talaj", 9, 3, level="medium")
    assert auto.players == PRESETS["talaj"].max_players and auto.seed == 3
    assert all(s.is_bot and s.level == "medium" and s.name is None for s in auto.seats)
    assert autoplay_config("simple", 1).players == PRESETS["simple"].min_players
