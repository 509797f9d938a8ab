"""Network play figures on loopback: for N tables of four joiners in one headless host, an
action's round trip (p50, p99), whether every action the joiners meant to play happened, the
host's CPU per table and its memory. It prints figures; it asserts nothing.

Usage::

    nice -n 10 .venv/bin/python tools/bench_net.py --tables 1 50 200 500 --processes 1 2 --docs
    nice -n 10 .venv/bin/python tools/bench_net.py --tables 200 --seconds 20 --pace 0.5
    .venv/bin/python tools/bench_net.py --tables 500 --no-state

The host keeps its tables in a state folder, as ``rami-host --state`` does (every action
appended to its table's journal and on disk before its ``update`` leaves: one flush for the
tables of a pass of the loop, :mod:`rami_desktop.storage.sync_batch`; a temporary folder
under ``--state-dir``, default the system's): ``--no-state`` measures a host that keeps
nothing. ``--docs`` writes the figures with the commit, the command, the machine and the date
to ``docs/dev/measurements/net.md`` (``--docs-path`` elsewhere).

A host process (this script with ``--serve N``) runs the loop of ``rami-host`` (the
:class:`~rami_desktop.net.hall.tables.Hall`, or with ``--processes P`` its
:class:`~rami_desktop.net.hall.rooms.Rooms`, as ``rami-host --processes P``) over N tables of
four network seats; this process joins
every seat with a light client (draw from the stock, discard a card, over and over: the round
goes on, the stock reshuffled). Once every table began, each one keeps a schedule: its k-th
action is due ``k * pace`` seconds after its start (the tables' starts spread over one pace), and
is sent then (or, if the table is late, as soon as its turn comes). The round trip of an
action is the time from sending it to receiving its ``update``. In the measured window,
*expected* is the actions due, *lost* those of them never answered (by the window's end and a
grace after it): when the host keeps up, nothing is lost. The host's CPU is its own process
time over the window, per table and per action, and per action split by its threads (the
hall's loop, its tables' commits included, and the network thread: one interpreter runs them
in turn, so their sum is what one core must carry); its memory is its peak resident size;
the joiners' CPU is this process's (when it nears a whole core, the figures are the joiners',
not the host's: the row says so). *Waited for CPU* is the share of its time each process was
ready to run but waited for a CPU that other work on the machine held (Linux's schedstat): near
0 on a quiet machine; the round trips grow with it. The calibration (easy self-play rounds a
second, thread CPU) is measured before and after the runs, and the load average beside each
row: machines, and moments of a shared machine, differ.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

import provenance
from bench_action import code_of
from bench_load import calibration as self_play_calibration
from rami_desktop.net.hall.heap import steady_heap
from rami_desktop.net.hall.rooms import Rooms
from rami_desktop.net.hall.tables import Hall, TableSpec
from rami_desktop.net.transport import guard
from rami_desktop.net.transport.server import HostServer
from rami_desktop.net.wire.delta import FollowedView
from rami_desktop.net.wire.protocol import VERSION

SEATS = 4
TARGET_P99_MS = 50.0
ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs" / "dev" / "measurements" / "net.md"
#: the joiners' share of one core past which the figures measure them rather than the host
JOINERS_BUSY = 0.85
#: seconds after the schedules start before the window opens, and after it for the last answers
WARM = 2.0
GRACE = 2.0


# ---- the host process ------------------------------------------------------------------------


def waited() -> float:
    """Seconds this process's threads have spent ready to run but waiting for a CPU (Linux's
    ``/proc/self/task/*/schedstat``; 0 where there is none): what other work on the machine
    took from it."""
    total = 0
    for task in Path("/proc/self/task").glob("*/schedstat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            total += int(task.read_text().split()[1])
    return total / 1e9


#: the host's threads, by what they do (the rest: "other"); with rooms (``--processes``) the
#: first process's threads that hand requests and answers to and from them are "relay", and
#: the rooms' processes (every thread) "rooms"
ROLES = (("loop", "rami-hall"), ("network", "rami-host-net"), ("relay", "rami-room-"))
#: the split printed: one process, or rooms
SPLIT = ("loop", "network")
ROOM_SPLIT = ("network", "relay", "rooms")


