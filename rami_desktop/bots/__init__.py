"""Computer players: ``make_bot("easy" | "medium" | "hard")`` returns a :class:`Bot`.

A bot is handed only an :class:`~rami_desktop.engine.observation.Observation` (its own cards and
what the whole table sees) and a seeded ``random.Random``; it returns one action at a time.
"""

from __future__ import annotations

from .base import LEVELS, Bot
from .player import RuleBot
from .style import STYLES


def make_bot(level: str) -> Bot:
    """Return a new bot of a level (one of :data:`LEVELS`).

    Raises:
        ValueError: unknown level.
    """
    try:
        style = STYLES[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(LEVELS)}") from None
    return RuleBot(style)


__all__ = ["LEVELS", "Bot", "RuleBot", "make_bot"]
