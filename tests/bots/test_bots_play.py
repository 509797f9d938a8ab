"""Each level takes an opening when it is clearly right, goes out when it can, redeals well."""

from __future__ import annotations

import random

import pytest

from rami_desktop.bots import LEVELS, make_bot
from rami_desktop.engine.actions import Discard, Draw, Lay
from rami_desktop.engine.cards import Card
from rami_desktop.engine.rules import PRESETS
from rami_desktop.engine.state import RoundState

from .helpers import make_round, play_turn

BIG = "KS KH KD KC 9H 10H JH QH"  # 40 + 39 points: a tria and a série, franche
JUNK14 = "2C 4D 6S 8C 3H 5D"


@pytest.mark.parametrize("level", LEVELS)
def test_talaj_opens_a_big_opening(level: str) -> None:
    state = make_round(PRESETS["talaj"], [f"{BIG} {JUNK14}", "2S 3S 4S 7D 8D 9D 2H 4H 6H 7C "
                                           "9C 10C JC QC"], dealer=0)
    actions = play_turn(state, level)
    assert isinstance(actions[0], Draw)
    assert any(isinstance(a, Lay) for a in actions)
    assert isinstance(actions[-1], Discard)
    assert state.down[0]
    assert len(state.hands[0]) <= 7


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset", ["rami-talaj", "tallage"])
def test_no_draw_starters_open_at_once(level: str, preset: str) -> None:
    rules = PRESETS[preset]
    starter_hand = f"{BIG} {JUNK14} 7S"  # 15 cards
    other = "2S 3S 4S 7D 8D 9D 2H 4H 6H 7C 9C 10C JC QC"
    if preset == "rami-talaj":  # the player after the dealer starts
        state = make_round(rules, [starter_hand, other], dealer=1)
    else:
        state = make_round(rules, [starter_hand, other], dealer=0, talaj="5C")
    assert state.current == 0
    actions = play_turn(state, level)
    assert not any(isinstance(a, Draw) for a in actions)
    assert state.down[0]


@pytest.mark.parametrize("level", LEVELS)
def test_simple_goes_out_with_the_whole_hand(level: str) -> None:
    hand = "KS KH KD 9H 10H JH QH 2C 3C 4C 5D 5S 5H 7S"  # 14 cards: 4 combinations + 1
    state = make_round(PRESETS["simple"], [hand, "2S 3S 4S 7D 8D 9D 2H 4H 6H 7C 9C 10C JC"],
                       dealer=0, talaj="8S")
    play_turn(state, level)
    assert state.over and state.winner == 0


@pytest.mark.parametrize("level", LEVELS)
def test_simple_never_lays_without_going_out(level: str) -> None:
    hand = "KS KH KD 9H 10H JH QH 2C 4C 6D 8S 10D QC 3H"
    state = make_round(PRESETS["simple"], [hand, "2S 3S 4S 7D 8D 9D 2H 4H 6H 7C 9C 10C JC"],
                       dealer=0, talaj="8H")
    actions = play_turn(state, level)
    assert [type(a) for a in actions] == [Discard]
    assert not state.down[0]


@pytest.mark.parametrize("level", LEVELS)
def test_down_bot_lays_what_it_can_and_keeps_a_card(level: str) -> None:
    # the bot opens with KS KH KD KC and 9H 10H JH QH, then draws 8H: it extends its série
    state = make_round(PRESETS["talaj"], [f"{BIG} {JUNK14}", "2S 3S 4S 7D 8D 9D 2H 4H 6H 7C "
                                           "9C 10C JC QC"], dealer=0, stock_top="5S 2D 8H")
    play_turn(state, level)  # opens
    assert state.down[0]
    play_turn(state, "easy")  # the other player
    before = len(state.hands[0])
    actions = play_turn(state, level)
    assert actions[0] == Draw(0, "stock") and isinstance(actions[-1], Discard)
    on_table = [code for m in state.melds if m.meld is not None for code in m.meld.codes()]
    assert "8H" in on_table and "8H" not in [c.code for c in state.hands[0]]
    # it laid at least the 8H and kept a card to discard: never its whole hand on the table
    assert len(state.hands[0]) <= before - 1
    assert state.over or state.hands[0]


