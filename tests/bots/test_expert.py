"""The expert weighs what each discard would give the next player."""

from __future__ import annotations

import random

from rami_desktop.bots.expert import feed_risks, fit_scores, likely_hand
from rami_desktop.bots.sandbox import sandbox
from rami_desktop.engine.actions import Discard, Draw
from rami_desktop.engine.cards import Card, parse_cards
from rami_desktop.engine.rules import PRESETS
from rami_desktop.engine.state import RoundState

from .helpers import H, make_round, play_turn

MINE = "9D KC 2S 4S 6H 8H 10C QD 3D 5C 7S JH AS 2D"
THEIRS = "9H 9S 7D 8D 10D 4H 5H 6C 3C JC QS 2H KH"


def card(code: str) -> Card:
    return parse_cards([code])[0]


def _round() -> RoundState:
    """Talaj, player 0 to play; player 1 was seen taking 9H and 9S into its hand."""
    state = make_round(PRESETS["talaj"], [MINE, THEIRS], dealer=0, stock_top="4D")
    state.turn = 6
    state.taken = [(1, card("9H")), (1, card("9S"))]
    state.held = list(state.taken)
    state.discards = [(0, card("QC")), (1, card("AD")), (0, card("KS")), (1, card("3H"))]
    return state


def test_a_card_making_a_tria_with_cards_seen_taken_is_risky() -> None:
    state = _round()
    state.apply(Draw(0, "stock"))
    obs = state.observation(0)
    risks = feed_risks(obs, sandbox(obs), [card("9D"), card("2S")], random.Random(1), 32)
    assert risks[card("9D")].fits == 1.0  # the 9H and 9S are always dealt to player 1
    assert risks[card("2S")].fits < risks[card("9D")].fits
    again = feed_risks(obs, sandbox(obs), [card("9D"), card("2S")], random.Random(1), 32)
    assert again == risks


def test_the_expert_does_not_throw_it() -> None:
    state = _round()
    actions = play_turn(state, "expert")
    assert isinstance(actions[-1], Discard)
    assert actions[-1].card != card("9D")


def test_the_next_hand_keeps_what_fits_and_what_was_seen_taken() -> None:
    state = _round()
    obs = state.observation(0)
    for seed in range(5):
        hand, _ = likely_hand(obs, 1, random.Random(seed))
        assert len(hand) == len(state.hands[1])
        assert card("9H") in hand and card("9S") in hand
    scores = fit_scores(H("7H 8H 9H KS 2C JK"))
    assert scores[5] > scores[1] > scores[3]  # the joker, a card of a run, a loose king
    thrown = fit_scores(H("7H 8H 9H"), thrown=H("10H"))
    assert thrown[2] < fit_scores(H("7H 8H 9H"))[2]
