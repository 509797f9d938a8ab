"""Bots think in a worker thread so the table never freezes; actions are applied on the main
thread. Until :func:`rami_desktop.bots.make_bot` exists a small fallback bot plays.
"""

from __future__ import annotations

import logging
import random
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from rami_desktop.engine.actions import Action, Discard, Draw, Lay
from rami_desktop.engine.observation import Observation

log = logging.getLogger(__name__)

#: the interpreter's thread switch interval while a bot thinks: short, so that the drawing
#: thread gets the GIL back quickly from a busy search (the default 5 ms stalls frames)
THINKING_SWITCH_INTERVAL = 0.0002


class FallbackBot:
    """A modest bot from the solver: opens when it can (laying the opening it found over its
    next calls), lays what it can once down, discards the card costing most. Used only while
    the real bots are not there."""

    level = "easy"

    def __init__(self) -> None:
        self._plan: list[Any] = []

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """The next action of this bot's turn."""
        if not obs.has_drawn:
            self._plan = []
        elif self._plan and not obs.down[obs.player]:
            return Lay(obs.player, self._plan.pop(0).cards)
        p = obs.player
        if not obs.has_drawn:
            return Draw(p, "stock")
        hand = list(obs.hand)
        lay = self._lay(obs, hand)
        if lay is not None:
            return lay
        return Discard(p, self._discard(obs, hand))

    def wants_redeal(self, obs: Observation, rng: random.Random) -> bool:
        """Always asks for a new deal when allowed."""
        return True

    def _lay(self, obs: Observation, hand: list[Any]) -> Action | None:
        if not obs.rules.lay_before_out or len(hand) < 4:
            return None
        try:
            from rami_desktop.engine.solver import OpeningRequest, find_opening, least_penalty
        except ImportError:
            return None
        try:
            if obs.down[obs.player]:
                arrangement = least_penalty(hand, obs.rules, keep=1)
                if arrangement.melds:
                    return Lay(obs.player, arrangement.melds[0].cards)
                return None
            if obs.staged:
                return None  # the opening was laid in one go below
            req = OpeningRequest(min_points=obs.bar, max_jokers=obs.rules.jokers_per_meld,
                                 need_tria_and_serie=obs.rules.need_tria_and_serie,
                                 ace_value=obs.rules.ace_value)
            found = find_opening(hand, req)
        except Exception:
            log.exception("fallback bot search failed")
            return None
        if found is None or not found.melds:
            return None
        self._plan = list(found.melds[1:])
        return Lay(obs.player, found.melds[0].cards)

    def _discard(self, obs: Observation, hand: list[Any]) -> Any:
        try:
            from rami_desktop.engine.solver import card_cost, least_penalty

            rest = least_penalty(hand, obs.rules, keep=1).rest
            cost = card_cost(obs.rules)
            pool = [c for c in rest if not c.is_joker] or list(rest) or hand
            return max(pool, key=cost)
        except Exception:
            return hand[-1]


def make_bot(level: str) -> Any:
    """A bot of a level: the real ones when they exist, else the fallback."""
    try:
        from rami_desktop.bots import make_bot as real_make_bot  # type: ignore[attr-defined]
    except ImportError:
        return FallbackBot()
    try:
        return real_make_bot(level)
    except Exception:
        log.exception("bot %s could not be made; using the fallback", level)
        return FallbackBot()


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

    def start(self, bot: Any, obs: Observation, rng: random.Random, tag: tuple[int, int]) -> None:
        """Ask a bot for its next action (``tag`` says which turn it is for)."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rami-bot")
        self._for = tag
        self._fast_switching(True)
        self._future = self._pool.submit(bot.act, obs, rng)

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
