"""A room: a share of a host's tables in a process of its own (``rami-host --processes N``).

One interpreter runs one thing at a time: a host of hundreds of tables carries them on one
core. With ``--processes N`` the host's first process keeps the network (every connection,
its checks, its writes: :mod:`.rooms`) and N rooms play the tables, each a :class:`Hall` over
its own share. A table belongs to the room :func:`room_of` its code names, so a joiner's
``join`` goes to the right room and a kept table is resumed by one room only.

A room speaks to the first process through two pipes: it is handed the requests of its tables
(``in``) and the setup's questions (``resume``, ``open``, ``serving``, ``run``, ``stop``), and
hands back what its tables send (``out``, in batches, in order), the answers (``reply``) and,
last, what ended (``ended``). It ignores the signals a terminal sends its whole group: the
first process says when to stop, so every joiner is told ``bye`` after what was kept.
"""

from __future__ import annotations

import contextlib
import logging
import signal
import sys
import threading
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing import reduction
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from ..transport.inbox import Inbox
from ..transport.server import Inbound, Mailbox
from .heap import steady_heap
from .table_spec import TableSpec
from .tables import Hall

#: kinds of the items of an ``out`` batch
SEND, CLOSE, ADD, REMOVE = 0, 1, 2, 3


def room_of(code: str, rooms: int) -> int:
    """The room a table's code belongs to (the same in every process and every run)."""
    return zlib.crc32(code.encode("utf-8", "replace")) % rooms


def owned_codes(new_code: Callable[[], str], room: int, rooms: int) -> Callable[[], str]:
    """A maker of new codes that belong to ``room`` (codes are drawn until one does)."""

    def make() -> str:
        while True:
            code = new_code()
            if room_of(code, rooms) == room:
                return code

    return make


class HeldLock:
    """The state folder's lock (its file descriptor), handed to a room as it starts: the room
    holds it as long as it lives, so no other host takes the folder while a room of a host
    killed still writes its last commits (POSIX ``flock``: the lock is the open file's)."""

    def __init__(self, fd: int) -> None:
        self.fd = fd

    def __reduce__(self) -> tuple[Any, ...]:
        # pickled as the room's process starts: the descriptor goes with it
        return (_held, (reduction.DupFd(self.fd),))


def _held(dup: Any) -> int:
    return int(dup.detach())


@dataclass(frozen=True)
class RoomPlan:
    """What a room is: its number of ``rooms``, where tables are kept (and the folder's lock,
    held while it lives), the bots' pace, the hours unjoined tables wait."""

    room: int
    rooms: int
    state: str | None
    pace: str | None
    expire: float
    lock: HeldLock | int | None = None


class RoomOutbox:
    """What a room's tables send, handed to the first process in order, one batch a flush
    (thread-safe: the loop and the committing threads send)."""

    def __init__(self, pipe: Connection) -> None:
        self._pipe = pipe
        self._lock = threading.RLock()
        self._batch: list[tuple[Any, ...]] = []
        #: the room's tables, by code
        self.boxes: dict[str, Mailbox] = {}

    def add_table(self, box: Mailbox) -> None:
        """Serve a table: the first process routes its joiners here."""
        self.boxes[box.code] = box
        self._post((ADD, box.code))

    def remove_table(self, code: str) -> None:
        """Stop serving a table."""
        self.boxes.pop(code, None)
        self._post((REMOVE, code))

    def send(self, conn: int, text: str) -> None:
        """Queue a message for a connection (it leaves at the next :meth:`flush`)."""
        with self._lock:
            self._batch.append((SEND, conn, text))

    def close(self, conn: int, reason: str = "host_quit") -> None:
        """Close a connection once what was sent to it is written (at the next flush)."""
        with self._lock:
            self._batch.append((CLOSE, conn, reason))

    def flush(self) -> None:
        """Hand what was queued to the first process (one message for it all)."""
        with self._lock:
            if self._batch:
                batch, self._batch = self._batch, []
                self.tell(("out", batch))

    def tell(self, message: tuple[Any, ...]) -> None:
        """Hand the first process a message (one writer at a time, in order; a first process
        gone is not an error here: the room stops when its pipe in closes)."""
        with self._lock, contextlib.suppress(OSError, ValueError):
            self._pipe.send(message)

    def _post(self, item: tuple[Any, ...]) -> None:
        with self._lock:
            self._batch.append(item)
            self.flush()


def run_room(inbound: Connection, outbound: Connection, plan: RoomPlan,
             new_code: Callable[[], str]) -> None:
    """A room's process: answer the setup, then play its tables until they end or it is
    told to stop; last, say what ended."""
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr,
                        format="rami-host: %(message)s")
    out = RoomOutbox(outbound)
    admin: Inbox[Inbound] = Inbox()
    hall = Hall(out, Path(plan.state) if plan.state else None,
                owned_codes(new_code, plan.room, plan.rooms), admin)
    hall.owns = lambda code: room_of(code, plan.rooms) == plan.room
    hall.pace = plan.pace
    hall.expiry.hours = plan.expire
    serve = _setup(hall, inbound, out, admin)
    if serve is None:
        hall.close()
        out.flush()
        out.tell(("ended", [], True))
        return
    stop = threading.Event()
    threading.Thread(target=_take_requests, args=(inbound, out, admin, stop, hall.wake),
                     name="rami-room-in", daemon=True).start()
    steady_heap()  # what its tables keep is out of the collector's sight: no long pause
    finished = hall.run(stop, serve=serve)
    hall.close()
    out.flush()
    out.tell(("ended", hall.ended, finished))


def _setup(hall: Hall, inbound: Connection, out: RoomOutbox, admin: Inbox[Inbound]
           ) -> bool | None:
    """Answer the first process's setup until ``run`` (return whether to keep serving when
    every table ended) or ``stop`` (None). Requests may come before ``run`` (a joiner quick
    to a table just opened or resumed): each table keeps them for its first step."""
    while True:
        try:
            kind, *args = inbound.recv()
        except (EOFError, OSError):
            return None
        if kind == "in":
            _hand(args[0], out, admin)
        elif kind == "resume":
            try:
                codes, problem = hall.resume(), None
            except ValueError as exc:
                codes, problem = [], str(exc)
            out.tell(("reply", codes, hall.kept_addresses, problem))
        elif kind == "open":
            spec: TableSpec = args[0]
            try:
                out.tell(("reply", hall.open(spec), None))
            except ValueError as exc:
                out.tell(("reply", None, str(exc)))
        elif kind == "serving":
            hall.serving(args[0], args[1])
            out.tell(("reply", None))
        elif kind == "run":
            return bool(args[0])
        else:
            return None


def _hand(requests: list[tuple[str | None, Inbound]], out: RoomOutbox,
          admin: Inbox[Inbound]) -> None:
    """Hand each request to its table's mailbox (a ``create``: to the room's loop)."""
    for code, item in requests:
        box = admin if code is None else out.boxes.get(code)
        if box is not None:
            box.put(item)


def _take_requests(inbound: Connection, out: RoomOutbox, admin: Inbox[Inbound],
                   stop: threading.Event, wake: threading.Event) -> None:
    """Hand each table its requests as they come; stop the room when told (or when the first
    process is gone)."""
    while True:
        try:
            kind, *args = inbound.recv()
        except (EOFError, OSError):
            break
        if kind != "in":
            break
        _hand(args[0], out, admin)
    stop.set()
    wake.set()


__all__ = ["ADD", "CLOSE", "REMOVE", "SEND", "RoomOutbox", "RoomPlan", "owned_codes",
           "room_of", "run_room"]
