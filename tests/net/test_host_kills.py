"""Kept before told, against the headless host with ``--state``: ``kill -9`` at random (seeded)
moments of play, each followed by ``--resume``; the joiner (this test, on loopback) logs every
``update`` it received, and after each resume the table is never older than the last of them,
so no acknowledged action is lost.

Every action is told to the joiner (an ``update`` with the seat's view after it), so the
joiner's log holds every state of the table it was told: a table resumed in one of those
states but the last (or in an earlier round or turn) has lost what it told. A state the
joiner was never told is one kept but not told yet (a kill between the fsync and the send).
"""

from __future__ import annotations

import json
import random
import shutil
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as sync_connect

from rami_desktop.bots import make_bot
from rami_desktop.engine.actions import action_to_dict
from rami_desktop.net.wire.delta import FollowedView
from rami_desktop.net.wire.protocol import envelope
from rami_desktop.net.wire.view import seat_view_from_dict
from tests.net.host_forks import HostForks
from tests.net.test_commands import LIMIT

CODE = "KEPT234567"
needs_sigkill = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

Position = tuple[int, int, str]


def position(view: dict[str, Any]) -> Position:
    """Where the table stands in a view: its round, its turn and the whole view."""
    obs = view["observation"]
    return (view["match"]["round_number"], obs["turn"],
            json.dumps([view["match"], obs], sort_keys=True))


def older(resumed: Position, told: list[Position]) -> bool:
    """Whether a table resumed at ``resumed`` is older than the last state it told."""
    if not told:
        return False
    if resumed[:2] < told[-1][:2]:
        return True
    return resumed != told[-1] and resumed in told


class Joiner:
    """One seat played from this test by an easy bot; every update it gets is logged."""

    def __init__(self, seed: int) -> None:
        self.bot = make_bot("easy")
        self.rng = random.Random(seed)
        self.token: str | None = None
        self.seat: int | None = None
        #: the position of every update and welcome received, in order
        self.told: list[Position] = []
        #: the acks received
        self.acks: set[int] = set()
        self.seq = 0
        self._sent: dict[int, Any] = {}
        self.followed = FollowedView()

    def join(self, ws: ClientConnection) -> Position:
        """Take the seat (back) on a connection; return the welcome's position."""
        self._sent.clear()  # an action not acknowledged before a kill is not kept
        ws.send(envelope("join", code=CODE, name="Kim", seat=self.seat, token=self.token))
        while True:
            msg = json.loads(ws.recv(timeout=LIMIT))
            if msg["type"] == "welcome":
                self.token, self.seat = msg["token"], msg["seat"]
                self.followed = FollowedView()
                self.view = self.followed.take(msg, dict)
                return position(self.view)
            assert msg["type"] in ("seats", "table"), msg

    def play(self, ws: ClientConnection, until: float) -> None:
        """Play until ``until`` (a ``time.monotonic()``) or the connection ends."""
        self._move(ws)
        try:
            while time.monotonic() < until:
                try:
                    msg = json.loads(ws.recv(timeout=max(0.0, until - time.monotonic())))
                except TimeoutError:
                    return
                if msg["type"] == "update":
                    self.view = self.followed.take(msg, dict)  # what changed, applied
                    self.told.append(position(self.view))
                    if msg.get("ack") is not None:
                        self.acks.add(msg["ack"])
                elif msg["type"] == "error" and msg.get("seq") in self._sent:
                    self.bot.refused(self._sent.pop(msg["seq"]), msg["code"])
                elif msg["type"] == "bye":
                    return
                self._move(ws)
        except ConnectionClosed:
            return

    def _move(self, ws: ClientConnection) -> None:
        view = seat_view_from_dict(self.view)
        obs = view.observation
        if obs.over:
            ws.send(envelope("ready"))
        elif obs.current == obs.player and (self.seq not in self._sent
                                            or self.seq in self.acks):
            action = self.bot.act(obs, self.rng)
            self.seq += 1
            self._sent[self.seq] = action
            ws.send(envelope("act", seq=self.seq, action=action_to_dict(action)))


def kill_soak(tmp_path: Path, kills: int, seed: int) -> dict[str, int]:
    """Kill the host ``kills`` times at random moments of play; return the counts.

    A match that ends takes its table with it once its joiner was told (the host removes what
    it kept): the host then resumed has nothing kept and opens a new table under a new code; a
    host killed before its joiner was told resumes the table ended, and tells it. Either is
    counted as ``ended`` (never a table moved aside as unreadable: that is counted as
    ``aside``), and the soak goes on with a new table and a new joiner.
    """
    rng = random.Random(seed)
    state = tmp_path / "state"
    keep = ("--no-advertise", "--port", "0", "--state", str(state))
    table = (*keep, "--seats", "net,bot:easy", "--code", CODE, "--policy", "wait",
             "--turn-time", "0", "--seed", str(seed))
    joiner = Joiner(seed)
    counts = {"kills": kills, "older": 0, "ended": 0, "aside": 0, "updates": 0, "acks": 0}
    with HostForks(tmp_path / "host") as forks:
        host, port, _code = forks.start(*table)
        try:
            for _kill in range(kills):
                with sync_connect(f"ws://127.0.0.1:{port}/", open_timeout=LIMIT) as ws:
                    joiner.join(ws)
                    joiner.play(ws, time.monotonic() + rng.uniform(0.05, 0.3))
                    forks.kill(host)
                host, port, code = forks.start(*keep, "--resume")
                if code != CODE:  # nothing kept: the match had ended
                    counts["aside"] += len(list(state.glob("tables/*.unreadable-*")))
                    counts["ended"] += 1
                    forks.kill(host)
                    shutil.rmtree(state)
                    counts["updates"] += len(joiner.told)
                    counts["acks"] += len(joiner.acks)
                    joiner = Joiner(seed + counts["ended"])
                    host, port, _code = forks.start(*table)
                    continue
                with sync_connect(f"ws://127.0.0.1:{port}/", open_timeout=LIMIT) as ws:
                    resumed = joiner.join(ws)
                counts["older"] += older(resumed, joiner.told)
                if joiner.view["match"]["over"]:  # told the end: the table is gone
                    counts["ended"] += 1
                    forks.kill(host)
                    shutil.rmtree(state)
                    counts["updates"] += len(joiner.told)
                    counts["acks"] += len(joiner.acks)
                    joiner = Joiner(seed + counts["ended"])
                    host, port, _code = forks.start(*table)
        finally:
            forks.kill(host)
    counts["updates"] += len(joiner.told)
    counts["acks"] += len(joiner.acks)
    return counts


@needs_sigkill
def test_a_host_killed_15_times_never_resumes_older_than_it_told(tmp_path: Path) -> None:
    """The default run's sample: 15 kills."""
    counts = kill_soak(tmp_path, 15, 1515)
    print(counts)
    assert counts["older"] == counts["aside"] == 0 and counts["acks"] >= 15, counts


@pytest.mark.slow
@needs_sigkill
def test_a_host_killed_100_times_never_resumes_older_than_it_told(tmp_path: Path) -> None:
    """The soak (``pytest -m slow``): 100 kills."""
    counts = kill_soak(tmp_path, 100, 100)
    print(counts)
    assert counts["older"] == counts["aside"] == 0 and counts["acks"] >= 100, counts

