"""The default gateway, read from each system's route table."""

from __future__ import annotations

from rami_desktop.net.router.gateway import default_gateway, gateway_from_netstat, gateway_from_proc

PROC = """Iface	Destination	Gateway 	Flags	RefCnt	Use	Metric	Mask		MTU	Window	IRTT
eth0	0000A8C0	00000000	0001	0	0	100	00FFFFFF	0	0	0
eth0	00000000	0101A8C0	0003	0	0	100	00000000	0	0	0
"""
MACOS = """Routing tables

Internet:
Destination        Gateway            Flags           Netif Expire
default            192.168.1.254      UGScg             en0
127                127.0.0.1          UCS               lo0
"""
WINDOWS = """IPv4 Route Table
===========================================================================
Active Routes:
Network Destination        Netmask          Gateway       Interface  Metric
          0.0.0.0          0.0.0.0      192.168.0.1    192.168.0.23     25
        127.0.0.0        255.0.0.0         On-link         127.0.0.1    331
"""


def test_linux_route_table() -> None:
    assert gateway_from_proc(PROC) == "192.168.1.1"
    assert gateway_from_proc(PROC.splitlines()[0] + "\n") is None
    assert gateway_from_proc("garbage\nx 00000000 zz 3\n") is None


def test_netstat_tables() -> None:
    assert gateway_from_netstat(MACOS) == "192.168.1.254"
    assert gateway_from_netstat(WINDOWS) == "192.168.0.1"
    assert gateway_from_netstat("default link#4 UCS en0\n") is None


def test_this_machine_never_raises() -> None:
    found = default_gateway()
    assert found is None or found.count(".") == 3
