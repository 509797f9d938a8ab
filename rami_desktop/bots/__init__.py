"""Computer players: ``make_bot("easy" | "medium" | "hard" | "expert")`` returns a :class:`Bot`.

A bot is handed only an :class:`~rami_desktop.engine.observation.Observation` (its own cards and
what the whole table sees) and a seeded ``random.Random``; it returns one action at a time.
"""

from __future__ import annotations

from .base import ALL_LEVELS, EXPERT, EXPERT_PRESETS, LEVELS, Bot, levels_for
from .expert import ExpertBot
from .player import RuleBot
from .style import STYLES


def make_bot(level: str) -> Bot:
    """Return a new bot of a level (one of :data:`ALL_LEVELS`; the expert is offered to players
    only in :data:`EXPERT_PRESETS`).

    Raises:
        ValueError: unknown level.
    """
    if level == EXPERT:
        return ExpertBot()
    try:
        style = STYLES[level]
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; choose from "
                         f"{', '.join(ALL_LEVELS)}") from None
    return RuleBot(style)


__all__ = ["ALL_LEVELS", "EXPERT", "EXPERT_PRESETS", "LEVELS", "Bot", "ExpertBot", "RuleBot",
           "levels_for", "make_bot"]
