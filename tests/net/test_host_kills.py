"""Kept before told, against the headless host with ``--state``: ``kill -9`` at random (seeded)
moments of play, each followed by ``--resume``; the joiner (this test, on loopback) logs every
state of the table it was told (each ``update`` and ``welcome``), and after each resume the table
is never older than the last of them, so no acknowledged action is lost.

Every action is told to the joiner (an ``update`` with the seat's view after it), so the
joiner's log holds every state of the table it was told: a table resumed in one of those
states but the last (or in an earlier round or turn) has lost what it told. A state the
joiner was never told is one kept but not told yet (a kill between the fsync and the send).
A view alone does not say how far the table went: an addition taken back (``undo``) and made
again shows the same view twice in one turn, so a state is also placed by the events told
since its turn began (every action tells at least one), counted from the updates' happenings
and from the welcome's story (the round's last moves).
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
from rami_desktop.engine.rescue import finishing_actions
from rami_desktop.net.join.remote import BOT_REFUSALS
from rami_desktop.net.wire.delta import FollowedView
from rami_desktop.net.wire.protocol import envelope
from rami_desktop.net.wire.view import seat_view_from_dict
from rami_desktop.play.view.mirror import mirror_round
from rami_desktop.play.view.story import STORY_MOVES
from tests.conftest import some_by_default
from tests.net.host_forks import HostForks
from tests.net.test_commands import LIMIT

CODE = "KEPT234567"
needs_sigkill = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")

#: where the table stands in a view: its round, its turn, the events told since the turn
#: began (None: more than the welcome's story holds) and the whole view
Position = tuple[int, int, int | None, str]

#: the events that begin a turn (or a round dealt again): the count starts again after them
TURN_BEGINS = ("turn", "redealt")


def position(view: dict[str, Any], events: int | None) -> Position:
    """Where the table stands in a view, ``events`` told since its turn began."""
    obs = view["observation"]
    return (view["match"]["round_number"], obs["turn"], events,
            json.dumps([view["match"], obs], sort_keys=True))


def counted(events: int | None, told: list[dict[str, Any]]) -> int | None:
    """The events since the turn began after those ``told``."""
    for event in told:
        if event["e"] in TURN_BEGINS:
            events = 0
        elif events is not None:
            events += 1
    return events


def older(resumed: Position, told: list[Position]) -> bool:
    """Whether a table resumed at ``resumed`` is older than the last state it told."""
    if not told:
        return False
    last = told[-1]
    if resumed[:2] != last[:2]:
        return resumed[:2] < last[:2]
    if resumed[2] is not None and last[2] is not None:  # how far into the turn each is
        return resumed[2] < last[2] or (resumed[2] == last[2] and resumed[3] != last[3])
    # a turn longer than the story: the views alone (an earlier one told again is older)
    return resumed[3] != last[3] and any(t[3] == resumed[3] for t in told if t[:2] == last[:2])


class Joiner:
    """One seat played from this test by an easy bot, as a joiner's bot plays it (after
    :data:`~rami_desktop.net.remote.BOT_REFUSALS` refusals in a row, the turn goes on the
    engine's way), a new bot at each welcome (a bot follows its plan of the turn: one whose
    last move was lost with the host takes its turn back and plays it again, a turn longer
    than the welcome's story at each kill); every state it is told is logged."""

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
        #: events told since the current turn began (None: not known)
        self.events: int | None = None
        #: the bot's actions refused since the last update
        self._refusals = 0

    def join(self, ws: ClientConnection) -> Position | None:
        """Take the seat (back) on a connection; return the welcome's position (not logged
        yet: :meth:`welcomed` logs it), None if the host has no such table (it ended)."""
        self._sent.clear()  # an action not acknowledged before a kill is not kept
        self._refusals = 0
        ws.send(envelope("join", code=CODE, name="Kim", seat=self.seat, token=self.token))
        while True:
            msg = json.loads(ws.recv(timeout=LIMIT))
            if msg["type"] == "welcome":
                self.bot = make_bot("easy")
                self.token, self.seat = msg["token"], msg["seat"]
                self.followed = FollowedView()
                self.view = self.followed.take(msg, dict)
                story = msg["story"]
                start = 0 if len(story) < STORY_MOVES else None  # the round's every move
                self.events = counted(start, [e for move in story for e in move["events"]])
                return position(self.view, self.events)
            if msg["type"] == "error" and msg["code"] == "wrong_code":
                return None
            assert msg["type"] in ("seats", "table"), msg

    def welcomed(self, where: Position) -> None:
        """Log the welcome's position: a state told too."""
        self.told.append(where)

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
                    for happening in msg["happenings"]:
                        if happening["kind"] == "deal":
                            self.events = 0
                        self.events = counted(self.events, happening["events"])
                    self.told.append(position(self.view, self.events))
                    self._refusals = 0
                    if msg.get("ack") is not None:
                        self.acks.add(msg["ack"])
                elif msg["type"] == "error" and msg.get("seq") in self._sent:
                    self.bot.refused(self._sent.pop(msg["seq"]), msg["code"])
                    self._refusals += 1
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
            if self._refusals >= BOT_REFUSALS:
                action = finishing_actions(mirror_round(view))[0]
            else:
                action = self.bot.act(obs, self.rng)
            self.seq += 1
            self._sent[self.seq] = action
            ws.send(envelope("act", seq=self.seq, action=action_to_dict(action)))


