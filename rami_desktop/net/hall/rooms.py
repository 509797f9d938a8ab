"""A host's tables spread over rooms, processes of their own (``rami-host --processes N``).

The first process keeps the network: the :class:`~rami_desktop.net.transport.server.HostServer`
reads and checks every message, and writes every answer, as for a host of one process. Each
table's requests go, through a :class:`RoomDoor` standing for its mailbox, to the room that
plays it (:mod:`.room`: the room :func:`~.room.room_of` its code names); what the room's tables
send comes back in batches and leaves on their connections. :class:`Rooms` answers what the
host's command asks of a :class:`~.tables.Hall` (resume, open, serving, run, close, ended),
so the command drives one or the other alike. A room that stops on its own (killed) closes its
tables' connections with a ``bye`` (their joiners come back when the host is started again:
every table was kept) and the host goes on with the others.
"""

from __future__ import annotations

import logging
import multiprocessing
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..transport.inbox import Inbox
from ..transport.server import HostServer, Inbound
from ..wire.protocol import VERSION, Create, envelope
from .headless import IDLE_WAIT
from .room import ADD, CLOSE, REMOVE, SEND, HeldLock, RoomPlan, room_of, run_room
from .table_spec import TableSpec
from .tables import MAX_TABLES

log = logging.getLogger(__name__)

#: seconds a room may take to start and answer a setup question, and to stop
ANSWER_TIME = 60.0
STOP_TIME = 20.0
#: requests handed to a room in one message at most
BATCH = 512
#: the answer of a room that stopped
GONE: tuple[Any, ...] = ("gone",)


@dataclass(frozen=True)
class RoomDoor:
    """A table of a room, as the first process's server sees it: its requests go to the
    room."""

    code: str
    room: Room

    def put(self, item: Inbound) -> None:
        """Hand the table a request (from the network thread; never waits)."""
        self.room.forward(self.code, item)


class Room:
    """One room's process, seen from the first process: what goes to it leaves from a thread
    of its own, what comes from it is read by another."""

    def __init__(self, plan: RoomPlan, server: HostServer, new_code: Callable[[], str],
                 wake: threading.Event) -> None:
        context = multiprocessing.get_context("spawn")
        their_in, self._to = context.Pipe(duplex=False)
        self._from, their_out = context.Pipe(duplex=False)
        self.process = context.Process(target=run_room, args=(their_in, their_out, plan,
                                                              new_code),
                                       name=f"rami-room-{plan.room}", daemon=True)
        self.process.start()
        their_in.close()
        their_out.close()
        self.plan = plan
        self.server = server
        self.wake = wake
        #: the codes of its tables served now
        self.codes: set[str] = set()
        #: what ended, once the room stopped (None: running)
        self.ended: list[dict[str, Any]] | None = None
        self.finished = False
        self.stopping = False
        self._queue: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        self._replies: queue.SimpleQueue[tuple[Any, ...]] = queue.SimpleQueue()
        self._sender = threading.Thread(target=self._send, name=f"rami-room-to-{plan.room}",
                                        daemon=True)
        self._reader = threading.Thread(target=self._read, name=f"rami-room-from-{plan.room}",
                                        daemon=True)
        self._sender.start()
        self._reader.start()

    def forward(self, code: str | None, item: Inbound) -> None:
        """Hand a request to a table of the room (``code`` None: a ``create``)."""
        self._queue.put((code, item))

    def tell(self, *message: Any) -> None:
        """Hand the room a setup message (after the requests handed before it)."""
        self._queue.put(("", message))

    def ask(self, *message: Any) -> tuple[Any, ...]:
        """Ask the room a setup question; return its answer.

        Raises:
            ValueError: the room did not answer in time (it stopped).
        """
        self.tell(*message)
        return self.answer()

    def answer(self) -> tuple[Any, ...]:
        """The room's answer to the setup question asked last.

        Raises:
            ValueError: the room did not answer in time (it stopped).
        """
        try:
            reply = self._replies.get(timeout=ANSWER_TIME)
        except queue.Empty:
            reply = GONE
        if reply is GONE:
            raise ValueError(f"the host's process {self.plan.room + 1} stopped")
        return reply

    def stop(self) -> None:
        """Tell the room to stop (its tables kept, each joiner a ``bye``)."""
        self.stopping = True
        self.tell("stop")

    def join(self, timeout: float) -> None:
        """Wait for the room's process to end (then cut it), and for what it sent last to be
        handed to the network (its ``bye``s)."""
        self.process.join(timeout)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(1.0)
        self._reader.join(timeout)
        self._to.close()

    def _send(self) -> None:
        while True:
            first = self._queue.get()
            items = [first]
            while len(items) < BATCH:
                try:
                    items.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            requests: list[tuple[str | None, Inbound]] = []
            try:
                for code, item in items:
                    if code == "":  # a setup message: after the requests before it
                        if requests:
                            self._to.send(("in", requests))
                            requests = []
                        self._to.send(item)
                    else:
                        requests.append((code, item))
                if requests:
                    self._to.send(("in", requests))
            except (OSError, ValueError):
                return  # the room is gone: what was meant for it is dropped

    def _read(self) -> None:
        server = self.server
        while True:
            try:
                message = self._from.recv()
            except (EOFError, OSError):
                break
            kind = message[0]
            if kind == "out":
                sends: list[tuple[int, str]] = []
                for item in message[1]:
                    if item[0] == SEND:
                        sends.append((item[1], item[2]))
                        continue
                    server.send_all(sends)  # in order: what was sent before leaves first
                    sends = []
                    if item[0] == CLOSE:
                        server.close(item[1], item[2])
                    elif item[0] == ADD:
                        self.codes.add(item[1])
                        server.add_table(RoomDoor(item[1], self))
                    elif item[0] == REMOVE:
                        self.codes.discard(item[1])
                        server.remove_table(item[1])
                server.send_all(sends)
                server.flush()
            elif kind == "reply":
                self._replies.put(tuple(message[1:]))
            elif kind == "ended":
                self.ended, self.finished = list(message[1]), bool(message[2])
        self._replies.put(GONE)
        if self.ended is None:  # it stopped without saying so: killed, or it failed
            if not self.stopping:
                log.warning("the process of %d tables stopped (exit code %s): their joiners "
                            "were told; %s", len(self.codes), self.process.exitcode,
                            "they are kept for a --resume" if self.plan.state
                            else "nothing of them was kept")
            self.ended = []
        for code in list(self.codes):
            server.end_table(code)
        self.codes.clear()
        server.flush()
        self.wake.set()


