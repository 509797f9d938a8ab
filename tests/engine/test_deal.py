"""Dealing (RULES.md §1, §4, §5): sizes, checking a given deal, completing a stock, and who
may ask for a redeal."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rami_desktop.engine.actions import Discard, Draw, Lay, Redeal
from rami_desktop.engine.cards import JOKER, Card, full_deck, parse_cards
from rami_desktop.engine.deal import (
    check_deal,
    complete_stock,
    deal,
    expected_hand_sizes,
    qualifies_for_redeal,
)
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.rules import PRESET_NAMES, PRESETS
from rami_desktop.engine.state import RoundState

TALAJ = PRESETS["talaj"]
RAMI_TALAJ = PRESETS["rami-talaj"]


def cards(text: str) -> list[Card]:
    return list(parse_cards(text.split()))


@pytest.mark.parametrize(("name", "n", "dealer", "sizes"), [
    ("talaj", 3, 1, [14, 14, 14]),
    ("rami-talaj", 3, 1, [14, 14, 15]),
    ("tallage", 2, 1, [14, 15]),
    ("simple", 4, 0, [14, 13, 13, 13]),
])
def test_deal_sizes(name: str, n: int, dealer: int, sizes: list[int]) -> None:
    rules = PRESETS[name]
    assert expected_hand_sizes(rules, n, dealer) == sizes
    hands, talaj, stock = deal(rules, n, dealer, random.Random(1))
    assert [len(h) for h in hands] == sizes
    assert len(talaj) == (1 if rules.initial_discard else 0)
    assert sum(sizes) + len(talaj) + len(stock) == 108


@pytest.mark.parametrize(("hands", "talaj", "stock", "fault"), [
    ([["AS"] * 14], [], [], "1 players: this preset takes 2 to 5"),
    ([["AS"] * 14, ["2S"] * 13], [], [], "seat 1 has 13 cards, expected 14"),
    ([["AS"] * 14, ["2S"] * 14], [], [], "14 copies of AS"),
])
def test_check_deal_names_the_fault(hands: list[list[str]], talaj: list[Card], stock: list[Card],
                                    fault: str) -> None:
    with pytest.raises(ValueError, match=fault):
        check_deal(TALAJ, [cards(" ".join(h)) for h in hands], talaj, stock, 0)


def test_check_deal_jokers_and_dealer() -> None:
    deck = full_deck()
    hands = [deck[:14], deck[14:28]]
    with pytest.raises(ValueError, match="dealer 2 is not a seat"):
        check_deal(TALAJ, hands, [], [], 2)
    with pytest.raises(ValueError, match="5 copies of JK"):
        check_deal(TALAJ, hands, [], [JOKER] * 5, 0)


def test_redeal_qualification() -> None:
    assert qualifies_for_redeal(cards("JK JK JK 2S"))
    assert qualifies_for_redeal(cards("JK JK 5H 5H 9C 9C"))
    assert not qualifies_for_redeal(cards("JK JK 5H 5H 9C"))
    assert qualifies_for_redeal(cards("JK 5H 5H 9C 9C 2S 2S"))
    assert not qualifies_for_redeal(cards("JK 5H 5H 9C 9C 2S"))
    assert not qualifies_for_redeal(cards("5H 5H 9C 9C 2S 2S 3S 3S"))


def test_complete_stock_puts_the_named_cards_on_top_and_fills_the_deck() -> None:
    used = cards("AS 2S 3S JK")
    named = cards("KD KD")
    stock = complete_stock(named, used, random.Random(3))
    assert stock[:2] == named
    assert Counter(stock) + Counter(used) == Counter(full_deck())
    assert stock == complete_stock(named, used, random.Random(3))


def round_with_hand(hand: str, n: int = 3) -> RoundState:
    """A rami-talaj round where seat 0 holds ``hand`` (filler cards elsewhere)."""
    mine = cards(hand)
    deck = full_deck()
    for c in mine:
        deck.remove(c)
    single = sorted({c for c in deck if not c.is_joker and c not in mine})  # no pairs
    hands = [mine] + [single[14 * k:14 * k + 14] for k in range(n - 1)]
    hands[2 % n].append(single[-1])  # the starter (after dealer 1) holds one card more
    return RoundState(RAMI_TALAJ, hands, [], single[14 * (n - 1):-1], 1)


def test_can_redeal_is_the_full_eligibility() -> None:
    state = round_with_hand("JK JK JK 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    assert state.can_redeal(0) and state.redeal_candidates() == (0,)
    assert not state.can_redeal(1) and not state.can_redeal(9)
    no_rules = round_with_hand("JK JK JK 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    no_rules.rules = RAMI_TALAJ.with_options(redeal=False)
    assert not no_rules.can_redeal(0) and no_rules.redeal_candidates() == ()
    p = state.current
    state.apply(Discard(p, state.hands[p][0]))  # someone played: too late
    assert not state.can_redeal(0) and state.redeal_candidates() == ()
    assert state.check(Redeal(0)) is ErrorCode.REDEAL_NOT_ALLOWED


def test_a_staged_laying_closes_the_redeal() -> None:
    state = round_with_hand("JK JK JK 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS")
    p = state.current
    hand = state.hands[p]
    state.hands[p] = cards("2H 3H 4H") + hand[3:]
    state.apply(Lay(p, tuple(cards("2H 3H 4H"))))
    assert not state.can_redeal(0)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_redeal_is_accepted_exactly_when_can_redeal_says_so(preset: str) -> None:
    rules = PRESETS[preset]
    offered = 0
    for seed in range(60):
        state = RoundState.new(rules, 3, seed % 3, seed)
        candidates = state.redeal_candidates()
        for p in range(-1, 4):
            allowed = state.check(Redeal(p)) is None
            assert allowed == state.can_redeal(p) == (p in candidates)
        offered += bool(candidates)
        if candidates:
            state.apply(Redeal(candidates[0]))
            assert state.redeal_candidates() == ()
        if not state.has_drawn:
            state.apply(Draw(state.current))
        assert state.redeal_candidates() == ()
    assert (offered > 0) == rules.redeal
