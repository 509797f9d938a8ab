"""Hosting a table: the server listening, the table's mailbox and its advertisement, together.

The host listens only while it hosts: :func:`open_table` starts the server (and, on the local
network, the advertisement); :meth:`Hosting.stop` ends both. The host session is made with
its ``server`` and ``mailbox`` and stops the hosting when it closes.
"""

from __future__ import annotations

import secrets
import ssl
from typing import TYPE_CHECKING, Protocol

from ..router.door import Door
from ..transport.server import HostServer, Mailbox
from ..trust.host_key import HostIdentity
from ..trust.pinning import server_context
from ..wire.protocol import CODE_ALPHABET, CODE_LENGTH

if TYPE_CHECKING:
    from ..discovery import Advertiser


class Stoppable(Protocol):
    """The hosting of the table (the server and the advertisement): told the free seats, and
    stopped when the session closes."""

    @property
    def port(self) -> int:
        """The port the table listens on."""
        ...

    def set_free(self, free: int) -> None:
        """The free seats to advertise."""
        ...

    def stop(self) -> None:
        """Stop."""
        ...


def new_code() -> str:
    """A table code: ten letters and digits that read aloud without mistakes."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    """A TLS context for a host serving ``wss://`` with a certificate and its key.

    Raises:
        OSError, ssl.SSLError: the files cannot be read or do not match.
    """
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


class Hosting:
    """A table being hosted: its server, its mailbox and its advertisement.

    Args:
        code: the table's code.
    """

    def __init__(self, code: str) -> None:
        self.code = code
        self.server = HostServer()
        self.mailbox = Mailbox(code)
        self.server.add_table(self.mailbox)
        self.advertiser: Advertiser | None = None
        self.port = 0
        self.tls = False
        #: the port listened on with TLS for joiners far away (0: none)
        self.far_port = 0
        #: the door in the home router for them (given back when the hosting stops)
        self.door: Door | None = None

    def start(self, port: int = 0, host: str = "", tls: ssl.SSLContext | None = None) -> int:
        """Listen on ``port`` (0: a free one); return the port.

        Raises:
            OSError: the port cannot be listened on.
        """
        self.port = self.server.start(host, port, tls)
        self.tls = tls is not None
        return self.port

    def listen_far(self, identity: HostIdentity, port: int = 0) -> int:
        """Listen once more, with TLS 1.3 and the host's own certificate, for joiners far
        away, on ``port`` (0, or one taken: a free one); return the port.

        Raises:
            OSError, ssl.SSLError: the certificate cannot be used, or no port listened on.
        """
        if self.far_port:
            return self.far_port
        tls = server_context(str(identity.cert_file), str(identity.key_file))
        try:
            self.far_port = self.server.listen_also(port, tls)
        except OSError:
            if not port:
                raise
            self.far_port = self.server.listen_also(0, tls)
        return self.far_port

    def open_door(self, door: Door) -> None:
        """Ask the home router for a door (on the door's thread); it is given back when the
        hosting stops, whoever stops it (the lobby, the table, the game quitting)."""
        if self.door is None:
            self.door = door
            door.open()

    def advertise(self, host_name: str, preset: str, seats: int, free: int) -> None:
        """Say on the local network that the table is here."""
        from ..discovery import Advertiser  # zeroconf: only for a table announced

        self.advertiser = Advertiser(host_name, self.port, preset, seats, self.tls)
        self.advertiser.free = free
        self.advertiser.start()

    def set_free(self, free: int) -> None:
        """The free seats the advertisement tells."""
        if self.advertiser is not None:
            self.advertiser.set_free(free)

    def stop(self) -> None:
        """Give the router's door back, stop advertising and listening (what was sent is
        written first)."""
        if self.door is not None:
            self.door.close()
        if self.advertiser is not None:
            self.advertiser.stop()
            self.advertiser = None
        self.server.stop()


__all__ = ["Hosting", "Stoppable", "new_code", "tls_context"]
