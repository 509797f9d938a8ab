"""The presets against RULES.md's tables, and options: with_options, to_dict/from_dict, checks."""

from __future__ import annotations

import pytest

from rami_desktop.engine.cards import CardCodeError, deck_excess, full_deck, parse_card, parse_cards
from rami_desktop.engine.rules import (
    PRESET_NAMES,
    PRESETS,
    FirstCard,
    GoingOutPoints,
    MatchEnd,
    Penalty,
    Rules,
    Starter,
    TriaSwap,
    preset,
)


def test_preset_names() -> None:
    assert tuple(PRESETS) == PRESET_NAMES == ("talaj", "rami-talaj", "tallage", "simple")
    for name, rules in PRESETS.items():
        assert rules.preset == name
        assert rules.jokers_per_meld == 1
        assert rules.last_card_lock
        assert rules.need_tria_and_serie


def test_talaj() -> None:
    r = PRESETS["talaj"]
    assert (r.hand_size, r.starter, r.initial_discard) == (14, Starter.DEALER_DRAWS, False)
    assert (r.min_players, r.max_players) == (2, 5)
    assert r.first_card is FirstCard.ANY_UNTIL_DEALER and not r.no_pickup_first_round
    assert r.top_card_must_lay and r.clean_own_cards and r.add_on_opening_turn
    assert r.going_out_points is GoingOutPoints.BASE and r.rising_bar and r.threshold == 71
    assert r.tria_swap is TriaSwap.ANY_MISSING_SUIT and not r.swapped_joker_must_be_laid
    assert r.penalty is Penalty.PER_CARD and (r.card_penalty, r.joker_penalty) == (10, 20)
    assert r.never_down_penalty == 100 and not r.joker_out_doubles and not r.rami_sec
    assert (r.target, r.match_end, r.redeal) == (300, MatchEnd.ELIMINATION, False)


def test_rami_talaj() -> None:
    r = PRESETS["rami-talaj"]
    assert r.starter is Starter.NEXT_NO_DRAW and r.starter_has_extra_card
    assert r.first_card is FirstCard.NEXT_ONLY
    assert r.going_out_points is GoingOutPoints.NONE
    assert r.tria_swap is TriaSwap.COMPLETE_FOUR and r.swapped_joker_must_be_laid
    assert r.joker_out_doubles and r.redeal and r.clean_own_cards
    assert (r.target, r.match_end, r.max_players) == (300, MatchEnd.ELIMINATION, 5)


def test_tallage() -> None:
    r = PRESETS["tallage"]
    assert r.starter is Starter.DEALER_NO_DRAW and r.initial_discard
    assert r.first_card is FirstCard.NONE and r.no_pickup_first_round
    assert r.top_card_must_lay and not r.clean_own_cards and not r.add_on_opening_turn
    assert r.going_out_points is GoingOutPoints.NONE and r.rising_bar
    assert r.penalty is Penalty.HAND_VALUE and r.rami_sec and r.rami_sec_penalty == 200
    assert (r.target, r.match_end, r.max_players) == (201, MatchEnd.LOWEST_TOTAL, 6)


def test_simple() -> None:
    r = PRESETS["simple"]
    assert r.hand_size == 13 and r.starter is Starter.DEALER_NO_DRAW
    assert not r.top_card_must_lay and not r.lay_before_out and not r.rami_sec
    assert r.no_pickup_first_round and r.penalty is Penalty.HAND_VALUE
    assert (r.target, r.match_end, r.max_players) == (201, MatchEnd.LOWEST_TOTAL, 6)


def test_with_options_and_roundtrip() -> None:
    r = preset("tallage", threshold=51, target=500)
    assert r.threshold == 51 and r.target == 500 and r.preset == "tallage"
    assert PRESETS["tallage"].threshold == 71  # presets are not changed
    assert r.with_options(penalty="per_card").penalty is Penalty.PER_CARD
    for rules in PRESETS.values():
        assert Rules.from_dict(rules.to_dict()) == rules
    assert preset("talaj") is PRESETS["talaj"]


@pytest.mark.parametrize(("options", "fault"), [
    ({"colour": "red"}, "unknown option 'colour'"),
    ({"threshold": "71"}, "'threshold' must be a whole number"),
    ({"threshold": True}, "'threshold' must be a whole number"),
    ({"teams": 1}, "'teams' must be true or false"),
    ({"penalty": "lots"}, "bad value 'lots' for 'penalty'"),
    ({"hand_size": 2}, "hand_size must be 3 to 15"),
    ({"max_players": 7}, "max_players must be 2 to 6"),
    ({"min_players": 6}, "min_players must not be over max_players"),
    ({"target": 0}, "target must be 1 to 100000"),
    ({"threshold": 302}, "threshold must be 0 to 301"),
    ({"joker_penalty": -1}, "joker_penalty must be 0 to 200"),
    ({"target": 10**4300}, "target must be 1 to 100000"),
    ({"preset": "poker"}, "unknown preset 'poker'"),
    ({"jokers_per_meld": 0}, "jokers_per_meld must be 1 to 4"),
])
def test_bad_options_name_the_fault(options: dict, fault: str) -> None:
    with pytest.raises(ValueError, match=fault.replace("(", r"\(")):
        PRESETS["talaj"].with_options(**options)


def test_unknown_preset() -> None:
    with pytest.raises(ValueError, match="unknown preset 'poker'"):
        preset("poker")
    with pytest.raises(ValueError, match="not an object"):
        Rules.from_dict([])  # type: ignore[arg-type]


def test_cards() -> None:
    deck = full_deck()
    assert len(deck) == 108 and sum(c.is_joker for c in deck) == 4
    assert deck_excess(deck) is None
    assert deck_excess([*deck, parse_card("AS")]) == parse_card("AS")
    assert [c.code for c in parse_cards(["10h", " as ", "JK"])] == ["10H", "AS", "JK"]
    for bad in ("1H", "11S", "AX", "", "K", "JKK", "10"):
        with pytest.raises(CardCodeError):
            parse_card(bad)
