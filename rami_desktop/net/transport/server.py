"""The host's listening side: a WebSocket server on its own asyncio thread.

The game never waits on it. Each table's messages arrive, already checked
(:func:`~rami_desktop.net.wire.protocol.parse_request`), in its :class:`Mailbox`, a thread-safe
queue the game drains when it likes; what the game sends is handed to the network thread and written
there. A message that cannot be read gets an ``error`` at once from this thread, and so does one
over the rate; a connection that keeps sending such messages is closed. Nothing a joiner sends
raises here or stops another connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import ssl
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from websockets.asyncio.server import Server, ServerConnection
from websockets.exceptions import ConnectionClosed

from rami_desktop.storage.log_limit import LogLimit

from ..wire.errors import NetError
from ..wire.protocol import (
    VERSION,
    WELCOME_PREFIX,
    Create,
    Info,
    Join,
    Ping,
    Refusal,
    Request,
    envelope,
    parse_request,
    restamp,
)
from .doorstep import Doorstep, quiet_handler
from .guard import Doorway, Guesses, address_key
from .inbox import Inbox
from .listening import serve_on
from .peer import BURST, OUT_BYTES, OUT_MESSAGES, RATE, WRITE_NOW_BYTES, Peer, TableBox

log = logging.getLogger(__name__)

#: refused messages in a row after which the connection is closed
STRIKES = 20
#: connections one server accepts at once (one more closes the one that has waited longest
#: to join, if any, else it is refused ``busy``)
MAX_CONNECTIONS = 2000
#: seconds between two looks for connections that did not join in time
SWEEP = 1.0
#: seconds a closing connection may take to answer the close before it is cut
CLOSE_TIMEOUT = 2.0
#: WebSocket close codes
POLICY_CLOSE = 1008
GOING_AWAY = 1001


@dataclass(frozen=True)
class Inbound:
    """A checked request from a connection (``request`` None: the connection closed;
    ``welcomed`` then says whether a ``welcome`` was written to it while it was open: a seat
    taken by a connection whose welcome never went out is free again)."""

    conn: int
    request: Request | None
    welcomed: bool = True


class Mailbox(Inbox[Inbound]):
    """One table's requests, checked, waiting for its game to take them (thread-safe).

    Args:
        code: the table's code (its joiners name it to join).
        wake: set whenever a request arrives (one event may wake a loop serving many tables).
        on_put: called whenever a request arrives (the loop learns which table has one).
    """

    def __init__(self, code: str, wake: threading.Event | None = None,
                 on_put: Callable[[], None] | None = None) -> None:
        super().__init__(wake, on_put)
        self.code = code


class Outbox(Protocol):
    """Where a table's messages go (:class:`HostServer` is one)."""

    def send(self, conn: int, text: str) -> None:
        """Send a message to a connection (from any thread)."""
        ...

    def close(self, conn: int, reason: str = "host_quit") -> None:
        """Close a connection once what was sent to it is written, a ``bye`` with ``reason``
        last."""
        ...

    def flush(self) -> None:
        """Let what was sent and closed leave now (one wake-up of the network thread)."""
        ...


