"""The game's data over the wire: observations, events and round results come back exactly,
and the round a joiner builds from its view judges its own moves as the host does."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from rami_desktop.engine.actions import Discard, Draw
from rami_desktop.engine.cards import parse_cards
from rami_desktop.engine.match import Match
from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.host.redact import seat_view
from rami_desktop.net.wire import codec
from rami_desktop.net.wire.codec import (
    event_from_dict,
    event_to_dict,
    observation_from_dict,
    observation_to_dict,
    result_from_dict,
    result_to_dict,
)
from rami_desktop.net.wire.protocol import HARD_LIMIT
from rami_desktop.net.wire.view import seat_view_from_dict
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.view.mirror import mirror_round
from tests.conftest import some_by_default


def wire(data: object) -> object:
    """Through JSON text and back."""
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("preset", some_by_default(["talaj", "tallage", "rami-talaj", "simple"], 2))
def test_views_come_back_exactly_and_the_joiners_round_judges_like_the_hosts(
        preset: str) -> None:
    rules = PRESETS[preset]
    session = Session(GameConfig(rules, (Seat(None, "bot", "easy"),) * 3, seed=3))
    rng = random.Random(1)
    steps = 0
    while not session.round.over and steps < 100:
        match = session.match
        for seat in range(3):
            obs = match.observation(seat)
            assert observation_from_dict(wire(observation_to_dict(obs))) == obs
            view = seat_view_from_dict(wire(seat_view(match, seat, 0)))
            assert view.observation == obs
            mirror = mirror_round(view)
            real = match.round
            player = match.player_of(seat)
            assert mirror.hands[player] == real.hands[player]
            assert [len(h) for h in mirror.hands] == [len(h) for h in real.hands]
            assert len(mirror.stock) == len(real.stock) and mirror.talaj == real.talaj
            if real.current == player:
                hand = real.hands[player]
                tries = [Draw(player, s) for s in ("stock", "top", "first")]
                tries += [Discard(player, c) for c in rng.sample(hand, min(4, len(hand)))]
                if steps % 4 == 0:  # what the bot plays (a laying too, in time)
                    tries.append(session.bots[seat].act(obs, random.Random(steps)))
                for action in tries:
                    assert mirror.check(action) == real.check(action), action
        outcome = session.step_bot()
        for event in outcome.events:
            assert event_from_dict(wire(event_to_dict(event))) == event
        steps += 1
    if session.round.over:
        for result in session.match.results:
            assert result_from_dict(wire(result_to_dict(result))) == result


@pytest.mark.parametrize("bad", [
    None, [], {"player": 0}, {"e": "drew", "player": 9, "source": "stock", "card": None},
    {"e": "drew", "player": 0, "source": "sky", "card": None},
    {"e": "laid", "player": 0, "meld": 1, "cards": ["ZZ"]},
    {"e": "round_ended", "winner": 0, "penalties": [1, 2], "reason": "boredom"},
])
def test_a_bad_event_is_a_value_error(bad: object) -> None:
    with pytest.raises(ValueError):
        event_from_dict(bad)


def test_a_bad_observation_is_a_value_error() -> None:
    session = Session(GameConfig(PRESETS["talaj"], (Seat(None, "bot"),) * 2, seed=1))
    good = observation_to_dict(session.match.observation(0))
    for key, value in [("n", 9), ("hand", ["AS", 3]), ("down", [True]), ("rules", {"x": 1}),
                       ("partners", [5, None]), ("melds", [{"index": 0}]), ("turn", -1),
                       ("own_turn", {"player": 0}), ("talaj", "AS")]:
        with pytest.raises(ValueError):
            observation_from_dict({**good, key: value})


def test_a_long_round_with_reshuffles_still_reaches_the_joiner() -> None:
    """A round whose stock was reshuffled again and again: thousands of discards in its history
    still make a view the joiner reads, well inside a message's limit."""
    session = Session(GameConfig(PRESETS["simple"], (Seat(None, "bot", "easy"),) * 2, seed=5))
    obs = session.match.observation(0)
    cards = parse_cards(["2H", "3S", "9D", "KC"])
    history = tuple((turn % 2, cards[turn % 4]) for turn in range(3000))
    long = dataclasses.replace(obs, discards=history, taken=history[:800])
    text = json.dumps(observation_to_dict(long))
    assert len(text.encode()) < HARD_LIMIT // 10
    assert observation_from_dict(json.loads(text)) == long
    session.close()


def test_each_rules_object_is_written_as_its_own_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules' JSON is kept by the rules object: an observation always carries its own
    rules, whichever other rules were written before (equal ones, other ones, more of them
    than are kept), never those of another match."""
    monkeypatch.setattr(codec, "RULES_KEPT", 3)
    match = Match(PRESETS["talaj"], 2, seed=1, first_dealer=0)
    obs = match.observation(match.seats[0])
    presets = [PRESETS[name] for name in ("talaj", "tallage", "rami-talaj", "simple")]
    made = [dataclasses.replace(rules, threshold=rules.threshold + k)
            for k in range(1, 4) for rules in presets]
    for rules in [*presets, *made, *presets, *reversed(made)]:
        told = observation_to_dict(dataclasses.replace(obs, rules=rules))["rules"]
        assert told == rules.to_dict()
