"""A joiner's connection to a host: a WebSocket client on its own asyncio thread.

The game never waits on it: what arrives is put, checked, in a thread-safe queue the game takes
from when it likes (:meth:`ClientLink.take`); what the game sends is handed to the network
thread. When the connection drops, the link connects again by itself for a while, greeting the
host each time with the message it was given (a join with the seat's token: the same seat
again). A ``wss://`` address is checked against the system's certificates (or ``cafile``), or,
given a pin (an invite's), against the pin alone (:mod:`.trust.pinning`): a host that shows
another certificate is refused before anything is sent, and never tried again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import ssl
import threading
from dataclasses import dataclass
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..trust.pinning import WrongHost, pinned_context
from ..wire.codec import JSON
from ..wire.errors import NetError
from ..wire.protocol import HARD_LIMIT, Refusal, parse_reply
from .address_check import host_name, ip_literal
from .inbox import Inbox

log = logging.getLogger(__name__)

#: seconds between attempts to connect again after a drop, the last one repeated
RETRY_DELAYS: tuple[float, ...] = (0.2, 0.5, 1.0, 2.0)
#: seconds a dropped link keeps trying before it gives up
RETRY_FOR = 180.0
#: seconds to open a connection
OPEN_TIMEOUT = 5.0


@dataclass(frozen=True)
class LinkEvent:
    """What the link saw.

    Attributes:
        kind: ``message`` (``data`` holds it), ``refused`` (a message that cannot be read:
            ``code``), ``up`` (connected; the greeting was sent), ``down`` (the connection
            dropped; trying again) or ``closed`` (the link stopped: ``code`` says why, None when
            asked to).
        data: the message's object.
        code: why.
        version: the other side's version, when ``code`` is a version's.
    """

    kind: str
    data: JSON | None = None
    code: NetError | None = None
    version: int | None = None


def address_url(address: str, port: int | None = None) -> str:
    """The WebSocket URL of an address typed by a player (``host``, ``host:port``,
    ``ws://...`` or ``wss://...``).

    Raises:
        ValueError: no host in it, or a host no resolver can take (one line).
    """
    text = address.strip()
    if not text:
        raise ValueError("no address")
    if "://" not in text:
        text = "ws://" + text
    scheme, rest = text.split("://", 1)
    if scheme not in ("ws", "wss"):
        raise ValueError(f"not a ws:// or wss:// address: {address!r}")
    host = rest.split("/", 1)[0]
    if ":" in host and not host.startswith("[") and ip_literal(host) is not None:
        host = f"[{host}]"  # a bare IPv6 literal
    if not host or host.startswith(":"):
        raise ValueError("no host in the address")
    has_port = host.rsplit(":", 1)[-1].isdigit() and (not host.startswith("[")
                                                      or "]:" in host)
    host_name(host.rsplit(":", 1)[0] if has_port else host)
    if port is not None and not has_port:
        host = f"{host}:{port}"
    return f"{scheme}://{host}/"


class ClientLink(Inbox[LinkEvent]):
    """One joiner's link to a host (see the module's text).

    Args:
        url: ``ws://host:port/`` or ``wss://host:port/``.
        cafile: certificates to check a ``wss`` host with (default: the system's).
        retry_for: seconds a dropped link keeps trying to connect again.
        pin: the pin of the host's certificate (an invite's): checked in its place.
    """

    def __init__(self, url: str, cafile: str | None = None, retry_for: float = RETRY_FOR,
                 pin: bytes | None = None) -> None:
        super().__init__()
        self.url = url
        self.cafile = cafile
        self.pin = pin
        self.retry_for = retry_for
        self._lock = threading.Lock()
        self._greeting: str | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._out: asyncio.Queue[str] | None = None
        self._stop: asyncio.Event | None = None
        self._thread: threading.Thread | None = None

    # ---- the game's side -----------------------------------------------------------------------

    def start(self, greeting: str) -> None:
        """Connect and send ``greeting`` first (again after each reconnection)."""
        self.greet_with(greeting)
        self._thread = threading.Thread(target=self._run, name="rami-join-net", daemon=True)
        self._thread.start()

    def greet_with(self, greeting: str) -> None:
        """The message sent first on each (re)connection from now on."""
        with self._lock:
            self._greeting = greeting

    def send(self, text: str) -> None:
        """Send a message (dropped if the link is down)."""
        loop, out = self._loop, self._out
        if loop is not None and out is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop is closing
                loop.call_soon_threadsafe(out.put_nowait, text)

    def stop(self, timeout: float = 3.0) -> None:
        """Close the connection (after what was sent) and stop the thread."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        """Whether the link's thread is still on."""
        return self._thread is not None and self._thread.is_alive()

    # ---- the network thread --------------------------------------------------------------------

    def _tls(self) -> ssl.SSLContext | None:
        if not self.url.startswith("wss://"):
            return None
        if self.pin is not None:
            return pinned_context(self.pin)
        return ssl.create_default_context(cafile=self.cafile)

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as exc:  # boundary: the thread says why it stopped
            log.exception("the link stopped")
            self.put(LinkEvent("closed", code=_failure_code(exc)))

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._out = asyncio.Queue()
        self._stop = asyncio.Event()
        delays = list(RETRY_DELAYS)
        down_since: float | None = None
        first = True
        while not self._stop.is_set():
            try:
                tls = self._tls()
                async with connect(self.url, ssl=tls, proxy=None, compression=None,
                                   max_size=HARD_LIMIT, open_timeout=OPEN_TIMEOUT,
                                   ping_interval=10, ping_timeout=20) as ws:
                    first = False
                    down_since = None
                    delays = list(RETRY_DELAYS)
                    await self._session(ws)
                if self._stop.is_set():
                    break
            except (OSError, InvalidHandshake, InvalidURI, asyncio.TimeoutError,
                    ssl.SSLError, ConnectionClosed, UnicodeError) as exc:
                code = _failure_code(exc)
                if first or code in (NetError.CERTIFICATE, NetError.WRONG_HOST):
                    self.put(LinkEvent("closed", code=code))
                    return
            if self._stop.is_set():
                break
            now = self._loop.time()
            if down_since is None:
                down_since = now
                self.put(LinkEvent("down", code=NetError.LOST))
            if now - down_since > self.retry_for:
                self.put(LinkEvent("closed", code=NetError.LOST))
                return
            delay = delays.pop(0) if len(delays) > 1 else delays[0]
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._stop.wait(), delay)
        self.put(LinkEvent("closed"))

    async def _session(self, ws: ClientConnection) -> None:
        """One connection: greet, then read and write until it closes or the link stops."""
        assert self._out is not None and self._stop is not None
        while not self._out.empty():  # what was asked while down is not sent late
            self._out.get_nowait()
        with self._lock:
            greeting = self._greeting
        if greeting is not None:
            await ws.send(greeting)
        self.put(LinkEvent("up"))
        reader = asyncio.ensure_future(self._read(ws))
        writer = asyncio.ensure_future(self._write(ws))
        stopper = asyncio.ensure_future(self._stop.wait())
        done, pending = await asyncio.wait({reader, writer, stopper},
                                           return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        if stopper in done:
            while not self._out.empty():
                await ws.send(self._out.get_nowait())
            await ws.close()

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for message in ws:
                data = parse_reply(message)
                if isinstance(data, Refusal):
                    self.put(LinkEvent("refused", code=data.code,
                                        version=_version_of(message)))
                else:
                    self.put(LinkEvent("message", data=data))
        except ConnectionClosed:
            return

    async def _write(self, ws: ClientConnection) -> None:
        assert self._out is not None
        try:
            while True:
                await ws.send(await self._out.get())
        except ConnectionClosed:
            return


def _failure_code(exc: BaseException) -> NetError:
    if isinstance(exc, WrongHost):
        return NetError.WRONG_HOST
    if isinstance(exc, ssl.SSLCertVerificationError) or (
            isinstance(exc, ssl.SSLError) and "CERTIFICATE" in str(exc).upper()):
        return NetError.CERTIFICATE
    if isinstance(exc, ConnectionClosed):
        return NetError.LOST
    return NetError.UNREACHABLE


def _version_of(message: Any) -> int | None:
    """The ``v`` of a message of another version, if it has one."""
    try:
        data = json.loads(message)
    except (ValueError, TypeError, RecursionError):
        return None
    version = data.get("v") if isinstance(data, dict) else None
    return version if isinstance(version, int) and not isinstance(version, bool) else None


__all__ = ["OPEN_TIMEOUT", "RETRY_DELAYS", "RETRY_FOR", "ClientLink", "LinkEvent",
           "address_url"]
