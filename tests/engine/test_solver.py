"""Specific cases of the solver: duplicates, aces, trias of four, long séries, scenario hands."""

from __future__ import annotations

import random

import pytest

from rami_desktop.engine.cards import JOKER, Card, full_deck, parse_card, parse_cards
from rami_desktop.engine.melds import make_meld
from rami_desktop.engine.rules import TALAJ, TALLAGE
from rami_desktop.engine.solver import (
    OpeningRequest,
    best_opening,
    find_opening,
    least_penalty,
    meld_candidates,
    opening_distance,
)


def H(text: str) -> list[Card]:
    """Parse a hand written as space-separated codes."""
    return list(parse_cards(text.split()))


def melds_of(opening: object) -> list[list[str]]:
    return sorted(m.codes() for m in opening.melds)  # type: ignore[attr-defined]


# --- the scenario hands (../shared/scenarios) ------------------------------------------------


def test_scenario_opening_ok_77() -> None:
    """talaj_opening_ok.json: KS KH KD 8H-QH + junk opens with 77."""
    got = best_opening(H("KS KH KD 8H 9H 10H JH QH 2C 4D 5H 7S 3S 6C 2C"))
    assert got is not None and got.points == 77
    assert melds_of(got) == [["8H", "9H", "10H", "JH", "QH"], ["KS", "KH", "KD"]]
    assert sorted(c.code for c in got.rest) == sorted(["2C", "4D", "5H", "7S", "3S", "6C", "2C"])


def test_scenario_below_threshold_reaches_79() -> None:
    """talaj_below_threshold.json: 69 laid, but the whole hand makes 79 with 10D."""
    hand = H("QS QH QD 4C 5C 6C 7D 8D 9D 10D AC 3D 2H JC 2C")
    got = best_opening(hand)
    assert got is not None and got.points == 79
    assert find_opening(hand, OpeningRequest(min_points=71)) is not None
    assert find_opening(hand, OpeningRequest(min_points=80)) is None


def test_scenario_trias_alone_do_not_open() -> None:
    """talaj_needs_serie.json: 90 points of trias and no série."""
    assert best_opening(H("KS KH KD QS QH QC JS JH JD 2C 4D 6H 8S 9C 2C")) is None


def test_scenario_rising_bar() -> None:
    """talaj_rising_bar.json: 100 opens; the second player's best is 97, below 101."""
    first = best_opening(H("KS KD KC 10H JH QH KH 10S 10C 10D 4D 6H 7S 5C 2C"))
    assert first is not None and first.points == 100
    second = H("AS AH AC 9C 10C JC QC KC 5D 6D 7D 8S 4S 2D 3H")
    got = best_opening(second)
    assert got is not None and got.points == 97
    assert find_opening(second, OpeningRequest(min_points=101)) is None


def test_scenario_tallage_51() -> None:
    """tallage_51.json: the dealer opens with 53."""
    got = best_opening(H("9S 9H 9D 5C 6C 7C 8C 2S 4D KH AC JC 3H QS 3D"))
    assert got is not None and got.points == 53


# --- combinations ----------------------------------------------------------------------------


def test_two_copies_never_in_one_tria() -> None:
    assert best_opening(H("7H 7H 7S 4C 5C 6C 2D")) is None
    assert all(m.codes().count("7H") < 2 for m in meld_candidates(H("7H 7H 7S 7D JK")))
    assert not any(sorted(m.codes()) == ["7H", "7H", "7S"] for m in meld_candidates(
        H("7H 7H 7S"), max_jokers=0))


def test_two_copies_in_two_series() -> None:
    got = best_opening(H("5H 6H 7H 5H 6H 7H KS KH KD 2C"))
    assert got is not None and got.points == 18 + 18 + 30
    assert melds_of(got).count(["5H", "6H", "7H"]) == 2


def test_ace_low_and_high() -> None:
    low = best_opening(H("AH 2H 3H KS KH KD 9C"))
    assert low is not None and low.points == 6 + 30
    high = best_opening(H("QH KH AH 5S 5H 5D 9C"))
    assert high is not None and high.points == 30 + 15
    assert ["QH", "KH", "AH"] in melds_of(high)
    both = best_opening(H("AH AH 2H 3H QH KH 4S 4D 4C 9C"))
    assert both is not None and both.points == 6 + 30 + 12
    assert best_opening(H("AH 2H 3H KS KH KD 9C"), ace_value=11) is not None


def test_ace_in_tria_counts_ace_value() -> None:
    got = best_opening(H("AS AH AD 4C 5C 6C 9D"))
    assert got is not None and got.points == 30 + 15
    got11 = best_opening(H("AS AH AD 4C 5C 6C 9D"), ace_value=11)
    assert got11 is not None and got11.points == 33 + 15


def test_no_wrap() -> None:
    assert best_opening(H("KH AH 2H 7S 7D 7C 9C")) is None
    assert not any(m.codes() == ["KH", "AH", "2H"] for m in meld_candidates(H("KH AH 2H")))
    assert least_penalty(H("KH AH 2H"), TALAJ).penalty == 30


def test_tria_of_four() -> None:
    got = best_opening(H("8S 8H 8D 8C 2C 3C 4C 9D"))
    assert got is not None and got.points == 32 + 9
    # the fourth 8 may also go to a série instead
    got = best_opening(H("8S 8H 8D 8C 9C 10C 2D"))
    assert got is not None and got.points == 24 + 27
    assert sum(len(m.cards) == 4 and m.is_tria for m in meld_candidates(H("8S 8H 8D 8C"))) == 1


