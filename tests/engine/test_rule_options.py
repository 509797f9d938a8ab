"""Every rule option is declared once, whole, on its field of Rules: a label for it and for each
of its values, a range holding every preset's value, a help section, its own deal-code number,
and versions that know it; the rules check reads its range."""

from __future__ import annotations

from dataclasses import fields
from enum import Enum

import pytest

from rami_desktop.engine.rule_option import option, option_of
from rami_desktop.engine.rules import PRESETS, RULE_OPTIONS, Rules, options_unknown_to


def test_every_field_but_the_preset_declares_its_option_with_a_label() -> None:
    undeclared = [f.name for f in fields(Rules) if f.name != "preset" and option_of(f) is None]
    assert undeclared == [], f"a rule option without its declaration: {undeclared}"
    unlabelled = [name for name, spec in RULE_OPTIONS.items() if not spec.label.strip()]
    assert unlabelled == [], f"a rule option without a label: {unlabelled}"
    assert list(RULE_OPTIONS) == [f.name for f in fields(Rules) if f.name != "preset"]


def test_each_kind_of_option_declares_what_it_needs() -> None:
    defaults = Rules()
    for name, spec in RULE_OPTIONS.items():
        default = getattr(defaults, name)
        if isinstance(default, Enum):
            missing = [m for m in type(default) if not spec.choices.get(m, "").strip()]
            assert missing == [], f"{name}: values without a label: {missing}"
            assert spec.lo is None and spec.told is None, name
        elif isinstance(default, bool):
            assert spec.lo is None and not spec.choices and spec.values is None, name
        else:
            lo, hi = spec.bounds()
            assert spec.step >= 1 and not spec.choices and spec.told is None, name
            assert all(lo <= v <= hi for v in spec.values or ()), name
        if spec.needs is not None:
            assert isinstance(getattr(defaults, spec.needs), bool), f"{name} needs a switch"


def test_every_preset_is_within_the_declared_ranges() -> None:
    for rules in PRESETS.values():
        rules.check()
        for name, spec in RULE_OPTIONS.items():
            if spec.lo is not None:
                lo, hi = spec.bounds()
                assert lo <= getattr(rules, name) <= hi, (rules.preset, name)


def test_the_check_refuses_a_number_just_outside_its_declared_range() -> None:
    for name, spec in RULE_OPTIONS.items():
        if spec.lo is None or name in ("min_players", "max_players"):
            continue
        lo, hi = spec.bounds()
        for value in (lo - 1, hi + 1):
            with pytest.raises(ValueError, match=f"{name} must be {lo} to {hi}"):
                Rules().with_options(**{name: value})
        assert getattr(Rules().with_options(**{name: hi}), name) == hi


def test_the_first_options_of_the_setup_have_places_of_their_own() -> None:
    places = sorted(spec.first for spec in RULE_OPTIONS.values() if spec.first)
    assert places == list(range(1, len(places) + 1))


def test_a_range_needs_both_ends_in_order() -> None:
    with pytest.raises(ValueError, match="lo <= hi"):
        option("Broken", code=99, help="deal", lo=5)
    with pytest.raises(ValueError, match="lo <= hi"):
        option("Broken", code=99, help="deal", lo=5, hi=1)


def test_an_option_at_its_default_is_known_to_every_version() -> None:
    """The gate of older readers: only an option changed from its default asks for the versions
    that know it; to_dict leaves such an option out at its default."""
    newest = max(spec.since for spec in RULE_OPTIONS.values())
    assert options_unknown_to(Rules(), 0) == ()
    for name, spec in RULE_OPTIONS.items():
        changed = _changed(name)
        assert options_unknown_to(changed, spec.since) == ()
        assert options_unknown_to(changed, spec.since - 1) == (name,)
        assert options_unknown_to(changed, spec.saved - 1, saved=True) == (name,)
        if spec.since > 1 or spec.saved > 1:
            assert name not in Rules().to_dict() and name in changed.to_dict()
        else:
            assert name in Rules().to_dict()
        assert Rules.from_dict(changed.to_dict()) == changed
    assert options_unknown_to(Rules(), newest) == ()


def _changed(name: str) -> Rules:
    """Rules that change only ``name`` from its default."""
    spec = RULE_OPTIONS[name]
    default = getattr(Rules(), name)
    if isinstance(default, Enum):
        value: object = next(m for m in type(default) if m is not default).value
    elif isinstance(default, bool):
        value = not default
    else:
        lo, hi = spec.bounds()
        value = next(v for v in range(lo, hi + 1) if v != default
                     and (name != "min_players" or v <= Rules().max_players))
    return Rules().with_options(**{name: value})
