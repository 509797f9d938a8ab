"""Tables on the local network found by themselves: mDNS / DNS-SD with python-zeroconf.

A host advertises its table (:class:`Advertiser`: the host's name, the rules, the free seats,
the port) while it hosts; a joiner's :class:`Browser` lists the tables it hears of. Both run on
their own threads (zeroconf's and one of theirs): the game never waits on them. Where the
network allows no multicast, zeroconf cannot start: the browser says so
(:attr:`Browser.unavailable`) and joining by address still works.
"""

from __future__ import annotations

import logging
import socket
import threading
from dataclasses import dataclass

from zeroconf import Error as ZeroconfError
from zeroconf import (
    IPVersion,
    NonUniqueNameException,
    ServiceBrowser,
    ServiceInfo,
    ServiceStateChange,
    Zeroconf,
)

from .wire.protocol import VERSION

log = logging.getLogger(__name__)

#: the DNS-SD service type of a Rami table
SERVICE = "_rami._tcp.local."
#: seconds to wait for a table's details
RESOLVE_TIMEOUT_MS = 3000


@dataclass(frozen=True)
class FoundTable:
    """A table heard of on the local network.

    Attributes:
        key: the service's name (one table).
        host: the host's name.
        address: where to connect.
        port: its port.
        preset: the rules' preset.
        free: free seats.
        seats: seats at the table.
        tls: whether it serves ``wss://``.
        version: its protocol version.
    """

    key: str
    host: str
    address: str
    port: int
    preset: str
    free: int
    seats: int
    tls: bool
    version: int


def _text(props: dict[bytes, bytes | None], key: str, default: str = "") -> str:
    value = props.get(key.encode())
    return value.decode("utf-8", "replace")[:64] if value else default


