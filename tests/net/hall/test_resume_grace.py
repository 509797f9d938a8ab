"""A table resumed by its host (``--resume``) waits for its players before a bot plays their
seats (the ``bot`` policy), and its bots keep the pace it was served at."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from rami_desktop.net.hall.table_spec import table_document
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


def kept_pace(folder: Path) -> object:
    return json.loads((folder / "tables" / CODE / "table.json").read_text())["pace"]


@pytest.mark.parametrize("said", [None, "fast"])
def test_a_table_resumed_keeps_the_pace_it_was_served_at_unless_another_is_said(
        tmp_path: Path, said: str | None) -> None:
    """``rami-host --pace normal``, killed, then ``--resume`` without ``--pace``: its bots
    pause as before (they played at once); a ``--pace`` given with the resume is the host's."""
    state = tmp_path / "state"
    hall = Hall(Wire(), state, lambda: "")  # type: ignore[arg-type]
    hall.pace = "normal"
    hall.open(TableSpec(seats="net,bot:easy", code=CODE))
    assert kept_pace(state) == "normal"
    hall.close()
    again = Hall(Wire(), state, lambda: "")  # type: ignore[arg-type]
    again.pace = said
    assert again.resume() == [CODE]
    again.serving(None, 4242)  # table.json written again, as the resumed host serves
    assert again.pace_of(CODE) == (said or "normal")
    assert kept_pace(state) == (said or "normal")
    again.close()


@pytest.mark.parametrize("pace", ["warp", 3, ""])
def test_a_kept_pace_that_is_no_pace_is_refused_with_its_field_named(pace: object) -> None:
    with pytest.raises(ValueError, match="'pace'"):
        table_document({"code": CODE, "pace": pace}, CODE)
    assert table_document({"code": CODE}, CODE)["pace"] is None  # a table kept before it
