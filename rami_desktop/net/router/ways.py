"""The two ways of asking the home router for a door: UPnP IGD (the MiniUPnP project's
``miniupnpc``) and NAT-PMP (:mod:`.natpmp`), behind one face, :class:`Router`.

:func:`find_router` looks for UPnP first (most home routers), then NAT-PMP at the default
gateway (Apple's and some others); None when neither answers. Every call blocks: the door's
own thread makes them (:mod:`.door`).
"""

from __future__ import annotations

import logging
from enum import Enum
from typing import Any, Protocol

from .gateway import default_gateway
from .natpmp import NETWORK_FAILURE, NatPmp, NatPmpError

log = logging.getLogger(__name__)

#: milliseconds UPnP discovery listens for routers' answers
DISCOVER_MS = 2000


class Way(str, Enum):
    """How the door was asked for."""

    UPNP = "upnp"
    NATPMP = "natpmp"


class Trouble(str, Enum):
    """Why there is no door (the lobby says each in one sentence)."""

    NO_ROUTER = "no_router"  # neither UPnP nor NAT-PMP answered
    REFUSED = "refused"  # the router answered, and refused the mapping
    SHARED = "shared"  # its outside address is the provider's shared space (CGNAT)
    PRIVATE = "private"  # its outside address is private: another router stands in front
    NO_ADDRESS = "no_address"  # it has no public address to tell (miniupnpd's way of CGNAT)
    LOST = "lost"  # the router stopped keeping the door (a renewal failed until the lease end)
    LOCAL = "local"  # this computer could not listen, or keep its key


class Refused(Exception):
    """The router said no (``trouble``: why, as the lobby words it)."""

    def __init__(self, trouble: Trouble, detail: str = "") -> None:
        super().__init__(f"{trouble.value}: {detail}")
        self.trouble = trouble


class Router(Protocol):
    """A router that maps ports (blocking calls)."""

    way: Way

    def outside(self) -> str:
        """Its outside address ("" if it tells none).

        Raises:
            Refused: it refused to tell.
        """
        ...

    def map(self, internal: int, external: int, lease: int) -> tuple[int, int]:
        """Map TCP ``external`` to this computer's ``internal`` for ``lease`` seconds; return
        the outside port and the lease granted (0: until removed).

        Raises:
            Refused: it refused.
        """
        ...

    def unmap(self, internal: int, external: int) -> None:
        """Remove the mapping (errors are logged, never raised)."""
        ...


class UpnpRouter:
    """A UPnP IGD found by ``miniupnpc`` (its binding raises bare exceptions, whose text is
    the IGD's error name)."""

    way = Way.UPNP

    def __init__(self, igd: Any) -> None:
        self.igd = igd

    def outside(self) -> str:
        try:
            return str(self.igd.externalipaddress() or "")
        except Exception as exc:  # boundary: miniupnpc raises Exception with the IGD's words
            raise Refused(Trouble.NO_ADDRESS, str(exc)) from exc

    def map(self, internal: int, external: int, lease: int) -> tuple[int, int]:
        for asked in ((lease, 0) if lease else (0,)):
            try:
                self.igd.addportmapping(external, "TCP", self.igd.lanaddr, internal,
                                        "Rami table", "", asked)
                return external, asked
            except Exception as exc:  # boundary, as above
                text = str(exc)
                if "OnlyPermanentLeases" in text:  # (error 725) old routers: no lease at all
                    continue
                raise Refused(Trouble.REFUSED, text) from exc
        raise Refused(Trouble.REFUSED, "no lease accepted")

    def unmap(self, internal: int, external: int) -> None:
        try:
            self.igd.deleteportmapping(external, "TCP")
        except Exception as exc:  # boundary, as above
            log.info("the UPnP mapping of port %s was not removed: %s", external, exc)


class NatPmpRouter:
    """A router answering NAT-PMP."""

    way = Way.NATPMP

    def __init__(self, client: NatPmp) -> None:
        self.client = client

    def outside(self) -> str:
        try:
            return self.client.external_address()
        except NatPmpError as exc:
            trouble = Trouble.NO_ADDRESS if exc.result == NETWORK_FAILURE else Trouble.REFUSED
            raise Refused(trouble, str(exc)) from exc
        except OSError as exc:
            raise Refused(Trouble.NO_ROUTER, str(exc)) from exc

    def map(self, internal: int, external: int, lease: int) -> tuple[int, int]:
        try:
            answer = self.client.map_tcp(internal, external, lease)
        except (NatPmpError, OSError) as exc:
            raise Refused(Trouble.REFUSED, str(exc)) from exc
        return answer.external_port, answer.lifetime

    def unmap(self, internal: int, external: int) -> None:
        try:
            self.client.unmap_tcp(internal)
        except (NatPmpError, OSError) as exc:
            log.info("the NAT-PMP mapping of port %s was not removed: %s", internal, exc)


def find_upnp(delay_ms: int = DISCOVER_MS) -> UpnpRouter | None:
    """The UPnP IGD of this network, if one answers."""
    try:
        import miniupnpc  # type: ignore[import-not-found]
    except ImportError:  # a build without it: NAT-PMP only
        log.warning("miniupnpc is missing: UPnP is not asked")
        return None
    igd = miniupnpc.UPnP()
    igd.discoverdelay = delay_ms
    try:
        if igd.discover() <= 0:
            return None
        igd.selectigd()
    except Exception as exc:  # boundary: no IGD answered (the binding says so by raising)
        log.info("no UPnP router: %s", exc)
        return None
    return UpnpRouter(igd)


def find_natpmp(gateway: str | None = None) -> NatPmpRouter | None:
    """The default gateway, if it answers NAT-PMP (a refusal to tell the outside address
    still counts as an answer)."""
    gateway = gateway or default_gateway()
    if gateway is None:
        return None
    router = NatPmpRouter(NatPmp(gateway))
    try:
        router.outside()
    except Refused as exc:
        if exc.trouble is Trouble.NO_ROUTER:
            log.info("no NAT-PMP at %s: %s", gateway, exc)
            return None
    return router


def find_router() -> Router | None:
    """The router that maps ports here, by UPnP or else NAT-PMP; None if neither answers."""
    return find_upnp() or find_natpmp()


__all__ = ["DISCOVER_MS", "NatPmpRouter", "Refused", "Router", "Trouble", "UpnpRouter", "Way",
           "find_natpmp", "find_router", "find_upnp"]
