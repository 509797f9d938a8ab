"""Rounds stopped in the middle of a turn, for the rescue and advice tests."""

from __future__ import annotations

import random
from collections import Counter

from pickup_brute import near_cards, random_table, small_opening_hand
from random_play import RandomPlayer, Stats

from rami_desktop.engine.actions import Action, Draw, TakeBack, Undo
from rami_desktop.engine.cards import full_deck
from rami_desktop.engine.rules import PRESETS
from rami_desktop.engine.state import RoundState
from rami_desktop.engine.turn import TableMeld


def mid_turn_states(preset: str, seed: int, rounds: int) -> list[RoundState]:
    """Random rounds; at each turn, a copy stopped after a random draw and random layings."""
    rng = random.Random(seed)
    out: list[RoundState] = []
    for r in range(rounds):
        state = RoundState.new(PRESETS[preset], rng.randint(2, 4), rng.randrange(2), seed * 31 + r)
        player = RandomPlayer(rng, Stats())
        player.check_solver = False
        for _ in range(60):
            if state.over:
                break
            mid = state.clone()
            p = mid.current
            if not mid.has_drawn and rng.random() < 0.8:
                draws = mid.legal_draws()
                top = [d for d in draws if d.source == "top"]
                mid.apply(top[0] if top else rng.choice(draws))
            for _ in range(rng.randrange(4)):
                options = player.lay_options(mid, p)
                choice: Action
                if mid.staged and rng.random() < 0.15:
                    choice = TakeBack(p, rng.choice(mid.staged))
                elif rng.random() < 0.1:
                    choice = Undo(p)
                elif options:
                    choice = rng.choice(options)
                else:
                    break
                if mid.check(choice) is None:
                    mid.apply(choice)
            out.append(mid)
            player.play_turn(state)
    return out


def pickup_states(preset: str, seed: int, count: int) -> list[RoundState]:
    """Made-up positions (a table, a hand near it, the talaj top card) where the engine lets
    player 0 take the top card, stopped after random layings (the preset's starter and first
    round changed so that player 0 simply draws)."""
    rng = random.Random(seed)
    player = RandomPlayer(rng, Stats())
    deck = full_deck()
    out: list[RoundState] = []
    for _ in range(count):
        rules = PRESETS[preset].with_options(
            starter="dealer_draws", first_card="none", no_pickup_first_round=False,
            threshold=rng.choice([0, 20, 40, 71]))
        table = random_table(rng)
        hand = small_opening_hand(rng) + near_cards(table, rng, rng.randint(0, 4))
        card = rng.choice([*near_cards(table, rng, 2), *hand])
        everything = [*hand, card, *(c for m in table for c in m.cards)]
        if any(n > (4 if c.is_joker else 2) for c, n in Counter(everything).items()):
            continue
        state = RoundState(rules, [hand, deck[:10]], [card], deck[20:80], 0)
        state.melds = [TableMeld(1, 0, m) for m in table]
        state.down[1] = True
        state.down[0] = rng.random() < 0.4
        state.bar = rules.threshold + rng.choice([0, 0, 10])
        if state.check(Draw(0, "top")) is not None:
            continue
        state.apply(Draw(0, "top"))
        for _ in range(rng.randrange(4)):
            options = player.lay_options(state, 0)
            if options:
                action = rng.choice(options)
                if state.check(action) is None:
                    state.apply(action)
        out.append(state)
    return out
