"""Arranging a handful of cards: the order a Lay or an Add needs, and why none works."""

from __future__ import annotations

import random
from itertools import permutations

import pytest
from hypothesis import strategies as st

from rami_desktop.engine.arrange import (
    Extension,
    MeldFault,
    addition_fault,
    addition_options,
    addition_order,
    arrange_meld,
    best_addition,
    extensions,
    meld_fault,
    refusal,
)
from rami_desktop.engine.cards import JOKER, Card, parse_cards
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.melds import Meld, extend, make_meld
from rami_desktop.engine.rules import PRESETS, TALAJ
from tests.conftest import examples_by_default

R = TALAJ
TWO_JOKERS = TALAJ.with_options(jokers_per_meld=2)


def C(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split(" "))


def M(text: str) -> Meld:
    meld = make_meld(C(text))
    assert meld is not None
    return meld


@pytest.mark.parametrize("cards,expected", [
    ("9H 7H 8H", "7H 8H 9H"),
    ("7H JK 9H", "7H JK 9H"),
    ("JK 7H 8H", "JK 7H 8H"),  # the player's order holds when valid
    ("7H 8H JK", "7H 8H JK"),
    ("8H JK 7H", "7H 8H JK"),  # else the joker goes high
    ("KH JK QH", "QH KH JK"),
    ("AH KH JK", "JK KH AH"),  # no room above the ace: the joker goes low
    ("KH AH QH", "QH KH AH"),
    ("3H AH 2H", "AH 2H 3H"),
    ("7S JK 7H", "7S JK 7H"),
    ("7S 7H 7D 7C", "7S 7H 7D 7C"),
])
def test_arrange_meld(cards: str, expected: str) -> None:
    meld = arrange_meld(C(cards), R)
    assert meld is not None and " ".join(meld.codes()) == expected
    assert refusal(C(cards), R) is None and meld_fault(C(cards), R) is None


@pytest.mark.parametrize("cards,fault", [
    ("7H 8H", MeldFault.TOO_FEW),
    ("JK JK JK", MeldFault.ONLY_JOKERS),
    ("7H JK JK", MeldFault.TOO_MANY_JOKERS),
    ("QH QH QS", MeldFault.TRIA_SAME_SUIT),
    ("7S 7H 7D 7C 7S", MeldFault.TRIA_TOO_LONG),
    ("7H 7S 8D", MeldFault.TRIA_MIXED_RANKS),
    ("7H 8H 9S", MeldFault.SERIE_MIXED_SUITS),
    ("7H 7H 8H", MeldFault.SERIE_SAME_RANK),
    ("7H 9H JH", MeldFault.SERIE_GAP),
    ("KH AH 2H", MeldFault.SERIE_WRAP),
    ("QH KH JK 2H", MeldFault.SERIE_WRAP),
])
def test_meld_fault(cards: str, fault: MeldFault) -> None:
    assert arrange_meld(C(cards), R) is None
    assert meld_fault(C(cards), R) is fault
    assert refusal(C(cards), R) is ErrorCode.INVALID_MELD


def test_joker_rule_only_with_jokers() -> None:
    assert meld_fault(C("7H JK JK"), TWO_JOKERS) is None
    assert meld_fault(C("7H 9H JH"), R) is MeldFault.SERIE_GAP
    assert meld_fault(C("7H 9H JK"), R) is None
    assert meld_fault(C("7H 9H JK JH"), R) is MeldFault.SERIE_GAP


def _handfuls(rng: random.Random, n: int) -> list[tuple[Card, ...]]:
    out = []
    for _ in range(n):
        suit = rng.choice("SHDC")
        rank = rng.randint(1, 13)
        pool = [Card(r, suit) for r in range(max(1, rank - 3), min(13, rank + 3) + 1)]
        pool += [Card(rank, s) for s in "SHDC"] + [JOKER, JOKER]
        out.append(tuple(rng.sample(pool, rng.randint(3, 5))))
    return out


@pytest.mark.parametrize("preset", ["talaj", "simple"])
def test_arrange_finds_every_valid_order(preset: str) -> None:
    """If some order of the cards is a combination, arrange_meld finds one; else a fault."""
    rules = PRESETS[preset].with_options(jokers_per_meld=2) if preset == "simple" else R
    valid = 0
    for cards in _handfuls(random.Random(5), 400):
        any_order = any(make_meld(p, rules.jokers_per_meld) for p in set(permutations(cards)))
        meld = arrange_meld(cards, rules)
        assert (meld is not None) == any_order, cards
        if meld is not None:
            assert sorted(meld.cards) == sorted(cards)
            valid += 1
        else:
            assert meld_fault(cards, rules) is not None
    assert 40 < valid < 360


# --- adding to a combination ----------------------------------------------------------------


