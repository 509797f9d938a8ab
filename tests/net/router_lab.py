"""A home behind a real router, inside network namespaces made here (Linux, root): the slow
tests of the invite (``tests/net/test_invite_upnp.py``) host in the home and join from the
outside through it.

Three namespaces: the *home* (the host's computer, ``192.168.78.2``), the *router* (LAN
``192.168.78.1``, WAN ``WAN/24``, NAT, Debian's real ``miniupnpd`` answering UPnP IGD and
NAT-PMP) and the *outside* (WAN's ``.2``: "the internet", the joiner's side). No route leaves
them, so nothing is ever sent to a real address. Made from ``upnp_lab.sh`` (the team's
recipe), with its two traps: miniupnpd maps nothing while its WAN address is reserved or private
(so the working router's WAN is a non-reserved address that exists only in here; with
``100.64.0.1`` it is the carrier-grade NAT case), and Debian's ``nft_init.sh`` does not run as
shipped (the nftables table miniupnpd needs is made here). Names carry the test process's id:
two runs, or the team's lab, never meet.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

MINIUPNPD = "/usr/sbin/miniupnpd"
HOME_IP, LAN_IP = "192.168.78.2", "192.168.78.1"
#: seconds miniupnpd may take to answer once started
READY_TIME = 10.0
_serial = itertools.count()


def unavailable() -> str | None:
    """Why the lab cannot be made here (None: it can)."""
    if not sys.platform.startswith("linux"):
        return "network namespaces are Linux's (this is " + sys.platform + ")"
    if os.geteuid() != 0:
        return "making network namespaces needs root (run the slow tests with sudo)"
    for tool in ("ip", "nft"):
        if shutil.which(tool) is None:
            return f"no `{tool}` here (apt-get install iproute2 nftables)"
    if not os.access(MINIUPNPD, os.X_OK):
        return f"no {MINIUPNPD} here (apt-get install miniupnpd miniupnpd-nftables)"
    return None


def _ip(*args: str) -> None:
    subprocess.run(["ip", *args], check=True, capture_output=True, timeout=10)


class RouterLab:
    """The three namespaces and the router's daemon (see the module's text).

    Args:
        folder: where the router's configuration and log go.
        wan: the router's outside address.
        upnp: whether the router answers UPnP IGD.
        natpmp: whether it answers NAT-PMP.
        extra: more lines of miniupnpd's configuration.
    """

    def __init__(self, folder: Path, wan: str = "11.77.0.1", upnp: bool = True,
                 natpmp: bool = True, extra: str = "") -> None:
        self.folder = folder
        self.wan = wan
        self.out_ip = wan.rsplit(".", 1)[0] + ".2"
        self.upnp = upnp
        self.natpmp = natpmp
        self.extra = extra
        tag = f"r{os.getpid() % 100000}{next(_serial)}"
        self.home, self.router, self.out = (f"rami-{tag}-{n}" for n in ("home", "rtr", "out"))
        self._veth = {n: f"{tag}{n}" for n in ("h", "l", "w", "o")}
        self.daemon: subprocess.Popen[bytes] | None = None
        self.log = folder / "miniupnpd.log"

    # ---- up and down ---------------------------------------------------------------------------

    def up(self) -> None:
        """Make the namespaces, the NAT and start miniupnpd (raises on any failure, after
        taking down what was made)."""
        try:
            self._make()
        except BaseException:
            self.down()
            raise

    def _make(self) -> None:
        v = self._veth
        for ns in (self.home, self.router, self.out):
            _ip("netns", "add", ns)
            _ip("-n", ns, "link", "set", "lo", "up")
        _ip("link", "add", v["h"], "type", "veth", "peer", "name", v["l"])
        _ip("link", "set", v["h"], "netns", self.home)
        _ip("link", "set", v["l"], "netns", self.router)
        _ip("link", "add", v["w"], "type", "veth", "peer", "name", v["o"])
        _ip("link", "set", v["w"], "netns", self.router)
        _ip("link", "set", v["o"], "netns", self.out)
        for ns, dev, address in ((self.home, v["h"], HOME_IP + "/24"),
                                 (self.router, v["l"], LAN_IP + "/24"),
                                 (self.router, v["w"], self.wan + "/24"),
                                 (self.out, v["o"], self.out_ip + "/24")):
            _ip("-n", ns, "addr", "add", address, "dev", dev)
            _ip("-n", ns, "link", "set", dev, "up")
        _ip("-n", self.home, "route", "add", "default", "via", LAN_IP)
        self.run_in(self.router, ["sysctl", "-qw", "net.ipv4.ip_forward=1"])
        self.nft(f"""
