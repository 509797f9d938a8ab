"""The rescue: from any point of a turn, finishing_actions ends it legally."""

from __future__ import annotations

import pytest
from turn_states import mid_turn_states, pickup_states

from rami_desktop.engine.actions import Action, Add, Discard, Draw, Lay
from rami_desktop.engine.cards import JOKER, full_deck, parse_cards
from rami_desktop.engine.melds import make_meld
from rami_desktop.engine.rescue import finishing_actions, pickup_laying
from rami_desktop.engine.rules import PRESETS, RAMI_TALAJ
from rami_desktop.engine.state import RoundState
from rami_desktop.engine.turn import TableMeld
from tests.conftest import some_by_default


def check_finishes(state: RoundState) -> list[Action]:
    """Apply the rescue to a copy: every action is accepted and the turn ends."""
    before = (state.current, state.turn)
    probe = state.clone()
    actions = finishing_actions(state)
    for action in actions:
        probe.apply(action)
    assert probe.over or (probe.current, probe.turn) != before, actions
    assert isinstance(actions[-1], Discard)
    return actions


@pytest.mark.parametrize("preset", some_by_default(["talaj", "simple", "rami-talaj", "tallage"], 2))
def test_rescue_ends_every_turn(preset: str) -> None:
    states = mid_turn_states(preset, 11 + len(preset), 4)
    for state in states:
        check_finishes(state)
    assert len(states) > 100


@pytest.mark.parametrize("preset", some_by_default(["rami-talaj", "tallage", "talaj"], 2))
def test_rescue_lays_every_pickup(preset: str) -> None:
    """Whenever the engine let the top card be taken, the rescue finds how to lay it."""
    states = pickup_states(preset, 5 + len(preset), 400)
    for state in states:
        check_finishes(state)
    assert len(states) > 60, len(states)


def test_rescue_when_over_is_empty() -> None:
    state = RoundState.new(PRESETS["simple"], 2, 0, 3)
    state.over = True
    assert finishing_actions(state) == []


def _jk_state() -> RoundState:
    """The random-play case: rami-talaj, the talaj joker taken to go out through additions
    (player 0 starts with an ordinary draw here)."""
    text = "2D 7C 7S 4C 10C 4D 3D QC JC 6H 10H 4S 10D 7H"
    hand = list(parse_cards(text.split(" ")))
    table = [make_meld(parse_cards(t.split())) for t in ("9C 9D 9S", "8C 9C 10C", "6C 6D 6H")]
    deck = full_deck()
    rules = RAMI_TALAJ.with_options(starter="dealer_draws", first_card="none")
    state = RoundState(rules, [hand, deck[:14], deck[14:28]], [JOKER], deck[30:60], 0)
    state.melds = [TableMeld(1, 0, m) for m in table]
    state.down[1] = True
    state.bar = 73
    return state


def test_rescue_lays_a_joker_taken_to_go_out() -> None:
    state = _jk_state()
    state.apply(Draw(0, "top"))
    assert state.pickup_to_lay() == JOKER
    plan = pickup_laying(state)
    assert plan is not None
    assert any(isinstance(a, Add) for a in plan) and any(isinstance(a, Lay) for a in plan)
    actions = check_finishes(state)
    probe = state.clone()
    for action in actions:
        probe.apply(action)
    assert probe.over and probe.winner == 0


def test_rescue_draws_first() -> None:
    state = _jk_state()
    actions = check_finishes(state)
    assert actions[0] == Draw(0, "stock")
