"""A bot seat at the table: it thinks on the bot worker, and what it decides there is what it
decides when asked here and now."""

from __future__ import annotations

import time

from rami_desktop.engine.rules import PRESETS
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.game.match_key import chosen_key
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table

TURNS = 8


def _config() -> GameConfig:
    return GameConfig(PRESETS["talaj"], (Seat("H", "bot", "hard"), Seat("M", "bot", "medium")),
                      seed=21)


def test_a_bot_plays_through_the_worker_as_it_plays_here_and_now() -> None:
    here = Session(_config(), first_dealer=0, key=chosen_key(21))
    while here.round.turn < TURNS and not here.round.over:
        here.step_bot()
    worker = Session(_config(), first_dealer=0, key=chosen_key(21))
    while worker.round.turn < TURNS and not worker.round.over:
        assert Table(worker).think() and worker.worker.busy
        while not Table(worker).poll():
            time.sleep(0.001)
    worker.close()
    assert worker.round.log == here.round.log
    assert worker.driver.stats.illegal == 0 and worker.driver.stats.rescues == 0
    assert {worker.driver.bots[s].level for s in worker.driver.bots} == {"hard", "medium"}
