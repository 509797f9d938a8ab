"""A kept table coming back: where it was served, and its end told to joiners coming back.

A headless host's ``table.json`` keeps the address and port it served on
(:func:`address_fields` reads them), so that ``--resume`` serves where the joiners' kept
address points (:func:`kept_address`). A table whose match (or rounds) ended waits for its
joiners who were not there when it ended (:class:`EndWait`), its end kept on disk meanwhile (a
host restarted waits for them all): each coming back is welcomed with the end (the final view,
the round's summary), and the table says ``bye end`` once each has been told it, or after
:data:`END_WAIT` seconds.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..host.host_session import HostSession
from ..transport.client import RETRY_FOR

#: seconds a table that ended waits for its joiners to come back and be told it (as long as
#: a joiner's game keeps trying to connect again)
END_WAIT = RETRY_FOR
#: the longest listening address kept
MAX_LISTEN = 255


def address_fields(data: dict[str, Any]) -> tuple[str | None, int | None]:
    """A ``table.json``'s ``listen`` address and ``port`` (None: not kept).

    Raises:
        ValueError: a port that is not 1 to 65535, or an address that is not short ASCII.
    """
    port = data.get("port")
    if port is not None and (isinstance(port, bool) or not isinstance(port, int)
                             or not 1 <= port <= 65535):
        raise ValueError("'port' is not a port 1 to 65535")
    listen = data.get("listen")
    if listen is not None and not (isinstance(listen, str) and 0 < len(listen) <= MAX_LISTEN
                                   and listen.isascii() and listen.isprintable()):
        raise ValueError("'listen' is not an address")
    return listen, port


def kept_address(addresses: Iterable[tuple[str | None, int | None]]
                 ) -> tuple[str | None, int | None]:
    """Where most of the tables resumed were served (``(None, None)``: none said)."""
    said = [a for a in addresses if a[1] is not None]
    return max(said, key=said.count) if said else (None, None)


@dataclass
class EndWait:
    """A table that ended, waiting for its joiners until ``until`` (a ``time.monotonic()``);
    ``told``: the seats told the end (there when it ended, or welcomed with it since)."""

    until: float
    told: set[int] = field(default_factory=set)

    def waiting(self, session: HostSession, now: float) -> bool:
        """Answer the joiners coming back (each welcomed with the end); whether a joiner is
        still to be told and there is time left."""
        session.pump()
        session.commit()
        self.told.update(s for s in session.book.tokens if session.book.present(s))
        return not set(session.book.tokens) <= self.told and now < self.until


__all__ = ["END_WAIT", "MAX_LISTEN", "EndWait", "address_fields", "kept_address"]
