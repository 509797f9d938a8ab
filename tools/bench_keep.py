"""Benchmark of the save path over one very long round: memory and cost per action, flat.

Usage::

    .venv/bin/python tools/bench_keep.py [--turns 2000] [--host]

Two players who never lay (each takes the talaj's top card and discards one: the stock never
runs out) play one talaj round of ``--turns`` turns through a
:class:`~rami_desktop.play.session.session.Session`, once keeping the match (its store, the journal
and snapshots every action goes through, as the headless host's ``--state`` and the desktop
autosave do) and once keeping nothing, each in its own process. Prints each run's peak RSS, and
the save's cost per action (wall and CPU of :meth:`Keeper.keep`, fsync included) around turn 10
and around the last turn. With ``--host`` the same round is played against the headless host
(``rami-host``, two ``net`` seats played over loopback by this process), once with ``--state``
and once without, and the host process's peak RSS (``VmHWM``) is printed for both. A
benchmark: figures, never a timed assert.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from rami_desktop.engine.actions import Action, Discard, Draw  # noqa: E402
from rami_desktop.engine.match import Match  # noqa: E402
from rami_desktop.engine.observation import Observation  # noqa: E402
from rami_desktop.engine.rules import preset  # noqa: E402
from rami_desktop.play.game.config import GameConfig, Seat  # noqa: E402
from rami_desktop.play.keep.persist import Keeper  # noqa: E402
from rami_desktop.play.session.session import Session  # noqa: E402
from rami_desktop.storage.match_io import MatchFiles  # noqa: E402
from rami_desktop.storage.paths import Paths  # noqa: E402

#: turns around which the cost per action is measured (from the start, and before the end)
WINDOW = 20


class NeverLays:
    """Takes the talaj's top card and discards the last legal card: a round without end."""

    def __init__(self, match: Match) -> None:
        self.match = match

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """The next action (the tool reads the round: it is not a fair bot)."""
        r = self.match.round
        if not r.has_drawn:
            draws = [d for d in r.legal_draws() if d.source != "stock"]
            return draws[0] if draws else Draw(obs.player)
        return Discard(obs.player, r.legal_discards()[-1])

    def wants_redeal(self, obs: Observation, rng: random.Random) -> bool:
        """Never."""
        return False

    def refused(self, action: Action, code: object) -> None:
        """Never refused."""


