"""Kept before told on a full disk: the headless host keeps its tables (``--state``) on a small
filesystem of the test's own (a 1 MB tmpfs it mounts: root only) that a file fills during play.

The host must not acknowledge what it could not keep: every joiner is told the table waits
(``seats`` with ``paused``: ``disk_full``), nothing more is told; once the file is removed play
goes on by itself (the host tries again on its backoff); filled again, the host killed with
``kill -9`` and resumed with ``--resume`` comes back no older than the last ``update`` either
joiner received (0 acknowledged actions lost), and play goes on.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as sync_connect

from tests.net.host_forks import HostForks
from tests.net.test_commands import LIMIT
from tests.net.test_host_kills import (
    CODE,
    Joiner,
    counted,
    needs_sigkill,
    older,
    position,
)

pytestmark = [pytest.mark.slow, needs_sigkill]


class Seat(Joiner):
    """A joiner that also notes what the host says of its disk (``seats``' ``paused``)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.paused: list[str | None] = []

    def pump(self, ws: ClientConnection, timeout: float) -> None:
        """Take one message (if one comes within ``timeout``) and move if it is our turn."""
        try:
            msg = json.loads(ws.recv(timeout=timeout))
        except TimeoutError:
            return
        if msg["type"] == "update":
            self.view = self.followed.take(msg, dict)  # what changed, applied
            for happening in msg["happenings"]:  # placed in its turn as the kill soak does
                if happening["kind"] == "deal":
                    self.events = 0
                self.events = counted(self.events, happening["events"])
            self.told.append(position(self.view, self.events))
            if msg.get("ack") is not None:
                self.acks.add(msg["ack"])
        elif msg["type"] == "seats":
            self.paused.append(msg.get("paused"))
        elif msg["type"] == "error" and msg.get("seq") in self._sent:
            self.bot.refused(self._sent.pop(msg["seq"]), msg["code"])
        self._move(ws)


@contextlib.contextmanager
def small_disk(folder: Path) -> Iterator[Path]:
    """A 1 MB tmpfs mounted on ``folder`` (skips the test where it cannot be mounted)."""
    folder.mkdir(parents=True)
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0700", "tmpfs",
                              str(folder)], capture_output=True, check=False)
    if mounted.returncode != 0:
        pytest.skip(f"a tmpfs cannot be mounted here: {mounted.stderr.decode().strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(disk: Path) -> Path:
    """Fill the filesystem with one file (until the disk refuses); return it."""
    filler = disk / "filler"
    with open(filler, "wb", buffering=0) as out, contextlib.suppress(OSError):
        while True:
            out.write(b"\0" * 4096)
    return filler


def play(seats: list[tuple[Seat, ClientConnection]], until: Callable[[], bool]) -> None:
    """Both joiners play until ``until()`` holds (bounded by the commands' time limit)."""
    deadline = time.monotonic() + LIMIT
    while not until():
        assert time.monotonic() < deadline, [(s.paused[-3:], len(s.acks)) for s, _ in seats]
        for seat, ws in seats:
            seat.pump(ws, 0.01)


def test_a_full_disk_pauses_every_table_and_loses_no_acknowledged_action(
        tmp_path: Path) -> None:
    disk = tmp_path / "disk"
    with small_disk(disk), HostForks(tmp_path / "host") as forks:
        state = disk / "state"
        keep = ("--no-advertise", "--port", "0", "--state", str(state))
        host, port, _code = forks.start(*keep, "--seats", "net,net,bot:easy", "--code", CODE,
                                        "--policy", "wait", "--turn-time", "0", "--seed", "7")
        seats = [Seat(1), Seat(2)]
        url = f"ws://127.0.0.1:{port}/"
        try:
            with sync_connect(url, open_timeout=LIMIT) as a, \
                    sync_connect(url, open_timeout=LIMIT) as b:
                pairs = [(seats[0], a), (seats[1], b)]
                for seat, ws in pairs:
                    seat.join(ws)
                play(pairs, lambda: all(len(s.acks) >= 5 for s in seats))

                # full: every seat is told the table waits; nothing more is acknowledged
                filler = fill(disk)
                play(pairs, lambda: all("disk_full" in s.paused for s in seats))
                acked = [set(s.acks) for s in seats]
                told = [len(s.told) for s in seats]
                for _ in range(50):  # moves keep arriving: they wait, none is acknowledged
                    for seat, ws in pairs:
                        seat.pump(ws, 0.01)
                assert [set(s.acks) for s in seats] == acked
                assert [len(s.told) for s in seats] == told

                # room again: play goes on by itself
                os.unlink(filler)
                play(pairs, lambda: all(s.paused[-1] is None for s in seats))
                play(pairs, lambda: all(len(s.acks) >= len(before) + 3
                                        for s, before in zip(seats, acked, strict=True)))

                # full again, then the host killed while it waits
                filler = fill(disk)
                for seat in seats:
                    seat.paused.clear()
                play(pairs, lambda: all("disk_full" in s.paused for s in seats))
                for _ in range(20):
                    for seat, ws in pairs:
                        seat.pump(ws, 0.01)
                forks.kill(host)
                with contextlib.suppress(ConnectionClosed, TimeoutError):
                    for seat, ws in pairs:
                        while True:
                            seat.pump(ws, 0.05)  # whatever was on its way
            os.unlink(filler)
            host, port, code = forks.start(*keep, "--resume")
            assert code == CODE
            url = f"ws://127.0.0.1:{port}/"
            with sync_connect(url, open_timeout=LIMIT) as a, \
                    sync_connect(url, open_timeout=LIMIT) as b:
                pairs = [(seats[0], a), (seats[1], b)]
                for seat, ws in pairs:
                    resumed = seat.join(ws)
                    assert not older(resumed, seat.told), "an acknowledged action was lost"
                    assert resumed[:2] >= seat.told[-1][:2]
                counts = [len(s.acks) for s in seats]
                play(pairs, lambda: all(len(s.acks) >= n + 3
                                        for s, n in zip(seats, counts, strict=True)))
        finally:
            forks.kill(host)
