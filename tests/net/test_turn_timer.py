"""The turn timer: a network seat that does not play in time is played by a bot until its
player is back; a round's summary not read in time counts as read."""

from __future__ import annotations

import threading
import time

from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.hall.headless import TablePlan, step_table
from rami_desktop.net.wire.protocol import Ready, request_text
from tests.net.harness import config_of, host_table, join_bot


def test_a_stalled_seat_is_stood_in_for_after_its_time_and_given_back() -> None:
    now = [0.0]
    table = host_table(config_of(PRESETS["talaj"], "net", "bot", "net"), code="STALLSTALL")
    session = table.session
    session.turn_time = 30.0
    session.clock = lambda: now[0]
    deadline = time.monotonic() + 60
    joiners = []
    try:
        # two joiners that never act: seated, then silent
        stop = threading.Event()

        def pump() -> None:
            while not stop.is_set() and not session.started:
                session.pump()
                session.mailbox.wait(0.02)

        pumping = threading.Thread(target=pump, daemon=True)
        pumping.start()
        joiners = [join_bot(table, "Still"), join_bot(table, "Quiet")]
        while session.book.free():
            assert time.monotonic() < deadline
            time.sleep(0.01)
        stop.set()
        pumping.join(5)
        step_table(session, inline=True)
        assert session.started
        r = session.round
        stalled = session.match.seat_of(r.current)
        while stalled not in session.config.remote:  # the bot's turns pass by themselves
            step_table(session, inline=True)
            stalled = session.match.seat_of(session.round.current)
        turn = session.round.turn
        step_table(session, inline=True)  # the seat's time starts when the host sees its turn
        now[0] += 29.0
        step_table(session, inline=True)
        assert session.round.turn == turn and not session.timed_out  # still its time
        now[0] += 2.0
        step_table(session, inline=True)
        assert stalled in session.timed_out  # its time passed: a bot played the turn
        assert session.round.turn > turn or session.round.over
        assert any(s.stand_in for i, s in enumerate(session.seat_infos()) if i == stalled)
        # its player is back (any message): from the next move on the seat is its own again
        holder = joiners[config_remote_index(session, stalled)]
        holder.link.send(request_text(Ready()))
        while stalled in session.timed_out:
            assert time.monotonic() < deadline
            session.pump()
            step_table(session, inline=True)
            now[0] += 31.0  # the other silent seat is stood in for meanwhile
            session.mailbox.wait(0.01)
        assert stalled not in session.driver.bots
    finally:
        for j in joiners:
            j.close()
        table.close()


def config_remote_index(session, seat: int) -> int:  # type: ignore[no-untyped-def]
    """Which of the joiners (in joining order) holds a seat."""
    return sorted(session.config.remote).index(seat)


def test_a_table_with_silent_joiners_plays_to_its_end_with_the_timer() -> None:
    table = host_table(config_of(PRESETS["simple"], "net", "bot"), code="SILENTSILE")
    table.session.turn_time = 0.05
    joiner = None
    try:
        table.run(TablePlan(rounds=2))  # the summary not read in time counts as read
        joiner = join_bot(table, "Silent")
        table.join_thread()
        assert table.finished == [True]
        assert len(table.session.match.results) >= 2
        assert not table.tap.failures
    finally:
        if joiner is not None:
            joiner.close()
        table.close()
