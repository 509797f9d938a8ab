"""Going out this turn (``engine.going_out``): through table additions once the bar rose,
several cards at once with a joker, the talaj top card, and only ever what the rules accept."""

from __future__ import annotations

import random

import pytest

from rami_desktop.commands.sim import Tally, new_round
from rami_desktop.engine.actions import Add, Discard, Draw, Lay
from rami_desktop.engine.cards import Card, parse_cards
from rami_desktop.engine.deal import complete_stock
from rami_desktop.engine.going_out import can_go_out, going_out_actions, going_out_draw
from rami_desktop.engine.melds import make_meld
from rami_desktop.engine.rules import PRESETS, Rules
from rami_desktop.engine.state import RoundState
from rami_desktop.engine.turn import TableMeld
from tests.conftest import some_by_default

OTHER = "KD QD 10D 9D 4S 4H 7S 7H 9H 10H JH 3S 3H 10S"
#: two trias and two séries (84 points) and a 6C that only the table's 3C 4C 5C takes
RISEN = "2C 2H 2S 7D 8D 9D 8C 8H 8S JH QH KH 6C"


def cards(text: str) -> list[Card]:
    return list(parse_cards(text.split()))


def position(rules: Rules, hand: str, table: list[str], *, talaj: str = "", bar: int = 0,
             down: bool = False, stock_top: str = "") -> RoundState:
    """Player 0 to play (not drawn yet), player 1 down with ``table`` laid."""
    hands = [cards(hand), cards(OTHER)]
    melds = [cards(t) for t in table]
    pile = cards(talaj) if talaj else []
    used = [*hands[0], *hands[1], *pile, *(c for m in melds for c in m)]
    stock = complete_stock(cards(stock_top) if stock_top else [], used, random.Random(4))
    state = RoundState(rules.with_options(starter="dealer_draws", first_card="none"), hands,
                       pile, stock, 0, 4)
    state.melds = [TableMeld(1, 0, make_meld(m, 1)) for m in melds]
    state.down[1] = True
    state.down[0] = down
    state.bar = bar or rules.threshold
    state.turn = 4
    return state


def play(state: RoundState, actions: list) -> None:
    for action in actions:
        state.apply(action)


def test_goes_out_through_the_table_after_the_bar_rose() -> None:
    # rami-talaj, the bar risen to 90: these four combinations make 84 points, but going out
    # needs none; the 6C goes on 3C 4C 5C, the 5S drawn is thrown
    state = position(PRESETS["rami-talaj"], RISEN, ["3C 4C 5C"], bar=90, stock_top="5S")
    state.apply(Draw(0, "stock"))
    actions = going_out_actions(state)
    assert actions is not None
    assert any(isinstance(a, Add) for a in actions)
    play(state, actions)
    assert state.over and state.winner == 0


def test_a_joker_and_the_talaj_card_go_on_a_serie_together() -> None:
    # talaj, down, holding JK 9S; the top card 2H with the joker extends 4H 5H 6H: out
    state = position(PRESETS["talaj"], "JK 9S", ["4H 5H 6H", "KS KH KD"], talaj="2H",
                     down=True)
    draw = going_out_draw(state)
    assert draw == Draw(0, "top")
    assert can_go_out(state)
    state.apply(draw)
    actions = going_out_actions(state)
    assert actions is not None
    assert Add(0, 0, tuple(cards("2H JK")), "low") in actions
    play(state, actions)
    assert state.over and state.winner == 0


def test_nothing_when_the_hand_cannot_go_out() -> None:
    # KC fits nowhere; with 2C drawn, the joker alone may go on the série, leaving two cards
    state = position(PRESETS["talaj"], "JK 9S", ["4H 5H 6H"], talaj="KC", down=True,
                     stock_top="2C")
    assert going_out_draw(state) is None
    assert not can_go_out(state)
    state.apply(Draw(0, "stock"))
    assert going_out_actions(state) is None


def test_hard_takes_the_top_card_and_goes_out() -> None:
    from bots.helpers import play_turn

    state = position(PRESETS["talaj"], "JK 9S", ["4H 5H 6H", "KS KH KD"], talaj="2H",
                     down=True)
    actions = play_turn(state, "hard")
    assert actions[0] == Draw(0, "top")
    assert state.over and state.winner == 0


def test_hard_goes_out_through_the_table_after_the_bar_rose() -> None:
    from bots.helpers import play_turn

    state = position(PRESETS["rami-talaj"], RISEN, ["3C 4C 5C"], bar=90, stock_top="5S")
    play_turn(state, "hard")
    assert state.over and state.winner == 0


@pytest.mark.parametrize("preset", some_by_default(["talaj", "tallage", "rami-talaj", "simple"], 2))
def test_every_answer_is_legal_and_ends_the_round(preset: str) -> None:
    """In rounds of bots, at each turn: whenever the search answers (through a talaj card, or
    after a stock draw), its actions are accepted in order and the player goes out."""
    found = 0
    for seed in range(2):
        session = new_round(preset, ("hard", "medium"), 40 + seed, seed, Tally())
        state = session.round
        while not state.over and state.turn < 200:
            for source in ("talaj", "stock"):
                probe = state.clone()
                if source == "talaj":
                    draw = going_out_draw(probe)
                    if draw is None:
                        continue
                elif probe.check(Draw(probe.current, "stock")) is None:
                    draw = Draw(probe.current, "stock")
                else:
                    continue
                probe.apply(draw)
                actions = going_out_actions(probe)
                if actions is None:
                    continue
                p = probe.current
                play(probe, actions)
                assert isinstance(actions[-1], Discard)
                assert probe.over and probe.winner == p
                found += 1
            turn = state.turn
            while not state.over and state.turn == turn:
                session.step_bot()
    assert found >= 1


def test_a_new_combination_and_an_addition_together() -> None:
    state = position(PRESETS["talaj"], "7D 7S 7C 10H", ["4H 5H 6H 7H 8H 9H"], down=True,
                     stock_top="QS")
    state.apply(Draw(0, "stock"))
    actions = going_out_actions(state)
    assert actions is not None
    assert [type(a) for a in actions] == [Add, Lay, Discard]
    play(state, actions)
    assert state.winner == 0
