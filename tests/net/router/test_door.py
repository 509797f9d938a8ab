"""A table's door: asked on its own thread, said in one word when the router cannot, renewed
every half lease, given back on close (routers played by fakes; the real one is the slow
``tests/net/test_invite_upnp.py``)."""

from __future__ import annotations

import time

import pytest

from rami_desktop.net.router.door import ASKING, CLOSED, Door, DoorState, Opened
from rami_desktop.net.router.ways import Refused, Trouble, Way


class FakeRouter:
    """A router that maps what it is asked, except the ports it is told are taken."""

    way = Way.UPNP

    def __init__(self, outside: str = "81.12.34.56", taken: tuple[int, ...] = (),
                 refuse: bool = False) -> None:
        self.address = outside
        self.taken = set(taken)
        self.refuse = refuse
        self.maps: list[tuple[int, int, int]] = []
        self.unmaps: list[tuple[int, int]] = []

    def outside(self) -> str:
        return self.address

    def map(self, internal: int, external: int, lease: int) -> tuple[int, int]:
        if self.refuse or external in self.taken:
            raise Refused(Trouble.REFUSED, "718 ConflictInMappingEntry")
        self.maps.append((internal, external, lease))
        return external, lease

    def unmap(self, internal: int, external: int) -> None:
        self.unmaps.append((internal, external))


def settled(door: Door, timeout: float = 10.0) -> DoorState:
    deadline = time.monotonic() + timeout
    while door.state == ASKING and time.monotonic() < deadline:
        time.sleep(0.01)
    return door.state


def test_a_door_opens_and_is_given_back() -> None:
    router = FakeRouter()
    door = Door(40123, find=lambda: router)
    door.open()
    assert settled(door) == Opened("81.12.34.56", 40123, Way.UPNP, 1200)
    door.close()
    assert door.state == CLOSED
    assert router.unmaps == [(40123, 40123)]


def test_a_port_taken_in_the_router_gives_another() -> None:
    router = FakeRouter(taken=(40123,))
    door = Door(40123, find=lambda: router)
    door.open()
    state = settled(door)
    door.close()
    assert isinstance(state, Opened) and state.port != 40123 and 20000 <= state.port <= 60000


@pytest.mark.parametrize(("router", "trouble"), [
    (None, Trouble.NO_ROUTER),
    (FakeRouter(refuse=True), Trouble.REFUSED),
    (FakeRouter("100.72.3.4"), Trouble.SHARED),
    (FakeRouter("192.168.0.10"), Trouble.PRIVATE),
    (FakeRouter(""), Trouble.NO_ADDRESS),
    (FakeRouter("198.51.100.7"), Trouble.NO_ADDRESS),
])
def test_what_cannot_work_is_said(router: FakeRouter | None, trouble: Trouble) -> None:
    door = Door(40123, find=lambda: router)
    door.open()
    assert settled(door) is trouble
    door.close()
    assert router is None or router.maps == []  # never a mapping that cannot work


def test_the_lease_is_renewed_while_open() -> None:
    router = FakeRouter()
    door = Door(40123, lease=1, find=lambda: router)
    door.open()
    settled(door)
    deadline = time.monotonic() + 20
    while len(router.maps) < 3 and time.monotonic() < deadline:
        time.sleep(0.05)
    door.close()
    assert len(router.maps) >= 3 and all(m == (40123, 40123, 1) for m in router.maps)
    assert router.unmaps == [(40123, 40123)]


def test_a_renewal_refused_until_the_lease_ends_is_said() -> None:
    router = FakeRouter()
    door = Door(40123, lease=1, find=lambda: router)
    door.open()
    settled(door)
    router.refuse = True
    deadline = time.monotonic() + 20
    while door.state != Trouble.LOST and time.monotonic() < deadline:
        time.sleep(0.05)
    assert door.state is Trouble.LOST
    door.close()


def test_a_new_outside_address_is_followed() -> None:
    router = FakeRouter()
    door = Door(40123, lease=1, find=lambda: router)
    door.open()
    settled(door)
    router.address = "81.12.34.99"
    deadline = time.monotonic() + 20
    while isinstance(door.state, Opened) and door.state.address != "81.12.34.99" \
            and time.monotonic() < deadline:
        time.sleep(0.05)
    state = door.state
    door.close()
    assert isinstance(state, Opened) and state.address == "81.12.34.99"
