"""A table's messages held back until what they tell is on disk (kept before told).

A hosting session sends through a :class:`HeldOutbox`: what it sends and closes waits, in order,
until :meth:`HeldOutbox.release`, which the session calls once its journal's append returned
(one fsync may cover a whole pass of the host's loop). Nothing leaves before that, not even an
answer that changes nothing, so the order of a connection's messages is the order they were
sent in.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..transport.server import Outbox


class HeldOutbox:
    """Holds what is sent to an outbox until it is released.

    Args:
        wire: where the messages go once released (the server).
    """

    def __init__(self, wire: Outbox) -> None:
        self.wire = wire
        self._held: list[tuple[int, str, bool]] = []

    def send(self, conn: int, text: str) -> None:
        """Hold a message for a connection."""
        self._held.append((conn, text, False))

    def close(self, conn: int, reason: str = "host_quit") -> None:
        """Hold the closing of a connection (a ``bye`` with ``reason`` last)."""
        self._held.append((conn, reason, True))

    def flush(self) -> None:
        """Nothing leaves before :meth:`release`."""

    def tell_now(self, conns: Iterable[int], text: str) -> None:
        """Send a message to connections at once, before what is held (what says why the
        table waits: it tells nothing that is not kept)."""
        for conn in conns:
            self.wire.send(conn, text)
        self.wire.flush()

    @property
    def held(self) -> int:
        """Messages and closings waiting."""
        return len(self._held)

    def discard(self) -> None:
        """Forget what is held (it told what could not be kept: it never leaves)."""
        self._held = []

    def release(self) -> None:
        """Let everything held leave, in order (one flush of the wire)."""
        if not self._held:
            return
        held, self._held = self._held, []
        for conn, text, closing in held:
            if closing:
                self.wire.close(conn, text)
            else:
                self.wire.send(conn, text)
        self.wire.flush()


__all__ = ["HeldOutbox"]
