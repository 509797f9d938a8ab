"""Two identical cards, one of them taken from the talaj: the engine knows which copy a laying
moves (``taken``), the copy taken is never the player's own, and the advice says which copy goes
where so that a player following it copy by copy keeps the tria and série franche."""

from __future__ import annotations

import pytest
from turn_states import pickup_states

from rami_desktop.engine.actions import (
    Add,
    Discard,
    Draw,
    Lay,
    Undo,
    action_from_dict,
    action_to_dict,
)
from rami_desktop.engine.advice import AdviceKind, advise
from rami_desktop.engine.cards import Card, parse_cards
from rami_desktop.engine.errors import ErrorCode, RuleError
from rami_desktop.engine.rules import PRESETS
from rami_desktop.engine.state import RoundState
from rami_desktop.engine.turn import places
from tests.conftest import some_by_default

KH = Card(13, "H")


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split(" "))


def taken_kh(preset: str = "talaj", **options: object) -> RoundState:
    """Player 0 holds K♥ and has just taken the other K♥ from the talaj."""
    rules = PRESETS[preset].with_options(starter="dealer_draws", first_card="none",
                                        no_pickup_first_round=False, **options)
    hand = list(cards("KS KH KD JH QH 10C JC QC KC 2S 3S 5D 7D 9S"))
    deck = list(cards("4C 6C 8D 9D 2H 3H 4H 5H 6H 7H 8H 9H 10H 2D 3D 4D"))
    state = RoundState(rules, [hand, deck[:14]], [KH], deck[14:] * 3, 0)
    state.apply(Draw(0, "top"))
    return state


def test_the_copy_taken_is_not_own_the_other_copy_follows() -> None:
    state = taken_kh()
    state.apply(Lay(0, cards("KS KH KD"), taken=True))
    assert state.turn_view().pickup_at() == 0
    assert state.check(Lay(0, cards("JH QH KH"), taken=True)) is ErrorCode.CARD_NOT_IN_HAND
    state.apply(Lay(0, cards("JH QH KH")))  # the own copy: it can only be that one
    state.apply(Lay(0, cards("10C JC QC KC")))
    assert state.check(Discard(0, Card(9, "S"))) is ErrorCode.NEED_CLEAN_TRIA_AND_SERIE


def test_an_own_copy_laid_in_the_tria_keeps_it_franche() -> None:
    state = taken_kh()
    state.apply(Lay(0, cards("KS KH KD"), taken=False))
    state.apply(Lay(0, cards("10C JC QC KC")))
    assert state.check(Discard(0, Card(9, "S"))) is ErrorCode.PICKUP_NOT_LAID  # still in hand
    state.apply(Lay(0, cards("JH QH KH")))
    assert state.turn_view().pickup_at() == 2
    assert state.check(Discard(0, Card(9, "S"))) is None


def test_not_said_the_engine_counts_in_the_players_favour() -> None:
    state = taken_kh()
    state.apply(Lay(0, cards("KS KH KD")))
    state.apply(Lay(0, cards("JH QH KH")))
    state.apply(Lay(0, cards("10C JC QC KC")))
    assert state.turn_view().pickup_places() == {0, 1}
    assert state.check(Discard(0, Card(9, "S"))) is None


def test_taken_without_a_card_taken_is_refused() -> None:
    rules = PRESETS["talaj"].with_options(starter="dealer_draws", first_card="none")
    deck = list(cards("4C 6C 8D 9D 2H 3H 4H 5H 6H 7H 8H 9H 10H 2D 3D 4D"))
    state = RoundState(rules, [list(cards("KS KH KD JH QH 10C JC QC KC 2S 3S 5D 7D 9S")),
                               deck[:14]], [], deck * 3, 0)
    state.apply(Draw(0, "stock"))
    with pytest.raises(RuleError) as err:
        state.apply(Lay(0, cards("KS KH KD"), taken=True))
    assert err.value.code is ErrorCode.CARD_NOT_IN_HAND
    state.apply(Lay(0, cards("KS KH KD"), taken=False))  # an own copy: nothing to say


def test_places_of_the_taken_card() -> None:
    from rami_desktop.engine.turn import StagedAdd, StagedLay
    start = cards("KH KH 2S")
    assert places(start, [], KH) == {"hand"}
    lay = StagedLay(3, cards("KS KH KD"))
    assert places(start, [lay], KH) == {"hand", 3}
    assert places(start, [StagedLay(3, cards("KS KH KD"), taken=True)], KH) == {3}
    add = StagedAdd(1, (KH,), "high")
    assert places(start, [lay, add], KH) == {3, 1}
    assert places(start, [StagedLay(3, cards("KS KH KD"), taken=False), add], KH) == {1}
    assert places(cards("KH 2S"), [StagedLay(3, cards("KS KH KD"), taken=False)], KH) == set()


def test_taken_is_saved_with_the_action() -> None:
    for action in (Lay(0, cards("KS KH KD"), taken=True), Add(0, 2, (KH,), "high", False),
                   Lay(0, cards("KS KH KD"))):
        data = action_to_dict(action)
        assert action_from_dict(data) == action
        assert ("taken" in data) == (action.taken is not None)
    with pytest.raises(ValueError):
        action_from_dict({"player": 0, "do": "meld", "cards": ["KS"], "taken": "yes"})


def test_the_advice_says_which_copy_goes_where() -> None:
    state = taken_kh(threshold=51)
    advice = advise(state)
    assert advice.kind is AdviceKind.PICKUP
    lays = [a for a in advice.steps if isinstance(a, Lay) and KH in a.cards]
    tria = next(a for a in lays if Card(13, "S") in a.cards)
    serie = next(a for a in lays if Card(12, "H") in a.cards)
    assert tria.taken is False and serie.taken is True


@pytest.mark.parametrize("preset", some_by_default(["talaj", "tallage", "rami-talaj"], 2))
def test_following_the_advice_step_by_step_never_takes_back(preset: str) -> None:
    """After each step of a pickup advice, the next advice goes on from there (the card taken
    not a joker: those plans may swap the joker back)."""
    seen = 0
    for state in pickup_states(preset, 7, 400):
        advice = advise(state)
        if advice.kind is not AdviceKind.PICKUP or state.pickup is None or state.pickup.is_joker:
            continue
        probe = state.clone()
        for action in advice.steps[:-1]:
            probe.apply(action)
            if isinstance(action, Undo):  # taking back what the advice said to take back
                continue
            seen += 1
            assert not advise(probe).take_back, (advice, action)
    assert seen > 10
