"""What the router's outside address is: a public one others can reach, one shared by the
provider's homes (carrier-grade NAT, 100.64.0.0/10, RFC 6598), a private one (another router in
front: 10/8, 172.16/12, 192.168/16, fc00::/7), or one reserved for something else.

Only a public address makes an invite that can work: the others are said in one sentence.
"""

from __future__ import annotations

import ipaddress
from enum import Enum

#: the provider's shared address space (RFC 6598): a router there is behind the provider's NAT
SHARED_SPACE = ipaddress.ip_network("100.64.0.0/10")
_PRIVATE = tuple(ipaddress.ip_network(n) for n in
                 ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"))


class Reach(str, Enum):
    """What an outside address lets the others do."""

    PUBLIC = "public"  # reachable from anywhere
    SHARED = "shared"  # carrier-grade NAT: the provider shares it between homes
    PRIVATE = "private"  # another router stands in front of this one
    RESERVED = "reserved"  # loopback, link-local, documentation, multicast, unspecified, ...
    NONE = "none"  # no address at all (the router did not say, or said nonsense)


def reach_of(address: str | None) -> Reach:
    """What ``address`` (an IPv4 or IPv6 address as text) lets the others do."""
    try:
        ip = ipaddress.ip_address((address or "").strip())
    except ValueError:
        return Reach.NONE
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    if ip in SHARED_SPACE:
        return Reach.SHARED
    if any(ip in net for net in _PRIVATE):
        return Reach.PRIVATE
    if ip.is_global and not ip.is_multicast:
        return Reach.PUBLIC
    return Reach.RESERVED


__all__ = ["SHARED_SPACE", "Reach", "reach_of"]
