"""The host's listening sockets: one port for every address (IPv4 and IPv6 where the system has
both), served by the WebSocket library with the host's limits (:class:`.server.HostServer`
listens on one, and on one more with TLS for joiners far away)."""

from __future__ import annotations

import socket
import ssl
from collections.abc import Awaitable, Callable

from websockets.asyncio.server import Server, ServerConnection, serve

from ..wire.protocol import HARD_LIMIT
from .address_check import ip_literal
from .doorstep import LIBRARY_LOG, CountedSocket, Doorstep
from .guard import HANDSHAKE_TIME


def listening_socket(host: str | None, port: int) -> socket.socket:
    """One socket listening on ``host`` (None: every interface, IPv4 and IPv6 where the system
    has both; an IPv4 or IPv6 address, ``::`` every IPv6 one; a name: its first address) and
    ``port`` (0: a free one): one port for every address.

    Raises:
        OSError: the address cannot be listened on.
    """
    if host is None and socket.has_dualstack_ipv6():
        return socket.create_server(("", port), family=socket.AF_INET6, dualstack_ipv6=True)
    if host is None:
        return socket.create_server(("", port))
    address = ip_literal(host)
    if address is not None:
        family = socket.AF_INET6 if address.version == 6 else socket.AF_INET
        return socket.create_server((host.strip("[]"), port), family=family)
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    family, _kind, _proto, _name, where = infos[0]
    return socket.create_server(where[:2] if family == socket.AF_INET6 else where,
                                family=family)


async def serve_on(handler: Callable[[ServerConnection], Awaitable[None]], doorstep: Doorstep,
                   host: str | None, port: int, tls: ssl.SSLContext | None,
                   close_timeout: float) -> Server:
    """Listen on ``host`` and ``port`` (see :func:`listening_socket`), each connection counted
    at the doorstep from its accept and handed to ``handler`` once its handshakes are done.

    Raises:
        OSError: the address cannot be listened on.
    """
    sock = CountedSocket(listening_socket(host, port), doorstep)
    return await serve(handler, sock=sock, ssl=tls, max_size=HARD_LIMIT, compression=None,
                       ping_interval=10, ping_timeout=20, open_timeout=HANDSHAKE_TIME,
                       close_timeout=close_timeout, logger=LIBRARY_LOG)


__all__ = ["listening_socket", "serve_on"]
