"""The fair expert's ideas, each on a position where it must change the answer: outs over two
draws, and the inference over the next player's hand."""

from __future__ import annotations

import random
from collections import Counter

from rami_desktop.bots.infer import deal_weighted, likelihoods
from rami_desktop.bots.twodraw import two_draw_chances
from rami_desktop.engine.actions import Discard, Draw
from rami_desktop.engine.cards import ALL_FACES, COPIES
from rami_desktop.engine.rules import PRESETS
from rami_desktop.engine.solver import OpeningRequest, discard_outs_any
from rami_desktop.engine.state import RoundState

from .helpers import H, make_round

#: any one combination of real cards opens (no tria and série needed)
ONE_MELD = OpeningRequest(min_points=1, need_tria_and_serie=False, max_jokers=1)


def _pool_without(cards: list) -> Counter:
    pool = Counter({c: COPIES for c in ALL_FACES})
    pool.subtract(cards)
    return +pool


def test_two_draws_tell_apart_discards_that_one_draw_ties() -> None:
    hand = H("KS 5D 8C 2H")
    pool = _pool_without(hand)
    one = discard_outs_any(hand, H("KS 5D"), [ONE_MELD], dict(pool))
    assert one[H("KS")[0]] == one[H("5D")[0]] == set()  # no pair: nothing on the next draw
    chances = two_draw_chances(hand, H("KS 5D"), [ONE_MELD], pool, firsts=60)
    # a five alone makes more séries with two cards than a king: keep the five
    assert chances[H("KS")[0]] > chances[H("5D")[0]] > 0


def test_a_one_draw_out_counts_whichever_card_comes_first() -> None:
    hand = H("7H 7S KD 2C")
    pool = _pool_without(hand)
    chances = two_draw_chances(hand, H("KD 7S"), [ONE_MELD], pool, firsts=60)
    total = sum(pool.values())
    outs = pool[H("7D")[0]] + pool[H("7C")[0]]
    at_least = 1 - (total - outs) * (total - outs - 1) / (total * (total - 1))
    assert chances[H("KD")[0]] >= at_least - 1e-9
    assert chances[H("KD")[0]] > chances[H("7S")[0]]  # the pair kept beats the pair broken


def _passed_8h() -> RoundState:
    """Talaj: player 0 throws the 8H, player 1 leaves it on the talaj, throws the KD."""
    state = make_round(PRESETS["talaj"], ["2C 4D 6H 8C 10D QH KS 3S 5C 9D JS AH 8H",
                                           "QS QD QC 9H 10H JH 7C 7D 2S 4C 6D 8S KD"], dealer=0,
                       stock_top="3C 5H")
    state.apply(Draw(0, "stock"))
    state.apply(Discard(0, H("8H")[0]))
    state.apply(Draw(1, "stock"))
    state.apply(Discard(1, H("KD")[0]))
    state.apply(Draw(0, "stock"))
    return state


def test_cards_that_would_have_laid_a_passed_card_are_less_likely() -> None:
    obs = _passed_8h().observation(0)
    w = likelihoods(obs, H("9H 7H 8S 4S"))
    assert w[H("9H")[0]] < w[H("4S")[0]] and w[H("7H")[0]] < w[H("4S")[0]]
    assert w[H("8S")[0]] < w[H("4S")[0]]  # the rank of the passed card, another suit
    assert w[H("4S")[0]] == 1.0  # no evidence


def test_the_next_hand_dealt_by_the_inference_holds_fewer_such_cards() -> None:
    obs = _passed_8h().observation(0)
    near = set(H("6H 7H 9H 10H 8S 8D 8C"))
    plain = weighted = 0
    for k in range(200):
        world = RoundState.from_observation(obs, random.Random(k))
        plain += sum(1 for c in world.hands[1] if c in near)
        dealt = deal_weighted(obs, world, random.Random(k))
        weighted += sum(1 for c in dealt.hands[1] if c in near)
        assert len(dealt.hands[1]) == len(world.hands[1])
        assert len(dealt.stock) == len(world.stock)
        assert Counter(dealt.hands[1]) + Counter(dealt.stock) == (
            Counter(world.hands[1]) + Counter(world.stock))
    assert weighted < 0.8 * plain


def test_the_weighted_deal_is_determined_by_its_seed() -> None:
    obs = _passed_8h().observation(0)
    world = RoundState.from_observation(obs, random.Random(5))
    a = deal_weighted(obs, world, random.Random(9))
    b = deal_weighted(obs, world, random.Random(9))
    assert a.hands == b.hands and a.stock == b.stock


def test_the_same_observation_and_seed_give_the_same_action() -> None:
    from rami_desktop.bots import ExpertBot

    obs = _passed_8h().observation(0)
    actions = [ExpertBot().act(obs, random.Random(7)) for _ in range(2)]
    assert actions[0] == actions[1]