table inet filter {{
  chain miniupnpd {{
  }}
  chain prerouting_miniupnpd {{
  }}
  chain postrouting_miniupnpd {{
  }}
  chain forward {{
    type filter hook forward priority 0; policy accept;
    jump miniupnpd
  }}
  chain prerouting {{
    type nat hook prerouting priority -100; policy accept;
    jump prerouting_miniupnpd
  }}
  chain postrouting {{
    type nat hook postrouting priority 100; policy accept;
    jump postrouting_miniupnpd
    oifname "{v['w']}" masquerade
  }}
}}
""")
        if self.upnp or self.natpmp:
            self._start_daemon()

    def _start_daemon(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        conf = self.folder / "miniupnpd.conf"
        conf.write_text(
            f"ext_ifname={self._veth['w']}\nlistening_ip={self._veth['l']}\nport=5000\n"
            f"enable_natpmp={'yes' if self.natpmp else 'no'}\n"
            f"enable_upnp={'yes' if self.upnp else 'no'}\n"
            "secure_mode=yes\nsystem_uptime=yes\n"
            "uuid=3e8a2b1c-0d2f-4a5b-9c6d-7e8f9a0b1c2d\n"
            "allow 1024-65535 192.168.78.0/24 1024-65535\n"
            "deny 0-65535 0.0.0.0/0 0-65535\n" + self.extra)
        pid = self.folder / "miniupnpd.pid"
        with open(self.log, "wb") as log:
            self.daemon = subprocess.Popen(
                ["ip", "netns", "exec", self.router, MINIUPNPD, "-f", str(conf), "-P", str(pid),
                 "-d"], stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + READY_TIME
        while time.monotonic() < deadline:
            if self.daemon.poll() is not None:
                raise RuntimeError("miniupnpd stopped: " + self.log.read_text()[-800:])
            if pid.exists() and pid.stat().st_size:
                return
            time.sleep(0.05)
        raise RuntimeError("miniupnpd did not start in time: " + self.log.read_text()[-800:])

    def down(self) -> None:
        """Stop the daemon and remove the namespaces (their links go with them)."""
        if self.daemon is not None:
            self.daemon.terminate()
            try:
                self.daemon.wait(5)
            except subprocess.TimeoutExpired:
                self.daemon.kill()
                self.daemon.wait(5)
            self.daemon = None
        for ns in (self.home, self.router, self.out):
            with contextlib.suppress(subprocess.CalledProcessError, subprocess.TimeoutExpired):
                _ip("netns", "del", ns)

    # ---- inside --------------------------------------------------------------------------------

    def nft(self, rules: str) -> None:
        """Load nftables rules into the router."""
        subprocess.run(["ip", "netns", "exec", self.router, "nft", "-f", "-"],
                       input=rules.encode(), check=True, capture_output=True, timeout=10)

    def command(self, ns: str, argv: list[str]) -> list[str]:
        """``argv`` run inside the namespace ``ns``."""
        return ["ip", "netns", "exec", ns, *argv]

    def run_in(self, ns: str, argv: list[str],
               timeout: float = 30.0) -> subprocess.CompletedProcess[str]:
        """Run ``argv`` inside ``ns`` to its end (bounded by ``timeout``)."""
        return subprocess.run(self.command(ns, argv), capture_output=True, text=True,
                              timeout=timeout, check=False)

    def mappings(self) -> str:
        """The router's NAT rules as nftables lists them (miniupnpd's mappings among them)."""
        return self.run_in(self.router, ["nft", "list", "chain", "inet", "filter",
                                         "prerouting_miniupnpd"]).stdout


__all__ = ["HOME_IP", "LAN_IP", "RouterLab", "unavailable"]
