"""Combinations at their corners: aces, wrap-around, length, jokers, tria suits, swaps."""

from __future__ import annotations

import pytest

from rami_desktop.engine.cards import JOKER, Card, parse_card, parse_cards
from rami_desktop.engine.melds import (
    MeldKind,
    card_points,
    extend,
    hand_value,
    make_meld,
    swap,
    swap_targets,
)


def m(text: str, max_jokers: int = 1):
    return make_meld(parse_cards(text.split()), max_jokers)


@pytest.mark.parametrize("text", [
    "AH 2H 3H", "QS KS AS", "JS QS KS AS", "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
    "2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC", "5H 6H 7H", "7S 7H 7D", "7S 7H 7D 7C",
    "8H JK 10H", "8H 9H JK", "JK 9H 10H", "QS KS JK", "JK 2H 3H", "7S JK 7D", "JK 7S 7D 7C",
])
def test_valid(text: str) -> None:
    assert m(text) is not None


@pytest.mark.parametrize("text", [
    "KH AH 2H", "QH KH AH 2H", "AH 2H", "AH", "7S 7S 7H", "7S 7H 7D 7C 7S", "7S 7H 8D",
    "5H 6H 8H", "5H 6S 7H", "AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD",
    "8H JK JK", "JK JK 7S", "JK JK JK", "KS JK JK AS", "QS KS AS JK", "JK AS 2S",
    "5H JK 7H JK",
])
def test_invalid(text: str) -> None:
    assert m(text) is None


def test_ace_low_and_high_points() -> None:
    low = m("AH 2H 3H")
    high = m("QH KH AH")
    assert low is not None and low.start == 1 and low.points() == 6
    assert high is not None and high.start == 12 and high.end == 14 and high.points() == 30
    assert m("AS AH AD").points() == 30  # type: ignore[union-attr]
    assert m("AS AH AD").points(ace_value=11) == 33  # type: ignore[union-attr]


def test_thirteen_card_series_points() -> None:
    low = m("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")
    high = m("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC")
    assert low is not None and len(low.cards) == 13 and low.points() == 85
    assert high is not None and high.start == 2 and high.points() == 94


def test_unordered_franche_serie_is_sorted() -> None:
    meld = m("10H 8H 9H")
    assert meld is not None and meld.codes() == ["8H", "9H", "10H"]
    ace_high = m("AH QH KH")
    assert ace_high is not None and ace_high.codes() == ["QH", "KH", "AH"]


def test_joker_positions_fix_the_card() -> None:
    mid = m("8H JK 10H")
    end = m("8H 9H JK")
    low = m("JK 9H 10H")
    top = m("QS KS JK")
    assert mid and mid.stands_for(1) == parse_card("9H")
    assert end and end.stands_for(2) == parse_card("10H")
    assert low and low.stands_for(0) == parse_card("8H")
    assert top and top.stands_for(2) == parse_card("AS")


def test_jokered_combinations_count_zero() -> None:
    assert m("8H JK 10H").points() == 0  # type: ignore[union-attr]
    assert m("KS KH JK").points() == 0  # type: ignore[union-attr]
    assert not m("KS KH JK").franche  # type: ignore[union-attr]
    assert m("KS KH KD").franche  # type: ignore[union-attr]


def test_more_jokers_when_the_option_allows() -> None:
    assert m("8H JK JK", max_jokers=2) is not None
    assert m("8H JK JK", max_jokers=1) is None


def test_tria_missing_suits_and_kind() -> None:
    tria = m("7S JK 7D")
    assert tria is not None and tria.kind is MeldKind.TRIA and tria.rank == 7
    assert tria.missing_suits() == ("H", "C")


def test_extend_both_ends_and_limits() -> None:
    serie = m("5H 6H 7H")
    assert serie is not None
    assert extend(serie, parse_cards(["8H"]), "high").codes() == ["5H", "6H", "7H", "8H"]
    assert extend(serie, parse_cards(["4H"]), "low").codes() == ["4H", "5H", "6H", "7H"]
    assert extend(serie, parse_cards(["4H"]), "high") is None
    assert extend(serie, parse_cards(["4H", "8H"])).codes() == ["4H", "5H", "6H", "7H", "8H"]
    assert extend(serie, parse_cards(["8S"])) is None
    assert extend(serie, parse_cards(["9H"])) is None
    assert extend(serie, [JOKER], "high").codes() == ["5H", "6H", "7H", "JK"]
    top = m("QS KS AS")
    assert top is not None and extend(top, parse_cards(["2S"])) is None  # no wrap
    assert extend(top, parse_cards(["JS"])).codes() == ["JS", "QS", "KS", "AS"]
    full = m("AD 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD")
    assert full is not None and extend(full, parse_cards(["AD"])) is None


def test_extend_tria() -> None:
    tria = m("7S 7H 7D")
    assert tria is not None
    assert extend(tria, parse_cards(["7C"])) is not None
    assert extend(tria, parse_cards(["7S"])) is None
    assert extend(tria, parse_cards(["8C"])) is None
    four = extend(tria, parse_cards(["7C"]))
    assert four is not None and extend(four, parse_cards(["7C"])) is None
    with_joker = m("7S 7H JK")
    assert with_joker is not None and extend(with_joker, [JOKER]) is None


def test_swap_rules() -> None:
    serie = m("8H JK 10H")
    assert serie is not None
    assert swap(serie, parse_card("9H")).codes() == ["8H", "9H", "10H"]  # type: ignore[union-attr]
    assert swap(serie, parse_card("9S")) is None
    assert swap(serie, JOKER) is None
    tria = m("7S 7H JK")
    assert tria is not None
    assert swap(tria, parse_card("7D")) is not None
    assert swap(tria, parse_card("7C")) is not None
    assert swap(tria, parse_card("7S")) is None
    assert swap(tria, parse_card("7D"), complete_four=True) is None
    four = m("7S 7H 7D JK")
    assert four is not None
    assert swap(four, parse_card("7C"), complete_four=True).franche  # type: ignore[union-attr]
    assert swap_targets(four) == [(3, (Card(7, "C"),))]
    assert swap(m("7S 7H 7D"), parse_card("7C")) is None  # type: ignore[arg-type]


def test_card_values() -> None:
    assert [card_points(r) for r in (1, 2, 10, 11, 12, 13)] == [10, 2, 10, 10, 10, 10]
    assert hand_value(JOKER) == 20
    assert hand_value(parse_card("AS")) == 10
    assert hand_value(parse_card("KD")) == 10
    assert hand_value(parse_card("7C")) == 7
