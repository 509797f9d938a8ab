"""What a bot is: given only an observation and a seeded generator, it returns one action."""

from __future__ import annotations

import random
from typing import Protocol

from ..engine.actions import Action
from ..engine.errors import ErrorCode
from ..engine.observation import Observation
from .record import EXPERT_PRESETS

#: the levels offered in every preset
LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
#: the fourth level, offered only where it was measured to earn its name (:data:`EXPERT_PRESETS`,
#: from the figures in :mod:`.record`)
EXPERT = "expert"
#: every level a bot can be made of (the simulator measures the expert everywhere)
ALL_LEVELS: tuple[str, ...] = (*LEVELS, EXPERT)


def levels_for(preset: str) -> tuple[str, ...]:
    """The levels offered in a preset (by its name): the expert only where it earned it."""
    return ALL_LEVELS if preset in EXPERT_PRESETS else LEVELS


class Bot(Protocol):
    """A computer player.

    ``act`` is called again and again during the bot's turn (draw, then each laying, then the
    discard) with a fresh observation each time, until its discard ends the turn; between
    rounds, before anyone has played, it may also be asked ``wants_redeal``. A bot never
    sees the engine's state: only the observation it is handed.

    When the rules refuse one of its actions (a bug; the simulator counts them), the caller
    tells it through ``refused``: the bot then drops its plan and plays safe for the rest of
    the turn, so that a refusal can never loop.
    """

    level: str

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """Return the next action of this bot's turn."""
        ...

    def wants_redeal(self, obs: Observation, rng: random.Random) -> bool:
        """Whether to ask for a new deal (asked only when the engine allows this player one)."""
        ...

    def refused(self, action: Action, code: ErrorCode) -> None:
        """Hear that the rules refused the last action."""
        ...