def test_addition_options() -> None:
    serie = M("4H 5H 6H")
    assert addition_options(serie, C("7H"), R) == ("high",)
    assert addition_options(serie, C("3H"), R) == ("low",)
    assert addition_options(serie, C("8H 7H"), R) == ("high",)
    assert addition_options(serie, C("3H 7H"), R) == (None,)
    assert addition_options(serie, C("JK"), R) == ("low", "high")
    assert addition_options(serie, C("9H"), R) == ()
    assert addition_order(serie, C("8H JK"), R, "high") == C("JK 8H")
    assert addition_order(serie, C("JK 2H"), R, "low") == C("2H JK")
    assert addition_options(M("6S 6D 6C"), C("6H"), R) == (None,)
    assert addition_options(M("6S 6D 6C"), C("6H JK"), R) == ()  # 5 cards


def test_addition_fault() -> None:
    serie = M("4H 5H 6H")
    assert addition_fault(serie, C("7H"), R) is None
    assert addition_fault(serie, C("7S"), R) is MeldFault.WRONG_SUIT
    assert addition_fault(serie, C("9H"), R) is MeldFault.NOT_AT_END
    assert addition_fault(M("4H JK 6H"), C("JK"), R) is MeldFault.TOO_MANY_JOKERS
    tria = M("6S 6D 6C")
    assert addition_fault(tria, C("7H"), R) is MeldFault.WRONG_RANK
    assert addition_fault(tria, C("6S"), R) is MeldFault.TRIA_SAME_SUIT
    assert addition_fault(M("6S 6D 6C 6H"), C("6H"), R) is MeldFault.TRIA_TOO_LONG


def test_addition_options_agree_with_extend() -> None:
    """For every handful and combination: an ``at`` is offered iff some order extends there."""
    rng = random.Random(9)
    offered = 0
    for _ in range(300):
        suit = rng.choice("SHDC")
        lo = rng.randint(1, 10)
        meld = make_meld([Card(1 if p == 14 else p, suit) for p in range(lo, lo + 3)])
        assert meld is not None
        pool = [Card(1 if p == 14 else p, suit) for p in range(max(1, lo - 3), min(14, lo + 6))]
        pool += [JOKER, Card(rng.randint(1, 13), rng.choice("SHDC"))]
        cards = tuple(rng.sample(pool, rng.randint(1, 3)))
        got = set(addition_options(meld, cards, R))
        for at in ("low", "high"):
            works = any(extend(meld, p, at, R.jokers_per_meld) for p in set(permutations(cards)))
            if at in got:
                order = addition_order(meld, cards, R, at)
                assert order is not None and extend(meld, order, at, 1) is not None
            else:
                assert not works or None in got, (meld.codes(), cards, at)
        offered += bool(got)
    assert offered > 30


def test_extensions() -> None:
    exts = extensions(M("4H 5H 6H"), C("3H 7H 8H JK 9C"), 1)
    assert Extension(C("3H"), C("7H 8H")) in exts
    assert Extension((), C("7H JK")) in exts
    assert Extension(C("JK"), ()) in exts
    assert all(extend(M("4H 5H 6H"), e.low + M("4H 5H 6H").cards + e.high, None, 1) is None
               or e.low or e.high for e in exts)
    tria = extensions(M("6S 6D 6C"), C("6H 6H JK"), 1)
    assert Extension((), C("6H")) in tria and Extension((), (JOKER,)) in tria
    assert all(len(e.cards) == 1 for e in tria)


def test_best_addition_prefers_the_end_nearest_the_drop() -> None:
    serie = M("4H 5H 6H")
    assert best_addition(serie, C("JK"), R, "high") == ((JOKER,), "high")
    assert best_addition(serie, C("JK"), R, "low") == ((JOKER,), "low")
    assert best_addition(serie, C("7H"), R, "low") == (C("7H"), "high")
    assert best_addition(serie, C("9H"), R) is None
    assert best_addition(M("6S 6D 6C"), C("6H"), R, "low") == (C("6H"), None)


_CARD = st.one_of(
    st.builds(Card, st.integers(1, 13), st.sampled_from("SHDC")), st.just(JOKER))


@examples_by_default(120, st.lists(_CARD, min_size=1, max_size=5), st.integers(1, 2))
def test_arrange_is_complete_and_faults_are_exclusive(cards: list[Card], jokers: int) -> None:
    """Property: a handful makes a combination in some order iff arrange_meld finds one, and
    exactly then there is no fault."""
    rules = TALAJ.with_options(jokers_per_meld=jokers)
    any_order = any(make_meld(p, jokers) for p in set(permutations(cards)))
    meld = arrange_meld(cards, rules)
    assert (meld is not None) == any_order
    assert (meld_fault(cards, rules) is None) == any_order
    if meld is not None:
        assert sorted(meld.cards) == sorted(cards)