def _number(props: dict[bytes, bytes | None], key: str) -> int:
    try:
        return int(_text(props, key, "0"))
    except ValueError:
        return 0


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses on the local network (the loopback one last)."""
    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if address not in found:
                found.append(address)
    except OSError:
        pass
    try:  # the address the default route leaves from (no packet is sent)
        probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            probe.connect(("192.0.2.1", 9))
            address = str(probe.getsockname()[0])
            if address not in found:
                found.insert(0, address)
        finally:
            probe.close()
    except OSError:
        pass
    lan = [a for a in found if not a.startswith("127.")]
    return [*lan, "127.0.0.1"]


class Advertiser:
    """Says on the local network that a table is hosted here (see the module's text).

    Args:
        host: the host's name.
        port: the port the table listens on.
        preset: the rules' preset.
        seats: seats at the table.
        tls: whether it serves ``wss://``.
    """

    def __init__(self, host: str, port: int, preset: str, seats: int, tls: bool = False) -> None:
        self.host = host or socket.gethostname()
        self.port = port
        self.preset = preset
        self.seats = seats
        self.tls = tls
        self.free = seats
        self._zc: Zeroconf | None = None
        self._info: ServiceInfo | None = None
        self._lock = threading.Lock()
        self._stopped = False
        #: why the table could not be advertised (None: it is, or it is being)
        self.problem: str | None = None

    def _make_info(self, old: ServiceInfo | None = None) -> ServiceInfo:
        """The table's service record (``old``: the one registered, whose names it keeps)."""
        safe = "".join(ch for ch in self.host if ch.isalnum() or ch in " -_")[:40] or "Rami"
        props = {"host": self.host[:64], "preset": self.preset, "free": str(self.free),
                 "seats": str(self.seats), "tls": "1" if self.tls else "0",
                 "v": str(VERSION)}
        name = old.name if old is not None else f"{safe} {self.port}.{SERVICE}"
        return ServiceInfo(SERVICE, name, port=self.port, properties=props,
                           parsed_addresses=local_addresses(),
                           server=old.server if old is not None else None)

    def start(self) -> None:
        """Advertise (on a thread of its own: registering takes a moment)."""
        threading.Thread(target=self._register, name="rami-advertise", daemon=True).start()

    def _register(self) -> None:
        try:
            zc = Zeroconf(ip_version=IPVersion.V4Only)
            info = self._make_info()
            zc.register_service(info, allow_name_change=True)
        except (OSError, NonUniqueNameException) as exc:
            log.warning("the table could not be advertised: %s", exc)
            self.problem = str(exc)
            return
        with self._lock:
            if self._stopped:
                zc.unregister_service(info)
                zc.close()
                return
            self._zc, self._info = zc, info

    def set_free(self, free: int) -> None:
        """The table's free seats changed."""
        if free == self.free:
            return
        self.free = free
        threading.Thread(target=self._update, name="rami-advertise", daemon=True).start()

    def _update(self) -> None:
        with self._lock:
            zc, old = self._zc, self._info
            if zc is None or old is None:
                return
            info = self._make_info(old)  # the names zeroconf settled on
            try:
                zc.update_service(info)
                self._info = info
            except (OSError, AssertionError, RuntimeError) as exc:  # zeroconf closing
                log.warning("the table's advertisement could not be updated: %s", exc)

    def stop(self) -> None:
        """Stop advertising."""
        with self._lock:
            self._stopped = True
            zc, info = self._zc, self._info
            self._zc = self._info = None
        if zc is not None and info is not None:
            threading.Thread(target=_close, args=(zc, info), daemon=True).start()


def _close(zc: Zeroconf, info: ServiceInfo) -> None:
    try:
        zc.unregister_service(info)
    finally:
        zc.close()


class Browser:
    """Lists the tables heard of on the local network (see the module's text)."""

    def __init__(self) -> None:
        self._found: dict[str, FoundTable] = {}
        self._lock = threading.Lock()
        self._zc: Zeroconf | None = None
        self._browser: ServiceBrowser | None = None
        #: zeroconf cannot work on this network (no multicast): join by address
        self.unavailable = False

    def start(self) -> None:
        """Listen (on zeroconf's threads)."""
        try:
            self._zc = Zeroconf(ip_version=IPVersion.V4Only)
            self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._changed])
        except OSError as exc:
            log.warning("no multicast here: %s", exc)
            self.unavailable = True

    def _changed(self, zeroconf: Zeroconf, service_type: str, name: str,
                 state_change: ServiceStateChange) -> None:
        if state_change is ServiceStateChange.Removed:
            with self._lock:
                self._found.pop(name, None)
            return
        threading.Thread(target=self._resolve, args=(zeroconf, service_type, name),
                         name="rami-resolve", daemon=True).start()

    def _resolve(self, zeroconf: Zeroconf, service_type: str, name: str) -> None:
        try:
            info = zeroconf.get_service_info(service_type, name, RESOLVE_TIMEOUT_MS)
        except (OSError, RuntimeError, ZeroconfError) as exc:
            # zeroconf closed meanwhile (NotRunningException), or its loop too busy to answer
            # in time (EventLoopBlocked, a loaded machine): the table is not listed, as if it
            # had not answered
            log.info("a table could not be resolved: %r", exc)
            return
        if info is None or not info.parsed_addresses() or info.port is None:
            return
        props = info.properties
        addresses = info.parsed_addresses()
        lan = [a for a in addresses if not a.startswith("127.")]
        table = FoundTable(name, _text(props, "host", name.split(".")[0]),
                           (lan or addresses)[0], info.port, _text(props, "preset"),
                           _number(props, "free"), _number(props, "seats"),
                           _text(props, "tls") == "1", _number(props, "v"))
        with self._lock:
            self._found[name] = table

    def tables(self) -> list[FoundTable]:
        """The tables heard of, by host name."""
        with self._lock:
            return sorted(self._found.values(), key=lambda t: (t.host.lower(), t.port))

    def stop(self) -> None:
        """Stop listening."""
        zc, self._zc = self._zc, None
        if zc is not None:
            threading.Thread(target=zc.close, name="rami-browse-stop", daemon=True).start()


__all__ = ["SERVICE", "Advertiser", "Browser", "FoundTable", "local_addresses"]
