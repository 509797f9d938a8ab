"""Animation timing: how long cards travel, from the pace setting (how long bots pause is the
table clock's, :mod:`rami_desktop.play.table.clock`).

Everything is time based: sprites advance by the ``dt`` of each frame (tests step with a fixed
``dt``), so the pace is the same at any frame rate.
"""

from __future__ import annotations

#: seconds a card takes to travel to its place, per pace
SLIDE: dict[str, float] = {"off": 0.0, "slow": 0.85, "normal": 0.5, "fast": 0.2}
#: seconds an error message stays near the hand
MESSAGE_TIME = 3.5
#: seconds the "your turn" highlight glows
TURN_CUE_TIME = 2.4
#: seconds the pointer rests on the talaj before it spreads out
SPREAD_HOVER = 0.35
#: fraction of a flight during which a card leaving a bot's seat still shows its back
REVEAL_AT = 0.45


def slide_time(speed: str) -> float:
    """Travel duration for a pace setting (normal if unknown)."""
    return SLIDE.get(speed, SLIDE["normal"])


def ease_out(t: float) -> float:
    """Cubic ease-out on 0..1."""
    t = max(0.0, min(1.0, t))
    return 1.0 - (1.0 - t) ** 3


def ease_in_out(t: float) -> float:
    """Smooth start and stop on 0..1 (a card thrown across the table)."""
    t = max(0.0, min(1.0, t))
    return t * t * (3.0 - 2.0 * t)


class Tween:
    """A point moving from ``start`` to ``end`` in ``duration`` seconds.

    Args:
        start: where it starts.
        end: where it stops.
        duration: seconds.
        smooth: ease in and out (a long flight) instead of easing out only.
    """

    def __init__(self, start: tuple[float, float], end: tuple[float, float],
                 duration: float, smooth: bool = False) -> None:
        self.start = start
        self.end = end
        self.duration = max(0.0, duration)
        self.smooth = smooth
        self.t = 0.0

    @property
    def done(self) -> bool:
        """Whether the point has arrived."""
        return self.t >= self.duration

    @property
    def progress(self) -> float:
        """How far along the time it is, 0..1."""
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)

    def advance(self, dt: float) -> tuple[float, float]:
        """Advance and return the current point."""
        self.t = min(self.duration, self.t + dt)
        return self.value()

    def value(self) -> tuple[float, float]:
        """The current point."""
        if self.duration <= 0:
            return self.end
        k = (ease_in_out if self.smooth else ease_out)(self.t / self.duration)
        return (self.start[0] + (self.end[0] - self.start[0]) * k,
                self.start[1] + (self.end[1] - self.start[1]) * k)
