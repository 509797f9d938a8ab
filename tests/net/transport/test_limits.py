"""A host reachable from the internet holds (loopback): idle connections never keep a real
joiner out, wrong codes get no more than the documented rate, a reader that never reads is cut
with its queue bounded, text frames only, no unbounded echo, ``bye`` before every close."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidMessage
from websockets.sync.client import connect as sync_connect

from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.transport import guard, server
from rami_desktop.net.wire.protocol import VERSION, envelope
from tests.net.harness import config_of, host_table, join_bot

LIMIT = 60.0


def pumped(table, until, limit: float = 20.0) -> bool:  # type: ignore[no-untyped-def]
    """Pump a table's session until ``until()`` (or the limit); return whether it held."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        table.session.pump()
        if until():
            return True
        table.hosting.mailbox.wait(0.02)
    return False


@contextlib.contextmanager
def pumping(table) -> Iterator[None]:  # type: ignore[no-untyped-def]
    """The table's session answers on a thread meanwhile (never started)."""
    stop = threading.Event()

    def pump() -> None:
        while not stop.is_set():
            table.session.pump()
            table.hosting.mailbox.wait(0.02)

    thread = threading.Thread(target=pump, daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join(5)


def idle_then_join(count: int) -> None:
    table = host_table(config_of(PRESETS["talaj"], "net", "bot"), code="IDLEIDLE23")
    url = table.url

    async def idle() -> list[object]:
        opened = await asyncio.gather(*(connect(url, open_timeout=LIMIT, ping_interval=None)
                                        for _ in range(count)), return_exceptions=True)
        return list(opened)

    loop = asyncio.new_event_loop()
    try:
        conns = loop.run_until_complete(idle())
        assert sum(not isinstance(c, BaseException) for c in conns) > 0
        waiting = table.hosting.server.doorway.waiting()
        assert waiting <= guard.PENDING_PER_ADDRESS  # the older idle ones were closed
        with pumping(table):
            joiner = join_bot(table, "Real")  # a welcome, or it raises
            joiner.close()

        async def shut() -> None:
            await asyncio.gather(*(c.close() for c in conns if not isinstance(c, BaseException)),
                                 return_exceptions=True)

        loop.run_until_complete(shut())
    finally:
        loop.close()
        table.close()


def test_200_idle_connections_from_one_address_do_not_keep_a_joiner_out() -> None:
    idle_then_join(200)


@pytest.mark.slow
def test_1000_idle_connections_from_one_address_do_not_keep_a_joiner_out() -> None:
    idle_then_join(1000)


def test_a_connection_that_does_not_join_in_time_is_told_and_closed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "JOIN_DEADLINE", 0.3)
    monkeypatch.setattr(server, "SWEEP", 0.1)
    table = host_table(config_of(PRESETS["talaj"], "net", "bot"), code="LATELATE23")
    try:
        with sync_connect(table.url, open_timeout=10) as ws:
            frames = []
            with pytest.raises(ConnectionClosed):
                while True:
                    frames.append(json.loads(ws.recv(timeout=10)))
        assert frames[-1] == {"v": VERSION, "type": "bye", "reason": "join_deadline"}
    finally:
        table.close()


