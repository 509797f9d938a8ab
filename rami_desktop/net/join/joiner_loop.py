"""A joiner with no window whose seat a bot plays (``rami_desktop.commands.join --bot``): its
loop waits only on its connection's events, never on a socket."""

from __future__ import annotations

import time

from rami_desktop.play.table.table import Table

from .remote import RemoteSession

#: seconds an idle loop sleeps at most between looks (what arrives wakes it at once)
IDLE_WAIT = 0.25


def step_joiner(session: RemoteSession, table: Table | None = None) -> None:
    """Move a joiner whose seat a bot plays on: its bot decides here (the joiner has nothing
    else to do meanwhile); ``table`` is the joiner's table (default: one made now)."""
    table = table or Table(session)
    session.pump()
    table.take_happenings()
    session.take_refusals()  # a refused bot is asked again by the next step
    if session.status != "joined":
        return
    if table.round_over:
        if not table.match_over:
            table.next_round()
        return
    table.ask_redeals()
    session.step_bot()


def joiner_done(session: RemoteSession) -> bool:
    """Whether a joiner's game ended (the match's end, or the table closed)."""
    return session.match_ended or session.status == "closed"


def run_joiner(session: RemoteSession, deadline: float) -> bool:
    """Play a joiner's seat with its bot until the game ends (or ``deadline``, a
    ``time.monotonic()``); return whether it ended normally (the match's end, or the host's
    normal end of the table)."""
    table = Table(session)
    while not joiner_done(session) and time.monotonic() < deadline:
        step_joiner(session, table)
        session.link.wait(IDLE_WAIT)
    return session.match_ended or (session.status == "closed" and session.problem is None)


__all__ = ["IDLE_WAIT", "joiner_done", "run_joiner", "step_joiner"]
