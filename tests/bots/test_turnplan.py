"""The expert's turns that lay: it holds a combination back when laying it lets the next player
go out, keeps after laying the card that does not feed them, and otherwise plays hard's way; in
the race on hand value it throws high cards first when the next player is near going out."""

from __future__ import annotations

import random

from rami_desktop.bots.expert import race
from rami_desktop.bots.planner import plan_turn
from rami_desktop.bots.style import EXPERT
from rami_desktop.bots.turnplan import best_way, lay, out_risk, ways
from rami_desktop.engine.rules import PRESETS
from rami_desktop.engine.state import RoundState

from .helpers import H, both_down, make_round


def _ways(state: RoundState) -> tuple[list, object]:
    obs = state.observation(0)
    plan = plan_turn(obs, EXPERT, random.Random(1))
    assert plan is not None and len(plan.steps) > 1  # hard lays something
    return ways(obs, EXPERT, plan, random.Random(2), None), obs


def test_it_holds_back_a_serie_the_next_player_would_go_out_on() -> None:
    # player 1 holds 8H 9H: on a 5-6-7 of hearts they add both and throw their stock card
    state = both_down("5H 6H 7H KD", "8H 9H", "2C 4S 10D JC")
    candidates, obs = _ways(state)
    # hard lays; holding back is weighed too
    assert candidates[0].layings and not candidates[-1].layings
    way, hand = best_way(obs, candidates, [state])
    assert way.layings == ()
    assert way.discard in hand and len(hand) == 5
    plan = way.plan(hand)
    assert [s.kind for s in plan.steps] == ["discard"] and not plan.out


def test_it_lays_as_hard_does_when_laying_gives_nothing_away() -> None:
    # player 1's cards touch nothing of player 0's série
    state = both_down("5H 6H 7H KD", "3S 9C", "2C 4S 10D JC")
    candidates, obs = _ways(state)
    way, _ = best_way(obs, candidates, [state])
    assert way == candidates[0] and way.layings


def test_after_laying_it_keeps_the_card_the_next_player_would_go_out_with() -> None:
    # after laying the série, hard keeps its pair of kings and throws the 8S, which lets
    # player 1 take it and go out (8S 8D 8C, then the 4C)
    state = both_down("5H 6H 7H 8S KD", "8D 8C 4C", "KH 2C 4S 10D JC")
    candidates, obs = _ways(state)
    assert candidates[0].layings and candidates[0].discard == H("8S")[0]
    way, _ = best_way(obs, candidates, [state])
    assert way.layings == candidates[0].layings and way.discard != H("8S")[0]


def test_every_way_weighed_is_legal_on_the_round() -> None:
    state = both_down("5H 6H 7H 8S KD", "8D 8C 4C", "KH 2C 4S 10D JC")
    candidates, _ = _ways(state)
    assert len(candidates) >= 3
    for way in candidates:
        probe = state.clone()
        assert lay(probe, way.layings, 0)
        assert way.discard in probe.legal_discards()


def _simple(theirs: str) -> RoundState:
    """Simple: the dealer (player 0, 14 cards, no draw) to throw; player 1's stock card is
    the KC."""
    return make_round(PRESETS["simple"], ["KS 3H 7C 8D 2S 4H 6C 9S JH AD 10C 5S QC 8H", theirs],
                      dealer=0, stock_top="KC")


def test_when_the_next_player_is_near_out_a_high_card_goes_first() -> None:
    # player 1 lays 2-3-4 and 9-10-J, fives and queens, and throws the KC it draws
    state = _simple("2C 3C 4C 5H 5D 5C 9D 10D JD QS QH QD")
    hand = state.hands[0]
    king, three = H("KS 3H")
    assert out_risk(state, three) == 1.0
    chances = {king: 0.0, three: 0.0}
    race(chances, hand, three, [state])
    assert chances[king] > chances[three]  # keeping the king risks ten points, the three three


def test_with_the_next_player_far_from_out_the_race_changes_nothing() -> None:
    state = _simple("2C 7H 4D 5H 9C JS QS 3D KD 6S 8C 10H")
    king, three = H("KS 3H")
    assert out_risk(state, three) == 0.0
    chances = {king: 0.0, three: 0.0}
    race(chances, state.hands[0], three, [state])
    assert chances == {king: 0.0, three: 0.0}
