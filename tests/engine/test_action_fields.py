"""The engine refuses every field value a save could not hold: what it accepts replays.

A round's save is its deal and its action log, read back by ``action_from_dict`` and replayed:
an action the engine took but the reading refuses (``Add(at="mid")`` on a tria) would make the
save unreadable, so autosave would stop. Hypothesis fuzzes one field of every action type.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from action_fuzz import ACTION_TYPES, NO_SUCH_CARD, FuzzStats, fuzzed_round, replay_mismatch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rami_desktop.engine.actions import (
    Action,
    Add,
    Discard,
    Draw,
    Lay,
    Redeal,
    Swap,
    TakeBack,
    action_from_dict,
    action_to_dict,
)
from rami_desktop.engine.cards import DISTINCT_CARDS, Card, parse_cards
from rami_desktop.engine.deal import complete_stock
from rami_desktop.engine.errors import ErrorCode, RuleError
from rami_desktop.engine.rules import PRESETS
from rami_desktop.engine.state import RoundState
from tests.conftest import some_by_default

E = ErrorCode
TALAJ = PRESETS["talaj"]


def tria_round() -> RoundState:
    """Talaj, 2 players, the current one has drawn and laid the tria 7S 7H 7D (meld 0) and
    holds 7C; both hands hold a tria and its fourth card."""
    hands = [list(parse_cards(h.split())) for h in (
        "7S 7H 7D 7C 2S 4S 6S 8S 10S QS 2H 4H 6H 8H",
        "7S 7H 7D 7C 2D 4D 6D 8D 10D QD 2C 4C 6C 8C")]
    stock = complete_stock([], [c for h in hands for c in h], random.Random(3))
    state = RoundState(TALAJ, hands, [], stock, 0, 3)
    p = state.current
    if not state.has_drawn:
        state.apply(Draw(p, "stock"))
    state.apply(Lay(p, tuple(parse_cards(["7S", "7H", "7D"]))))
    return state


C7 = parse_cards(["7C"])


@pytest.mark.parametrize(("field", "value", "code"), [
    ("at", "mid", E.CANNOT_ADD),
    ("at", "", E.CANNOT_ADD),
    ("at", 0, E.CANNOT_ADD),
    ("meld", True, E.CANNOT_ADD),  # True equals 1, False equals 0
    ("meld", False, E.CANNOT_ADD),
    ("meld", 0.0, E.CANNOT_ADD),
    ("meld", "0", E.CANNOT_ADD),
    ("taken", 0, E.CARD_NOT_IN_HAND),  # 0 equals False
    ("taken", "no", E.CARD_NOT_IN_HAND),
    ("cards", ["7C"], E.CARD_NOT_IN_HAND),
    ("cards", (), E.CANNOT_ADD),
    ("cards", None, E.CARD_NOT_IN_HAND),
    ("player", None, E.NOT_YOUR_TURN),
])
def test_an_addition_with_a_field_no_save_holds_is_refused(field: str, value: Any,
                                                           code: ErrorCode) -> None:
    state = tria_round()
    p = state.current
    good: dict[str, Any] = {"player": p, "meld": 0, "cards": C7, "at": None, "taken": None}
    before = state.to_dict()
    with pytest.raises(RuleError) as err:
        state.apply(Add(**{**good, field: value}))
    assert err.value.code is code
    assert state.to_dict() == before
    state.apply(Add(**good))  # the same addition with sane fields
    assert replay_mismatch(state) is None


def test_the_player_true_is_not_player_1() -> None:
    state = tria_round()
    p = state.current
    for seat in (bool(p), float(p)):
        assert state.check(Discard(seat, state.hands[p][0])) is E.NOT_YOUR_TURN  # type: ignore[arg-type]
        assert state.check(Lay(seat, C7)) is E.NOT_YOUR_TURN  # type: ignore[arg-type]


@pytest.mark.parametrize(("action", "code"), [
    (lambda p: Lay(p, ()), E.INVALID_MELD),
    (lambda p: Lay(p, ("2S", "4S", "6S")), E.CARD_NOT_IN_HAND),  # type: ignore[arg-type]
    (lambda p: Lay(p, parse_cards(["4S", "6S", "8S"]), 1), E.CARD_NOT_IN_HAND),  # type: ignore[arg-type]
    (lambda p: Swap(p, True, NO_SUCH_CARD), E.BAD_SWAP),
    (lambda p: Swap(p, 0, NO_SUCH_CARD), E.CARD_NOT_IN_HAND),
    (lambda p: Swap(p, True, C7[0]), E.BAD_SWAP),
    (lambda p: Swap(p, 0, "7C"), E.CARD_NOT_IN_HAND),  # type: ignore[arg-type]
    (lambda p: TakeBack(p, False), E.NOT_THIS_TURN),  # False equals meld 0, laid this turn
    (lambda p: TakeBack(p, 0.0), E.NOT_THIS_TURN),  # type: ignore[arg-type]
    (lambda p: Discard(p, "2S"), E.CARD_NOT_IN_HAND),  # type: ignore[arg-type]
    (lambda p: Discard(p, NO_SUCH_CARD), E.CARD_NOT_IN_HAND),
    (lambda p: Draw(p, "mid"), E.ALREADY_DREW),  # drawing twice comes first
])
def test_other_fields_no_save_holds_are_refused(action: Any, code: ErrorCode) -> None:
    state = tria_round()
    before = state.to_dict()
    assert state.check(action(state.current)) is code
    with pytest.raises(RuleError):
        state.apply(action(state.current))
    assert state.to_dict() == before


def test_a_draw_from_no_such_source_is_refused() -> None:
    state = RoundState.new(TALAJ, 3, 0, 11)
    p = state.current
    for source in ("mid", "", "STOCK", None, 0, ["stock"]):
        assert state.check(Draw(p, source)) is E.PICKUP_FORBIDDEN  # type: ignore[arg-type]


def test_a_redeal_by_player_true_is_refused() -> None:
    rules = PRESETS["rami-talaj"]
    for seed in range(2000):
        state = RoundState.new(rules, 4, 0, seed)
        if state.can_redeal(1):
            break
    else:
        pytest.fail("no deal to redeal found")
    for seat in (True, 1.0, "1", -3):
        assert state.check(Redeal(seat)) is E.REDEAL_NOT_ALLOWED  # type: ignore[arg-type]
    state.apply(Redeal(1))
    assert replay_mismatch(state) is None


# ---- the property ---------------------------------------------------------------------------

#: any value at all for a field: odd types, odd words, cards as text, cards that are no card
ANY_VALUE = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 12), st.integers(), st.floats(),
    st.text(max_size=3), st.sampled_from(["mid", "low", "high", "LOW", "stock", "first", "top"]),
    st.sampled_from(DISTINCT_CARDS), st.just(NO_SUCH_CARD),
    st.lists(st.sampled_from(DISTINCT_CARDS), max_size=4),
    st.lists(st.sampled_from(DISTINCT_CARDS), max_size=4).map(tuple),
    st.lists(st.sampled_from(DISTINCT_CARDS).map(lambda c: c.code), max_size=3).map(tuple),
)


@pytest.mark.parametrize("preset", some_by_default(["tallage", "simple", "talaj", "rami-talaj"], 2))
def test_accepted_actions_replay_identically(preset: str) -> None:
    """Random rounds with actions of every type, one field drawn by hypothesis from any value:
    each refusal changes nothing, and the round's log (through JSON) replays to the same round,
    mid-round and at its end."""
    rules = PRESETS[preset]
    stats = FuzzStats()

    @settings(max_examples=8, suppress_health_check=[HealthCheck.too_slow,
                                                     HealthCheck.data_too_large])
    @given(n=st.integers(rules.min_players, rules.max_players), seed=st.integers(0, 2**32 - 1),
           data=st.data())
    def prop(n: int, seed: int, data: st.DataObject) -> None:
        def value(action: Action, name: str) -> Any:
            return data.draw(ANY_VALUE, label=f"{type(action).__name__}.{name}")

        def kind() -> type:
            return data.draw(st.sampled_from(ACTION_TYPES), label="type")

        before = len(stats.mismatches)
        fuzzed_round(rules, n, seed, stats, value=value, kind=kind, cap=60)
        assert stats.mismatches[before:] == []

    prop()
    assert stats.rounds >= 8 and stats.refused > stats.rounds
    assert stats.accepted > 0


@given(kind=st.sampled_from(ACTION_TYPES), data=st.data())
def test_every_field_the_reading_takes_is_one_it_writes(kind: type, data: st.DataObject) -> None:
    """The other side: an action read from a save writes back the same step."""
    step: dict[str, Any] = data.draw(st.fixed_dictionaries({
        "player": st.integers(0, 5), "meld": st.integers(0, 30),
        "cards": st.lists(st.sampled_from(DISTINCT_CARDS).map(lambda c: c.code), min_size=1,
                          max_size=4),
        "card": st.sampled_from(DISTINCT_CARDS).map(lambda c: c.code),
        "from": st.sampled_from(["stock", "first", "top"]),
        "at": st.sampled_from(["low", "high"]), "taken": st.booleans()}))
    step["do"] = {Draw: "draw", Lay: "meld", Add: "add", Swap: "swap", TakeBack: "take_back",
                  Discard: "discard", Redeal: "redeal"}.get(kind, "undo")
    action = action_from_dict(step)
    assert action_from_dict(action_to_dict(action)) == action
    assert all(isinstance(c, Card) for c in getattr(action, "cards", ()))


def test_cards_as_a_list_are_taken_and_replay() -> None:
    """A list of cards is saved as a tuple is: the same step, the same round."""
    state = tria_round()
    state.apply(Add(state.current, 0, list(C7)))  # type: ignore[arg-type]
    assert replay_mismatch(state) is None