def proc_figures(pid: int) -> tuple[float, float, float]:
    """Another process's CPU seconds, seconds waited for a CPU and peak resident MB (Linux's
    /proc; zeros where there is none)."""
    cpu = wait = rss = 0.0
    with contextlib.suppress(OSError, ValueError, IndexError):
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        cpu = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    for task in Path(f"/proc/{pid}/task").glob("*/schedstat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            wait += int(task.read_text().split()[1]) / 1e9
    with contextlib.suppress(OSError, ValueError, IndexError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                rss = int(line.split()[1]) / 1024
    return cpu, wait, rss


def thread_cpu() -> dict[str, float]:
    """Seconds of CPU each kind of this process's threads has run (:data:`ROLES`: the
    hall's loop, the network thread, the relays to the rooms; Linux's
    ``/proc/self/task/*/schedstat``; empty where there is none)."""
    out: dict[str, float] = {}
    for thread in threading.enumerate():
        role = next((r for r, prefix in ROLES if thread.name.startswith(prefix)), "other")
        with contextlib.suppress(OSError, ValueError, IndexError, TypeError):
            ran = int(Path(f"/proc/self/task/{thread.native_id}/schedstat").read_text()
                      .split()[0])
            out[role] = out.get(role, 0.0) + ran / 1e9
    return out


def bench_code() -> str:
    """No new code is made here: every bench table names its own."""
    return ""


def serve(tables: int, state: str | None, processes: int = 1) -> int:
    """Host ``tables`` tables on one server and the host's loop (kept in ``state``, a folder,
    as ``rami-host --state`` keeps them; None: nothing kept), over ``processes`` rooms as
    ``rami-host --processes`` does when more than 1; answer ``cpu``, ``waited``, ``threads``
    and ``rss`` on stdin (the rooms' included); stop when stdin closes."""
    # every joiner of the bench comes from 127.0.0.1: the limits per address are lifted here
    guard.PENDING_PER_ADDRESS = guard.JOINED_PER_ADDRESS = 100_000
    server = HostServer()
    hall: Hall | Rooms
    if processes > 1:
        hall = Rooms(server, processes, state, bench_code)
    else:
        hall = Hall(server, Path(state) if state else None, bench_code)
    pids = [room.process.pid or 0 for room in hall.rooms] if isinstance(hall, Rooms) else []

    def rooms() -> tuple[float, float, float]:
        figures = [proc_figures(pid) for pid in pids]
        return (sum(f[0] for f in figures), sum(f[1] for f in figures),
                sum(f[2] for f in figures))

    for t in range(tables):
        hall.open(TableSpec(seats=",".join(["net"] * SEATS), code=code_of(t), seed=t,
                            policy="wait"))
    port = server.start("127.0.0.1", 0)
    hall.serving("127.0.0.1", port)
    print(port, flush=True)
    steady_heap()  # as rami-host does before its loop
    stop = threading.Event()
    loop = threading.Thread(target=hall.run, args=(stop, True), daemon=True, name="rami-hall")
    loop.start()
    for line in sys.stdin:
        if line.strip() == "cpu":
            print(time.process_time() + rooms()[0], flush=True)
        elif line.strip() == "waited":
            print(waited() + rooms()[1], flush=True)
        elif line.strip() == "threads":
            print(json.dumps({**thread_cpu(), **({"rooms": rooms()[0]} if pids else {})}),
                  flush=True)
        elif line.strip() == "rss":
            print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024 + rooms()[2],
                  flush=True)
    stop.set()
    hall.wake.set()
    loop.join(5)
    hall.close()
    server.stop()
    return 0


# ---- the joiners -----------------------------------------------------------------------------


@dataclass
class Action:
    """One action of a table: when it was due, sent, answered (None: not yet)."""

    due: float
    sent: float
    answered: float | None = None


@dataclass
class Schedule:
    """One table's actions: the k-th is due ``k * pace`` seconds after its start (None: not
    started, nothing is due)."""

    pace: float
    start: float | None = None
    actions: list[Action] = field(default_factory=list)

    def next_due(self) -> float:
        """When the next action is due (the schedule started)."""
        assert self.start is not None
        return self.start + (len(self.actions) + 1) * self.pace

    def due_in(self, t0: float, t1: float) -> int:
        """How many of its actions were due in ``[t0, t1)``."""
        if self.start is None:
            return 0
        first = max(1, int((t0 - self.start) // self.pace))
        return sum(1 for k in range(first, first + int((t1 - t0) / self.pace) + 3)
                   if t0 <= self.start + k * self.pace < t1)


@dataclass
class Joiner:
    """A light joiner: draws from the stock and discards, when its table's schedule says."""

    table: int
    seat: int
    schedule: Schedule
    began: asyncio.Event
    ws: ClientConnection | None = None
    seq: int = 0
    sent: dict[int, Action] = field(default_factory=dict)
    acting: bool = False
    refusals: int = 0
    last: dict[str, object] = field(default_factory=dict)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    followed: FollowedView = field(default_factory=FollowedView)

    async def run(self, url: str, stop: asyncio.Event) -> None:
        """Join (trying again, five times at most, a connection the loaded host did not
        finish in its handshake time), play until ``stop``."""
        for attempt in range(5):
            try:
                await self._run(url, stop)
                return
            except (OSError, InvalidHandshake):
                if attempt == 4:
                    raise
                await asyncio.sleep(1.0)

    async def _run(self, url: str, stop: asyncio.Event) -> None:
        async with connect(url, proxy=None, compression=None, max_size=None,
                           open_timeout=60) as ws:
            self.ws = ws
            await ws.send(json.dumps({"v": VERSION, "type": "join", "code": code_of(self.table),
                                      "name": f"j{self.seat}", "seat": self.seat,
                                      "token": None}))
            reader = asyncio.ensure_future(self._read(ws))
            stopper = asyncio.ensure_future(stop.wait())
            await asyncio.wait({reader, stopper}, return_when=asyncio.FIRST_COMPLETED)
            reader.cancel()
            stopper.cancel()

    async def _read(self, ws: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for message in ws:
                self._take(ws, json.loads(message))

    def _take(self, ws: ClientConnection, data: dict[str, object]) -> None:
        kind = data["type"]
        if kind in ("welcome", "update"):
            ack = data.get("ack")
            if kind == "update" and isinstance(ack, int) and ack in self.sent:
                self.sent.pop(ack).answered = time.perf_counter()
                self.acting = False
            view = self.followed.take(data, dict)  # an update tells what changed
            self.last = view["observation"]
            self.maybe_act(ws)
        elif kind == "seats" and data.get("started"):
            self.began.set()
            self.maybe_act(ws)
        elif kind == "error" and isinstance(seq := data.get("seq"), int) and seq in self.sent:
            self.schedule.actions.remove(self.sent.pop(seq))  # due again: sent again
            self.acting = False
            self.refusals += 1
            self.maybe_act(ws)

    def maybe_act(self, ws: ClientConnection) -> None:
        obs = self.last
        if (not obs or self.schedule.start is None or obs["current"] != obs["player"]
                or obs["over"] or self.acting):
            return
        self.acting = True
        task = asyncio.ensure_future(self._act(ws, obs))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _act(self, ws: ClientConnection, obs: dict[str, object]) -> None:
        await asyncio.sleep(max(0.0, self.schedule.next_due() - time.perf_counter()))
        hand = obs["hand"]
        assert isinstance(hand, list)
        player = obs["player"]
        if obs["has_drawn"]:
            card = hand[-1 - (self.refusals % len(hand))]
            action = {"player": player, "do": "discard", "card": card}
        else:
            action = {"player": player, "do": "draw", "from": "stock"}
        self.seq += 1
        now = time.perf_counter()
        record = Action(self.schedule.next_due(), now)
        self.schedule.actions.append(record)
        self.sent[self.seq] = record
        with contextlib.suppress(ConnectionClosed):  # the run's end
            await ws.send(json.dumps({"v": VERSION, "type": "act", "seq": self.seq,
                                      "action": action, "picked": []}))


# ---- one measure -----------------------------------------------------------------------------


@dataclass
class Figures:
    """One run's figures."""

    tables: int
    expected: int
    happened: int
    p50_ms: float
    p99_ms: float
    host_cpu_s: float
    host_waited_s: float
    joiners_cpu_s: float
    joiners_waited_s: float
    seconds: float
    refusals: int
    rss_mb: float
    #: the host's CPU seconds over the window by kind of thread (:data:`ROLES`)
    roles: dict[str, float] = field(default_factory=dict)

    @property
    def cpu_per_table(self) -> float:
        """The host's CPU per table, in percent of one core."""
        return 100.0 * self.host_cpu_s / self.seconds / self.tables

    @property
    def cpu_per_action_ms(self) -> float:
        """The host's CPU per action answered, in milliseconds."""
        return 1000.0 * self.host_cpu_s / max(1, self.happened)

    def role_ms(self, role: str) -> float:
        """The host's CPU per action answered in one kind of thread, in milliseconds."""
        return 1000.0 * self.roles.get(role, 0.0) / max(1, self.happened)

    @staticmethod
    def wait_share(cpu: float, waited: float) -> float:
        """The share of its time a process was ready to run but waited for a CPU, in
        percent."""
        return 100.0 * waited / max(1e-9, cpu + waited)

    @property
    def joiners_share(self) -> float:
        """The joiners' process CPU, as a share of one core."""
        return self.joiners_cpu_s / self.seconds


class Host:
    """The host process of one run, asked over its stdin."""

    def __init__(self, tables: int, state: str | None, processes: int = 1) -> None:
        argv = [sys.executable, __file__, "--serve", str(tables), "--processes", str(processes)]
        if state:
            argv += ["--serve-state", state]
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)
        assert self.proc.stdout is not None
        self.port = int(self.proc.stdout.readline())

    def ask(self, what: str) -> float:
        """The host's ``cpu`` (process seconds), ``waited`` (seconds its threads waited for a
        CPU) or ``rss`` (peak MB)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(what + "\n")
        self.proc.stdin.flush()
        return float(self.proc.stdout.readline())

    def threads(self) -> dict[str, float]:
        """The host's CPU seconds by kind of thread (:func:`thread_cpu`)."""
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write("threads\n")
        self.proc.stdin.flush()
        value = json.loads(self.proc.stdout.readline())
        return {str(k): float(v) for k, v in value.items()}

    def end(self) -> None:
        """Stop the host."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(30)


async def play(host: Host, tables: int, pace: float, seconds: float) -> Figures:
    """Join every seat of every table, wait until all tables began, measure a window."""
    url = f"ws://127.0.0.1:{host.port}/"
    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    schedules = [Schedule(pace) for _ in range(tables)]
    began = [asyncio.Event() for _ in range(tables)]
    joiners = [Joiner(t, s, schedules[t], began[t]) for t in range(tables) for s in range(SEATS)]
    tasks = []
    for i, joiner in enumerate(joiners):
        tasks.append(asyncio.ensure_future(joiner.run(url, stop)))
        if i % 20 == 19:
            await asyncio.sleep(0.05)  # not every connection in the same instant
    await asyncio.wait_for(asyncio.gather(*(b.wait() for b in began)), 300)
    gc.freeze()  # the joiners' connections, out of this process's collector's sight, and no
    gc.disable()  # pause of its collector in the window: only the host's pauses are measured
    go = time.perf_counter()
    for t, schedule in enumerate(schedules):
        schedule.start = go + pace * t / tables
    for joiner in joiners:
        if joiner.ws is not None:
            joiner.maybe_act(joiner.ws)
    await asyncio.sleep(WARM)
    wait0, own_wait0 = await loop.run_in_executor(None, host.ask, "waited"), waited()
    roles0 = await loop.run_in_executor(None, host.threads)
    cpu0, own0 = await loop.run_in_executor(None, host.ask, "cpu"), time.process_time()
    t0 = time.perf_counter()
    await asyncio.sleep(seconds)
    t1 = time.perf_counter()
    cpu1, own1 = await loop.run_in_executor(None, host.ask, "cpu"), time.process_time()
    roles1 = await loop.run_in_executor(None, host.threads)
    wait1, own_wait1 = await loop.run_in_executor(None, host.ask, "waited"), waited()
    await asyncio.sleep(GRACE)
    rss = await loop.run_in_executor(None, host.ask, "rss")
    gc.enable()
    gc.unfreeze()
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    counted = [a for s in schedules for a in s.actions if t0 <= a.due < t1]
    times = sorted(a.answered - a.sent for a in counted if a.answered is not None) or [0.0]
    return Figures(tables, sum(s.due_in(t0, t1) for s in schedules), len(times),
                   statistics.median(times) * 1000,
                   times[min(len(times) - 1, int(len(times) * 0.99))] * 1000,
                   cpu1 - cpu0, wait1 - wait0, own1 - own0, own_wait1 - own_wait0, t1 - t0,
                   sum(j.refusals for j in joiners), rss,
                   {r: roles1[r] - roles0.get(r, 0.0) for r in roles1})


def measure(tables: int, pace: float, seconds: float, state_dir: str | None,
            processes: int = 1) -> Figures:
    """Host ``tables`` tables in a process of their own (kept in a new folder under
    ``state_dir``; None: nothing kept; over ``processes`` rooms when more than 1) and play
    them from here."""
    with contextlib.ExitStack() as stack:
        state = None
        if state_dir is not None:
            state = stack.enter_context(tempfile.TemporaryDirectory(
                prefix="bench-net-", dir=state_dir or None))
        host = Host(tables, state, processes)
        try:
            return asyncio.run(play(host, tables, pace, seconds))
        finally:
            host.end()


def header(split: tuple[str, ...]) -> str:
    """The figures' header line (``split``: the host's CPU per action by kind of thread)."""
    return ("tables  expected  lost  rtt_p50_ms  rtt_p99_ms  host_cpu_%_per_table  "
            f"host_cpu_ms_per_action  {'/'.join(split):>20s}  host_rss_mb  joiners_cpu_%  "
            "waited_for_cpu_%_host/joiners  refused  load")


def row(f: Figures, load: float) -> tuple[str, bool]:
    """The printed row of a run, and whether it held (p99 at most the goal, nothing lost,
    the joiners' process not the limit)."""
    busy = f.joiners_share >= JOINERS_BUSY
    note = "  (the joiners' process was the limit: not counted)" if busy else ""
    lost = f.expected - f.happened
    waits = (f"{f.wait_share(f.host_cpu_s, f.host_waited_s):.0f}/"
             f"{f.wait_share(f.joiners_cpu_s, f.joiners_waited_s):.0f}")
    kinds = ROOM_SPLIT if "rooms" in f.roles else SPLIT
    split = "/".join(f"{f.role_ms(r):.2f}" for r in kinds) if f.roles else "-"
    text = (f"{f.tables:6d}  {f.expected:8d}  {lost:4d}  {f.p50_ms:10.2f}  {f.p99_ms:10.2f}  "
            f"{f.cpu_per_table:20.2f}  {f.cpu_per_action_ms:22.2f}  {split:>20s}  "
            f"{f.rss_mb:11.1f}  "
            f"{100 * f.joiners_share:13.0f}  {waits:>29s}  {f.refusals:7d}  {load:4.1f}{note}")
    return text, f.p99_ms <= TARGET_P99_MS and lost <= 0 and not busy


def write_docs(path: Path, lines: list[str], argv: list[str]) -> None:
    """The measurement page: what was run, where, when, and the figures as printed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    page = [
        "# Network play at scale: measured",
        "",
        "Written by `tools/bench_net.py --docs` (do not edit: run it again). One headless host",
        "(the loop of `rami-host`, its tables kept in a state folder unless `--no-state`) and",
        "four light joiners a table in another process, over loopback; each table plays one",
        "action every pace (draw, discard) on a schedule. *lost*: actions due in the window",
        "never answered; *rtt*: from sending an action to its `update`; *loop/network*: the",
        "host's CPU per action in its loop (the tables' moves and commits: one flush to disk a",
        "pass) and its network thread (one interpreter runs them in turn); with `--processes N`",
        "(`rami-host --processes`),"
        "*network/relay/rooms*: the first process's network thread, its threads relaying each",
        "table's requests and answers to and from the rooms, and the rooms' processes that play",
        "the tables (each its own interpreter: they run side by side); *waited for CPU*: the",
        "share of its time each process was ready to run but waited for a CPU other work held",
        "(the machine is shared: read the figures beside the calibration and the load).",
        "",
        f"- commit: `{provenance.commit()}`",
        f"- command: `{shlex.join(['tools/bench_net.py', *argv])}`",
        f"- machine: {provenance.machine()}",
        f"- date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}",
        "",
        "```",
        *lines,
        "```",
        "",
    ]
    path.write_text("\n".join(page), encoding="utf-8")


def main() -> int:
    """Run the bench, print the figures (and write them to the docs when asked)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--serve", type=int, default=None, help=argparse.SUPPRESS)
    ap.add_argument("--serve-state", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--tables", type=int, nargs="*", default=[1, 50, 200, 500])
    ap.add_argument("--seconds", type=float, default=15.0, help="measured seconds a run")
    ap.add_argument("--processes", type=int, nargs="*", default=[1],
                    help="the host's tables over this many processes, as rami-host "
                         "--processes (default 1; several: each, one after the other)")
    ap.add_argument("--pace", type=float, default=0.5,
                    help="seconds between two actions of a table")
    ap.add_argument("--no-state", action="store_true",
                    help="the host keeps nothing (no --state)")
    ap.add_argument("--state-dir", default="",
                    help="where the host's state folders are made (default: the system's "
                         "temporary folder)")
    ap.add_argument("--docs", action="store_true",
                    help=f"write the figures to {DOCS.relative_to(ROOT)}")
    ap.add_argument("--docs-path", type=Path, default=DOCS, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.serve is not None:
        return serve(args.serve, args.serve_state, args.processes[0])
    lines: list[str] = []

    def say(text: str) -> None:
        print(text, flush=True)
        lines.append(text)

    say(f"calibration before: easy self-play {self_play_calibration():.1f} rounds/s; "
        f"load average {os.getloadavg()[0]:.2f}")
    kept = "kept in a state folder (on disk before every update)" if not args.no_state \
        else "nothing kept"
    say(f"pace: an action every {args.pace} s at each table; {SEATS} joiners a table; "
        f"{args.seconds:g} s measured; {kept}")
    carried: dict[int, int] = {}
    for processes in args.processes:
        say("")
        say("one process plays every table (rami-host)" if processes == 1 else
            f"{processes} processes play the tables, one keeps the network "
            f"(rami-host --processes {processes})")
        say(header(ROOM_SPLIT if processes > 1 else SPLIT))
        carried[processes] = 0
        for tables in args.tables:
            f = measure(tables, args.pace, args.seconds,
                        None if args.no_state else args.state_dir, processes)
            text, held = row(f, os.getloadavg()[0])
            say(text)
            if held:
                carried[processes] = max(carried[processes], tables)
    say("")
    say(f"calibration after: easy self-play {self_play_calibration():.1f} rounds/s; "
        f"load average {os.getloadavg()[0]:.2f}")
    for processes, most in carried.items():
        say(f"tables of {SEATS} joiners carried with rtt p99 <= {TARGET_P99_MS:.0f} ms and no "
            f"action lost, {processes} process{'es' if processes > 1 else ''}: {most} (the "
            "largest measured that held)")
    if args.docs:
        write_docs(args.docs_path, lines, sys.argv[1:])
        print(f"written: {args.docs_path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
