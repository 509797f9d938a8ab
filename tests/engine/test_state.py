"""A round's corners not covered by the scenarios: deals, redeals, saves and their faults."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from rami_desktop.engine.actions import Discard, Draw, Lay, Redeal, Undo
from rami_desktop.engine.cards import JOKER, Card, full_deck, parse_cards
from rami_desktop.engine.deal import deal, qualifies_for_redeal
from rami_desktop.engine.errors import ErrorCode, RuleError
from rami_desktop.engine.rules import PRESETS
from rami_desktop.engine.state import RoundState

TALAJ = PRESETS["talaj"]
RAMI_TALAJ = PRESETS["rami-talaj"]


def cards(text: str) -> list[Card]:
    return list(parse_cards(text.split()))


def test_four_jokers_are_always_redealt() -> None:
    for seed in range(20000):
        hands, _, _ = deal(RAMI_TALAJ, 4, 0, random.Random(seed))
        if any(sum(c.is_joker for c in h) == 4 for h in hands):
            break
    else:
        pytest.fail("no four-joker deal found")
    state = RoundState.new(RAMI_TALAJ, 4, 0, seed)
    assert state.redeals >= 1
    assert all(sum(c.is_joker for c in h) < 4 for h in state.hands)
    assert RoundState.from_dict(state.to_dict()) == state
    talaj = RoundState.new(TALAJ, 4, 0, seed)  # no redeals in talaj
    assert talaj.redeals == 0


def qualifying_round() -> tuple[RoundState, int]:
    for seed in range(1000):
        state = RoundState.new(RAMI_TALAJ, 4, 0, seed)
        for q in range(4):
            if qualifies_for_redeal(state.hands[q]):
                return state, q
    raise AssertionError("no qualifying deal")


def test_redeal_then_save_and_load() -> None:
    """Regression: a round saved after a redeal loads (the save keeps the deal before it)."""
    state, q = qualifying_round()
    before = [list(h) for h in state.hands]
    state.apply(Redeal(q))
    assert [list(h) for h in state.hands] != before
    loaded = RoundState.from_dict(state.to_dict())
    assert loaded == state
    p = state.current
    state.apply(Discard(p, state.hands[p][0]))
    assert RoundState.from_dict(state.to_dict()) == state
    again = RoundState.new(RAMI_TALAJ, 4, 0, state.seed)
    for action in state.log:
        again.apply(action)
    assert again == state


def test_redeal_refused_cases() -> None:
    state, _ = qualifying_round()
    other = next(p for p in range(4) if not qualifies_for_redeal(state.hands[p]))
    for action in (Redeal(other), Redeal(9)):
        with pytest.raises(RuleError) as err:
            state.apply(action)
        assert err.value.code is ErrorCode.REDEAL_NOT_ALLOWED


@pytest.mark.parametrize(("change", "fault"), [
    (lambda d: d.update(version=2), "unsupported version 2"),
    (lambda d: d["hands"][0].__setitem__(0, "ZZ"), "ZZ"),
    (lambda d: d.pop("log"), "'log'"),
    (lambda d: d["hands"][0].pop(), "seat 0 has 13 cards, expected 14"),
    (lambda d: d["log"].insert(0, {"player": 1, "do": "draw", "from": "stock"}),
     r"step 0 refused \(not_your_turn\)"),
    (lambda d: d["log"].append({"player": 0, "do": "fly"}), "unknown step 'fly'"),
    (lambda d: d.update(redeals=-1), "redeals must be a whole number"),
])
def test_load_faults_are_named(change: Callable[[dict[str, Any]], None], fault: str) -> None:
    state = RoundState.new(TALAJ, 2, 0, 5)
    state.apply(Draw(0))
    data = state.to_dict()
    change(data)
    with pytest.raises(ValueError, match=fault):
        RoundState.from_dict(data)


def test_check_does_not_change_the_state() -> None:
    state = RoundState.new(TALAJ, 2, 0, 5)
    snap = state.snapshot()
    assert state.check(Discard(0, state.hands[0][0])) is ErrorCode.DRAW_FIRST
    assert state.check(Draw(0)) is None
    assert state.snapshot() == snap and not state.log


def test_legal_draws_and_discards() -> None:
    state = RoundState.new(TALAJ, 3, 0, 5)
    assert [d.source for d in state.legal_draws()] == ["stock"]
    assert state.legal_discards() == []
    state.apply(Draw(0))
    assert state.legal_draws() == []
    assert set(state.legal_discards()) == set(state.hands[0])
    state.apply(Discard(0, state.hands[0][0]))
    assert {d.source for d in state.legal_draws()} >= {"stock", "first"}


def test_undo_takes_back_the_last_laying_only() -> None:
    hand = cards("KS KH KD 8H 9H 10H JH QH 2C 4D 6S 3C 5D 7C")
    rest = [c for c in full_deck()]
    for c in hand:
        rest.remove(c)
    other, stock = rest[:14], rest[14:]
    state = RoundState(TALAJ, [hand, other], [], stock, 0)
    state.apply(Draw(0))
    state.apply(Lay(0, tuple(cards("KS KH KD"))))
    state.apply(Lay(0, tuple(cards("8H 9H 10H"))))
    state.apply(Undo(0))
    assert state.staged == [0]
    assert len(state.hands[0]) == 12
    state.apply(Undo(0))
    assert state.staged == [] and len(state.hands[0]) == 15
    with pytest.raises(RuleError):
        state.apply(Undo(0))


def test_observation_hides_the_others() -> None:
    state = RoundState.new(TALAJ, 3, 0, 5)
    state.apply(Draw(0))
    mine = state.observation(0)
    theirs = state.observation(1)
    assert mine.hand == tuple(state.hands[0]) and mine.has_drawn and mine.my_turn
    assert theirs.hand == tuple(state.hands[1]) and not theirs.has_drawn
    assert theirs.stock_size == len(state.stock)
    assert not hasattr(theirs, "hands") and not hasattr(theirs, "stock")


def test_stock_exhaustion_ends_the_round_with_no_winner() -> None:
    """RULES.md §1: no card left to draw after the reshuffle: no winner, no one scores."""
    deck = full_deck()
    state = RoundState(TALAJ, [deck[:14], deck[14:28]], [], [deck[28]], 0, 1)
    state.apply(Draw(0))
    events = state.apply(Discard(0, deck[0]))
    assert state.over and state.winner is None and state.penalties == (0, 0)
    assert state.end_reason == "stock_exhausted"
    assert type(events[-1]).__name__ == "RoundEnded"
    with pytest.raises(RuleError) as err:
        state.apply(Draw(1))
    assert err.value.code is ErrorCode.ROUND_OVER


def test_pickup_of_a_joker_to_go_out_through_table_additions() -> None:
    """Found by random play (rami-talaj): the engine accepts a laying that uses the talaj joker
    (going out at once, adding to others' combinations on the opening turn), so the pickup
    check accepts the joker."""
    from rami_desktop.engine.actions import Add
    from rami_desktop.engine.melds import make_meld
    from rami_desktop.engine.turn import TableMeld, TurnRecord

    hand = cards("2D 7C 7S 4C 10C 4D 3D QC JC 6H 10H 4S 10D 7H")
    table = [make_meld(cards(t)) for t in ("9C 9D 9S", "8C 9C 10C", "6C 6D 6H")]
    deck = full_deck()
    state = RoundState(RAMI_TALAJ, [hand, deck[:14], deck[14:28]], [JOKER], deck[30:60], 2)
    state.melds = [TableMeld(1, 1, m) for m in table]
    state.down[1] = True
    state.bar = 73
    state.turn, state.current, state._staging = 3, 0, TurnRecord()
    probe = state.clone()
    probe._pickup_playable = lambda player, card: True  # type: ignore[method-assign]
    probe.apply(Draw(0, "top"))
    for text in ("7C 7H 7S", "4C 4S JK", "10C 10D 10H", "2D 3D 4D"):
        probe.apply(Lay(0, tuple(cards(text))))
    probe.apply(Add(0, 1, tuple(cards("JC")), "high"))
    probe.apply(Add(0, 1, tuple(cards("QC")), "high"))
    probe.apply(Discard(0, cards("6H")[0]))
    assert probe.over and probe.winner == 0
    assert state.check(Draw(0, "top")) is None
