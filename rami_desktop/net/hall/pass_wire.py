"""The wire of a hall's tables during a pass of its loop: what they send leaves in one flush at
the pass's end (one wake-up of the network thread, or one batch to the first process for a
room), after the pass's commits are flushed to disk; out of a pass, at once as before."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Protocol

from ..transport.server import Mailbox, Outbox


class TableServer(Outbox, Protocol):
    """Where a hall's tables are served: the host's server, or a room's way to it
    (:mod:`.room`)."""

    def add_table(self, box: Mailbox) -> None:
        """Serve a table: its joiners name its code to join."""
        ...

    def remove_table(self, code: str) -> None:
        """Stop serving a table."""
        ...


class PassWire:
    """The tables' way to the server (see the module's text).

    Args:
        server: the host's server, or a room's way to it.
    """

    def __init__(self, server: TableServer) -> None:
        self.server = server
        self._passing = False
        self._due = False

    def send(self, conn: int, text: str) -> None:
        """Queue a message for a connection."""
        self.server.send(conn, text)

    def close(self, conn: int, reason: str = "host_quit") -> None:
        """Close a connection once what was sent to it is written."""
        self.server.close(conn, reason)

    def flush(self) -> None:
        """Let what was queued leave (in a pass: at its end)."""
        if self._passing:
            self._due = True
        else:
            self.server.flush()

    def add_table(self, box: Mailbox) -> None:
        """Serve a table."""
        self.server.add_table(box)

    def remove_table(self, code: str) -> None:
        """Stop serving a table."""
        self.server.remove_table(code)

    @contextmanager
    def passing(self) -> Iterator[None]:
        """A pass of the loop: the flushes asked for are one, at its end."""
        self._passing = True
        try:
            yield
        finally:
            self._passing = False
            if self._due:
                self._due = False
                self.server.flush()


__all__ = ["PassWire", "TableServer"]
