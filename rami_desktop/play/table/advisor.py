"""The table's long questions, answered on a thread of their own: the hint's advice, grouping a
hand by its combinations, splitting a selection into combinations ("Lay all").

The screen asks with a key naming the moment it asks about (:meth:`Advisor.ask`) and goes on
drawing; the answer is there at a later frame (:meth:`Advisor.take_news` says when one came, so
that a screen at rest draws again once). Each question is given a copy of what it needs: the
thread never reads what the screen may change.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable, Sequence
from concurrent import futures
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from rami_desktop.engine.actions import Action, Lay
from rami_desktop.engine.advice import Advice, AdviceKind, advise
from rami_desktop.engine.cards import Card
from rami_desktop.engine.lay_all import lay_all
from rami_desktop.engine.outlook import describe
from rami_desktop.engine.rules import Rules
from rami_desktop.engine.state import RoundState
from rami_desktop.play.table.hand_sort import group_by_melds

T = TypeVar("T")

#: answers kept at most (the oldest are forgotten: each names a moment long gone)
KEEP = 16


def hint_advice(state: RoundState, moves: Sequence[Action] | None) -> Advice:
    """The advice for the player to play in ``state``: the engine's, or the moves a guide
    names (a lesson's step)."""
    return advise(state) if moves is None else describe(state, moves)


def split_laying(state: RoundState, cards: Sequence[Card]) -> list[Lay] | None:
    """The combinations the engine splits a selection into (None: it makes none)."""
    layings = lay_all(state, list(cards))
    return None if layings is None else list(layings)


def grouped(cards: Sequence[Card], rules: Rules) -> tuple[list[Card], list[int]]:
    """A hand arranged by the combinations it can make, and where each group starts."""
    return group_by_melds(list(cards), rules)


class Advisor:
    """One thread for the table's long questions (see the module's text)."""

    def __init__(self) -> None:
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rami-advisor")
        self._jobs: dict[Hashable, Future[Any]] = {}
        self._news = threading.Event()

    def ask(self, key: Hashable, question: Callable[..., T], *args: Any) -> tuple[bool, T | None]:
        """Ask ``question(*args)`` once for ``key``; return ``(True, answer)`` once answered,
        ``(False, None)`` while it is being worked out."""
        job = self._jobs.get(key)
        if job is None:
            while len(self._jobs) >= KEEP:
                del self._jobs[next(iter(self._jobs))]
            job = self._pool.submit(question, *args)
            job.add_done_callback(lambda _job: self._news.set())
            self._jobs[key] = job
        if not job.done():
            return False, None
        return True, job.result()

    def answered(self, key: Hashable) -> bool:
        """Whether the question of ``key`` was asked and answered."""
        job = self._jobs.get(key)
        return job is not None and job.done()

    def take_news(self) -> bool:
        """Whether an answer came since the last call."""
        news = self._news.is_set()
        self._news.clear()
        return news

    @property
    def busy(self) -> bool:
        """Whether a question is being worked out."""
        return any(not job.done() for job in self._jobs.values())

    def wait(self, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) until every question asked is answered."""
        for job in list(self._jobs.values()):
            try:
                job.exception(timeout)
            except futures.TimeoutError:
                return

    def close(self) -> None:
        """Forget the questions and stop the thread."""
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._jobs.clear()


__all__ = ["Advice", "AdviceKind", "Advisor", "grouped", "hint_advice", "split_laying"]
