"""When the app drew its first frame and how long it took to quit, for the build tools.

With ``RAMI_TIMES=<file>`` in the environment, the app notes the wall-clock time (seconds
since the epoch, so that the process that started it can subtract its own launch time) of its
first drawn frame, of the start of its quitting, of its window hidden and of its end, and
writes them to that file as JSON when it closes. Without it, nothing is noted. It also sums
up the frames' work times for ``--perf`` (:func:`frame_stats`).
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Collection
from pathlib import Path

#: the environment variable naming the file
ENV = "RAMI_TIMES"


def frame_stats(times: Collection[float]) -> tuple[float, float, float]:
    """(p50, p99, max) of frame work times (seconds), in milliseconds."""
    if not times:
        return 0.0, 0.0, 0.0
    ms = sorted(t * 1000.0 for t in times)

    def pct(p: float) -> float:
        k = (len(ms) - 1) * p
        lo = int(k)
        hi = min(lo + 1, len(ms) - 1)
        return ms[lo] + (ms[hi] - ms[lo]) * (k - lo)

    return pct(0.5), pct(0.99), ms[-1]


class Marks:
    """The times noted, by name (the first time each name is noted)."""

    def __init__(self, path: str | None = None) -> None:
        self.path = path if path is not None else os.environ.get(ENV) or None
        self.times: dict[str, float] = {}

    def mark(self, name: str) -> None:
        """Note the time of ``name`` (when asked for, and only its first time)."""
        if self.path is not None and name not in self.times:
            self.times[name] = time.time()

    def write(self) -> None:
        """Write the times noted to the file (nothing when not asked; a failure is ignored:
        a measurement never stops the game)."""
        if self.path is None:
            return
        with contextlib.suppress(OSError):
            Path(self.path).write_text(json.dumps(self.times), encoding="utf-8")