def test_serie_at_most_13() -> None:
    hearts = [Card(r, "H") for r in range(1, 14)]
    cands = meld_candidates([*hearts, JOKER])
    assert max(len(m.cards) for m in cands) == 13
    full = best_opening(hearts + H("KS KD 2C"))
    # the série uses the KH; A-Q (13 cards) cannot go on to the ace high
    assert full is not None
    assert make_meld([*hearts, Card(1, "H")]) is None
    # 13 hearts and a joker: two combinations (A..10, JK-J-Q-K) lay everything
    assert least_penalty([*hearts, JOKER], TALAJ).penalty == 0
    # 13 hearts and an ace: A..J and Q-K-A
    arr = least_penalty([*hearts, Card(1, "H")], TALAJ)
    assert arr.penalty == 0
    assert all(len(m.cards) <= 13 for m in arr.melds)


def test_jokers_in_least_penalty() -> None:
    arr = least_penalty(H("5H JK 7H 9S 9D JK"), TALAJ)
    assert arr.penalty == 0
    assert sorted(len(m.cards) for m in arr.melds) == [3, 3]
    # one joker per combination: 5H JK JK cannot be laid
    assert least_penalty(H("5H JK JK"), TALAJ).penalty == 50
    assert least_penalty(H("5H JK JK"), TALAJ.with_options(jokers_per_meld=2)).penalty == 0


def test_least_penalty_hand_value_and_keep() -> None:
    hand = H("KS KH KD 2C 9D")
    assert least_penalty(hand, TALLAGE).penalty == 11
    assert least_penalty(hand, TALAJ).penalty == 20
    kept = least_penalty(H("KS KH KD"), TALLAGE, keep=1)
    assert kept.penalty == 30 and len(kept.rest) == 3
    # keep 1 with a 4-card tria: one king stays
    four = least_penalty(H("KS KH KD KC"), TALLAGE, keep=1)
    assert four.penalty == 10 and len(four.rest) == 1


def test_best_opening_keeps_a_card() -> None:
    assert best_opening(H("KS KH KD 4C 5C 6C")) is None
    got = best_opening(H("KS KH KD KC 4C 5C 6C"))
    assert got is not None and got.points == 30 + 15 and len(got.rest) == 1


def test_best_opening_ignores_jokers() -> None:
    got = best_opening(H("KS KH JK 4C 5C 6C 9D 9S 9H"))
    assert got is not None and got.points == 27 + 15
    assert JOKER in got.rest


def test_find_opening_with_jokers() -> None:
    hand = H("KS KH KD 4C 5C 6C 8D JK 10D 2S")
    got = find_opening(hand, OpeningRequest(min_points=45))
    assert got is not None and got.points == 45 and len(got.rest) == 1
    assert any(m.jokers for m in got.melds)
    assert find_opening(hand, OpeningRequest(min_points=46)) is None
    assert find_opening(hand, OpeningRequest(going_out=True)) is not None
    assert find_opening(hand[:-1], OpeningRequest(going_out=True)) is None


def test_find_opening_serie_only_and_must_use() -> None:
    hand = H("4H 5H 6H 9S 9D 9H 2C")
    nine = parse_card("9H")
    got = find_opening(hand, OpeningRequest(serie_only=True, must_use=nine, clean_exclude=nine))
    assert got is not None
    assert melds_of(got) == [["4H", "5H", "6H"], ["9S", "9H", "9D"]]
    assert find_opening(H("4H 5H 9S 2C"), OpeningRequest(serie_only=True)) is None
    assert find_opening(hand, OpeningRequest(must_use=parse_card("KC"))) is None


def test_meld_candidates_distinct_and_valid() -> None:
    hand = H("5H 6H 7H 7H 7S 7D JK")
    cands = meld_candidates(hand)
    codes = [tuple(m.codes()) for m in cands]
    assert len(codes) == len(set(codes))
    assert ("5H", "6H", "7H") in codes
    assert ("5H", "JK", "7H") in codes
    assert ("7H", "7S", "7D") in codes or ("7S", "7H", "7D") in codes
    for m in cands:
        assert make_meld(m.cards) is not None
    assert not any(m.jokers for m in meld_candidates(hand, max_jokers=0))
    assert not any(m.jokers for m in meld_candidates(H("5H 6H 7H")))


def test_opening_distance() -> None:
    assert opening_distance(H("KS KH KD 8H 9H 10H JH QH 2C"), 71) == 0
    assert opening_distance(H("KS KH KD 9H 10H JH QH 2C"), 71) == 1  # 8H or KH
    far = opening_distance(H("2S 5H 9D JC 4S 7H 3D QC 6S"), 71)
    assert far >= 2
    assert opening_distance(H("KS KH 9H 10H JH QH 2C"), 71, exact=2) == 2


def test_random_answers_are_well_formed() -> None:
    rng = random.Random(5)
    deck = full_deck()
    for _ in range(200):
        hand = rng.sample(deck, 15)
        got = find_opening(hand, OpeningRequest(min_points=0))
        if got is not None:
            assert len(got.rest) >= 1
            assert sum(m.points() for m in got.melds) == got.points


@pytest.mark.parametrize("bad", ["", "X", "1H", "KZ"])
def test_parse_guard(bad: str) -> None:
    from rami_desktop.engine.cards import CardCodeError

    with pytest.raises(CardCodeError):
        parse_card(bad)