def wrong_codes(total: int, connections: int) -> None:
    """``total`` wrong codes sent over ``connections`` connections (a connection closed after
    its strikes comes back): every send is counted, answered or not."""
    table = host_table(config_of(PRESETS["talaj"], "net", "bot"), code="RXGHTRXGHT")
    guesses = table.hosting.server.guesses
    bad = envelope("join", code="WRXNGWRXNG", name="x", seat=None, token=None)
    answers: dict[str, int] = {}
    counts = {"sent": 0, "unanswered": 0, "byes": 0, "opened": 0, "door": 0}

    async def one(share: int) -> None:
        sent = 0
        while sent < share:
            try:
                ws = await connect(table.url, open_timeout=LIMIT, ping_interval=None)
            except (InvalidMessage, OSError):
                counts["door"] += 1  # closed in its handshake (too many of one address)
                continue
            try:
                async with ws:
                    counts["opened"] += 1
                    while sent < share:
                        await ws.send(bad)
                        sent += 1
                        counts["sent"] += 1
                        try:
                            while True:  # its answer, or the bye of a closing connection
                                reply = json.loads(await ws.recv())
                                if reply["type"] != "bye":
                                    answers[reply["code"]] = answers.get(reply["code"], 0) + 1
                                    break
                                counts["byes"] += 1
                        except ConnectionClosed:
                            counts["unanswered"] += 1  # sent while it was being closed
                            raise
            except ConnectionClosed:
                continue  # closed after its strikes: the guesser comes back

    async def every() -> None:
        await asyncio.gather(*(one(total // connections) for _ in range(connections)))

    began = time.monotonic()
    asyncio.run(every())
    elapsed = time.monotonic() - began
    try:
        looked = guesses.looked  # the guesses the host looked at (the others: too_fast unread)
        assert counts["sent"] == total
        assert sum(answers.values()) + counts["unanswered"] == total
        assert set(answers) <= {"wrong_code", "too_fast"}
        assert answers.get("wrong_code", 0) == looked  # a closing connection's are unread
        assert looked <= guard.most_guesses(elapsed + 0.5), (looked, elapsed)
        assert counts["unanswered"] <= counts["opened"]  # at most the last send of each
        assert counts["byes"] <= counts["opened"]
        assert guesses.wrong_count("127.0.0.1", time.monotonic()) == looked
        assert counts["door"] <= counts["opened"] // 10, counts
        print(f"{total} sends over {connections} connections in {elapsed:.1f} s: {answers}, "
              f"{counts}, {looked} looked at")
    finally:
        table.close()


def test_2000_wrong_codes_over_10_connections_keep_to_the_rate() -> None:
    wrong_codes(2000, 10)


@pytest.mark.slow
def test_10000_wrong_codes_over_50_connections_keep_to_the_rate() -> None:
    wrong_codes(10_000, 50)


def test_the_schedule_of_the_waits() -> None:
    assert [guard.delay_after(k) for k in range(guard.FREE_GUESSES + 8)] == [
        0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 60, 60]
    assert guard.most_guesses(0) == guard.FREE_GUESSES
    assert (guard.most_guesses(120), guard.most_guesses(3600)) == (11, 69)  # docs/dev/protocol.md
    book = guard.Guesses()
    for _ in range(guard.FREE_GUESSES):
        assert book.may_guess("a", 0.0)
        book.wrong("a", 0.0)
    assert not book.may_guess("a", 0.5)
    assert book.may_guess("b", 0.5)  # another address is not held back
    assert book.may_guess("a", 1.0)


def test_a_client_that_never_reads_is_dropped_with_its_queue_bounded() -> None:
    table = host_table(config_of(PRESETS["talaj"], "net", "bot"), code="DEAFDEAF23")
    host = table.hosting.server
    try:
        with sync_connect(table.url, open_timeout=10, max_queue=1, close_timeout=0.5) as ws:
            ws.send(envelope("join", code="DEAFDEAF23", name="Deaf", seat=None, token=None))
            assert pumped(table, lambda: table.session.book.present(0))
            conn = table.session.book.holder(0)
            assert conn is not None
            big = envelope("pong", t=0, pad="x" * 60_000)
            for _ in range(400):  # 24 MB, far more than the system's buffers
                host.send(conn, big)
                host.flush()
                time.sleep(0.002)
                assert all(c.queued <= server.OUT_BYTES for c in list(host._conns.values()))
                if host.dropped:
                    break
            assert host.dropped == 1
            assert pumped(table, lambda: not table.session.book.present(0))
    finally:
        table.close()


def test_binary_frames_and_huge_seqs_are_refused_without_echo() -> None:
    table = host_table(config_of(PRESETS["talaj"], "net", "bot"), code="TEXTTEXT23")
    try:
        with sync_connect(table.url, open_timeout=10) as ws:
            ws.send(envelope("info").encode())
            assert json.loads(ws.recv(timeout=10))["code"] == "malformed"
            seq = "9" * 1001
            ws.send(f'{{"v":{VERSION},"type":"act","seq":{seq},"action":{{}}}}')
            reply = ws.recv(timeout=10)
            assert json.loads(reply)["seq"] is None and len(reply) < 200
            ws.send(envelope("act", seq=-1, action={}))
            assert json.loads(ws.recv(timeout=10))["seq"] is None
    finally:
        table.close()


def test_bye_comes_before_every_close() -> None:
    table = host_table(config_of(PRESETS["talaj"], "net", "net", "net"), code="BYEBYEBYE2")
    try:
        def frames_of(ws) -> list[dict]:  # type: ignore[no-untyped-def]
            out = []
            with pytest.raises(ConnectionClosed):
                while True:
                    out.append(json.loads(ws.recv(timeout=10)))
            return out

        join = envelope("join", code="BYEBYEBYE2", name="A", seat=None, token=None)
        with pumping(table), sync_connect(table.url, open_timeout=10) as leaver:
            leaver.send(join)
            assert json.loads(leaver.recv(timeout=10))["type"] == "welcome"
            leaver.send(envelope("leave"))
            assert frames_of(leaver)[-1] == {"v": VERSION, "type": "bye", "reason": "left"}
        with sync_connect(table.url, open_timeout=10) as a, \
                sync_connect(table.url, open_timeout=10) as b:
            b.send(join)
            a.send(join)
            assert pumped(table, lambda: len(table.session.book.connections) == 2)
            table.session.close(ended=True)
            for ws in (a, b):
                last = frames_of(ws)[-1]
                assert last == {"v": VERSION, "type": "bye", "reason": "end"}
    finally:
        table.close()


def test_messages_arrive_in_order_whether_written_at_once_or_queued_with_bye_last() -> None:
    table = host_table(config_of(PRESETS["talaj"], "net", "bot"), code="ORDRORDR23")
    host = table.hosting.server
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8192)  # small: the host's fills
    try:
        sock.connect(("127.0.0.1", host.port))
        with sync_connect(table.url, sock=sock, open_timeout=10, max_size=None,
                          max_queue=1) as ws:
            ws.send(envelope("join", code="ORDRORDR23", name="Reader", seat=None, token=None))
            assert pumped(table, lambda: table.session.book.present(0))
            conn = table.session.book.holder(0)
            assert conn is not None
            host._conns[conn].ws.transport.get_extra_info("socket").setsockopt(
                socket.SOL_SOCKET, socket.SO_SNDBUF, 8192)
            told: list[object] = []

            def read() -> None:  # slowly at first: the socket fills, then drains meanwhile
                with contextlib.suppress(ConnectionClosed, TimeoutError):
                    while len(told) < 201:
                        message = json.loads(ws.recv(timeout=LIMIT))
                        if message["type"] in ("pong", "bye"):
                            told.append(message.get("t", message["type"]))
                        if len(told) < 40:
                            time.sleep(0.005)

            reader = threading.Thread(target=read, daemon=True)
            reader.start()
            pad = "x" * 20_000  # every tenth: the socket fills, what follows waits its turn
            for n in range(200):
                host.send(conn, envelope("pong", t=n, pad=pad if n % 10 == 0 else ""))
                if n % 7 == 0:
                    host.flush()
                    time.sleep(0.002)
            host.close(conn, "left")
            host.flush()
            reader.join(LIMIT)
            assert told == [*range(200), "bye"]
    finally:
        sock.close()
        table.close()
