"""One headless host, many tables over loopback: every action a joiner sends is answered and
played once, whatever the other tables do; bots, their pauses and turn timers move a table on
with nothing arriving for it (the host's loop steps only the tables that have something to do,
and must miss none of them)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from rami_desktop.net.hall import tables as tables_module
from rami_desktop.net.hall.tables import Hall, TableSpec
from rami_desktop.net.host.host_session import HostSession
from rami_desktop.net.transport import guard
from rami_desktop.net.transport.server import HostServer
from rami_desktop.net.wire.delta import FollowedView
from rami_desktop.net.wire.protocol import VERSION
from rami_desktop.play.table import clock

#: seconds a run may take at most (a bound that stops a stuck table's test; never reached when
#: all is well)
LIMIT = 20.0


@pytest.fixture(autouse=True)
def one_address_many_joiners(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every joiner here comes from 127.0.0.1: the limits per address are lifted."""
    monkeypatch.setattr(guard, "PENDING_PER_ADDRESS", 1000)
    monkeypatch.setattr(guard, "JOINED_PER_ADDRESS", 1000)


@dataclass
class Tally:
    """One table's actions as its joiners saw them answered."""

    goal: int
    sent: int = 0
    answered: int = 0
    refused: int = 0
    done: asyncio.Event = field(default_factory=asyncio.Event)


@dataclass
class Joiner:
    """A joiner that draws from the stock and discards as soon as its turn comes (``silent``:
    joins and never plays; its turn timer plays for it)."""

    code: str
    seat: int
    tally: Tally
    silent: bool = False
    seq: int = 0
    waiting: int | None = None
    readied: bool = False

    async def run(self, url: str, stop: asyncio.Event) -> None:
        async with connect(url, proxy=None, compression=None, max_size=None) as ws:
            await ws.send(json.dumps({"v": VERSION, "type": "join", "code": self.code,
                                      "name": f"j{self.seat}", "seat": self.seat,
                                      "token": None}))
            reader = asyncio.ensure_future(self._read(ws))
            stopper = asyncio.ensure_future(stop.wait())
            await asyncio.wait({reader, stopper}, return_when=asyncio.FIRST_COMPLETED)
            reader.cancel()
            stopper.cancel()

    async def _read(self, ws: ClientConnection) -> None:
        obs: dict[str, Any] = {}
        followed = FollowedView()
        started = False
        with contextlib.suppress(ConnectionClosed):
            async for message in ws:
                data = json.loads(message)
                kind = data["type"]
                if kind in ("welcome", "update"):
                    if (kind == "update" and self.waiting is not None
                            and data.get("ack") == self.waiting):
                        self.waiting = None
                        self.tally.answered += 1
                        if self.tally.answered >= self.tally.goal:
                            self.tally.done.set()
                    obs = followed.take(data, dict)["observation"]
                elif kind == "seats":
                    started = started or bool(data.get("started"))
                elif (kind == "error" and self.waiting is not None
                      and data.get("seq") == self.waiting):
                    self.waiting = None
                    self.tally.refused += 1
                    self.tally.sent -= 1  # sent again
                if started and obs and not self.silent:
                    await self._maybe_act(ws, obs)

    async def _maybe_act(self, ws: ClientConnection, obs: dict[str, Any]) -> None:
        if obs["over"]:
            if not self.readied:  # the round's summary read, once
                self.readied = True
                await ws.send(json.dumps({"v": VERSION, "type": "ready"}))
            return
        self.readied = False
        if (obs["current"] != obs["player"] or self.waiting is not None
                or self.tally.sent >= self.tally.goal):
            return
        self.tally.sent += 1
        hand = obs["hand"]
        if obs["has_drawn"]:
            action = {"player": obs["player"], "do": "discard",
                      "card": hand[-1 - self.tally.refused % len(hand)]}
        else:
            action = {"player": obs["player"], "do": "draw", "from": "stock"}
        self.seq += 1
        self.waiting = self.seq
        await ws.send(json.dumps({"v": VERSION, "type": "act", "seq": self.seq,
                                  "action": action, "picked": []}))


@contextlib.contextmanager
def hall_serving(specs: list[TableSpec], pace: str = "off") -> Iterator[tuple[Hall, str]]:
    """A host's hall serving ``specs`` on loopback, its loop on a thread."""
    server = HostServer()
    hall = Hall(server, None, lambda: "")
    hall.pace = pace
    for spec in specs:
        hall.open(spec)
    port = server.start("127.0.0.1", 0)
    stop = threading.Event()
    loop = threading.Thread(target=hall.run, args=(stop, True), daemon=True)
    loop.start()
    try:
        yield hall, f"ws://127.0.0.1:{port}/"
    finally:
        stop.set()
        hall.wake.set()
        loop.join(10)
        hall.close()
        server.stop()
        assert not loop.is_alive()


