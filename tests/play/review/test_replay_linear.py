"""The replay of a long round: every step as the whole replay of old had it, in memory linear
in the round's actions (checkpoints, never a copy of the round's history per step)."""

from __future__ import annotations

import gc
import random
import tracemalloc
from itertools import combinations

from hypothesis import strategies as st

from rami_desktop.engine.actions import Action, Draw, Lay, TakeBack, Undo
from rami_desktop.engine.match import Match
from rami_desktop.engine.melds import make_meld
from rami_desktop.engine.rules import PRESET_NAMES
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.config import GameConfig, autoplay_config
from rami_desktop.play.review.replay import Replay
from rami_desktop.play.session.session import Session
from tests.conftest import examples_by_default


def _lay_and_take_back(match: Match, rng: random.Random) -> None:
    """The player to play lays combinations and takes them back (Undo or TakeBack), after the
    draw (nothing when the hand holds none)."""
    state = match.round
    p = state.current
    hand = state.hands[p]
    melds = [cs for cs in combinations(hand, 3) if make_meld(cs, 1) is not None]
    if not melds or len(hand) < 5:
        return
    for _ in range(rng.randint(1, 4)):
        index = len(state.melds)
        lay = Lay(p, tuple(rng.choice(melds)))
        if state.check(lay) is not None:
            return
        match.apply(lay)
        match.apply(Undo(p) if rng.random() < 0.5 else TakeBack(p, index))


def played(preset: str, players: int, seed: int, pairs: float, first: int = 0
           ) -> tuple[GameConfig, Match]:
    """A round of easy bots, over, in which the player to play lays combinations and takes
    them back after a draw now and then (``pairs``: how often), ``first`` times in the first
    turn where it can."""
    config = autoplay_config(preset, players, seed, "easy")
    session = Session(config)
    session.ask_redeals()
    rng = random.Random(seed)
    state = session.round
    while not state.over and state.turn < 400:
        session.step_bot()
        drew = state.log and isinstance(state.log[-1], Draw) and not state.over
        if drew and rng.random() < pairs:
            _lay_and_take_back(session.match, rng)
        if drew and first:
            p = state.current
            meld = next((cs for cs in combinations(state.hands[p], 3)
                         if make_meld(cs, 1) is not None), None)
            if meld is not None and len(state.hands[p]) >= 5:
                for _ in range(first):
                    session.match.apply(Lay(p, meld))
                    session.match.apply(Undo(p))
                first = 0
    assert state.over and not first, "the round did not end or had no combination to lay"
    session.close()
    return config, session.match


def full_replay(dealt: RoundState, log: list[Action]) -> list[RoundState]:
    """The replay of old: a whole copy of the round after every action."""
    state = dealt.clone()
    states = [state.clone()]
    for action in log:
        state.apply(action)
        states.append(state.clone())
    return states


@examples_by_default(12, st.sampled_from(PRESET_NAMES), st.integers(2, 4),
                     st.integers(0, 10_000), st.floats(0.0, 0.6), st.integers(1, 9),
                     st.integers(0, 2**32 - 1), default=6)
def test_every_step_is_the_whole_replay_s_step(preset: str, players: int, seed: int,
                                               pairs: float, every: int, walk: int) -> None:
    config, match = played(preset, players, seed, pairs)
    log = match.logs[-1]
    dealt = match.dealt_round()
    truth = full_replay(dealt, log)
    replay = Replay(config, dealt, log, every=every)
    assert replay.steps == len(log) and vars(replay.final) == vars(truth[-1])
    rng = random.Random(walk)
    for step in [*range(len(truth)), *(rng.randrange(len(truth)) for _ in range(30))]:
        moved = rng.choice((replay.forward, replay.back, lambda s=step: replay.go(s)))
        moved()
        assert vars(replay.state) == vars(truth[replay.step])  # log, discards, staging: all
        assert replay.state.log == log[:replay.step]
    assert replay.most_cards == max(len(h) for s in truth for h in s.hands)


def test_a_turn_s_start_and_a_finding_s_turn_open_where_the_whole_replay_did() -> None:
    config, match = played("talaj", 3, 11, 0.5)
    log = match.logs[-1]
    truth = full_replay(match.dealt_round(), log)
    replay = Replay(config, match.dealt_round(), log, every=4)
    turns = [s.turn for s in truth]
    for turn in range(1, turns[-1] + 3):
        start = next((k for k, t in enumerate(turns) if t + 1 >= turn), len(log))
        replay.go_to_turn(turn)
        assert replay.step == start and vars(replay.state) == vars(truth[start])


def _held_bytes(config: GameConfig, match: Match) -> int:
    """The memory a replay of ``match``'s round holds once made (traced allocations)."""
    dealt, log = match.dealt_round(), match.logs[-1]
    gc.collect()
    tracemalloc.start()
    try:
        replay = Replay(config, dealt, log)
        replay.end()
        assert replay.state.over
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return held


def test_a_round_twice_as_long_takes_about_twice_the_memory() -> None:
    # a player lays a combination and takes it back N times, then 2N times, in one turn: every
    # taken back combination leaves its number empty, the round grows heavier as it goes
    short = _held_bytes(*played("talaj", 2, 3, 0.0, first=1_000))
    long = _held_bytes(*played("talaj", 2, 3, 0.0, first=2_000))
    assert 1.6 < long / short < 2.6, (short, long)  # a copy of each step: 4 and more
