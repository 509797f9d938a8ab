"""The host's listening socket, which counts every connection from the moment it is accepted
(before its TLS and WebSocket handshakes), and keeps the host quiet at the descriptor limit.

:class:`Doorstep` holds the connections accepted that have not finished their handshake
(:class:`~rami_desktop.net.transport.guard.Handshakes`: a few per address, each closed after a few
seconds). :class:`CountedSocket` is the listening socket the event loop accepts from: it tells
the doorstep of each connection first. When the process has no descriptor left, the first
refusal goes to the loop (which rests the socket a second), the rest of that round are quiet,
and the oldest handshakes are closed to make room: one line, never a traceback a connection.
Everything here runs on the network thread.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import itertools
import logging
import socket
import time
from collections.abc import Callable
from typing import Any

from rami_desktop.storage.log_limit import LimitFilter, LogLimit

from .guard import Handshakes, address_key

#: the WebSocket library's lines: one a minute per message, no traceback (a client's
#: misbehaviour is not the host's error)
LIBRARY_LOG = logging.getLogger("rami_desktop.net.websockets")
LIBRARY_LOG.addFilter(LimitFilter())

#: the errors of an accept that mean the process (or the system) has no room left
NO_ROOM = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)
#: handshakes closed when there is no room left
SHED = 16


class Doorstep:
    """The connections accepted whose handshake is not over (see the module's text)."""

    def __init__(self) -> None:
        self.handshakes = Handshakes()
        #: connections closed for taking too long over their handshake, or to make room
        self.closed = 0
        self._socks: dict[int, socket.socket] = {}
        self._by_fd: dict[int, int] = {}
        self._ids = itertools.count(1)
        self._resting_until = 0.0

    def accepted(self, conn: socket.socket, peer: Any) -> None:
        """A connection was accepted: count it for its address (closing the oldest of the
        address, or of all, when there are too many)."""
        fd = conn.fileno()
        stale = self._by_fd.pop(fd, None)
        if stale is not None:  # its descriptor was closed and given again
            self._forget(stale)
        handle = next(self._ids)
        self._socks[handle] = conn
        self._by_fd[fd] = handle
        host = peer[0] if isinstance(peer, tuple) and peer else str(peer)
        for evicted in self.handshakes.arrive(address_key(str(host)), handle, time.monotonic()):
            self._shut(evicted)

    def finished(self, transport: Any) -> None:
        """A connection finished its handshake (its transport's socket is no longer counted
        here)."""
        sock = transport.get_extra_info("socket") if transport is not None else None
        if sock is None:
            return
        handle = self._by_fd.pop(sock.fileno(), None)
        if handle is not None:
            self._forget(handle)

    def sweep(self) -> None:
        """Forget the connections closed meanwhile; close the ones past their time."""
        for handle, sock in list(self._socks.items()):
            if sock.fileno() < 0:
                self._forget(handle)
        for handle in self.handshakes.late(time.monotonic()):
            self._shut(handle)

    def no_room(self) -> bool:
        """An accept found no descriptor left: whether to tell the loop (once a rest), after
        closing the oldest handshakes to make room."""
        now = time.monotonic()
        if now < self._resting_until:
            return False
        self._resting_until = now + 0.5
        for handle in self.handshakes.handles()[:SHED]:
            self._shut(handle)
        return True  # the loop says it (through the server's quiet handler) and rests

    def _shut(self, handle: int) -> None:
        sock = self._socks.get(handle)
        self._forget(handle)
        if sock is None or sock.fileno() < 0:
            return
        self.closed += 1
        with contextlib.suppress(OSError):  # the loop's transport sees the end and closes it
            sock.shutdown(socket.SHUT_RDWR)

    def _forget(self, handle: int) -> None:
        self.handshakes.done(handle)
        sock = self._socks.pop(handle, None)
        if sock is not None and sock.fileno() >= 0 and self._by_fd.get(sock.fileno()) == handle:
            del self._by_fd[sock.fileno()]


class CountedSocket(socket.socket):
    """A listening socket whose accepted connections are told to a :class:`Doorstep` first.

    Args:
        listening: the socket to take over (it is detached: this one owns its descriptor).
        doorstep: where the connections are counted.
    """

    def __init__(self, listening: socket.socket, doorstep: Doorstep) -> None:
        super().__init__(listening.family, listening.type, listening.proto,
                         fileno=listening.detach())
        self.doorstep = doorstep

    def accept(self) -> tuple[socket.socket, Any]:
        """Accept a connection and count it.

        Raises:
            BlockingIOError: nothing more to accept now (a rest at the descriptor limit too).
            OSError: the descriptor limit, told once a rest (the loop rests the socket).
        """
        try:
            conn, peer = super().accept()
        except OSError as exc:
            if exc.errno in NO_ROOM and not self.doorstep.no_room():
                raise BlockingIOError(errno.EAGAIN, "resting") from exc
            raise
        self.doorstep.accepted(conn, peer)
        return conn, peer


def quiet_handler(quiet: LogLimit) -> Callable[[asyncio.AbstractEventLoop, dict[str, Any]],
                                                None]:
    """An event loop's exception handler for what it cannot hand anyone (the descriptor limit
    at an accept): one line a minute per kind, never a traceback."""

    def handle(_loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        message = str(context.get("message", "trouble"))
        exc = context.get("exception")
        quiet.warning(f"loop:{message}", "%s%s", message, f": {exc}" if exc else "")

    return handle


__all__ = ["LIBRARY_LOG", "CountedSocket", "Doorstep", "quiet_handler"]
