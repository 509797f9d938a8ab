"""Cards seen taken into a hand and still held: the engine's public record, and the
determinised copy of a round (``RoundState.from_observation``) places every one of them."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from random_rounds import random_round

from rami_desktop.engine.actions import Discard, Draw, Lay
from rami_desktop.engine.cards import Card, parse_cards
from rami_desktop.engine.deal import complete_stock
from rami_desktop.engine.rules import PRESETS
from rami_desktop.engine.state import RoundState
from tests.conftest import some_by_default


def _check(state: RoundState, tally: Counter[str], rng: random.Random) -> None:
    for p in range(state.n):
        obs = state.observation(p)
        copy = RoundState.from_observation(obs, random.Random(rng.randrange(1000)))
        for q in range(state.n):
            if q == p or (q == state.current and state.turn_view().ops):
                continue  # a turn's layings leave the record at its discard
            record = Counter(c for who, c in state.held if who == q)
            real = Counter(state.hands[q])
            dealt = Counter(copy.hands[q])
            for card, k in record.items():
                assert real[card] >= k, "the record holds only cards really in the hand"
                tally["seen"] += k
                tally["placed"] += min(k, dealt[card])


@pytest.mark.parametrize("half", some_by_default([0, 1], 1))
def test_every_card_seen_taken_and_still_held_is_dealt_to_its_taker(half: int) -> None:
    """Half the rounds by default (2 and 4 players), the other half too with ``-m slow``."""
    tally: Counter[str] = Counter()
    for preset in ("talaj", "rami-talaj", "simple"):
        for seed in range(half, 4, 2):
            rng = random.Random(seed)

            def visit(state: RoundState, rng: random.Random = rng) -> None:
                if rng.random() < 0.3:
                    _check(state, tally, rng)

            random_round(PRESETS[preset], 2 + seed % 3, seed, visit, cap=80)
    assert tally["seen"] >= 50
    assert tally["placed"] == tally["seen"]


def _cards(text: str) -> list[Card]:
    return list(parse_cards(text.split()))


def test_a_card_laid_or_discarded_by_its_taker_leaves_the_record() -> None:
    rules = PRESETS["simple"].with_options(no_pickup_first_round=False,
                                           starter="dealer_draws")
    hands = [_cards("KS KH KD 9H 10H JH 2C 4C 6D 8S 10D QC 3H"),
             _cards("2S 3S 4S 7D 8D 9D 2H 4H 6H 7C 9C 10C JC")]
    five, = _cards("5S")
    stock = complete_stock(_cards("QH 5C"), [*hands[0], *hands[1], five], random.Random(1))
    state = RoundState(rules, hands, [five], stock, 0, 1)
    state.apply(Draw(0, "top"))
    assert state.held == [(0, five)]
    state.apply(Discard(0, _cards("2C")[0]))
    assert state.observation(1).held == ((0, five),)
    copy = RoundState.from_observation(state.observation(1), random.Random(3))
    assert five in copy.hands[0]
    state.apply(Draw(1, "stock"))
    state.apply(Discard(1, _cards("2H")[0]))
    state.apply(Draw(0, "stock"))
    state.apply(Discard(0, five))
    assert state.held == []
    assert not any(isinstance(a, Lay) for a in state.log)
