"""Benchmark: the headless host's CPU per joiner action, without the network, this tree against
another commit's in the same run.

Usage::

    nice -n 10 .venv/bin/python tools/bench_action.py --base main
    .venv/bin/python tools/bench_action.py --tables 30 --turns 15 --repeat 4 --base 508744b

A host (the hall of ``rami-host``, :class:`~rami_desktop.net.hall.tables.Hall`) serves
``--tables`` tables of four network seats; this process plays every seat as
tools/bench_net.py's joiners do (draw from the stock, discard, over and over), one action a
table a pass, handing the hall each request as the network thread would (the text of a
joiner's ``act`` read by ``parse_request``) and taking what it sends (each text written for
the joiner's version and encoded, as the network thread writes it). The host's CPU per action
is measured in three parts: the hall's loop (the sessions: the move, the seats' updates), the
network's share that is the game's (the requests read, the answers written: not the
WebSocket's framing, nor the sockets), measured with nothing kept; and the commits (the
journal's lines and their fsync), measured with the tables kept in a temporary state folder as
``rami-host --state`` keeps them, each commit made on the loop's thread (the real host makes
them on its committing threads: their taking turns depends on the machine's load more than on
the code).

With ``--base REV``, the same harness runs on that commit's code too (``git archive`` into a
temporary folder), beside this tree's (the two processes at once, so that the machine's other
work weighs on both alike), ``--repeat`` times; each part is printed as the least of its runs
(the machine is shared: its other work only adds), and the ratios base / this tree (above 1:
this tree spends less) of those least figures and of each pair of runs made side by side
(their median, lowest and highest), beside a calibration (easy self-play rounds a second,
before and after). It asserts nothing; the messages each tree sent (count, bytes) are
printed beside (the same bytes: the wire's tests say so).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent

SEATS = 4


def code_of(table: int) -> str:
    """The code of bench table ``table`` (ten characters of the codes' alphabet; also
    tools/bench_net.py's, which imports it from here: this file imports only the standard
    library until its child runs, whatever tree it measures)."""
    from rami_desktop.net.wire.protocol import CODE_ALPHABET
    digits = []
    for _ in range(5):
        table, d = divmod(table, len(CODE_ALPHABET))
        digits.append(CODE_ALPHABET[d])
    return "BENCH" + "".join(reversed(digits))


class Wire:
    """The host's server, as the hall sees it: what is sent is written for its joiner's
    version and encoded (the network thread's part that is the game's), then counted."""

    def __init__(self) -> None:
        from rami_desktop.net.wire.protocol import VERSION, restamp
        self._restamp, self._version = restamp, VERSION
        self.messages = 0
        self.size = 0
        self.seconds = 0.0
        self._lock = threading.Lock()

    def add_table(self, box: Any) -> None:
        """A table served."""

    def remove_table(self, code: str) -> None:
        """A table no longer served."""

    def send(self, conn: int, text: str) -> None:
        """A message leaves (any thread)."""
        t0 = time.thread_time()
        data = self._restamp(text, self._version).encode()
        spent = time.thread_time() - t0
        with self._lock:
            self.messages += 1
            self.size += len(data)
            self.seconds += spent

    def close(self, conn: int, reason: str = "host_quit") -> None:
        """A connection closed."""

    def flush(self) -> None:
        """What was sent leaves."""


class PassCommits:
    """The hall's commits as a tree since the pass commits makes them (each table's lines
    written by its session's ``commit``, the pass's flush and what it releases in its
    :class:`~rami_desktop.storage.sync_batch.SyncBatch`), on the loop's thread: their CPU
    counted apart (what they send: the network's share)."""

    def __init__(self, wire: Wire) -> None:
        from rami_desktop.play.keep.keeping import Keeping
        from rami_desktop.storage.sync_batch import SyncBatch

        self.wire = wire
        self.seconds = 0.0
        for owner, name in ((Keeping, "commit"), (SyncBatch, "sync")):
            setattr(owner, name, self._timed(getattr(owner, name)))

    def _timed(self, method: Any) -> Any:
        def timed(*args: Any, **kwargs: Any) -> Any:
            t0, sending = time.thread_time(), self.wire.seconds
            try:
                return method(*args, **kwargs)
            finally:
                self.seconds += time.thread_time() - t0 - (self.wire.seconds - sending)

        return timed


class InlineCommits:
    """The hall's commits in a tree before the pass commits (its ``Commits``, on threads),
    each made at once on the loop's thread, its CPU counted apart: the host's CPU without its
    threads taking turns (which depends on the machine's load more than on the code)."""

    def __init__(self, wire: Wire) -> None:
        self.wire = wire
        self.seconds = 0.0
        self._done: list[str] = []

    def start(self, code: str, commit: Any) -> None:
        """Commit a table now (what it sends once kept: the network's share, not its own)."""
        t0, sending = time.thread_time(), self.wire.seconds
        commit()
        self.seconds += time.thread_time() - t0 - (self.wire.seconds - sending)
        self._done.append(code)

    def busy(self, code: str) -> bool:
        """Never: a commit is done when it starts."""
        return False

    def rung(self, code: str) -> None:
        """Nothing to remember."""

    def done(self) -> list[tuple[str, bool]]:
        """The tables committed since the last call."""
        out, self._done = [(code, False) for code in self._done], []
        return out

    def wait(self) -> None:
        """Nothing under way."""


def child(tables: int, turns: int, warm: int, kept: bool) -> dict[str, Any]:
    """Host ``tables`` tables, play ``turns`` turns at each (``warm`` first, unmeasured);
    return the figures (CPU seconds by part, actions, messages). ``kept``: the tables are
    kept in a state folder (their commits made on the loop's thread, counted apart), else
    nothing is kept (the loop's and the network's parts alone, no file written)."""
    import gc

    from rami_desktop.engine.cards import Card
    from rami_desktop.net.hall.tables import Hall, TableSpec
    from rami_desktop.net.transport.server import Inbound
    from rami_desktop.net.wire.protocol import VERSION, parse_request

    wire = Wire()
    folder = tempfile.mkdtemp(prefix="rami-bench-action-") if kept else None
    hall = Hall(wire, Path(folder) if folder else None, lambda: "")  # type: ignore[arg-type]
    commits: InlineCommits | PassCommits
    if hasattr(hall, "commits"):  # a tree whose commits run on threads
        commits = InlineCommits(wire)
        hall.commits = commits
    else:
        commits = PassCommits(wire)
    codes = [hall.open(TableSpec(seats=",".join(["net"] * SEATS), code=code_of(t), seed=t,
                                 policy="wait")) for t in range(tables)]
    reading = [0.0]

    def put(code: str, conn: int, message: dict[str, Any]) -> None:
        t0 = time.thread_time()
        request = parse_request(json.dumps(message))
        reading[0] += time.thread_time() - t0
        assert not hasattr(request, "code") or hasattr(request, "name"), request
        hall.tables[code].session.mailbox.put(Inbound(conn, request))  # type: ignore[arg-type]

    def settle(todo: list[str]) -> None:
        hall.step(todo)
        for _ in range(10_000):
            if not isinstance(commits, InlineCommits) or not any(
                    commits.busy(c) for c in todo):
                break
            hall.wake.wait(0.05)
            hall.wake.clear()
            hall.step([])
        hall.step([])

    conns = {}
    for t, code in enumerate(codes):
        for seat in range(SEATS):
            conns[code, seat] = conn = 1 + t * SEATS + seat
            put(code, conn, {"v": VERSION, "type": "join", "code": code, "name": f"j{seat}",
                             "seat": seat, "token": None})
    settle(codes)
    settle(codes)
    seq = dict.fromkeys(codes, 0)

    def one_pass() -> int:
        played = 0
        for code in codes:
            session = hall.tables[code].session
            state = session.round
            if state.over:
                continue
            p = state.current
            seat = session.match.seat_of(p)
            if state.has_drawn:
                card: Card = state.hands[p][-1]
                action: dict[str, Any] = {"player": p, "do": "discard", "card": card.code}
            else:
                action = {"player": p, "do": "draw", "from": "stock"}
            seq[code] += 1
            put(code, conns[code, seat], {"v": VERSION, "type": "act", "seq": seq[code],
                                          "action": action, "picked": []})
            played += 1
        settle(codes)
        return played

    for _ in range(2 * warm):
        one_pass()
    gc.collect()
    wire.messages = wire.size = 0
    wire.seconds = reading[0] = commits.seconds = 0.0
    main_cpu, process_cpu = time.thread_time(), time.process_time()
    actions = sum(one_pass() for _ in range(2 * turns))
    main_cpu, process_cpu = time.thread_time() - main_cpu, time.process_time() - process_cpu
    hall.close()
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
    network = reading[0] + wire.seconds
    loop = main_cpu - network - commits.seconds
    return {"actions": actions, "process": process_cpu, "loop": loop,
            "network": network, "commits": commits.seconds,
            "messages": wire.messages, "bytes": wire.size}


def export(rev: str) -> Path:
    """The code of commit ``rev`` in a temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="rami-bench-base-"))
    archive = subprocess.run(["git", "-C", str(REPO), "archive", rev, "rami_desktop"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def measure(trees: dict[str, Path], args: argparse.Namespace, kept: bool
            ) -> dict[str, dict[str, Any]]:
    """One run of the harness on each tree's code, each in its own process, all at once (the
    machine's other work weighs on them alike)."""
    running = {}
    for name, tree in trees.items():
        env = {**os.environ, "PYTHONPATH": str(tree)}
        running[name] = subprocess.Popen(
            [sys.executable, __file__, "--child", "--tables", str(args.tables), "--turns",
             str(args.turns), "--warm", str(args.warm), *(["--kept"] if kept else [])],
            env=env, stdout=subprocess.PIPE, text=True, cwd=tree)
    out = {}
    for name, process in running.items():
        text, _ = process.communicate()
        if process.returncode:
            raise SystemExit(f"the run of {name} failed ({process.returncode})")
        out[name] = json.loads(text.strip().splitlines()[-1])
    return out


#: each part of the host's CPU, and the runs it is measured in (kept or not)
PARTS = (("loop", False), ("network", False), ("commits", True))


def per_action(runs: list[dict[str, Any]], part: str) -> float:
    """A part's CPU per action, the least over runs (what the machine's other work did not
    add to), in microseconds."""
    return min(r[part] / r["actions"] * 1e6 for r in runs)


def paired(runs: dict[tuple[str, bool], list[dict[str, Any]]], names: list[str], part: str,
           kept: bool) -> str:
    """The ratio of a part's CPU per action, base / this tree, of the runs made side by side:
    their median, lowest and highest."""
    base, this = (runs[name, kept] for name in names)
    ratios = sorted((b[part] / b["actions"]) / (t[part] / t["actions"])
                    for b, t in zip(base, this, strict=True))
    return f"{statistics.median(ratios):.2f}x ({ratios[0]:.2f}-{ratios[-1]:.2f})"


def calibration() -> float:
    """Easy self-play rounds a second (tools/bench_load.py's, in this process)."""
    sys.path.insert(0, str(REPO / "tools"))
    sys.path.insert(0, str(REPO))
    from bench_load import calibration as rounds_a_second
    return float(rounds_a_second())


def main(argv: list[str] | None = None) -> int:
    """Run the harness (on this tree, and the base's), print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=50, help="tables served")
    parser.add_argument("--turns", type=int, default=30, help="turns measured at each table")
    parser.add_argument("--warm", type=int, default=5, help="turns played first, unmeasured")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each tree")
    parser.add_argument("--base", help="a commit to measure beside this tree (e.g. main)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--kept", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(child(args.tables, args.turns, args.warm, args.kept)))
        return 0
    trees = {"this tree": REPO}
    if args.base:
        trees = {f"base {args.base}": export(args.base), **trees}
    runs: dict[tuple[str, bool], list[dict[str, Any]]] = {
        (name, kept): [] for name in trees for kept in (False, True)}
    before = calibration()
    for _ in range(args.repeat):
        for kept in (False, True):
            for name, figures in measure(trees, args, kept).items():
                runs[name, kept].append(figures)
    after = calibration()
    figures = {name: {part: per_action(runs[name, kept], part) for part, kept in PARTS}
               for name in trees}
    print(f"{args.tables} tables x {SEATS} joiners, {args.turns} turns each measured, the "
          f"least of {args.repeat} runs of each tree (the trees run side by side): the host's "
          f"CPU per action, us (loop and network: no state; commits: kept)")
    print(f"  {'':20} {'total':>7} {'loop':>7} {'network':>8} {'commits':>8}   messages  bytes")
    for name, parts in figures.items():
        first = runs[name, False][0]
        print(f"  {name:20} {sum(parts.values()):7.0f} {parts['loop']:7.0f} "
              f"{parts['network']:8.0f} {parts['commits']:8.0f}   {first['messages']:8d}  "
              f"{first['bytes']}")
    if args.base:
        base, this = figures.values()
        ratios = "  ".join(f"{p} {base[p] / this[p]:.2f}x" for p, _ in PARTS)
        print(f"  base / this tree, the least of each: total "
              f"{sum(base.values()) / sum(this.values()):.2f}x  {ratios}")
        pairs = "  ".join(f"{p} {paired(runs, list(trees), p, kept)}" for p, kept in PARTS)
        print(f"  base / this tree, run beside run (median, lowest-highest): {pairs}")
    print(f"calibration: easy self-play {before:.1f} rounds/s before, {after:.1f} after")
    for tree in trees.values():
        if tree != REPO:
            shutil.rmtree(tree, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
