"""Floods a host reachable from the internet holds against (loopback; Linux routes all of
127.0.0.0/8 to it, so each client socket binds its own source address): the host-wide cap on
guesses from 400 fresh addresses, IPv6 counted per /64, raw TCP connections that never finish
their handshake, the connection cap's ``bye``, and logs that say a cause once a minute."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import resource
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as sync_connect

from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.join import joining
from rami_desktop.net.transport import guard, server
from rami_desktop.net.wire.protocol import VERSION, envelope
from rami_desktop.storage.log_limit import LimitFilter, LogLimit
from tests.net.harness import config_of, host_table

REPO = Path(__file__).resolve().parents[2]
LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"),
                           reason="all of 127.0.0.0/8 is loopback on Linux")


def addresses(count: int) -> list[str]:
    """``count`` loopback addresses, none of them 127.0.0.1."""
    return [f"127.0.{1 + i // 250}.{1 + i % 250}" for i in range(count)]


def guesses_from(count: int) -> None:
    table = host_table(config_of(PRESETS["talaj"], "net", "bot"), code="CAPCAPCAP2")
    bad = envelope("join", code="WRXNGWRXNG", name="x", seat=None, token=None)
    answers: dict[str, int] = {}

    async def one(source: str) -> None:
        async with connect(table.url, open_timeout=60, ping_interval=None,
                           local_addr=(source, 0)) as ws:
            for _ in range(guard.FREE_GUESSES):  # every one free for its address
                await ws.send(bad)
                code = json.loads(await ws.recv())["code"]
                answers[code] = answers.get(code, 0) + 1

    async def every() -> float:
        began = time.monotonic()
        await asyncio.gather(*(one(a) for a in addresses(count)))
        return time.monotonic() - began

    try:
        elapsed = asyncio.run(every())
        looked = answers.get("wrong_code", 0)
        assert sum(answers.values()) == count * guard.FREE_GUESSES
        assert set(answers) <= {"wrong_code", "too_fast"}
        assert looked <= guard.HOST_BURST + guard.HOST_RATE * elapsed + 1, (looked, elapsed)
        assert table.hosting.server.guesses.looked == looked
        print(f"{count} addresses x {guard.FREE_GUESSES} wrong guesses in {elapsed:.2f} s: "
              f"{looked} looked at, {answers.get('too_fast', 0)} too_fast")
    finally:
        table.close()


@LINUX
def test_the_host_cap_counts_the_free_guesses_of_100_fresh_addresses() -> None:
    guesses_from(100)


@LINUX
@pytest.mark.slow
def test_the_host_cap_counts_the_free_guesses_of_400_fresh_addresses() -> None:
    guesses_from(400)


def test_an_address_is_an_ipv4_address_or_an_ipv6_64() -> None:
    key = guard.address_key
    assert key("2001:db8:1:2::1") == key("2001:db8:1:2:ffff:ffff:ffff:fffe") == \
        "2001:db8:1:2::/64"
    assert key("2001:db8:1:3::1") != key("2001:db8:1:2::1")
    assert key("::ffff:127.0.0.1") == key("127.0.0.1") == "127.0.0.1"  # a dual-stack socket
    assert key("fe80::1%eth0") == "fe80::/64"
    book = guard.Guesses()
    for i in range(guard.FREE_GUESSES):  # one /64's free guesses, from five addresses
        assert book.may_guess(key(f"2001:db8::{i + 1}"), 0.0)
        book.wrong(key(f"2001:db8::{i + 1}"), 0.0)
    assert not book.may_guess(key("2001:db8::99"), 0.5)  # the next of the /64 waits
    assert book.may_guess(key("2001:db8:0:1::1"), 0.5)


def test_the_host_cap_refuses_every_guess_unread_while_it_is_reached() -> None:
    book = guard.Guesses()
    for i in range(guard.HOST_BURST):  # free guesses of as many addresses
        assert book.may_guess(f"10.0.0.{i}", 0.0)
        book.wrong(f"10.0.0.{i}", 0.0)
    assert not book.may_guess("10.1.0.1", 0.0)  # a fresh address waits too, right or wrong
    assert book.may_guess("10.1.0.1", 1.0 / guard.HOST_RATE)
    for _ in range(100):  # right guesses take no place under the cap
        assert book.may_guess("10.1.0.2", 1.0)


def raw(source: str, port: int, send: bytes = b"") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10,
                                    source_address=(source, 0))
    if send:
        sock.sendall(send)
    return sock


def closed_by_host(sock: socket.socket, within: float) -> bool:
    sock.settimeout(within)
    try:
        while True:
            if not sock.recv(4096):
                return True
    except TimeoutError:
        return False
    except OSError:
        return True


def answered_info(table, ws) -> bool:  # type: ignore[no-untyped-def]
    """Whether the table (pumped meanwhile) answers an ``info``."""
    ws.send(envelope("info"))
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        table.session.pump()
        try:
            return bool(json.loads(ws.recv(timeout=0.05))["type"] == "table")
        except TimeoutError:
            continue
    return False


@LINUX
def test_connections_that_never_finish_the_handshake_are_counted_and_closed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guard, "HANDSHAKE_TIME", 0.5)
    monkeypatch.setattr(guard, "HANDSHAKE_GRACE", 0.1)
    monkeypatch.setattr(server, "SWEEP", 0.1)
    table = host_table(config_of(PRESETS["talaj"], "net", "bot"), code="RAWRAWRAW2")
    port = int(table.url.rsplit(":", 1)[1].strip("/"))
    host = table.hosting.server
    limit = guard.HANDSHAKES_PER_ADDRESS
    older = [raw("127.0.9.9", port) for _ in range(limit)]  # raw TCP: not a byte
    time.sleep(0.15)  # past the grace
    newer = [raw("127.0.9.9", port) for _ in range(limit)]
    stalled = raw("127.0.9.8", port, b"GET / HTTP/1.1\r\nHost: x\r\n")  # never ends
    try:
        began = time.monotonic()
        assert all(closed_by_host(s, 10.0) for s in older)  # closed for the newer ones
        assert host.doorstep.handshakes.count("127.0.9.9") <= limit
        with sync_connect(table.url, open_timeout=10) as ws:  # a real joiner is not kept out
            assert answered_info(table, ws)
        assert all(closed_by_host(s, 10.0) for s in [*newer, stalled])
        assert time.monotonic() - began < 10.0  # the handshake time and a sweep (0.6 s idle)
        assert host.doorstep.handshakes.count() == 0
        assert host.doorstep.closed == 2 * limit + 1
    finally:
        for s in [*older, *newer, stalled]:
            s.close()
        table.close()


def test_the_connection_cap_closes_with_a_bye(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server, "MAX_CONNECTIONS", 2)
    table = host_table(config_of(PRESETS["talaj"], "net", "net", "bot"), code="CAPBYECAP2")
    try:
        with sync_connect(table.url, open_timeout=10) as a, \
                sync_connect(table.url, open_timeout=10) as b:
            for ws in (a, b):
                ws.send(envelope("join", code="CAPBYECAP2", name="A", seat=None, token=None))
            deadline = time.monotonic() + 10
            while len(table.session.book.connections) < 2 and time.monotonic() < deadline:
                table.session.pump()
                time.sleep(0.01)
            with sync_connect(table.url, open_timeout=10) as third:  # none waits: refused
                frames = []
                with pytest.raises(ConnectionClosed) as closed:
                    while True:
                        frames.append(json.loads(third.recv(timeout=10)))
                assert frames == [{"v": VERSION, "type": "bye", "reason": "busy"}]
                assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
    finally:
        table.close()


def test_a_cause_is_logged_once_a_minute_with_a_count(caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    limit = LogLimit(logging.getLogger("test.limit"), clock=lambda: now[0])
    with caplog.at_level(logging.WARNING, "test.limit"):
        said = [limit.warning("a", "trouble %s", i) for i in range(1000)]
        limit.warning("b", "other")
        now[0] = 61.0
        limit.warning("a", "trouble again")
    assert said.count(True) == 1
    assert [r.getMessage() for r in caplog.records] == [
        "trouble 0", "other", "trouble again (999 more like it since the last such line)"]


def test_a_librarys_lines_are_limited_and_carry_no_traceback(
        caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    logger = logging.getLogger("test.library")
    logger.addFilter(LimitFilter(clock=lambda: now[0]))
    with caplog.at_level(logging.ERROR, "test.library"):
        for _ in range(500):
            try:
                raise OSError(24, "Too many open files")
            except OSError:
                logger.exception("connection handler failed")
        now[0] = 100.0
        logger.error("connection handler failed")
    assert [r.getMessage() for r in caplog.records] == [
        "connection handler failed: OSError(24, 'Too many open files')",
        "connection handler failed (499 more like it since the last such line)"]
    assert all(r.exc_info is None and not r.exc_text for r in caplog.records)


def test_a_flood_of_other_versions_is_one_line(caplog: pytest.LogCaptureFixture) -> None:
    table = host_table(config_of(PRESETS["talaj"], "net", "bot"), code="VERVERVER2")
    try:
        with caplog.at_level(logging.WARNING, "rami_desktop.net.transport.server"), \
                sync_connect(table.url, open_timeout=10) as ws:
            for _ in range(15):  # under the strikes
                ws.send(json.dumps({"v": VERSION + 1, "type": "info"}))
                assert json.loads(ws.recv(timeout=10))["code"] == "version_older"
        lines = [r for r in caplog.records if "protocol version" in r.getMessage()]
        assert len(lines) == 1
    finally:
        table.close()


def low_descriptors() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (64, 64))


@LINUX
@pytest.mark.slow
def test_at_the_descriptor_limit_the_host_answers_and_says_one_line(tmp_path: Path) -> None:
    env = {**os.environ, "RAMI_HOME": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "rami_desktop.host", "--port", "0",
                             "--no-advertise", "--seats", "net,bot:easy", "--code",
                             "FDFDFDFD23"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=REPO, env=env, preexec_fn=low_descriptors)
    socks: list[socket.socket] = []
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline().split(" on port ")[1].split()[0])
        for i in range(300):  # far past the 64 descriptors
            socks.append(raw(addresses(300)[i], port))
        with sync_connect(f"ws://127.0.0.1:{port}/", open_timeout=30) as ws:
            ws.send(envelope("info"))
            assert json.loads(ws.recv(timeout=30))["type"] == "table"
        time.sleep(2.0)
    finally:
        for s in socks:
            s.close()
        proc.terminate()
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0
    assert "Traceback" not in err
    assert len(err.splitlines()) <= 3, err[:2000]


def test_a_join_at_the_host_cap_is_sent_again_until_welcomed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The cap holds (no guess comes back to the host's budget) until the join was answered
    ``too_fast``; then it is lifted and the join, sent again, is welcomed. Each wait is on
    what it waits for, bounded in time (a cap that lifted itself after 0.2 s of wall time let
    a join that reached a loaded host late through at once)."""
    monkeypatch.setattr(joining, "RETRY_EVERY", 0.5)  # 20 refusals in a row: 10 s unwatched
    monkeypatch.setattr(joining, "PATIENCE", 120.0)
    rate = guard.HOST_RATE
    monkeypatch.setattr(guard, "HOST_RATE", 0.0)  # the cap reached stays reached
    table = host_table(config_of(PRESETS["talaj"], "net", "bot"), code="PATXENTPA2")
    guesses = table.hosting.server.guesses
    try:
        guesses._tokens = 0.0  # the cap reached: every guess is answered too_fast unread
        attempt = joining.Joining(table.url, "PATXENTPA2", "Amal")
        deadline = time.monotonic() + 60
        answer = None
        while guesses.refused == 0 and time.monotonic() < deadline:
            table.session.pump()
            answer = attempt.poll()
            attempt.link.wait(0.02)
        assert guesses.refused >= 1 and answer is None, (guesses.refused, answer)
        monkeypatch.setattr(guard, "HOST_RATE", rate)  # the cap lifts as time passes
        while answer is None and time.monotonic() < deadline:
            table.session.pump()
            answer = attempt.poll()
            attempt.link.wait(0.02)
        assert isinstance(answer, joining.Welcome), answer
        attempt.link.stop(0.5)
    finally:
        table.close()
