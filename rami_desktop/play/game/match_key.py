"""A match's secret key: drawn for a match people play, or made from a seed its operator chose
(to play the same match again); and the bots' generators, which come from it.

The key deals every round after the first (:mod:`rami_desktop.engine.match`); it is kept only in
the match file (the autosave, a host's state), never shown, sent, logged or put in a round file.
"""

from __future__ import annotations

import hashlib
import random
import secrets

from rami_desktop.bots import Bot, make_bot
from rami_desktop.engine.match import KEY_BYTES, Match, keyed_generator
from rami_desktop.play.game.config import GameConfig


def new_key() -> bytes:
    """A match's secret key, drawn from the system's secure source (never shown nor sent)."""
    return secrets.token_bytes(KEY_BYTES)


def chosen_key(seed: int) -> bytes:
    """A match's key made from a seed its operator chose (the smoke test's, a soak's, a
    test's), so that the same seed plays the same match again. Whoever knows the seed knows
    every deal: a match people play draws its key (:func:`new_key`)."""
    return hashlib.sha256(f"rami/chosen/{seed}".encode()).digest()


def seat_bots(config: GameConfig, match: Match
              ) -> tuple[dict[int, Bot], dict[int, random.Random]]:
    """A new bot for each bot seat of ``config``, and each one's generator: from the match's
    secret key (from its seed for a match saved before keys, never given one: a prepared deal).
    """
    bots: dict[int, Bot] = {}
    rngs: dict[int, random.Random] = {}
    for seat, s in enumerate(config.seats):
        if s.is_bot:
            bots[seat] = make_bot(s.level)
            rngs[seat] = (random.Random(f"{match.seed}/bot/{seat}") if match.key is None
                          else keyed_generator(match.key, f"bot/{seat}"))
    return bots, rngs


__all__ = ["chosen_key", "new_key", "seat_bots"]