async def play(url: str, joiners: list[Joiner], tallies: list[Tally]) -> None:
    """Join every joiner and play until every table's tally reached its goal (or the bound)."""
    stop = asyncio.Event()
    tasks = [asyncio.ensure_future(j.run(url, stop)) for j in joiners]
    try:
        await asyncio.wait_for(asyncio.gather(*(t.done.wait() for t in tallies)), LIMIT)
    except asyncio.TimeoutError:
        pass  # the tallies say which table stopped
    finally:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)


def code(i: int) -> str:
    """Table ``i``'s code."""
    alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
    return "CRAMMED" + "".join(alphabet[i // len(alphabet) ** k % len(alphabet)]
                               for k in (2, 1, 0))


def test_every_action_of_six_tables_of_four_joiners_is_answered_and_played_once() -> None:
    tables, goal = 6, 24
    specs = [TableSpec(seats="net,net,net,net", code=code(i), seed=i, policy="wait")
             for i in range(tables)]
    tallies = [Tally(goal) for _ in range(tables)]
    joiners = [Joiner(code(i), s, tallies[i]) for i in range(tables) for s in range(4)]
    with hall_serving(specs) as (hall, url):
        asyncio.run(play(url, joiners, tallies))
        logs = {c: len(t.session.round.log) for c, t in hall.tables.items()}
    assert [t.answered for t in tallies] == [goal] * tables  # none missed, none more
    assert [t.refused for t in tallies] == [0] * tables
    # the host played each answered action once, and nothing else (the joiners stopped)
    assert [logs[code(i)] for i in range(tables)] == [goal] * tables


def test_tables_with_nothing_to_do_are_not_stepped_while_another_plays(
        monkeypatch: pytest.MonkeyPatch) -> None:
    stepped: Counter[str] = Counter()
    real = tables_module.step_table

    def counting(session: HostSession, **options: Any) -> bool:
        stepped[session.code] += 1
        return real(session, **options)

    monkeypatch.setattr(tables_module, "step_table", counting)
    idle, goal = 20, 24
    specs = [TableSpec(seats="net,net", code=code(i), seed=i, policy="wait")
             for i in range(idle + 1)]
    tally = Tally(goal)
    joiners = [Joiner(code(idle), s, tally) for s in range(2)]
    with hall_serving(specs) as (_hall, url):
        asyncio.run(play(url, joiners, [tally]))
    assert tally.answered == goal
    assert stepped[code(idle)] >= goal  # the table played was stepped for each request
    assert [stepped[code(i)] for i in range(idle)] == [1] * idle  # the others: once, at start


def test_bots_and_their_pauses_move_tables_on_with_nothing_arriving(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(clock.BOT_PAUSE, "fast", 0.01)  # short pauses, but pauses still
    tables, goal = 4, 8
    specs = [TableSpec(seats="net,bot:easy,net,bot:easy", code=code(i), seed=i,
                       policy="wait") for i in range(tables)]
    tallies = [Tally(goal) for _ in range(tables)]
    joiners = [Joiner(code(i), s, tallies[i]) for i in range(tables) for s in (0, 2)]
    with hall_serving(specs, pace="fast") as (_hall, url):
        asyncio.run(play(url, joiners, tallies))
    # each joiner's turn came back after two bots' turns: their decisions and pauses rang
    assert [t.answered for t in tallies] == [goal] * tables


def test_a_turn_timer_plays_a_silent_seat_with_nothing_arriving() -> None:
    tables, goal = 3, 6
    specs = [TableSpec(seats="net,net", code=code(i), seed=i, turn_time=0.05)
             for i in range(tables)]
    tallies = [Tally(goal) for _ in range(tables)]
    joiners = [Joiner(code(i), s, tallies[i], silent=s == 1)
               for i in range(tables) for s in range(2)]
    with hall_serving(specs) as (_hall, url):
        asyncio.run(play(url, joiners, tallies))
    # the silent seat's time passed and a bot played it: the other's turns came back
    assert [t.answered for t in tallies] == [goal] * tables


@pytest.mark.slow
def test_every_action_of_a_hundred_tables_of_four_joiners_is_answered_and_played_once() -> None:
    tables, goal = 100, 40
    specs = [TableSpec(seats="net,net,net,net", code=code(i), seed=i, policy="wait")
             for i in range(tables)]
    tallies = [Tally(goal) for _ in range(tables)]
    joiners = [Joiner(code(i), s, tallies[i]) for i in range(tables) for s in range(4)]
    with hall_serving(specs) as (hall, url):
        asyncio.run(play(url, joiners, tallies))
        logs = [len(hall.tables[code(i)].session.round.log) for i in range(tables)]
    assert [t.answered for t in tallies] == [goal] * tables
    assert logs == [goal] * tables
