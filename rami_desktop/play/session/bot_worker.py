"""A bot's thinking on a worker thread, so that whatever shows the game never waits for it.

:class:`BotWorker` runs one :func:`~rami_desktop.play.session.driver.decide` at a time; the session
applies what it decided on its own thread. A decision is tagged with the moment it was asked
for (round and turn): one that comes back after the game moved on is dropped. The same thread
also works out other long answers of the game (:meth:`BotWorker.job`: the round review).
"""

from __future__ import annotations

import contextlib
import random
import sys
from collections.abc import Callable
from concurrent.futures import CancelledError, Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from rami_desktop.bots import Bot
from rami_desktop.engine.actions import Action
from rami_desktop.engine.observation import Observation
from rami_desktop.play.session.driver import decide

#: the interpreter's thread switch interval while a bot thinks: short, so that the drawing
#: thread gets the GIL back quickly from a busy search (the default 5 ms stalls frames)
THINKING_SWITCH_INTERVAL = 0.0002

Tag = tuple[int, int]
T = TypeVar("T")


@dataclass(frozen=True)
class BotTurn:
    """A bot of this screen to play now.

    Attributes:
        seat: its seat.
        bot: the bot.
        observation: what it sees.
        rng: its generator.
        moment: the moment it decides for (a decision for another moment is dropped).
    """

    seat: int
    bot: Bot
    observation: Observation
    rng: random.Random
    moment: tuple[int, int]


class BotWorker:
    """Runs one bot decision at a time in a worker thread.

    Attributes:
        on_done: called on the worker thread when a decision is ready (a loop serving many
            tables learns which one to step); None: nobody is told, :meth:`poll` finds out.
    """

    def __init__(self) -> None:
        self.on_done: Callable[[], None] | None = None
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future[Action] | None = None
        #: the last work handed to the thread (it runs them in order: once it is done, all are)
        self._last: Future[Any] | None = None
        self._for: Tag | None = None
        self._saved_interval: float | None = None

    @property
    def busy(self) -> bool:
        """Whether a decision is being computed."""
        return self._future is not None

    def start(self, bot: Bot, obs: Observation, rng: random.Random, tag: Tag) -> None:
        """Ask a bot for its next action (``tag`` says which moment it is for)."""
        self._for = tag
        self._fast_switching(True)
        self._future = self._executor().submit(decide, bot, obs, rng)
        self._last = self._future
        on_done = self.on_done
        if on_done is not None:
            self._future.add_done_callback(lambda _future: on_done())

    def job(self, work: Callable[[], T]) -> Future[T]:
        """Work something out on the worker thread (after the decision being computed)."""
        future = self._executor().submit(work)
        self._last = future
        return future

    def _executor(self) -> ThreadPoolExecutor:
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rami-bot")
        return self._pool

    def poll(self) -> tuple[Tag | None, Action | None, BaseException | None]:
        """``(tag, action, error)`` once the decision is ready, else ``(None, None, None)``."""
        future = self._future
        if future is None or not future.done():
            return None, None, None
        self._future = None
        self._fast_switching(False)
        tag, self._for = self._for, None
        error = future.exception()
        if error is not None:
            return tag, None, error
        return tag, future.result(), None

    def wait(self, timeout: float | None = None) -> None:
        """Block until everything asked of the thread so far is done: the decision and the
        other answers, a review (tests, headless play).

        Raises:
            TimeoutError: it is not done after ``timeout`` seconds.
        """
        last = self._last
        if last is not None:
            # cancelled: the worker was shut down, nothing more will be done
            with contextlib.suppress(CancelledError):
                last.exception(timeout)

    def cancel(self) -> None:
        """Forget the decision being computed."""
        self._future = None
        self._for = None
        self._fast_switching(False)

    def _fast_switching(self, on: bool) -> None:
        if on and self._saved_interval is None:
            self._saved_interval = sys.getswitchinterval()
            sys.setswitchinterval(THINKING_SWITCH_INTERVAL)
        elif not on and self._saved_interval is not None:
            sys.setswitchinterval(self._saved_interval)
            self._saved_interval = None

    def shutdown(self) -> None:
        """Stop the worker thread."""
        self.cancel()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
