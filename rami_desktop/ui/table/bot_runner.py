"""The table's bots. They think in a worker thread so the table never freezes; actions are
applied on the main thread through the one bot driver, which also asks for new deals and ends a
turn a bot cannot finish. The thread only runs :func:`rami_desktop.play.driver.decide`; what it
decides is applied by :meth:`rami_desktop.play.driver.BotDriver.submit` (or
:meth:`~rami_desktop.play.driver.BotDriver.fail` on an error).
"""

from __future__ import annotations

import random
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TYPE_CHECKING

from rami_desktop.bots import Bot
from rami_desktop.engine.actions import Action
from rami_desktop.engine.observation import Observation
from rami_desktop.i18n import _
from rami_desktop.play.driver import BotDriver, decide
from rami_desktop.play.session import seat_bots

if TYPE_CHECKING:
    from rami_desktop.ui.scenes.table import TableScene

#: the interpreter's thread switch interval while a bot thinks: short, so that the drawing
#: thread gets the GIL back quickly from a busy search (the default 5 ms stalls frames)
THINKING_SWITCH_INTERVAL = 0.0002


class BotRunner:
    """Runs one bot decision at a time in a worker thread."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None
        self._future: Future[Action] | None = None
        self._for: tuple[int, int] | None = None
        self._saved_interval: float | None = None

    @property
    def busy(self) -> bool:
        """Whether a decision is being computed."""
        return self._future is not None

    def start(self, bot: Bot, obs: Observation, rng: random.Random, tag: tuple[int, int]) -> None:
        """Ask a bot for its next action (``tag`` says which turn it is for)."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rami-bot")
        self._for = tag
        self._fast_switching(True)
        self._future = self._pool.submit(decide, bot, obs, rng)

    def poll(self) -> tuple[tuple[int, int] | None, Action | None, BaseException | None]:
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
        """Block until the current decision is ready (tests)."""
        if self._future is not None:
            self._future.exception(timeout)

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


class TableBots:
    """Plays the bot seats of a table scene through the driver: new deals first, then one
    action at a time, paced by the animations."""

    def __init__(self, scene: TableScene) -> None:
        self.sc = scene
        bots, rngs = seat_bots(scene.config, scene.ctl.seed)
        self.driver = BotDriver(scene.ctl, bots, rngs)
        self.runner = BotRunner()
        #: seconds to wait before the next bot action (set after each move)
        self.wait = 0.0

    def ask_redeals(self) -> None:
        """Before the first move, the bots the engine lets ask for a new deal are asked."""
        seats = self.driver.ask_redeals()
        if not seats:
            return
        sc = self.sc
        sc.orders.clear()
        sc.say(_("{name} asked for a new deal.").format(name=sc.ctl.name(seats[-1])))
        for seat in seats:
            sc.follow.note_redeal(seat)
        sc.ctx.play("shuffle")
        sc.sync(animate=False)

    def update(self, dt: float) -> None:
        """Start the decision of the bot to play, or apply the action it decided."""
        sc = self.sc
        seat = self.driver.bot_seat()
        if seat is None:
            self.runner.cancel()
            return
        tag = (sc.ctl.match.round_number, sc.ctl.round.turn)
        got_tag, action, error = self.runner.poll()
        if got_tag is not None:
            if got_tag == tag:
                self._apply(seat, action, error)
            return
        if self.runner.busy or sc.follow.held:
            return
        if self.wait > 0:
            self.wait = max(0.0, self.wait - dt)
            return
        if not sc.board.settled and sc.speed != "off":
            return
        self.runner.start(self.driver.bots[seat], self.driver.observation(seat),
                          self.driver.rngs[seat], tag)

    def _apply(self, seat: int, action: Action | None, error: BaseException | None) -> None:
        if action is None:
            outcome = self.driver.fail(seat, error or RuntimeError("the bot gave no action"))
        else:
            outcome = self.driver.submit(seat, action)
        if outcome.events:
            self.sc.after(list(outcome.events))

    def cancel(self) -> None:
        """Forget the decision being computed."""
        self.runner.cancel()

    def shutdown(self) -> None:
        """Stop the worker thread."""
        self.runner.shutdown()
