"""A table's door in the home router: a TCP port of the router's outside address mapped to the
table's, asked for on a thread of its own, kept with a lease, given back when the table closes.

:class:`Door` finds the router (:func:`.ways.find_router`), reads its outside address (only a
public one makes a door that can work: :mod:`.outside`), maps the port for :data:`LEASE` seconds
and renews the mapping every half lease while the table is open; :meth:`Door.close` removes it.
A game that crashes never removes it: the router drops it by itself at the lease's end. The
game's loop never waits: it reads :attr:`Door.state` (asking, open, or why not).
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable
from dataclasses import dataclass

from .outside import Reach, reach_of
from .ways import Refused, Router, Trouble, Way, find_router

log = logging.getLogger(__name__)

#: seconds a mapping lasts unless renewed (a crashed game's door closes by itself after it)
LEASE = 1200
#: seconds between two tries of a renewal that failed
RETRY = 30.0
#: other outside ports tried when the one asked for is the router's for someone else
OTHER_PORTS = 3

_TROUBLE_OF_REACH = {Reach.SHARED: Trouble.SHARED, Reach.PRIVATE: Trouble.PRIVATE,
                     Reach.RESERVED: Trouble.NO_ADDRESS, Reach.NONE: Trouble.NO_ADDRESS}


@dataclass(frozen=True)
class Opened:
    """The door is open: the others reach the table at ``address``:``port`` (the router's
    outside address and port), asked ``way``, for ``lease`` seconds at a time (0: until
    removed)."""

    address: str
    port: int
    way: Way
    lease: int


ASKING = "asking"
CLOSED = "closed"
DoorState = Opened | Trouble | str


class Door:
    """The door of a table listening on ``internal`` (see the module's text).

    Args:
        internal: the port the table listens on, here.
        wanted: the outside port to ask for first (None: the same as ``internal``).
        lease: seconds a mapping lasts unless renewed.
        find: how the router is found (tests give their own).
    """

    def __init__(self, internal: int, wanted: int | None = None, lease: int = LEASE,
                 find: Callable[[], Router | None] = find_router) -> None:
        self.internal = internal
        self.wanted = wanted or internal
        self.lease = lease
        self._find = find
        self._state: DoorState = ASKING
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._router: Router | None = None
        self._thread: threading.Thread | None = None

    @property
    def state(self) -> DoorState:
        """``asking``, :class:`Opened`, a :class:`Trouble`, or ``closed``."""
        with self._lock:
            return self._state

    def _set(self, state: DoorState) -> None:
        with self._lock:
            if self._state != CLOSED:
                self._state = state

    def open(self) -> None:
        """Ask the router, on the door's thread."""
        self._thread = threading.Thread(target=self._run, name="rami-door", daemon=True)
        self._thread.start()

    def close(self, wait: float = 3.0) -> None:
        """Give the door back (the mapping removed, within about ``wait`` seconds)."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(wait)
        with self._lock:
            self._state = CLOSED

    # ---- the door's thread ---------------------------------------------------------------------

    def _run(self) -> None:
        try:
            opened = self._open()
        except Refused as exc:
            log.info("no door in the router: %s", exc)
            self._set(exc.trouble)
            return
        except Exception:  # boundary: the door's thread says why, never raises
            log.exception("asking the router failed")
            self._set(Trouble.REFUSED)
            return
        self._set(opened)
        self._keep(opened)

    def _open(self) -> Opened:
        router = self._find()
        if router is None:
            raise Refused(Trouble.NO_ROUTER, "neither UPnP nor NAT-PMP answered")
        self._router = router
        address = router.outside()
        reach = reach_of(address)
        if reach is not Reach.PUBLIC:
            raise Refused(_TROUBLE_OF_REACH[reach], f"outside address {address!r}")
        ports = [self.wanted] + [random.randint(20000, 60000) for _ in range(OTHER_PORTS)]
        refusal: Refused | None = None
        for port in ports:
            if self._stop.is_set():
                raise Refused(Trouble.LOST, "closed while asking")
            try:
                external, lease = router.map(self.internal, port, self.lease)
            except Refused as exc:
                refusal = exc
                continue
            log.info("door open: %s:%s -> port %s here (%s, lease %s s)", address, external,
                     self.internal, router.way.value, lease)
            return Opened(address, external, router.way, lease)
        assert refusal is not None
        raise refusal

    def _keep(self, opened: Opened) -> None:
        """Renew every half lease until closed, then remove the mapping."""
        router = self._router
        assert router is not None
        wait = opened.lease / 2 if opened.lease else None
        failing_since = 0.0
        while not self._stop.wait(wait):
            try:
                external, lease = router.map(self.internal, opened.port, self.lease)
                address = router.outside()
            except Refused as exc:
                failing_since += wait or 0.0
                log.warning("the door's renewal failed: %s", exc)
                if opened.lease and failing_since >= opened.lease / 2:
                    self._set(Trouble.LOST)
                    return  # the lease is over: the router dropped the mapping
                wait = RETRY
                continue
            failing_since = 0.0
            if reach_of(address) is Reach.PUBLIC and (address, external) != (opened.address,
                                                                              opened.port):
                opened = Opened(address, external, router.way, lease)  # a new invite to give
                self._set(opened)
            wait = opened.lease / 2 if opened.lease else None
        router.unmap(self.internal, opened.port)
        log.info("door closed: port %s", opened.port)


__all__ = ["ASKING", "CLOSED", "LEASE", "Door", "DoorState", "Opened"]
