"""One connection as the host's network thread keeps it: what waits to be written to it
(bounded: a reader that falls too far behind is dropped), its rate, its refusals in a row, the
table it joined. A message is written to the socket at once when nothing waits before it and
the socket keeps up; else it waits in the connection's queue for its writer, in order.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Protocol

from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

from ..wire.errors import NetError
from ..wire.protocol import VERSION, WELCOME_PREFIX, restamp

#: messages a connection may send per second, and in one burst
RATE = 100.0
BURST = 200
#: messages, and bytes, waiting to be written to one connection: a reader that falls this far
#: behind (or never reads) is dropped
OUT_MESSAGES = 512
OUT_BYTES = 2 * 1024 * 1024
#: bytes the socket may hold unsent for a message to be written at once rather than queued
#: for the connection's writer (which waits for the socket to drain)
WRITE_NOW_BYTES = 64 * 1024


class TableBox(Protocol):
    """Where a table's requests go: its mailbox, or its stand-in in the front process of a
    host whose tables live in other processes (:mod:`rami_desktop.net.hall.rooms`)."""

    @property
    def code(self) -> str:
        """The table's code."""
        ...

    def put(self, item: Any) -> None:
        """Hand the table a request (from the network thread)."""
        ...


class Peer:
    """A connection's state on the network thread: what waits to be written to it (bounded),
    its rate, its refusals in a row, its table."""

    def __init__(self, ws: ServerConnection, address: str) -> None:
        self.ws = ws
        self.address = address
        self.out: asyncio.Queue[str | None] = asyncio.Queue()
        self.queued = 0
        self.tokens = float(BURST)
        self.stamp = time.monotonic()
        self.strikes = 0
        self.table: TableBox | None = None
        self.bye_reason = NetError.HOST_QUIT.value
        self.dropped = False
        #: a ``welcome`` was written while the connection was open (its seat is its own)
        self.welcomed = False
        #: its close is queued: what it still sends is read and dropped
        self.closing = False
        #: the protocol version it speaks (its last request's): what it is sent is stamped so
        self.version = VERSION

    def write_now(self, text: str) -> bool:
        """Write a message at once when nothing is queued before it and the socket keeps up
        (the usual case: no writer's turn on the loop for each message); False: it was not
        written (queue it)."""
        ws = self.ws
        transport = ws.transport
        if (self.closing or self.dropped or not self.out.empty()
                or ws.protocol.state is not State.OPEN  # (no message is sent in fragments)
                or transport is None or transport.is_closing()
                or transport.get_write_buffer_size() > WRITE_NOW_BYTES):
            return False
        ws.protocol.send_text(restamp(text, self.version).encode())
        ws.send_data()
        if text.startswith(WELCOME_PREFIX):
            self.welcomed = True
        return True

    def put(self, text: str) -> bool:
        """Queue a message; False when the connection is too far behind (drop it)."""
        if self.dropped:
            return False
        if self.out.qsize() >= OUT_MESSAGES or self.queued + len(text) > OUT_BYTES:
            self.dropped = True
            return False
        self.queued += len(text)
        self.out.put_nowait(text)
        return True

    def end(self, reason: str | None = None) -> None:
        """Close once what is queued is written (a ``bye`` with ``reason`` goes first)."""
        if reason is not None:
            self.bye_reason = reason
        self.closing = True
        self.out.put_nowait(None)

    def allow(self) -> bool:
        """Take a token of the rate limit; False when there is none."""
        now = time.monotonic()
        self.tokens = min(float(BURST), self.tokens + (now - self.stamp) * RATE)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


__all__ = ["BURST", "OUT_BYTES", "OUT_MESSAGES", "RATE", "WRITE_NOW_BYTES", "Peer"]