def run(turns: int, keep: bool) -> dict[str, float]:
    """Play the round; return the figures."""
    config = GameConfig(rules=preset("talaj"), seed=3,
                        seats=(Seat("A", "bot", "easy"), Seat("B", "bot", "easy")))
    match = Match(config.rules, 2, 3)
    bots = {0: NeverLays(match), 1: NeverLays(match)}
    home = tempfile.mkdtemp(prefix="rami-bench-keep-")
    store = MatchFiles(Paths.under(home)) if keep else None
    costs: list[tuple[float, float]] = []
    real_keep = Keeper.keep

    def timed(self: Keeper, *args: object) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        real_keep(self, *args)  # type: ignore[arg-type]
        costs.append((time.perf_counter() - wall, time.process_time() - cpu))

    Keeper.keep = timed  # type: ignore[method-assign]
    session = Session(config, match, bots=bots, store=store)
    marks: list[int] = []
    while session.round.turn < turns and not session.round.over:
        marks.append(session.round.turn)
        session.step_bot()
    session.close()
    costs = costs[-len(marks):]  # one per action (none when nothing is kept)
    timed_marks = marks if costs else []

    def window(first: int, last: int) -> tuple[float, float]:
        chosen = [c for t, c in zip(timed_marks, costs, strict=True) if first <= t < last]
        if not chosen:
            return 0.0, 0.0
        return (sum(w for w, _c in chosen) / len(chosen), sum(c for _w, c in chosen) / len(chosen))

    early = window(10 - WINDOW // 2, 10 + WINDOW // 2)
    late = window(turns - WINDOW, turns)
    return {"turns": session.round.turn, "actions": len(match.logs[-1]),
            "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "early_wall_ms": early[0] * 1e3, "early_cpu_ms": early[1] * 1e3,
            "late_wall_ms": late[0] * 1e3, "late_cpu_ms": late[1] * 1e3}


def never_lays(port: int, code: str, turns: int) -> None:
    """Play one ``net`` seat of the host over loopback, never laying, until the round's turn
    ``turns``: take the talaj's top card (else the first card, else the stock), discard the
    hand's cards from the last until one is accepted. The view is read as plain JSON (the
    joiner's own reader refuses views of over 500 discards)."""
    from websockets.sync.client import connect

    from rami_desktop.net.wire.delta import FollowedView
    from rami_desktop.net.wire.protocol import envelope

    seq, tries = 0, 0
    pending = False
    with connect(f"ws://127.0.0.1:{port}/", open_timeout=60) as ws:
        ws.send(envelope("join", code=code, name="", seat=None, token=None))
        obs: Any = None
        followed = FollowedView()
        while True:
            msg = json.loads(ws.recv(timeout=120))
            if msg["type"] == "error" and msg.get("seq") == seq:
                pending, tries = False, tries + 1
            if msg.get("ack") == seq and msg["type"] == "update":
                pending, tries = False, 0
            if msg["type"] in ("welcome", "update"):
                obs = followed.take(msg, dict)["observation"]
            if obs is None or pending:
                continue
            if int(obs["turn"]) >= turns or obs["over"]:
                return
            if obs["current"] != obs["player"]:
                continue
            player = int(obs["player"])
            if obs["has_drawn"]:
                hand = list(obs["hand"])
                action: dict[str, object] = {"player": player, "do": "discard",
                                             "card": hand[-1 - tries % len(hand)]}
            else:
                sources = ("top", "first", "stock")
                action = {"player": player, "do": "draw", "from": sources[min(tries, 2)]}
            seq += 1
            pending = True
            ws.send(envelope("act", seq=seq, action=action))


def host_rss(turns: int, keep: bool) -> float:
    """The headless host's peak RSS (MB) over the round, with ``--state`` or without."""
    code = "BENCH23456"
    args = [sys.executable, "-m", "rami_desktop.host", "--no-advertise", "--port", "0",
            "--preset", "talaj", "--seats", "net,net", "--code", code, "--seed", "3",
            "--policy", "wait", "--turn-time", "0"]
    if keep:
        args += ["--state", tempfile.mkdtemp(prefix="rami-bench-state-")]
    env = {**os.environ, "RAMI_HOME": tempfile.mkdtemp(prefix="rami-bench-home-")}
    host = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            cwd=REPO, env=env)
    try:
        assert host.stdout is not None
        port = int(host.stdout.readline().split(" on port ")[1].split()[0])
        players = [threading.Thread(target=never_lays, args=(port, code, turns))
                   for _seat in range(2)]
        for player in players:
            player.start()
        for player in players:
            player.join()
        status = Path(f"/proc/{host.pid}/status").read_text()
        peak = next(line for line in status.splitlines() if line.startswith("VmHWM:"))
        return int(peak.split()[1]) / 1024
    finally:
        host.kill()
        host.wait()


def main(argv: list[str] | None = None) -> int:
    """Run both processes and print the figures."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--turns", type=int, default=2000)
    ap.add_argument("--child", choices=("keep", "none"), default=None)
    ap.add_argument("--host", action="store_true",
                    help="also the headless host's peak RSS over the round, with and without "
                         "--state")
    args = ap.parse_args(argv)
    if args.child:
        print(json.dumps(run(args.turns, args.child == "keep")))
        return 0
    out = {}
    for kind in ("none", "keep"):
        done = subprocess.run([sys.executable, __file__, "--turns", str(args.turns), "--child",
                               kind], capture_output=True, text=True, check=True)
        out[kind] = json.loads(done.stdout.strip().splitlines()[-1])
    kept, bare = out["keep"], out["none"]
    print(f"one talaj round of {kept['turns']} turns ({kept['actions']} actions)")
    print(f"peak RSS: {bare['rss_mb']:.1f} MB keeping nothing, {kept['rss_mb']:.1f} MB keeping "
          f"every action (+{kept['rss_mb'] - bare['rss_mb']:.1f} MB)")
    print(f"save per action around turn 10: {kept['early_wall_ms']:.2f} ms wall, "
          f"{kept['early_cpu_ms']:.2f} ms CPU")
    print(f"save per action around turn {args.turns}: {kept['late_wall_ms']:.2f} ms wall, "
          f"{kept['late_cpu_ms']:.2f} ms CPU")
    if args.host:
        bare_host, kept_host = host_rss(args.turns, False), host_rss(args.turns, True)
        print(f"rami-host peak RSS over the round: {bare_host:.1f} MB without --state, "
              f"{kept_host:.1f} MB with --state (+{kept_host - bare_host:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
