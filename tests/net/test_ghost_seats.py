"""A seat is its player's only once the ``welcome`` went out on a live connection: a ``join``
whose connection drops before it leaves no seat held for ever under a token nobody has (with
``policy`` ``wait`` the table would stop, and the next joiner would get ``table_full``)."""

from __future__ import annotations

import asyncio
import json
import time

from websockets.asyncio.client import connect
from websockets.sync.client import connect as sync_connect

from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.host.seats import SeatBook, Taken, new_token
from rami_desktop.net.wire.protocol import VERSION, envelope
from tests.net.harness import Table, config_of, host_table

CODE = "GHXSTGHXST"


def join_text(name: str) -> str:
    return envelope("join", code=CODE, name=name, seat=None, token=None)


def until(check, limit: float = 60.0) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.01)
    return False


def answer(session, ws, limit: float = 60.0) -> dict:  # type: ignore[no-untyped-def]
    """The first message a connection gets, the table pumped meanwhile (a busy machine may
    take seconds)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        session.pump()
        try:
            return dict(json.loads(ws.recv(timeout=0.02)))
        except TimeoutError:
            continue
    raise AssertionError("no answer")


def ghost_join(table: Table) -> None:
    """A join sent, and its connection cut at once: gone before the table reads the join."""
    async def ghost() -> None:
        async with connect(table.url, open_timeout=10, ping_interval=None) as ws:
            await ws.send(join_text("Ghost"))
            assert ws.transport is not None
            ws.transport.abort()

    asyncio.run(ghost())
    server = table.hosting.server
    assert until(lambda: not server._conns)  # closed on the host: no welcome can go out


def test_a_join_dropped_before_its_welcome_leaves_the_seat_free() -> None:
    table = host_table(config_of(PRESETS["talaj"], "net", "net", "bot"), code=CODE,
                       policy="wait")
    session = table.session
    try:
        ghost_join(table)
        assert until(lambda: session.pump() >= 0 and session.book.free() == [0, 1]
                     and not session.book.tokens)
        with sync_connect(table.url, open_timeout=10) as a, \
                sync_connect(table.url, open_timeout=10) as b, \
                sync_connect(table.url, open_timeout=10) as c:
            answers = []
            for ws, name in ((a, "Amal"), (b, "Badr"), (c, "Chama")):
                ws.send(join_text(name))
                answers.append(answer(session, ws))
            assert [m["type"] for m in answers[:2]] == ["welcome", "welcome"]
            assert {m["seat"] for m in answers[:2]} == {0, 1}
            assert answers[2] == {"v": VERSION, "type": "error", "code": "table_full",
                                  "seq": None, "version": VERSION}
            assert session.book.free() == [] and len(session.book.connections) == 2
    finally:
        table.close()


def test_a_join_whose_welcome_went_out_keeps_its_seat_when_it_drops() -> None:
    table = host_table(config_of(PRESETS["talaj"], "net", "net", "bot"), code=CODE,
                       policy="wait")
    session = table.session
    try:
        with sync_connect(table.url, open_timeout=10) as a:
            a.send(join_text("Amal"))
            welcome = answer(session, a)
            assert welcome["type"] == "welcome"
        assert until(lambda: session.pump() > 0 and not session.book.connections)
        assert session.book.tokens == {welcome["seat"]: welcome["token"]}
        assert session.book.free() == [1 - welcome["seat"]]
    finally:
        table.close()


def test_a_kept_token_that_is_no_token_leaves_its_seat_free() -> None:
    good = new_token()
    book = SeatBook([0, 1, 2, 3], {0: good, 1: "None", 2: "short", 3: "x" * 65})
    assert book.tokens == {0: good}
    assert book.free() == [1, 2, 3]
    assert isinstance(book.take(5, None, "None"), Taken)  # "None" is no way in: a free seat
    assert book.seat_of(5) == 1 and book.tokens[1] != "None"
