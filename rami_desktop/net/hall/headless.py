"""Tables with no window: the loop of ``rami-host``.

:func:`step_table` moves one hosted table on without waiting (requests, bots standing in or
seated, the next deal); :func:`run_tables` runs tables until they end, waking when a request
arrives; it waits only on their queues, never on a socket. A joiner's loop is
:mod:`rami_desktop.net.join.joiner_loop`.
"""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from rami_desktop.play.game.config import seat_name
from rami_desktop.play.table.clock import TableClock
from rami_desktop.play.table.table import Table

from ..host.host_session import HostSession
from ..join.joiner_loop import IDLE_WAIT
from .doorbell import Doorbell

K = TypeVar("K", bound=Hashable)


@dataclass
class TablePlan:
    """When a headless table ends: after ``rounds`` rounds (None: at the match's end)."""

    rounds: int | None = None


def table_done(session: HostSession, plan: TablePlan) -> bool:
    """Whether a table has played what it was to play."""
    if session.match.over:
        return True
    r = session.round
    return plan.rounds is not None and r.over and len(session.match.results) >= plan.rounds


def step_table(session: HostSession, inline: bool = False,
               clock: TableClock | None = None) -> bool:
    """Move a table on; return whether a bot is thinking.

    Args:
        session: the table.
        inline: a bot to play decides here and now (a loop serving one table: nothing else
            waits meanwhile), else on the session's worker thread (the loop never waits).
        clock: the table's pace (:class:`~rami_desktop.play.table.clock.TableClock`, ticked by the
            caller): a bot starts only once the pause after the last move is over, as at a
            table on a screen (None: at once).
    """
    session.pump()
    if not session.started and not session.book.free():
        session.start()  # a headless table begins once every network seat is taken
    if not session.started or session.round.over:
        return False
    table = Table(session)  # the bots think as at a screen (no human is at this one)
    table.ask_redeals()
    if inline:
        while session.bot_turn() is not None and not session.round.over:
            session.step_bot()
            session.pump()  # a joiner's request waits one bot action at most
    else:
        table.poll()
        _paced(table, session, clock)
        if session.driver.bot_seat() is not None and (clock is None or clock.bot_may_start()):
            table.think()
    _paced(table, session, clock)
    return table.thinking


def _paced(table: Table, session: HostSession, clock: TableClock | None) -> None:
    """No screen: the happenings were sent, nothing to show but the pause they set."""
    if table.take_happenings() and clock is not None:
        clock.moved(session.round.over)


def next_look(session: HostSession, clock: TableClock | None, now: float) -> float | None:
    """When a table just stepped is to be stepped again though nothing arrives for it (a
    ``time.monotonic()``): its bot's pause over, or its turn timer due; None: not before a
    request arrives or its bot decides (see :mod:`.doorbell`)."""
    looks = []
    for due in (session.time_due(), session.retry_due()):
        if due is not None:
            looks.append(now + max(0.0, due - session.clock()))
    if session.deferred and session.unkept is None:  # moves that waited for the disk
        looks.append(now)
    if (clock is not None and clock.bot_wait > 0 and session.started
            and not session.round.over and not session.worker.busy
            and session.bot_turn() is not None):
        looks.append(now + clock.bot_wait)
    if not session.mailbox.empty():  # more requests than one step takes
        looks.append(now)
    return min(looks, default=None)


def hook_table(session: HostSession, bell: Doorbell[K], key: K) -> None:
    """Let a table ring ``bell`` under ``key`` when a request arrives or its bot decides."""
    ring = functools.partial(bell.ring, key)
    session.mailbox.on_put = ring
    session.worker.on_done = ring


def run_tables(sessions: Sequence[HostSession], plan: TablePlan, wake: threading.Event,
               stop: threading.Event | None = None, deadline: float | None = None) -> bool:
    """Run tables until each has played what it was to play, or ``stop`` is set (``wake``
    set with it), or ``deadline`` (a ``time.monotonic()``) passes; return whether they all
    played it. Only the tables that have something to do are stepped (:mod:`.doorbell`)."""
    bell: Doorbell[int] = Doorbell(wake)
    for i, session in enumerate(sessions):
        hook_table(session, bell, i)
    todo = set(range(len(sessions)))  # each one is looked at once first
    playing = set(todo)
    while stop is None or not stop.is_set():
        now = time.monotonic()
        for i in sorted(todo):
            session = sessions[i]
            if table_done(session, plan):
                session.pump()  # what its joiners still send is answered
                playing.discard(i)
                continue
            step_table(session, inline=len(sessions) == 1)
            bell.at(i, now if table_done(session, plan) else next_look(session, None, now))
        if not playing:
            return True
        if deadline is not None and now > deadline:
            return False
        longest = IDLE_WAIT if deadline is None else max(0.0, min(IDLE_WAIT, deadline - now))
        todo = bell.wait(longest)
    return False


def end_table(session: HostSession) -> None:
    """Tell the joiners the table ended normally, and close it."""
    session.close(ended=True)


def table_summary(session: HostSession) -> dict[str, Any]:
    """The JSON line of a finished headless table: rounds played, and each seat's name, kind
    and score."""
    return {
        "rounds": len(session.match.results),
        "match_over": session.match.over,
        "winners": list(session.match.winners()),
        "seats": [{"seat": i, "name": seat_name(session.config, i), "kind": s.kind,
                   "score": session.match.scores[i]}
                  for i, s in enumerate(session.config.seats)],
    }


__all__ = ["IDLE_WAIT", "TablePlan", "end_table", "hook_table", "next_look", "run_tables",
           "step_table", "table_done", "table_summary"]