def kill_soak(tmp_path: Path, kills: int, seed: int) -> dict[str, int]:
    """Kill the host ``kills`` times at random moments of play; return the counts.

    A match that ends takes its table with it once its joiner was told (the host removes what
    it kept): the host then resumed has nothing kept and opens a new table under a new code; a
    host killed before its joiner was told resumes the table ended, and tells it; a table whose
    end was sent to its joiner's connection as it closed (after a welcome) is gone when the
    joiner comes back, its folder removed. Each is counted as ``ended`` (never a table moved
    aside as unreadable: that is counted as ``aside``), and the soak goes on with a new table
    and a new joiner.
    """
    rng = random.Random(seed)
    state = tmp_path / "state"
    keep = ("--no-advertise", "--port", "0", "--state", str(state))
    table = (*keep, "--seats", "net,bot:easy", "--code", CODE, "--policy", "wait",
             "--turn-time", "0", "--seed", str(seed))
    joiner = Joiner(seed)
    counts = {"kills": 0, "older": 0, "ended": 0, "aside": 0, "told": 0, "acks": 0}
    with HostForks(tmp_path / "host") as forks:

        def ended(host: int) -> tuple[Joiner, int, int]:
            """The table ended: a new one (a new host) and a new joiner."""
            counts["ended"] += 1
            forks.kill(host)
            shutil.rmtree(state)
            counts["told"] += len(joiner.told)
            counts["acks"] += len(joiner.acks)
            host, port, _code = forks.start(*table)
            return Joiner(seed + counts["ended"]), host, port

        host, port, _code = forks.start(*table)
        try:
            while counts["kills"] < kills:
                with sync_connect(f"ws://127.0.0.1:{port}/", open_timeout=LIMIT) as ws:
                    welcome = joiner.join(ws)
                    if welcome is not None:
                        joiner.welcomed(welcome)
                        joiner.play(ws, time.monotonic() + rng.uniform(0.05, 0.3))
                        forks.kill(host)
                if welcome is None:  # its end went to the joiner's closing connection
                    assert not (state / "tables" / CODE).exists(), "a table lost, not ended"
                    joiner, host, port = ended(host)
                    continue
                counts["kills"] += 1
                host, port, code = forks.start(*keep, "--resume")
                if code != CODE:  # nothing kept: the match had ended
                    counts["aside"] += len(list(state.glob("tables/*.unreadable-*")))
                    joiner, host, port = ended(host)
                    continue
                with sync_connect(f"ws://127.0.0.1:{port}/", open_timeout=LIMIT) as ws:
                    resumed = joiner.join(ws)
                assert resumed is not None, "the table resumed is not served"
                counts["older"] += older(resumed, joiner.told)
                joiner.welcomed(resumed)
                if joiner.view["match"]["over"]:  # told the end: the table is gone
                    joiner, host, port = ended(host)
        finally:
            forks.kill(host)
    counts["told"] += len(joiner.told)
    counts["acks"] += len(joiner.acks)
    return counts


@needs_sigkill
@pytest.mark.parametrize("kills", some_by_default([5, 15], 1))
def test_a_host_killed_again_and_again_never_resumes_older_than_it_told(tmp_path: Path,
                                                                        kills: int) -> None:
    """The default run's sample: 5 kills (15 with ``-m slow``, beside the 100 below)."""
    counts = kill_soak(tmp_path, kills, 1515)
    print(counts)
    assert counts["older"] == counts["aside"] == 0 and counts["acks"] >= kills, counts


@pytest.mark.slow
@needs_sigkill
def test_a_host_killed_100_times_never_resumes_older_than_it_told(tmp_path: Path) -> None:
    """The soak (``pytest -m slow``): 100 kills."""
    counts = kill_soak(tmp_path, 100, 100)
    print(counts)
    assert counts["older"] == counts["aside"] == 0 and counts["acks"] >= 100, counts

