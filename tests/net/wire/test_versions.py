"""Another protocol version is refused on both sides, saying which side is newer; a joiner of an
older version the host still speaks (from ``OLDEST``) joins a table whose rules it knows."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import threading
import time

import msgspec
import pytest
from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve

from rami_desktop.engine.rules import PRESETS, RULE_OPTIONS
from rami_desktop.net.join.joining import Joining, Trouble
from rami_desktop.net.wire import protocol, schema
from rami_desktop.net.wire.errors import NetError
from rami_desktop.net.wire.protocol import OLDEST, VERSION
from rami_desktop.net.wire.schema import FIELD_SINCE
from rami_desktop.ui.words.net_words import net_message
from tests.net.harness import config_of, host_table


def host_of_version(version: int) -> tuple[int, threading.Event]:
    """A host speaking another version: it answers a join with a welcome of that version."""
    ready = threading.Event()
    port: list[int] = []
    stop = threading.Event()

    async def handle(ws: ServerConnection) -> None:
        await ws.recv()
        await ws.send(json.dumps({"v": version, "type": "welcome"}))
        await ws.wait_closed()

    async def main() -> None:
        async with serve(handle, "127.0.0.1", 0) as server:
            port.append(next(iter(server.sockets)).getsockname()[1])
            ready.set()
            while not stop.is_set():
                await asyncio.sleep(0.05)

    threading.Thread(target=lambda: asyncio.run(main()), daemon=True).start()
    ready.wait(10)
    return port[0], stop


def answer(joining: Joining) -> object:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        got = joining.poll()
        if got is not None:
            return got
        joining.link.wait(0.05)
    raise AssertionError("no answer")


@pytest.mark.parametrize(("theirs", "code"), [(VERSION + 1, NetError.VERSION_NEWER),
                                              (OLDEST - 1, NetError.VERSION_OLDER)])
def test_a_joiner_refuses_a_host_of_another_version_and_says_which_is_newer(
        theirs: int, code: NetError) -> None:
    port, stop = host_of_version(theirs)
    try:
        got = answer(Joining(f"ws://127.0.0.1:{port}/", "ABC234", "Sara"))
        assert got == Trouble(code, theirs)
        said = net_message(code, theirs)
        assert ("newer" if code is NetError.VERSION_NEWER else "older") in said
        assert str(theirs) in said
    finally:
        stop.set()


def test_a_host_refuses_a_joiner_of_another_version_and_says_which_is_newer(
        caplog: pytest.LogCaptureFixture) -> None:
    table = host_table(config_of(PRESETS["talaj"], "net", "bot"))
    try:
        async def talk() -> dict[str, object]:
            async with connect(table.url, proxy=None) as ws:
                await ws.send(json.dumps({"v": VERSION + 1, "type": "join", "code": "TESTAB",
                                          "name": "Futur"}))
                return json.loads(await ws.recv())

        reply = asyncio.run(talk())
        assert reply["code"] == NetError.VERSION_OLDER.value and reply["version"] == VERSION
        assert f"this host's version {VERSION} is older" in caplog.text
    finally:
        table.close()


def talk(url: str, *messages: dict[str, object]) -> list[dict[str, object]]:
    """Send messages one by one, each answered: the answers."""
    async def run() -> list[dict[str, object]]:
        async with connect(url, proxy=None) as ws:
            answers = []
            for message in messages:
                await ws.send(json.dumps(message))
                answers.append(json.loads(await asyncio.wait_for(ws.recv(), 20)))
            return answers

    return asyncio.run(run())


def test_a_joiner_of_an_older_version_joins_a_table_whose_rules_it_knows(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The protocol gate, with a version before this one spoken here and an option it does not
    know yet (Rami sec, as if it came with this version): a table that leaves that option at its
    default seats the older joiner, every answer in its version; a table that changes it tells
    that joiner to update (as a newer host does) and seats a joiner of this version."""
    older = VERSION - 1
    monkeypatch.setattr(protocol, "OLDEST", older)
    monkeypatch.setitem(RULE_OPTIONS, "rami_sec",
                        dataclasses.replace(RULE_OPTIONS["rami_sec"], since=VERSION))
    plain = host_table(config_of(PRESETS["talaj"], "net", "bot"))
    try:
        plain.run()
        info, welcomed = talk(plain.url, {"v": older, "type": "info"},
                              {"v": older, "type": "join", "code": "TESTABCDEF", "name": "Lalla"})
        assert (info["v"], info["type"]) == (older, "table")
        assert (welcomed["v"], welcomed["type"]) == (older, "welcome")
    finally:
        plain.close()
    sec = host_table(config_of(PRESETS["talaj"].with_options(rami_sec=True), "net", "bot"))
    try:
        sec.run()
        refused, = talk(sec.url, {"v": older, "type": "join", "code": "TESTABCDEF",
                                  "name": "Lalla"})
        assert refused["v"] == older and refused["code"] == NetError.VERSION_NEWER.value
        assert refused["version"] == VERSION
        assert "it does not know rami_sec" in caplog.text
        welcomed, = talk(sec.url, {"v": VERSION, "type": "join", "code": "TESTABCDEF",
                                   "name": "Driss"})
        assert (welcomed["v"], welcomed["type"]) == (VERSION, "welcome")
    finally:
        sec.close()


