"""A bot seat at the table: it thinks on the bot worker, and what it decides there is what it
decides when asked here and now."""

from __future__ import annotations

import threading
import time

import pytest

from rami_desktop.engine.rules import PRESETS
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.game.match_key import chosen_key
from rami_desktop.play.session.bot_worker import BotWorker
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table

TURNS = 8
#: seconds a wait may take at most (a bound, never reached when all is well)
LIMIT = 60.0


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


def test_waiting_for_the_worker_waits_for_all_it_was_asked() -> None:
    """``wait`` returns once the decision and the work asked after it (a round's review) are
    done, so that a test's frame stands for a moment of play however slow the thread; a wait
    that runs out says so; a worker shut down is not waited for."""
    worker = BotWorker()
    gate = threading.Event()
    done: list[str] = []

    def review() -> str:
        gate.wait(LIMIT)
        done.append("review")
        return "review"

    worker.job(lambda: done.append("first"))
    job = worker.job(review)
    with pytest.raises(TimeoutError):
        worker.wait(0.05)  # the review waits for the gate: not done
    gate.set()
    worker.wait(LIMIT)
    assert job.done() and done == ["first", "review"]
    gate.clear()
    worker.job(review)
    last = worker.job(review)
    worker.shutdown()  # what was not begun is cancelled: nothing more will be done
    worker.wait(LIMIT)
    assert last.cancelled()
    gate.set()
