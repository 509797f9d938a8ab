"""What the expert measured against hard, per preset, and the bar it must clear to be offered.

This is the one source of the presets that offer the expert (:data:`EXPERT_PRESETS`, read by
``bots.levels_for``); docs/dev/bots.md states the bar, checked against it
(``tests/bots/test_expert_record.py``). Each figure comes from duplicate two-player rounds of
``python -m rami_desktop.sim --preset P --players 2 --bots expert,hard --rounds 1500 --seed
3901 --json``, run in parts (``--part I/5``) and pooled by ``tools/pool_runs.py``; ``parts``
says which of the five were run (a line with fewer than five is short of the bar's rounds).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

#: the bar (issue #39): at least this many duplicate two-player rounds against hard ...
BAR_ROUNDS = 1500
#: ... a win share of at least this ...
BAR_SHARE = 0.53
#: ... whose 95% interval lies wholly above this ...
BAR_LOWER = 0.50
#: ... within this p99 of thread CPU per decision (ms), and no illegal action
BAR_P99_MS = 300.0


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Return the 95% Wilson score interval of a proportion k/n."""
    if n == 0:
        return (0.0, 0.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


@dataclass(frozen=True)
class Measured:
    """The expert against hard in one preset.

    Attributes:
        preset: the preset's name.
        rounds: duplicate two-player rounds played.
        wins: rounds the expert won.
        p99_ms: the expert's decision p99 in thread CPU (the largest of the parts').
        illegal: illegal actions the expert attempted.
        parts: the parts of the five that were run (``--part I/5``).
    """

    preset: str
    rounds: int
    wins: int
    p99_ms: float
    illegal: int
    parts: tuple[int, ...]

    @property
    def share(self) -> float:
        """The expert's share of the rounds won."""
        return self.wins / self.rounds if self.rounds else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of that share."""
        return wilson(self.wins, self.rounds)

    def earns(self) -> bool:
        """Whether these figures clear every line of the bar."""
        return (self.rounds >= BAR_ROUNDS and self.share >= BAR_SHARE
                and self.interval[0] > BAR_LOWER and self.p99_ms <= BAR_P99_MS
                and self.illegal == 0)


#: the expert's figures, per preset (measured 2026-12-06 at commit 98a4aa0, seed 3901; the parts
#: run are named)
RECORD: dict[str, Measured] = {m.preset: m for m in (
    Measured("talaj", 1500, 765, 217.4, 0, (0, 1, 2, 3, 4)),
    Measured("rami-talaj", 1500, 781, 239.5, 0, (0, 1, 2, 3, 4)),
    Measured("tallage", 1500, 761, 226.8, 0, (0, 1, 2, 3, 4)),
    Measured("simple", 1500, 785, 133.7, 0, (0, 1, 2, 3, 4)),
)}

#: the presets where the expert cleared its bar: the only ones that offer it
EXPERT_PRESETS: frozenset[str] = frozenset(name for name, m in RECORD.items() if m.earns())