class HostServer:
    """The WebSocket server of one host (one table or several), on its own thread.

    Args:
        admin: says whether a ``create``'s admin token is right (None: no table may be created
            from the network).
        admin_box: where the ``create`` requests go, checked (the host's loop makes the tables).
    """

    def __init__(self, admin: Callable[[str], bool] | None = None,
                 admin_box: Inbox[Inbound] | None = None) -> None:
        self.port = 0
        self.admin = admin
        self.admin_box = admin_box
        self.guesses = Guesses()
        self.doorway = Doorway()
        self.doorstep = Doorstep()
        #: the host's own lines about what clients do: one a minute per cause
        self.quiet = LogLimit(log)
        #: connections dropped for not reading (their queue was full)
        self.dropped = 0
        self._tables: dict[str, TableBox] = {}
        self._conns: dict[int, Peer] = {}
        self._ids = itertools.count(1)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._servers: list[Server] = []
        self._stop: asyncio.Future[None] | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._handing = threading.Lock()
        self._handed: list[tuple[int, str | None]] = []
        self._wake_due = False

    # ---- the game's side -----------------------------------------------------------------------

    def add_table(self, box: TableBox) -> None:
        """Serve a table: its joiners name its code to join."""
        self._tables[box.code] = box

    def remove_table(self, code: str) -> None:
        """Stop serving a table (its connections stay until closed)."""
        self._tables.pop(code, None)

    def end_table(self, code: str, reason: str = "host_quit") -> None:
        """Stop serving a table and close its connections (a ``bye`` with ``reason``), from
        any thread: the table is gone (the process that held it stopped)."""
        box = self._tables.pop(code, None)
        loop = self._loop
        if box is None or loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop is closing
            loop.call_soon_threadsafe(self._end_bound, box, reason)

    def _end_bound(self, box: TableBox, reason: str) -> None:
        for conn in self._conns.values():
            if conn.table is box:
                conn.end(reason)

    def start(self, host: str = "", port: int = 0, tls: ssl.SSLContext | None = None) -> int:
        """Listen on ``host`` (every interface: ``""``) and ``port`` (0: a free one); return
        the port.

        Raises:
            OSError: the address cannot be listened on (in use, not allowed).
        """
        self._thread = threading.Thread(target=self._run, args=(host or None, port, tls),
                                        name="rami-host-net", daemon=True)
        self._thread.start()
        self._ready.wait()
        if self._failure is not None:
            raise OSError(str(self._failure)) from self._failure
        return self.port

    def listen_also(self, port: int, tls: ssl.SSLContext) -> int:
        """Listen on one more port (every interface; 0: a free one) with TLS, for the same
        tables (the door for joiners far away); return the port.

        Raises:
            OSError: the port cannot be listened on, or the server is not listening.
        """
        loop = self._loop
        if loop is None or loop.is_closed():
            raise OSError("the host is not listening")
        return asyncio.run_coroutine_threadsafe(self._serve(None, port, tls), loop).result(10)

    def send(self, conn: int, text: str) -> None:
        """Queue a message for a connection (from any thread; dropped if it is gone); it
        leaves at the next :meth:`flush`."""
        with self._handing:
            self._handed.append((conn, text))

    def send_all(self, sends: list[tuple[int, str]]) -> None:
        """Queue messages for connections, in order (as :meth:`send` each, under one lock)."""
        with self._handing:
            self._handed.extend(sends)

    def close(self, conn: int, reason: str = "host_quit") -> None:
        """Close a connection once what was sent to it is written, a ``bye`` with ``reason``
        last (at the next flush)."""
        with self._handing:
            self._handed.append((conn, None))
            self._handed.append((-conn, reason))

    def flush(self) -> None:
        """Hand the messages queued to the network thread: one wake-up of its loop for them
        all."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with self._handing:
            if not self._handed or self._wake_due:
                return
            self._wake_due = True
        with contextlib.suppress(RuntimeError):  # the loop is closing
            loop.call_soon_threadsafe(self._take_handed)

    def _take_handed(self) -> None:
        with self._handing:
            handed, self._handed = self._handed, []
            self._wake_due = False
        reasons = {-conn: reason for conn, reason in handed if conn < 0 and reason}
        for conn, text in handed:
            if conn > 0:
                self._queue(conn, text, reasons.get(conn))

    def stop(self, grace: float = 1.0) -> None:
        """Close every connection (after writing what was sent) and stop listening."""
        self.flush()
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_finish, stop)
        if self._thread is not None:
            self._thread.join(grace + 5.0)
            self._thread = None

    # ---- the network thread --------------------------------------------------------------------

    def _run(self, host: str | None, port: int, tls: ssl.SSLContext | None) -> None:
        try:
            asyncio.run(self._main(host, port, tls))
        except BaseException as exc:  # boundary: the thread reports why it could not serve
            self._failure = self._failure or exc
            self._ready.set()

    async def _main(self, host: str | None, port: int, tls: ssl.SSLContext | None) -> None:
        self._loop = asyncio.get_running_loop()
        self._loop.set_exception_handler(quiet_handler(self.quiet))
        self._stop = self._loop.create_future()
        try:
            self.port = await self._serve(host, port, tls)
        except OSError as exc:
            self._failure = exc
            self._ready.set()
            return
        self._ready.set()
        sweeper = asyncio.ensure_future(self._sweep())
        await self._stop
        sweeper.cancel()
        for conn in list(self._conns.values()):
            conn.end()
        writers = [c.ws.wait_closed() for c in self._conns.values()]
        if writers:
            await asyncio.wait([asyncio.ensure_future(w) for w in writers], timeout=1.0)
        for server in self._servers:
            server.close()
            await server.wait_closed()

    async def _serve(self, host: str | None, port: int, tls: ssl.SSLContext | None) -> int:
        """Listen on one more socket, served as the others; return its port."""
        server = await serve_on(self._handle, self.doorstep, host, port, tls, CLOSE_TIMEOUT)
        self._servers.append(server)
        return int(next(iter(server.sockets)).getsockname()[1])

    def _queue(self, conn: int, text: str | None, reason: str | None = None) -> None:
        c = self._conns.get(conn)
        if c is None:
            return
        if text is None:
            c.end(reason)
        elif not c.write_now(text) and not c.put(text):
            self._drop(c)

    def _drop(self, conn: Peer) -> None:
        """A connection that does not read what it is sent: cut at once, nothing more queued."""
        if conn.ws.transport is not None and not conn.ws.transport.is_closing():
            self.dropped += 1
            conn.ws.transport.abort()

    async def _sweep(self) -> None:
        """Close the connections that did not join in time, or did not finish their
        handshake."""
        while True:
            await asyncio.sleep(SWEEP)
            self.doorstep.sweep()
            for conn_id in self.doorway.late(time.monotonic()):
                late = self._conns.get(conn_id)
                if late is not None:
                    late.end("join_deadline")

    async def _handle(self, ws: ServerConnection) -> None:
        self.doorstep.finished(ws.transport)
        address = address_key(str(ws.remote_address[0])) if ws.remote_address else "?"
        if len(self._conns) >= MAX_CONNECTIONS:
            oldest = self.doorway.oldest_waiting()
            if oldest is None or oldest not in self._conns:
                with contextlib.suppress(ConnectionClosed):
                    await ws.send(envelope("bye", reason=NetError.BUSY.value))
                    await ws.close(1013, "busy")
                return
            self.doorway.left(self._conns[oldest].address, oldest)
            self._conns[oldest].end("busy")
        conn_id = next(self._ids)
        conn = Peer(ws, address)
        self._conns[conn_id] = conn
        evict = self.doorway.arrive(address, conn_id, time.monotonic())
        if evict is not None and evict in self._conns:
            self._conns[evict].end("busy")
        writer = asyncio.ensure_future(self._write(conn))
        try:
            async for message in ws:
                if conn.closing:
                    continue  # closing: what still comes is read (to reach the close) and dropped
                self._receive(conn_id, conn, message)
                if conn.strikes >= STRIKES:
                    conn.end("strikes")
        except ConnectionClosed:
            pass
        finally:
            self._conns.pop(conn_id, None)
            self.doorway.left(address, conn_id)
            conn.end()
            try:
                await asyncio.wait([writer], timeout=2.0)  # then whether its welcome went out
            finally:
                if conn.table is not None:
                    conn.table.put(Inbound(conn_id, None, conn.welcomed))

    async def _write(self, conn: Peer) -> None:
        """Write what is queued, in order; the close is always preceded by a ``bye``."""
        try:
            while True:
                text = await conn.out.get()
                if text is None:
                    if conn.ws.state.name == "OPEN":
                        await conn.ws.send(restamp(envelope("bye", reason=conn.bye_reason),
                                                   conn.version))
                    await conn.ws.close(POLICY_CLOSE if conn.strikes >= STRIKES else 1000)
                    return
                conn.queued -= len(text)
                await conn.ws.send(restamp(text, conn.version))
                if text.startswith(WELCOME_PREFIX):
                    conn.welcomed = True
        except ConnectionClosed:
            return

    def _receive(self, conn_id: int, conn: Peer, message: str | bytes) -> None:
        if not conn.allow():
            self._refuse(conn, Refusal(NetError.TOO_FAST))
            return
        if isinstance(message, bytes):  # one text frame is one message: nothing else is read
            self._refuse(conn, Refusal(NetError.MALFORMED))
            return
        request = parse_request(message)
        if isinstance(request, Refusal):
            self._refuse(conn, request)
            return
        conn.version = request.version
        if isinstance(request, Ping):  # answered, but it forgives nothing
            if not conn.put(envelope("pong", t=request.t)):
                self._drop(conn)
            return
        table = self._route(conn_id, conn, request)
        if isinstance(table, NetError):
            self._refuse(conn, Refusal(table))
            return
        conn.strikes = 0
        table.put(Inbound(conn_id, request))

    def _guess(self, conn: Peer, right: bool) -> NetError | None:
        """Count a guess (a code or an admin token): None when it may go on."""
        now = time.monotonic()
        if not self.guesses.may_guess(conn.address, now):
            return NetError.TOO_FAST
        if not right:
            self.guesses.wrong(conn.address, now)
            return NetError.WRONG_CODE
        return None

    def _route(self, conn_id: int, conn: Peer,
               request: Request) -> TableBox | Inbox[Inbound] | NetError:
        """The table a request goes to: a join names it by its code (the connection is then
        bound to it); what info asks is the first table's; a create goes to the admin box."""
        if isinstance(request, Create):
            admin, box = self.admin, self.admin_box
            refused = self._guess(conn, admin is not None and admin(request.admin))
            if refused is not None or box is None:
                return refused or NetError.WRONG_CODE
            return box
        if isinstance(request, Join):
            table = self._tables.get(request.code)
            joined = conn.table
            if joined is not None:  # a connection joins one table: the same one again only
                same = table is not None and table is joined
                return joined if same else NetError.WRONG_CODE
            refused = self._guess(conn, table is not None)
            if refused is not None or table is None:
                return refused or NetError.WRONG_CODE
            if not self.doorway.may_join(conn.address):
                return NetError.BUSY
            self.doorway.joined(conn.address, conn_id)
            conn.table = table
            return table
        if conn.table is not None:
            return conn.table
        if isinstance(request, Info) and self._tables:
            return next(iter(self._tables.values()))
        return NetError.NOT_JOINED

    def _refuse(self, conn: Peer, refusal: Refusal) -> None:
        if refusal.code in (NetError.VERSION_NEWER, NetError.VERSION_OLDER):
            self.quiet.warning(f"version:{refusal.code.value}", "a joiner of protocol version "
                               "%s was refused: this host's version %s is %s",
                               str(refusal.version)[:20], VERSION,
                               "newer" if refusal.code is NetError.VERSION_NEWER else "older")
        conn.strikes += 1
        if not conn.put(envelope("error", code=refusal.code.value, seq=refusal.seq,
                                 version=VERSION)):
            self._drop(conn)

    @property
    def tables(self) -> Iterable[str]:
        """The codes of the tables served."""
        return tuple(self._tables)


def _finish(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


__all__ = ["BURST", "MAX_CONNECTIONS", "OUT_BYTES", "OUT_MESSAGES", "RATE", "STRIKES",
           "WRITE_NOW_BYTES", "HostServer", "Inbound", "Mailbox", "Outbox",
           "TableBox"]
