"""Random rounds for property tests: a round played by the random player, with a visit after
every action it makes (the visit sees staged turns, pickups, take-backs and round ends)."""

from __future__ import annotations

import random
from collections.abc import Callable

from random_play import RandomPlayer, Stats

from rami_desktop.engine.rules import Rules
from rami_desktop.engine.state import RoundState

TEAM_PARTNERS = (2, 3, 0, 1)


def random_round(rules: Rules, n: int, seed: int, visit: Callable[[RoundState], None],
                 cap: int = 300, teams: bool = False) -> RoundState:
    """Play one round at random from ``seed``, calling ``visit`` after each action."""
    rng = random.Random(seed)
    partners = TEAM_PARTNERS if teams and n == 4 else None
    if partners:
        rules = rules.with_options(teams=True)
    state = RoundState.new(rules, n, rng.randrange(n), seed, partners)
    player = RandomPlayer(rng, Stats(), after=visit)
    player.check_solver = False
    turns = 0
    while not state.over and turns < cap:
        player.play_turn(state)
        turns += 1
    return state
