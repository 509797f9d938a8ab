"""A kept table's moves are told only once the flush of their pass is done: a refused flush
tells nothing of them (every seat hears the table waits), the table tries again on its own and
tells them once they are on disk; a host resumed then finds every move it told."""

from __future__ import annotations

import errno
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from rami_desktop.net.hall.tables import Hall, TableSpec
from rami_desktop.net.transport.server import Inbound, Mailbox
from rami_desktop.net.wire.protocol import VERSION, parse_request
from rami_desktop.storage import problems
from rami_desktop.storage.sync_batch import Flusher

SEATS = 4
CODE = "PASSKEPTTABSE"


class Wire:
    """The host's server as a hall sees it: what each connection was sent, once flushed."""

    def __init__(self) -> None:
        self.queued: list[tuple[int, dict[str, Any]]] = []
        self.told: list[tuple[int, dict[str, Any]]] = []

    def add_table(self, box: Mailbox) -> None:
        """A table served."""

    def remove_table(self, code: str) -> None:
        """A table no longer served."""

    def send(self, conn: int, text: str) -> None:
        self.queued.append((conn, json.loads(text)))

    def close(self, conn: int, reason: str = "host_quit") -> None:
        """A connection closed."""

    def flush(self) -> None:
        self.told += self.queued
        self.queued = []


def put(hall: Hall, conn: int, message: dict[str, Any]) -> None:
    hall.tables[CODE].session.mailbox.put(Inbound(conn, parse_request(json.dumps(message))))


def seated(folder: Path) -> tuple[Hall, Wire]:
    """A kept table of four network seats, every seat taken, the round begun."""
    wire = Wire()
    hall = Hall(wire, folder, lambda: "")  # type: ignore[arg-type]
    hall.open(TableSpec(seats=",".join(["net"] * SEATS), code=CODE, seed=7, policy="wait"))
    for seat in range(SEATS):
        put(hall, seat + 1, {"v": VERSION, "type": "join", "code": CODE, "name": f"j{seat}",
                             "seat": seat, "token": None})
    hall.step([CODE])
    hall.step([CODE])
    assert hall.tables[CODE].session.started
    return hall, wire


def draw(hall: Hall) -> tuple[int, int]:
    """The player whose turn it is draws from the stock; return their connection and the
    move's seq."""
    session = hall.tables[CODE].session
    player = session.round.current
    conn = session.match.seat_of(player) + 1
    put(hall, conn, {"v": VERSION, "type": "act", "seq": 1, "picked": [],
                     "action": {"player": player, "do": "draw", "from": "stock"}})
    return conn, 1


def acked(wire: Wire, conn: int, seq: int) -> bool:
    return any(c == conn and m["type"] == "update" and m.get("ack") == seq
               for c, m in wire.told)


def test_a_move_is_told_only_after_its_pass_is_flushed_and_a_refused_flush_tells_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    hall, wire = seated(tmp_path / "state")
    session = hall.tables[CODE].session
    real = Flusher.flush
    refusing = [True]
    flushed: list[int] = []

    def flush(self: Flusher, fds: list[int]) -> dict[int, OSError]:
        flushed.append(len(wire.told))  # what was told when the flush began
        if refusing[0]:
            return dict.fromkeys(fds, OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)))
        return real(self, fds)

    monkeypatch.setattr(Flusher, "flush", flush)
    conn, seq = draw(hall)
    hall.step([CODE])
    assert flushed, "the pass flushed its table's lines"
    assert not acked(wire, conn, seq)  # refused: not told
    assert session.unkept == problems.DISK_FULL
    paused = {c for c, m in wire.told if m["type"] == "seats" and m.get("paused")}
    assert paused == set(range(1, SEATS + 1))  # every seat told why the table waits
    refusing[0] = False
    later = time.monotonic() + 60.0
    monkeypatch.setattr(session, "clock", lambda: later)  # its backoff is over
    for _ in range(5):
        hall.step([CODE])
        if acked(wire, conn, seq):
            break
    assert acked(wire, conn, seq)  # kept now: told
    assert session.unkept is None
    told_at = next(i for i, (c, m) in enumerate(wire.told)
                   if c == conn and m["type"] == "update" and m.get("ack") == seq)
    assert told_at >= flushed[-1]  # told after the flush that kept it began
    hall.close()
    again, _ = Hall(Wire(), tmp_path / "state", lambda: ""), None  # type: ignore[arg-type]
    assert again.resume() == [CODE]
    resumed = again.tables[CODE].session
    assert resumed.round.has_drawn and resumed.round.current == session.round.current
    again.close()

