"""Penalty breakdowns (RULES.md §5): hand-picked cases, and random finished rounds in every
preset where the breakdown's total is the penalty the round charged."""

from __future__ import annotations

import pytest
from random_rounds import random_round

from rami_desktop.engine.actions import Discard, Lay
from rami_desktop.engine.cards import Card, full_deck, parse_cards
from rami_desktop.engine.rules import PRESETS, Penalty
from rami_desktop.engine.scoring import CardValue, PenaltyReason
from rami_desktop.engine.state import RoundState
from tests.conftest import some_by_default

R = PenaltyReason


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def going_out_round(preset: str, winner_hand: str, other_hand: str, *, last: str,
                     other_down: bool = False) -> RoundState:
    """Seat 0 starts without drawing, lays everything but ``last`` and discards it."""
    rules = PRESETS[preset]
    deck = full_deck()
    mine, theirs = list(cards(winner_hand.replace("|", " "))), list(cards(other_hand))
    for c in mine + theirs:
        deck.remove(c)
    dealer = 1 if preset == "rami-talaj" else 0
    state = RoundState(rules, [mine, theirs], [], deck, dealer)
    assert state.current == 0 and state.has_drawn
    state.down[1] = other_down
    for text in winner_hand.replace(last, "").split("|"):
        if text.strip():
            state.apply(Lay(0, cards(text)))
    state.apply(Discard(0, cards(last)[0]))
    assert state.over and state.winner == 0
    return state


def test_never_down_pays_the_flat_sum_never_doubled() -> None:
    state = going_out_round("rami-talaj", "2S 2H 2D | 3C 4C 5C | JK", "KS 4D JK", last="JK")
    b = state.penalty_breakdown(1)
    assert b.reason is R.NEVER_DOWN and b.total == 100 and not b.doubled and b.cards == ()
    assert state.penalty_breakdown(0).reason is R.WINNER and state.penalty_of(0) == 0


def test_a_joker_out_doubles_the_card_count() -> None:
    state = going_out_round("rami-talaj", "2S 2H 2D | 3C 4C 5C | JK", "KS 4D JK", last="JK",
                            other_down=True)
    b = state.penalty_breakdown(1)
    assert b.reason is R.CARD_COUNT and b.doubled
    assert b.cards == (CardValue(cards("KS")[0], 10), CardValue(cards("4D")[0], 10),
                       CardValue(cards("JK")[0], 20))
    assert b.subtotal == 40 and b.total == 80 == state.penalties[1]  # type: ignore[index]


def test_a_plain_card_out_does_not_double() -> None:
    state = going_out_round("rami-talaj", "2S 2H 2D | 3C 4C 5C | 9H", "KS 4D JK", last="9H",
                            other_down=True)
    b = state.penalty_breakdown(1)
    assert not b.doubled and b.total == b.subtotal == 40


def test_rami_sec_charges_everyone_else_the_flat_sum() -> None:
    state = going_out_round("tallage", "2S 2H 2D | 3C 4C 5C | 9H", "KS 4D JK", last="9H")
    assert state.rami_sec
    b = state.penalty_breakdown(1)
    assert b.reason is R.RAMI_SEC and b.total == 200 and b.cards == ()


def test_hand_value_counts_each_card() -> None:
    state = going_out_round("simple", "2S 2H 2D | 3C 4C 5C | 9H", "AS KD 7C JK", last="9H")
    b = state.penalty_breakdown(1)
    assert b.reason is R.HAND_VALUE and not state.rami_sec
    assert [v.value for v in b.cards] == [10, 10, 7, 20]
    assert b.subtotal == b.total == 47 == state.penalty_of(1)


def test_no_winner_and_partner_of_the_winner_pay_nothing() -> None:
    state = RoundState.new(PRESETS["talaj"], 2, 0, 1)
    assert state.penalty_breakdown(1).reason is R.NO_WINNER
    rules = PRESETS["rami-talaj"].with_options(teams=True)
    deck = full_deck()
    mine = list(cards("2S 2H 2D 3C 4C 5C 9H"))
    for c in mine:
        deck.remove(c)
    hands = [mine] + [deck[14 * k:14 * k + 14] for k in range(3)]
    state = RoundState(rules, hands, [], deck[42:], 3, partners=(2, 3, 0, 1))
    state.apply(Lay(0, cards("2S 2H 2D")))
    state.apply(Lay(0, cards("3C 4C 5C")))
    state.apply(Discard(0, cards("9H")[0]))
    assert state.penalty_breakdown(2).reason is R.PARTNER_OF_WINNER
    assert state.penalties == (0, 100, 0, 100)


@pytest.mark.parametrize("preset", some_by_default(["talaj", "simple", "rami-talaj", "tallage"], 2))
def test_breakdowns_are_the_penalties_of_random_rounds(preset: str) -> None:
    rules = PRESETS[preset]
    reasons: set[PenaltyReason] = set()
    for seed in range(5):
        state = random_round(rules, 2 + seed % 3, seed, lambda s: None, teams=seed % 3 == 2)
        if not state.over:
            continue
        assert state.penalties is not None
        for q in range(state.n):
            b = state.penalty_breakdown(q)
            reasons.add(b.reason)
            assert b.player == q
            assert b.total == state.penalty_of(q) == state.penalties[q]
            if b.cards:
                assert b.subtotal == sum(v.value for v in b.cards)
                assert [v.card for v in b.cards] == state.hands[q]
            assert b.total == (2 * b.subtotal if b.doubled else b.subtotal)
            if b.reason is R.HAND_VALUE:
                assert rules.penalty is Penalty.HAND_VALUE
            if b.reason is R.CARD_COUNT:
                assert state.down[q] and rules.penalty is Penalty.PER_CARD
            if b.reason is R.NEVER_DOWN:
                assert not state.down[q] and b.total == rules.never_down_penalty
            if state.winner is None:
                assert b.reason is R.NO_WINNER and b.total == 0
    assert reasons & {R.HAND_VALUE, R.CARD_COUNT, R.NEVER_DOWN}
