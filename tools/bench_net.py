"""Network play figures on loopback: an action's round trip (p50, p99), the host's CPU per
table, and how many tables of four headless joiners one headless host carries with a round
trip p99 of 50 ms or less. It prints figures; it asserts nothing.

Usage::

    nice -n 10 .venv/bin/python tools/bench_net.py                 # the whole bench
    nice -n 10 .venv/bin/python tools/bench_net.py --tables 1 10 50 --seconds 20

A host process (this script with ``--serve N``) hosts N tables of four network seats; this
process joins each seat with a light client playing at a player's pace (``--pace`` seconds
before each action: draw from the stock, discard a card; the round goes on and on, the stock
reshuffled). The round trip of an action is the time from sending it to receiving its
``update``. The host's CPU is its own process time over the measured window. Calibrations
(easy self-play rounds a second, and a fixed Python loop) are printed with the figures: machines
differ up to 2x. The host's memory is its peak resident size.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import resource
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from bench_load import calibration as self_play_calibration
from rami_desktop.engine.rules import PRESETS
from rami_desktop.net import guard
from rami_desktop.net.headless import TablePlan, run_tables
from rami_desktop.net.host_session import HostSession
from rami_desktop.net.protocol import VERSION
from rami_desktop.net.server import HostServer, Mailbox
from rami_desktop.play.config import GameConfig, Seat

SEATS = 4
TARGET_P99_MS = 50.0
#: the share of the expected actions below which the joiners' process was the bottleneck
SATURATED = 0.8


# ---- the host process ------------------------------------------------------------------------


def code_of(table: int) -> str:
    """The code of bench table ``table``."""
    return f"B{table:05d}"


def serve(tables: int) -> int:
    """Host ``tables`` tables on one server and one game loop; answer ``cpu`` on stdin with the
    process time; stop when stdin closes."""
    sys.setswitchinterval(0.0005)  # the game thread gets the GIL back quickly from the network's
    # every joiner of the bench comes from 127.0.0.1: the limits per address are lifted here
    guard.PENDING_PER_ADDRESS = guard.JOINED_PER_ADDRESS = 100_000
    server = HostServer()
    wake = threading.Event()
    sessions = []
    rules = PRESETS["talaj"].with_options(target=100_000)
    for t in range(tables):
        box = Mailbox(code_of(t), wake)
        server.add_table(box)
        config = GameConfig(rules, (Seat(None, "net"),) * SEATS, seed=t)
        sessions.append(HostSession(config, outbox=server, mailbox=box, screen=False))
    port = server.start("127.0.0.1", 0)
    print(port, flush=True)
    stop = threading.Event()
    loop = threading.Thread(target=run_tables, args=(sessions, TablePlan(), wake, stop),
                            daemon=True)
    loop.start()
    for line in sys.stdin:
        if line.strip() == "cpu":
            print(time.process_time(), flush=True)
        elif line.strip() == "rss":
            print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, flush=True)
    stop.set()
    wake.set()
    loop.join(5)
    server.stop()
    return 0


# ---- the joiners -----------------------------------------------------------------------------


@dataclass
class Joiner:
    """A light joiner: draws from the stock and discards, at a player's pace."""

    table: int
    seat: int
    pace: float
    times: list[float]
    player: int = -1
    seq: int = 0
    sent: dict[int, float] = field(default_factory=dict)
    acting: bool = False
    refusals: int = 0
    last: dict[str, object] = field(default_factory=dict)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)

    async def run(self, url: str, until: float) -> None:
        async with connect(url, proxy=None, compression=None, max_size=None) as ws:
            await ws.send(json.dumps({"v": VERSION, "type": "join", "code": code_of(self.table),
                                      "name": f"j{self.seat}", "seat": self.seat,
                                      "token": None}))
            reader = asyncio.ensure_future(self._read(ws))
            while time.monotonic() < until and not reader.done():
                await asyncio.sleep(0.2)
            reader.cancel()

    async def _read(self, ws: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            await self._read_all(ws)

    async def _read_all(self, ws: ClientConnection) -> None:
        async for message in ws:
            data = json.loads(message)
            kind = data["type"]
            if kind in ("welcome", "update"):
                if kind == "update" and data.get("ack") in self.sent:
                    self.times.append(time.perf_counter() - self.sent.pop(data["ack"]))
                    self.acting = False
                self.last = data["view"]["observation"]
                self._maybe_act(ws, self.last)
            elif kind == "seats" and data.get("started") and self.last:
                self._maybe_act(ws, self.last)
            elif kind == "error" and data.get("seq") in self.sent:
                self.sent.pop(data["seq"])
                self.acting = False
                self.refusals += 1
                if self.last:
                    self._maybe_act(ws, self.last)

    def _maybe_act(self, ws: ClientConnection, obs: dict[str, object]) -> None:
        self.player = int(obs["player"])  # type: ignore[call-overload]
        if obs["current"] != self.player or obs["over"] or self.acting:
            return
        self.acting = True
        task = asyncio.ensure_future(self._act(ws, obs))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _act(self, ws: ClientConnection, obs: dict[str, object]) -> None:
        await asyncio.sleep(self.pace)
        hand = obs["hand"]
        assert isinstance(hand, list)
        if obs["has_drawn"]:
            card = hand[-1 - (self.refusals % len(hand))]
            action = {"player": self.player, "do": "discard", "card": card}
        else:
            action = {"player": self.player, "do": "draw", "from": "stock"}
        self.seq += 1
        self.sent[self.seq] = time.perf_counter()
        with contextlib.suppress(ConnectionClosed):  # the run's end
            await ws.send(json.dumps({"v": VERSION, "type": "act", "seq": self.seq,
                                      "action": action, "picked": []}))


async def join_all(url: str, tables: int, pace: float, seconds: float,
                   times: list[float]) -> int:
    """Join every seat of every table and play for ``seconds``; return the refusals."""
    until = time.monotonic() + seconds
    joiners = [Joiner(t, s, pace, times) for t in range(tables) for s in range(SEATS)]
    tasks = []
    for i, joiner in enumerate(joiners):
        tasks.append(asyncio.ensure_future(joiner.run(url, until)))
        if i % 20 == 19:
            await asyncio.sleep(0.05)  # not every connection in the same instant
    await asyncio.gather(*tasks, return_exceptions=True)
    return sum(j.refusals for j in joiners)


# ---- one measure -----------------------------------------------------------------------------


@dataclass
class Figures:
    """One run's figures."""

    tables: int
    actions: int
    p50_ms: float
    p99_ms: float
    host_cpu_s: float
    seconds: float
    refusals: int
    rss_mb: float

    @property
    def cpu_per_table(self) -> float:
        """The host's CPU per table, in percent of one core."""
        return 100.0 * self.host_cpu_s / self.seconds / self.tables


def measure(tables: int, pace: float, seconds: float, warm: float = 3.0) -> Figures:
    """Host ``tables`` tables in a process of their own and play them from here."""
    host = subprocess.Popen([sys.executable, __file__, "--serve", str(tables)],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert host.stdin is not None and host.stdout is not None
    port = int(host.stdout.readline())
    url = f"ws://127.0.0.1:{port}/"
    times: list[float] = []

    def cpu() -> float:
        assert host.stdin is not None and host.stdout is not None
        host.stdin.write("cpu\n")
        host.stdin.flush()
        return float(host.stdout.readline())

    result: dict[str, float] = {}

    def window() -> None:
        time.sleep(warm)
        times.clear()
        result["cpu0"], result["t0"] = cpu(), time.monotonic()
        time.sleep(seconds)
        result["cpu1"], result["t1"] = cpu(), time.monotonic()
        result["n"] = len(times)
        assert host.stdin is not None and host.stdout is not None
        host.stdin.write("rss\n")
        host.stdin.flush()
        result["rss"] = float(host.stdout.readline())

    timer = threading.Thread(target=window)
    timer.start()
    refusals = asyncio.run(join_all(url, tables, pace, warm + seconds + 0.5, times))
    timer.join()
    host.stdin.close()
    host.wait(20)
    counted = sorted(times[: int(result["n"])]) or [0.0]
    return Figures(tables, len(counted), statistics.median(counted) * 1000,
                   counted[min(len(counted) - 1, int(len(counted) * 0.99))] * 1000,
                   result["cpu1"] - result["cpu0"], result["t1"] - result["t0"], refusals,
                   result["rss"])


def calibration() -> float:
    """Milliseconds of a fixed pure-Python loop on this machine now (to compare runs)."""
    t0 = time.perf_counter()
    total = 0
    for i in range(2_000_000):
        total += i % 7
    return (time.perf_counter() - t0) * 1000


def main() -> int:
    """Run the bench, print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    ap.add_argument("--tables", type=int, nargs="*", default=[1, 10, 25, 50, 75, 100])
    ap.add_argument("--seconds", type=float, default=15.0, help="measured seconds a run")
    ap.add_argument("--pace", type=float, default=0.5,
                    help="seconds a joiner waits before each action")
    args = ap.parse_args()
    if args.serve is not None:
        return serve(args.serve)
    print(f"calibration: easy self-play {self_play_calibration():.1f} rounds/s; a fixed Python "
          f"loop {calibration():.0f} ms (compare runs with them)")
    print(f"pace: an action every {args.pace} s of each player's turn; {SEATS} joiners a table")
    print("tables  actions  rtt_p50_ms  rtt_p99_ms  host_cpu_%_per_table  refused  host_rss_mb")
    carried = 0
    for tables in args.tables:
        f = measure(tables, args.pace, args.seconds)
        # each table plays about one action a pace: far fewer means the joiners of this one
        # process could not keep up (the run measures them, not the host)
        kept_up = f.actions >= SATURATED * tables * args.seconds / args.pace
        note = "" if kept_up else "  (the joiners' process could not keep up: not counted)"
        print(f"{f.tables:6d}  {f.actions:7d}  {f.p50_ms:10.2f}  {f.p99_ms:10.2f}  "
              f"{f.cpu_per_table:20.2f}  {f.refusals:7d}  {f.rss_mb:11.1f}{note}", flush=True)
        if f.p99_ms <= TARGET_P99_MS and kept_up:
            carried = max(carried, tables)
    print(f"tables of {SEATS} joiners carried with rtt p99 <= {TARGET_P99_MS:.0f} ms: "
          f"{carried} (largest measured that held)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
