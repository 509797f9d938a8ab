"""The round a bot tries its plan on: the engine's determinised copy of what it observes.

:meth:`RoundState.from_observation <rami_desktop.engine.state.RoundState.from_observation>`
deals the cards the bot cannot see at random into the other hands and the stock; the bot's own
actions behave there exactly as in the real round (this turn's staging included), and none of
them depends on the hidden cards. The copy is dealt from a fixed seed, so the bot's own
generator is left untouched and the same observation always gives the same sandbox.
"""

from __future__ import annotations

import random

from ..engine.observation import Observation
from ..engine.state import RoundState

#: the seed the hidden cards of a sandbox are dealt from
SANDBOX_SEED = 0


def sandbox(obs: Observation) -> RoundState:
    """Return a round matching what ``obs`` shows, for its player to try actions on."""
    return RoundState.from_observation(obs, random.Random(SANDBOX_SEED))
