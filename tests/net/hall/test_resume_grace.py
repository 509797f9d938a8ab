"""A table resumed by its host (``--resume``) waits for its players before a bot plays their
seats (the ``bot`` policy)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from rami_desktop.net.hall.tables import Hall, TableSpec
from rami_desktop.net.wire.protocol import VERSION
from tests.net.hall.test_pass_commits import CODE, Wire, put


def test_a_table_resumed_waits_for_its_players_before_a_bot_plays_their_seats(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A host restarted cuts every joiner at once: with the ``bot`` policy its tables wait
    :data:`~rami_desktop.net.host.stand_ins.RETURN_GRACE` seconds for them (a bot played the
    empty seats at once: whole rounds at the bots' pace before anyone was back); a player back
    in time plays on, and a seat still empty after it is played by a bot."""
    from rami_desktop.net.host.stand_ins import RETURN_GRACE

    wire = Wire()
    hall = Hall(wire, tmp_path / "state", lambda: "")  # type: ignore[arg-type]
    hall.open(TableSpec(seats="net,net", code=CODE, seed=3, policy="bot"))
    for seat in range(2):
        put(hall, seat + 1, {"v": VERSION, "type": "join", "code": CODE, "name": f"j{seat}",
                             "seat": seat, "token": None})
    hall.step([CODE])
    hall.step([CODE])
    before = hall.tables[CODE].session
    tokens = dict(before.book.tokens)
    turn = (before.match.round_number, before.round.turn)
    hall.close()

    again = Hall(Wire(), tmp_path / "state", lambda: "")  # type: ignore[arg-type]
    assert again.resume() == [CODE]
    session = again.tables[CODE].session
    now = [time.monotonic()]
    monkeypatch.setattr(session, "clock", lambda: now[0])
    session.wait_for_returns()  # as the resume did, on this clock
    for _ in range(20):
        again.step([CODE])
        time.sleep(0.01)  # a bot would decide on its worker thread meanwhile
    assert (session.match.round_number, session.round.turn) == turn  # nobody played for them
    assert session.time_due() == pytest.approx(now[0] + RETURN_GRACE)
    now[0] += RETURN_GRACE + 1
    for _ in range(200):
        again.step([CODE])
        if (session.match.round_number, session.round.turn) != turn:
            break
        time.sleep(0.01)  # the bot decides on its worker thread
    assert (session.match.round_number, session.round.turn) != turn  # a bot plays them now
    assert tokens == dict(session.book.tokens)
    again.close()
