"""Another protocol version is refused on both sides, saying which side is newer."""

from __future__ import annotations

import asyncio
import json
import threading
import time

import pytest
from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection, serve

from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.errors import NetError
from rami_desktop.net.joining import Joining, Trouble
from rami_desktop.net.protocol import VERSION
from rami_desktop.ui.net_words import net_message
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
                                              (VERSION - 1, NetError.VERSION_OLDER)])
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
