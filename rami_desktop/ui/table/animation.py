"""Animation timing: how long cards slide and how long bots pause, from the settings."""

from __future__ import annotations

#: seconds a card takes to slide to its place, per ``animation_speed`` setting
SLIDE: dict[str, float] = {"off": 0.0, "normal": 0.32, "fast": 0.14}
#: seconds a bot waits between two of its actions (so a human can follow)
BOT_PAUSE: dict[str, float] = {"off": 0.0, "normal": 0.6, "fast": 0.22}
#: seconds the round's last move stays on the table before the summary
ROUND_END_PAUSE: dict[str, float] = {"off": 0.2, "normal": 1.4, "fast": 0.7}
#: seconds an error message stays near the hand
MESSAGE_TIME = 3.5


def slide_time(speed: str) -> float:
    """Slide duration for a speed setting (normal if unknown)."""
    return SLIDE.get(speed, SLIDE["normal"])


def bot_pause(speed: str) -> float:
    """Pause between bot actions for a speed setting."""
    return BOT_PAUSE.get(speed, BOT_PAUSE["normal"])


def round_end_pause(speed: str) -> float:
    """Pause before the round summary for a speed setting."""
    return ROUND_END_PAUSE.get(speed, ROUND_END_PAUSE["normal"])


def ease_out(t: float) -> float:
    """Cubic ease-out on 0..1."""
    t = max(0.0, min(1.0, t))
    return 1.0 - (1.0 - t) ** 3


class Tween:
    """A point moving from ``start`` to ``end`` in ``duration`` seconds (ease-out)."""

    def __init__(self, start: tuple[float, float], end: tuple[float, float],
                 duration: float) -> None:
        self.start = start
        self.end = end
        self.duration = max(0.0, duration)
        self.t = 0.0

    @property
    def done(self) -> bool:
        """Whether the point has arrived."""
        return self.t >= self.duration

    def advance(self, dt: float) -> tuple[float, float]:
        """Advance and return the current point."""
        self.t = min(self.duration, self.t + dt)
        return self.value()

    def value(self) -> tuple[float, float]:
        """The current point."""
        if self.duration <= 0:
            return self.end
        k = ease_out(self.t / self.duration)
        return (self.start[0] + (self.end[0] - self.start[0]) * k,
                self.start[1] + (self.end[1] - self.start[1]) * k)