class Rooms:
    """A host's tables in ``count`` rooms (see the module's text).

    Args:
        server: the host's server (its ``admin_box``: the ``create`` requests).
        count: how many rooms.
        state: the folder where the tables are kept (None: nothing is kept).
        new_code: makes a new table code (a module's function: each room calls its own).
        admin_box: the ``create`` requests.
        pace: the bots' pace at every table (None: not said; see :attr:`.tables.Hall.pace`).
        expire: hours a table nobody joined waits.
        lock: the state folder's lock (its descriptor; None: none, or not POSIX), held by
            every room as long as it lives.
    """

    def __init__(self, server: HostServer, count: int, state: str | None,
                 new_code: Callable[[], str], admin_box: Inbox[Inbound] | None = None, *,
                 pace: str | None = None, expire: float = 0.0, lock: int | None = None) -> None:
        self.server = server
        self.admin_box = admin_box
        self.wake = admin_box.wake if admin_box is not None else threading.Event()
        held = HeldLock(lock) if lock is not None and lock >= 0 else None
        self.rooms = [Room(RoomPlan(i, count, state, pace, expire, held), server, new_code,
                           self.wake) for i in range(count)]
        #: where the tables resumed were served, as their table.json said
        self.kept_addresses: list[tuple[str | None, int | None]] = []
        self._next = 0

    @property
    def ended(self) -> list[dict[str, Any]]:
        """The summaries of the tables that ended."""
        return [summary for room in self.rooms for summary in room.ended or []]

    def resume(self) -> list[str]:
        """Every room opens again its share of the tables kept; return their codes."""
        codes: list[str] = []
        for room in self.rooms:
            room.tell("resume")
        for room in self.rooms:
            got, addresses, problem = room.answer()
            if problem is not None:
                raise ValueError(problem)
            codes.extend(got)
            self.kept_addresses.extend(tuple(a) for a in addresses)
        return sorted(codes)

    def open(self, spec: TableSpec) -> str:
        """Open a table in its room (a new code: the next room in turn); return its code.

        Raises:
            ValueError: a spec that cannot make a table, or a code already served.
        """
        code = spec.checked_code()
        if code is not None:
            room = self.rooms[room_of(code, len(self.rooms))]
        else:
            room, self._next = self.rooms[self._next], (self._next + 1) % len(self.rooms)
        opened, problem = room.ask("open", spec)
        if opened is None:
            raise ValueError(problem)
        return str(opened)

    def serving(self, listen: str | None, port: int) -> None:
        """The host serves on ``listen`` and ``port``: each room's tables keep it (written
        when this returns, as a host of one process writes it)."""
        for room in self.rooms:
            room.tell("serving", listen, port)
        for room in self.rooms:
            room.answer()

    def run(self, stop: threading.Event, serve: bool = False) -> bool:
        """Let the rooms play until every table ended (``serve``: until ``stop``) or ``stop``
        is set; hand each ``create`` to a room; return whether the tables all ended."""
        for room in self.rooms:
            room.tell("run", serve)
        while not stop.is_set() and any(room.ended is None for room in self.rooms):
            self._creates()
            self.wake.wait(IDLE_WAIT)
            self.wake.clear()
        return all(room.ended is not None and room.finished for room in self.rooms)

    def close(self) -> None:
        """The host stops: each room keeps its tables and tells their joiners ``bye``."""
        for room in self.rooms:
            if room.ended is None:
                room.stop()
        for room in self.rooms:
            room.join(STOP_TIME)

    def _creates(self) -> None:
        """Hand each ``create`` to the running room with the fewest tables (``busy`` past
        :data:`~.tables.MAX_TABLES` in all)."""
        if self.admin_box is None:
            return
        for item in self.admin_box.take(50):
            if not isinstance(item.request, Create):
                continue
            running = [room for room in self.rooms if room.ended is None]
            if not running or sum(len(room.codes) for room in self.rooms) >= MAX_TABLES:
                self.server.send(item.conn, envelope("error", code="busy", seq=None,
                                                     version=VERSION))
                self.server.close(item.conn, "busy")
                self.server.flush()
                continue
            min(running, key=lambda room: len(room.codes)).forward(None, item)
        if not self.admin_box.empty():
            self.wake.set()


__all__ = ["ANSWER_TIME", "Room", "RoomDoor", "Rooms"]