def test_every_rule_option_and_added_field_is_known_to_this_protocol_version() -> None:
    """An option's ``since`` and an added field's version are protocol versions that exist: a
    new one comes with a new version (VERSION + 1 then), and the versions a host still speaks
    (from OLDEST) differ only by the options they know and the optional fields the host leaves
    out for them: each one past OLDEST brought one or the other."""
    newer = {name: spec.since for name, spec in RULE_OPTIONS.items() if spec.since > VERSION}
    newer |= {name: since for name, since in FIELD_SINCE.items() if since > VERSION}
    assert newer == {}, f"options or fields newer than protocol version {VERSION}: bump it " \
        f"({newer})"
    brought = {spec.since for spec in RULE_OPTIONS.values()} | set(FIELD_SINCE.values())
    assert set(range(OLDEST + 1, VERSION + 1)) <= brought, (
        "a version after OLDEST that brought no rule option and no field left out for older "
        "joiners changed the messages: OLDEST must be that version")
    assert 1 <= OLDEST <= VERSION
    assert (OLDEST, VERSION, FIELD_SINCE) == (4, 6, {"SeatWire.face": 6, "SeatWire.level": 6})
    for name in FIELD_SINCE:  # each names a field the schema declares, absent by default
        struct, field = name.split(".")
        declared = getattr(schema, struct)
        fields, defaults = declared.__struct_fields__, declared.__struct_defaults__
        assert dict(zip(fields[len(fields) - len(defaults):], defaults, strict=True))[
            field] is msgspec.UNSET


def test_a_joiner_one_version_older_sits_only_where_the_talaj_makes_new_stocks_as_before() -> None:
    """The gate with a real option: one new stock only came with a protocol version; a joiner
    of the version before sits at a table that leaves it off (reading rules without it), and is
    told to update by a table that plays it."""
    older = RULE_OPTIONS["reshuffle_once"].since - 1
    assert OLDEST <= older < VERSION
    for once in (False, True):
        rules = PRESETS["talaj"].with_options(reshuffle_once=once)
        table = host_table(config_of(rules, "net", "bot"))
        try:
            table.run()
            got, = talk(table.url, {"v": older, "type": "join", "code": "TESTABCDEF",
                                    "name": "Lalla"})
        finally:
            table.close()
        assert got["v"] == older
        if once:
            assert (got["type"], got["code"]) == ("error", NetError.VERSION_NEWER.value)
        else:
            assert got["type"] == "welcome" and "reshuffle_once" not in json.dumps(got)