def _top_card_round(seed: int = 1) -> tuple[RoundState, Card]:
    # with KC from the talaj: QS QD QH (own tria) + 9H 10H JH (own série) + KS KH KC = 89
    rules = PRESETS["talaj"]
    hand = "KS KH 9H 10H JH QH 2C 4D 6S 8C 3H 5D QS QD"
    state = make_round(rules, ["2S 3S 4S 7D 8D 9D 2H 4H 6H 7C 9C 10C JC QC", hand],
                       dealer=0, stock_top="5S", seed=seed)
    play_turn(state, "easy")  # the dealer draws 5S and discards
    # put KC on top of the talaj, as if the dealer had discarded it
    kc = next(c for c in state.stock if c.code == "KC")
    state.stock.remove(kc)
    state.talaj.append(kc)
    return state, kc


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_takes_the_top_card_when_it_opens(level: str) -> None:
    state, kc = _top_card_round()
    actions = play_turn(state, level)
    assert actions[0] == Draw(1, "top")
    assert state.down[1]
    assert kc not in state.hands[1]


def test_easy_sees_the_top_card_opening_only_sometimes() -> None:
    took = 0
    for seed in range(8):
        state, kc = _top_card_round()
        actions = play_turn(state, "easy", seed=seed)
        if actions[0] == Draw(1, "top"):
            took += 1
            assert state.down[1] and kc not in state.hands[1]
        else:
            assert actions[0] == Draw(1, "stock")
    assert 0 < took < 8


@pytest.mark.parametrize("level", LEVELS)
def test_redeal_choice_is_a_bool_and_refused_hands_are_not_asked(level: str) -> None:
    rules = PRESETS["rami-talaj"]
    bad = "JK 2S 2S 7D 7D 9C 9C 4H KD 6C 8S 10D QH 3C AS"  # 1 joker + 3 pairs, scattered
    state = make_round(rules, [bad, "2C 3C 4C 7H 8H 9H 2H 4S 6H 7C 9D 10C JC QC"], dealer=1)
    answer = make_bot(level).wants_redeal(state.observation(0), random.Random(0))
    assert isinstance(answer, bool)
    plain = make_round(rules, ["2C 3C 4C 7H 8H 9H 2H 4S 6H 7C 9D 10C JC QC AS",
                               "2S 3S 4S 7D 8D 9D 2D 4D 6D 7S 9S 10S JS QS"], dealer=1)
    assert make_bot(level).wants_redeal(plain.observation(0), random.Random(0)) is False


def test_hard_keeps_the_cards_that_can_still_go_out() -> None:
    """Simple: two séries and no tria. The hard bot keeps its pair of threes (two more threes
    would make the tria and let it go out on the next draw); a plainer choice throws one."""
    from collections import Counter

    from rami_desktop.bots.evaluate import unseen_pool
    from rami_desktop.engine.solver import OpeningRequest, opening_outs

    hand = "JK 8C 9C 9C 10C AD JD QD KD 3H 4H 8H 10H 3S"
    st = make_round(PRESETS["simple"], [hand, "2C 2D 2H 5S 6S 7S 5D 6D 7D 5H 6H QC QS"], 0)
    actions = play_turn(st, "hard")
    assert len(actions) == 1 and isinstance(actions[0], Discard)
    thrown = actions[0].card
    assert thrown.rank != 3
    obs = st.observation(0)
    pool = Counter(unseen_pool(obs, obs.hand))
    outs = opening_outs(list(obs.hand), OpeningRequest(going_out=True, keep=1), pool)
    assert {c.code for c in outs} >= {"3D", "3C"}


def test_hard_once_down_keeps_the_cards_one_card_from_going_out() -> None:
    """Talaj: after its opening the hard bot holds 3D 4D 6D 9C JC. Keeping 3D 4D 6D, a 5D
    next turn lays them and it goes out; throwing 6D would leave two loose cards."""
    hand = "KS KH KD 8H 9H 10H JH QH 7H KC 3D JC 9C 4D"
    st = make_round(PRESETS["talaj"], [hand, "2C 2D 2H 5S 6S 7S 5C 6C 7C 5H 6H QC QS AS"],
                    0, stock_top="6D")
    actions = play_turn(st, "hard")
    assert any(isinstance(a, Lay) for a in actions)
    assert isinstance(actions[-1], Discard) and actions[-1].card.code in {"9C", "JC"}
    assert {"3D", "4D", "6D"} <= {c.code for c in st.hands[0]}
