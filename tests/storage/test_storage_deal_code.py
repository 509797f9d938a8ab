"""Deal codes: round trips for every preset, rejection of mistyped codes, frozen orders."""

from __future__ import annotations

from dataclasses import fields
from enum import Enum
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rami_desktop.engine import rules as rules_module
from rami_desktop.engine.rules import PRESET_NAMES, PRESETS, Rules, preset
from rami_desktop.storage import deal_code
from rami_desktop.storage.deal_code import (
    ALPHABET,
    decode,
    decode_full,
    encode,
    format_code,
    normalize,
)

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)

#: Ranges for the number options that Rules.check accepts (kept modest, like a setup screen).
INT_RANGES: dict[str, tuple[int, int]] = {
    "hand_size": (3, 15),
    "jokers_per_meld": (1, 4),
    "threshold": (0, 400),
    "card_penalty": (0, 100),
    "joker_penalty": (0, 200),
    "never_down_penalty": (0, 1000),
    "ace_value": (0, 20),
    "rami_sec_penalty": (0, 1000),
    "target": (1, 10_000),
}


@st.composite
def option_changes(draw: st.DrawFn) -> dict[str, Any]:
    changes: dict[str, Any] = {}
    defaults = Rules()
    for f in fields(Rules):
        if f.name in ("preset", "min_players", "max_players") or not draw(st.booleans()):
            continue
        default = getattr(defaults, f.name)
        if isinstance(default, Enum):
            changes[f.name] = draw(st.sampled_from([m.value for m in type(default)]))
        elif isinstance(default, bool):
            changes[f.name] = draw(st.booleans())
        else:
            low, high = INT_RANGES[f.name]
            changes[f.name] = draw(st.integers(low, high))
    if draw(st.booleans()):
        low = draw(st.integers(2, 6))
        changes["min_players"] = low
        changes["max_players"] = draw(st.integers(low, 6))
    return changes


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_plain_presets_are_short(name: str) -> None:
    for seed in (0, 1, 2**31, 2**32 - 1):
        code = encode(seed, PRESETS[name])
        assert 8 <= len(code) <= 14
        assert set(code) <= set(ALPHABET)
        assert decode(code) == (seed, PRESETS[name])


@settings(max_examples=400, deadline=None)
@given(name=st.sampled_from(PRESET_NAMES), seed=SEEDS, changes=option_changes())
def test_round_trip(name: str, seed: int, changes: dict[str, Any]) -> None:
    rules = preset(name, **changes)
    code = encode(seed, rules)
    assert decode(code) == (seed, rules)
    assert decode(format_code(code).lower()) == (seed, rules)


def test_a_few_changes_stay_short() -> None:
    rules = preset("talaj", threshold=81, redeal=True)
    assert len(encode(12345, rules)) <= 14


@settings(max_examples=20, deadline=None)
@given(name=st.sampled_from(PRESET_NAMES), seed=SEEDS, changes=option_changes())
def test_every_single_mistyped_character_is_rejected(
    name: str, seed: int, changes: dict[str, Any]
) -> None:
    code = encode(seed, preset(name, **changes))
    for position, original in enumerate(code):
        for char in ALPHABET:
            if char == original:
                continue
            with pytest.raises(ValueError):
                decode(code[:position] + char + code[position + 1 :])


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(PRESET_NAMES), seed=SEEDS, changes=option_changes())
def test_swapped_neighbours_are_rejected(name: str, seed: int, changes: dict[str, Any]) -> None:
    code = encode(seed, preset(name, **changes))
    for i in range(len(code) - 1):
        if code[i] != code[i + 1]:
            swapped = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
            with pytest.raises(ValueError):
                decode(swapped)


def test_dropped_or_extra_character_is_rejected_mostly() -> None:
    rejected = total = 0
    for seed in range(0, 2**32, 2**32 // 200):
        code = encode(seed, PRESETS["talaj"])
        for variant in (code[1:], code[:-1], code[:4] + code[5:], code + "0", "0" + code):
            total += 1
            try:
                decode(variant)
            except ValueError:
                rejected += 1
    assert rejected / total > 0.95


def test_reading_is_forgiving() -> None:
    code = encode(1000, PRESETS["simple"])
    typed = format_code(code).lower().replace("0", "o").replace("1", "l")
    assert decode(" " + typed + " ") == (1000, PRESETS["simple"])
    assert normalize(typed) == code


@pytest.mark.parametrize("bad", ["", "0", "U1234567", "ABC!DEFGH", "00000000", "Z" * 9, 12])
def test_garbage_is_rejected(bad: Any) -> None:
    with pytest.raises(ValueError):
        decode(bad)


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=ALPHABET + "-oil ", max_size=30) | st.text(max_size=20))
def test_random_text_never_crashes(text: str) -> None:
    try:
        seed, rules = decode(text)
    except ValueError:
        return
    assert 0 <= seed < 2**32 and isinstance(rules, Rules)
    assert decode(encode(seed, rules)) == (seed, rules)


def test_bad_arguments() -> None:
    for seed in (-1, 2**32, True, 1.5):
        with pytest.raises(ValueError):
            encode(seed, PRESETS["talaj"])  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        encode(1, Rules(preset="house"))


def test_orders_are_frozen() -> None:
    """Old codes must keep their meaning: these orders may only grow at the end."""
    rule_fields = [f.name for f in fields(Rules) if f.name != "preset"]
    assert set(deal_code._FROZEN_ORDER) == set(rule_fields), (
        "a rule option was added or removed: append it to deal_code._FROZEN_ORDER"
    )
    assert PRESET_NAMES[:4] == ("talaj", "rami-talaj", "tallage", "simple")
    expected_enums = {
        rules_module.Starter: ["dealer_draws", "next_no_draw", "dealer_no_draw"],
        rules_module.FirstCard: ["any_until_dealer", "next_only", "none"],
        rules_module.Penalty: ["per_card", "hand_value"],
        rules_module.MatchEnd: ["elimination", "lowest_total"],
        rules_module.TriaSwap: ["any_missing_suit", "complete_four"],
        rules_module.GoingOutPoints: ["base", "none", "bar"],
    }
    for kind, values in expected_enums.items():
        assert [m.value for m in kind][: len(values)] == values


def test_known_code_is_stable() -> None:
    """A code made today decodes the same tomorrow."""
    assert encode(123456789, PRESETS["talaj"]) == "003NQK8N03"
    assert decode("003N-QK8N-03") == (123456789, PRESETS["talaj"])
    assert encode(123456789, PRESETS["talaj"], players=4) == "0G3NQK8N08"


@settings(max_examples=200, deadline=None)
@given(
    name=st.sampled_from(PRESET_NAMES),
    seed=SEEDS,
    players=st.none() | st.integers(2, 6),
    changes=option_changes(),
)
def test_players_round_trip(
    name: str, seed: int, players: int | None, changes: dict[str, Any]
) -> None:
    rules = preset(name, **changes)
    assert decode_full(encode(seed, rules, players)) == (seed, rules, players)


@pytest.mark.parametrize("players", [0, 1, 7, True])
def test_bad_players(players: Any) -> None:
    with pytest.raises(ValueError):
        encode(1, PRESETS["talaj"], players)
