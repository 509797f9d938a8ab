"""The home router's LAN address (the default IPv4 gateway), where NAT-PMP is asked.

Linux tells it in ``/proc/net/route``; macOS and Windows in ``netstat -rn``'s table (its
default route's line: ``default  192.168.1.1 ...`` on macOS, ``0.0.0.0  0.0.0.0  192.168.1.1
...`` on Windows). None when nothing says.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
import struct
import subprocess
import sys

from rami_desktop.storage.atomic import read_regular_file

log = logging.getLogger(__name__)

ROUTES = "/proc/net/route"
#: the route's flag "uses a gateway"
RTF_GATEWAY = 0x2


def gateway_from_proc(text: str) -> str | None:
    """The default gateway in the text of Linux's ``/proc/net/route``."""
    for line in text.splitlines()[1:]:
        fields = line.split()
        if len(fields) < 4 or fields[1] != "00000000":
            continue
        try:
            flags, gateway = int(fields[3], 16), int(fields[2], 16)
        except ValueError:
            continue
        if flags & RTF_GATEWAY and gateway:
            return socket.inet_ntoa(struct.pack("<I", gateway))
    return None


def _ipv4(word: str) -> str | None:
    try:
        ip = ipaddress.IPv4Address(word)
    except ValueError:
        return None
    return None if ip.is_unspecified else str(ip)


def gateway_from_netstat(text: str) -> str | None:
    """The default gateway in the text of ``netstat -rn`` (macOS, Windows, BSD)."""
    for line in text.splitlines():
        words = line.split()
        if words[:1] == ["default"]:
            rest = words[1:]
        elif words[:2] == ["0.0.0.0", "0.0.0.0"]:
            rest = words[2:]
        else:
            continue
        for word in rest[:1]:
            found = _ipv4(word)
            if found is not None:
                return found
    return None


def default_gateway() -> str | None:
    """This computer's default IPv4 gateway, or None (never raises)."""
    if sys.platform.startswith("linux"):
        try:
            return gateway_from_proc(read_regular_file(ROUTES, 1 << 16).decode("ascii",
                                                                               "replace"))
        except OSError as exc:
            log.info("no route table: %s", exc)
            return None
    try:
        done = subprocess.run(["netstat", "-rn"], capture_output=True, timeout=5, check=False,
                              creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0))
    except (OSError, subprocess.SubprocessError) as exc:
        log.info("netstat could not run: %s", exc)
        return None
    return gateway_from_netstat(done.stdout.decode("utf-8", "replace"))


__all__ = ["default_gateway", "gateway_from_netstat", "gateway_from_proc"]
