"""Shared helpers for the bot tests: build rounds with chosen hands, play a bot's turn."""

from __future__ import annotations

import random

from rami_desktop.bots import make_bot
from rami_desktop.engine.actions import Action, Draw
from rami_desktop.engine.cards import Card, parse_cards
from rami_desktop.engine.deal import complete_stock
from rami_desktop.engine.melds import make_meld
from rami_desktop.engine.rules import PRESETS, Rules
from rami_desktop.engine.state import RoundState
from rami_desktop.engine.turn import TableMeld


def H(text: str) -> list[Card]:
    return list(parse_cards(text.split()))


def make_round(rules: Rules, hands: list[str], dealer: int, talaj: str = "",
               stock_top: str = "", seed: int = 1) -> RoundState:
    """A round with the given hands (the stock: named cards first, then the rest shuffled)."""
    hs = [H(h) for h in hands]
    tj = H(talaj) if talaj else []
    named = H(stock_top) if stock_top else []
    used = [c for h in hs for c in h] + tj
    stock = complete_stock(named, used, random.Random(seed))
    return RoundState(rules, hs, tj, stock, dealer, seed)


def play_turn(state: RoundState, level: str, seed: int = 0, limit: int = 60) -> list[Action]:
    """Let a bot of ``level`` play the current player's whole turn; return its actions."""
    bot = make_bot(level)
    rng = random.Random(seed)
    p = state.current
    turn = state.turn
    actions: list[Action] = []
    for _ in range(limit):
        if state.over or state.turn != turn:
            return actions
        action = bot.act(state.observation(p), rng)
        state.apply(action)  # a refusal raises: bots must be legal
        actions.append(action)
    raise AssertionError("the bot's turn did not end")


def both_down(mine: str, theirs: str, stock_top: str) -> RoundState:
    """Talaj, two players both down (a tria of queens on the table, player 1's); player 0 to
    play, drawn (its stock card is the first of ``stock_top``)."""
    state = make_round(PRESETS["talaj"], [mine, theirs], dealer=0, stock_top=stock_top)
    table = H("QC QD QS")
    for c in table:
        state.stock.remove(c)
    state.melds = [TableMeld(1, 0, make_meld(table))]
    state.down[0] = state.down[1] = True
    state.bar = 72
    state.apply(Draw(0, "stock"))
    return state
