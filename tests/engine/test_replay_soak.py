"""The replay soak: random rounds mixing the random player's legal play with actions of every
type whose fields are odd (``action_fuzz``), over every preset and player count; each round's log
must replay, through JSON, to the very same round (checked mid-round and at the end).

The default run plays 20 rounds (every preset and player count); ``pytest -m slow`` plays
10,000 and prints its figures (docs/dev/engine.md, "Saves replay").
"""

from __future__ import annotations

import random
import time

import pytest
from action_fuzz import FuzzStats, fuzzed_round

from rami_desktop.engine.rules import PRESET_NAMES, PRESETS


def soak(rounds: int, seed: int = 0) -> tuple[FuzzStats, set[tuple[str, int]], float]:
    """Play ``rounds`` fuzzed rounds, presets in turn, player counts at random in each preset's
    range; return the figures, the (preset, players) pairs played and the seconds taken."""
    rng = random.Random(seed)
    stats = FuzzStats()
    played: set[tuple[str, int]] = set()
    t0 = time.perf_counter()
    for i in range(rounds):
        name = PRESET_NAMES[i % len(PRESET_NAMES)]
        rules = PRESETS[name]
        n = rules.min_players + i // len(PRESET_NAMES) % (rules.max_players - rules.min_players + 1)
        played.add((name, n))
        fuzzed_round(rules, n, rng.getrandbits(32), stats)
    return stats, played, time.perf_counter() - t0


def figures(stats: FuzzStats, seconds: float) -> str:
    """One line of the soak's figures."""
    return (f"replay soak: {stats.rounds} rounds, {stats.tried} fuzzed actions ({stats.refused} "
            f"refused, {stats.accepted} accepted), {stats.checked} replays checked, "
            f"{len(stats.mismatches)} mismatches, {seconds:.0f} s")


def every_count() -> set[tuple[str, int]]:
    return {(name, n) for name in PRESET_NAMES
            for n in range(PRESETS[name].min_players, PRESETS[name].max_players + 1)}


def test_replay_soak_sample(capsys: pytest.CaptureFixture[str]) -> None:
    stats, played, seconds = soak(20, seed=1)
    assert stats.mismatches == []
    assert played == every_count()
    assert stats.refused > stats.rounds and stats.accepted > 0
    with capsys.disabled():
        print("\n" + figures(stats, seconds))


@pytest.mark.slow
def test_replay_soak(capsys: pytest.CaptureFixture[str]) -> None:
    """10,000 rounds, 0 replay mismatches (run: pytest -m slow tests/engine/test_replay_soak.py
    -n 0)."""
    stats, played, seconds = soak(10_000)
    with capsys.disabled():
        print("\n" + figures(stats, seconds))
    assert stats.mismatches == [], stats.mismatches[:3]
    assert played == every_count()
    assert stats.rounds == 10_000
