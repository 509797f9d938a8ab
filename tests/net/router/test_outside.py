"""What the router's outside address lets the others do."""

from __future__ import annotations

import pytest

from rami_desktop.net.router.outside import Reach, reach_of


@pytest.mark.parametrize(("address", "reach"), [
    ("81.12.34.56", Reach.PUBLIC), ("11.77.0.1", Reach.PUBLIC),
    ("2a01:e0a:1:2::5", Reach.PUBLIC),
    ("100.64.0.1", Reach.SHARED), ("100.127.255.254", Reach.SHARED),
    ("100.128.0.1", Reach.PUBLIC), ("100.63.255.255", Reach.PUBLIC),
    ("10.0.0.1", Reach.PRIVATE), ("172.16.5.4", Reach.PRIVATE), ("172.31.255.1", Reach.PRIVATE),
    ("192.168.1.1", Reach.PRIVATE), ("fd00::1", Reach.PRIVATE),
    ("::ffff:100.64.3.4", Reach.SHARED),
    ("127.0.0.1", Reach.RESERVED), ("169.254.1.1", Reach.RESERVED),
    ("192.0.2.1", Reach.RESERVED), ("198.51.100.7", Reach.RESERVED),
    ("203.0.113.9", Reach.RESERVED), ("198.18.0.1", Reach.RESERVED),
    ("0.0.0.0", Reach.RESERVED), ("224.0.0.1", Reach.RESERVED), ("240.0.0.1", Reach.RESERVED),
    ("fe80::1", Reach.RESERVED), ("::1", Reach.RESERVED),
    ("", Reach.NONE), (None, Reach.NONE), ("not an address", Reach.NONE),
])
def test_reach(address: str | None, reach: Reach) -> None:
    assert reach_of(address) is reach
