"""A match session: the engine's match, the seats of a :class:`GameConfig`, a bot for each bot
seat (with its own seeded generator) and the :class:`~rami_desktop.play.driver.BotDriver`.

The text mode and the smoke test play through it; a table can build its driver the same way
(:func:`seat_bots`).
"""

from __future__ import annotations

import dataclasses
import random

from rami_desktop.bots import Bot, make_bot
from rami_desktop.engine.match import Match

from .config import GameConfig
from .driver import BotDriver, Limits

#: seeds drawn for a configuration without one are below this
SEED_LIMIT = 1 << 32


def seat_bots(config: GameConfig, seed: int) -> tuple[dict[int, Bot], dict[int, random.Random]]:
    """A new bot for each bot seat of ``config``, and each one's generator (from ``seed``)."""
    bots: dict[int, Bot] = {}
    rngs: dict[int, random.Random] = {}
    for seat, s in enumerate(config.seats):
        if s.is_bot:
            bots[seat] = make_bot(s.level)
            rngs[seat] = random.Random(f"{seed}/bot/{seat}")
    return bots, rngs


class Session:
    """One match between the seats of a configuration.

    Args:
        config: rules, seats and seed (a random seed is drawn when it has none).
        match: a match to resume (default: a new one from the configuration).
        first_dealer: the first dealer's seat of a new match (default: from the seed).
        limits: when the driver steps in for a bot.
    """

    def __init__(self, config: GameConfig, match: Match | None = None,
                 first_dealer: int | None = None, limits: Limits | None = None) -> None:
        if config.seed is None:
            config = dataclasses.replace(
                config, seed=random.SystemRandom().randrange(SEED_LIMIT))
        assert config.seed is not None
        self.config = config
        self.seed: int = config.seed
        self.match = match if match is not None else Match(
            config.rules, config.players, config.seed, first_dealer)
        self.bots, self.rngs = seat_bots(config, config.seed)
        self.driver = BotDriver(self.match, self.bots, self.rngs, limits)

    @property
    def all_bots(self) -> bool:
        """Whether bots hold every seat."""
        return len(self.bots) == self.config.players

    def play_round(self) -> bool:
        """Play the current round to its end (bots must hold every seat still in the match).

        Returns:
            True if the round ended, False if it stopped at the driver's turn cap.
        """
        return self.driver.play_round()

    def play_match(self, max_rounds: int) -> int:
        """Play rounds until the match ends, a round stops at the cap or ``max_rounds`` are
        played; return the number of rounds played."""
        played = 0
        while played < max_rounds:
            ended = self.play_round()
            played += 1
            if not ended or self.match.over or played == max_rounds:
                break
            self.match.next_round()
        return played
