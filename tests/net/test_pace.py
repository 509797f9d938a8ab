"""The headless host keeps the table's pace (rami-host --pace), as a table on a screen does."""

from __future__ import annotations

from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.hall.headless import step_table
from rami_desktop.play.table.clock import TableClock, bot_pause
from tests.net.harness import config_of, host_table


def test_a_hosted_bot_waits_the_pace_after_each_move() -> None:
    table = host_table(config_of(PRESETS["talaj"], "bot", "bot"), code="PACEPACE")
    session = table.session
    clock = TableClock("slow")
    try:
        moves = 0
        for _ in range(200):
            before = len(session.round.log)
            step_table(session, clock=clock)
            session.worker.wait(5)
            step_table(session, clock=clock)
            if len(session.round.log) > before:
                moves += 1
                assert not clock.bot_may_start()  # a move: the next bot waits its pause
                step_table(session, clock=clock)
                assert not session.worker.busy
                clock.tick(bot_pause("slow"))
            if moves >= 3:
                break
        assert moves >= 3
    finally:
        table.close()
