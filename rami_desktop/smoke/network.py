"""The network's screens and libraries are there: they load when network play is first opened
(not at start-up), so a bundle that left one out would fail only in front of a player. The
check also runs what a bundle could ship broken: zeroconf (its pure-Python modules, which the
bundle ships in place of the compiled ones: ``build.spec``) advertises a table and finds it on
the loopback interface, and TLS for ``wss://`` (OpenSSL with the system's certificates, the
``idna`` codec that names the server) is set up."""

from __future__ import annotations

import importlib
import os
import ssl

#: what network play loads on first use
NETWORK_MODULES = ("rami_desktop.ui.scenes.network", "rami_desktop.ui.scenes.net_lobby",
                   "rami_desktop.ui.scenes.net_join", "rami_desktop.ui.net_table",
                   "websockets", "zeroconf")
#: milliseconds to wait for the advertised table
FIND_TIMEOUT_MS = 3000


def check_loopback_discovery() -> str:
    """Advertise a table with zeroconf on 127.0.0.1 and find it from a second instance.

    Returns:
        What was found, or why nothing could be tried (no multicast here: an OSError).

    Raises:
        RuntimeError: the table was advertised but not found, or found with other details.
    """
    from zeroconf import IPVersion, ServiceInfo, Zeroconf

    from rami_desktop.net.discovery import SERVICE

    try:
        host = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
    except OSError as exc:
        return f"no multicast on the loopback interface ({exc})"
    try:
        look = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
        try:
            name = f"rami-smoke-{os.getpid()}.{SERVICE}"
            info = ServiceInfo(SERVICE, name, port=4242, properties={"seats": "4"},
                               parsed_addresses=["127.0.0.1"])
            host.register_service(info, cooperating_responders=True)
            found = look.get_service_info(SERVICE, name, FIND_TIMEOUT_MS)
            if found is None:
                raise RuntimeError(f"zeroconf advertised {name} and did not find it")
            if (found.port, found.parsed_addresses(), found.properties.get(b"seats")) != (
                    4242, ["127.0.0.1"], b"4"):
                raise RuntimeError(f"zeroconf found {name} with other details: {found}")
            host.unregister_service(info)
        finally:
            look.close()
    finally:
        host.close()
    return "a table advertised and found on 127.0.0.1"


def check_tls() -> str:
    """The TLS context of a ``wss://`` joiner, and the ``idna`` codec its server name takes."""
    context = ssl.create_default_context()
    if context.verify_mode is not ssl.CERT_REQUIRED or not context.check_hostname:
        raise RuntimeError("the default TLS context checks no certificate")
    "bücher.example".encode("idna")  # what ssl and socket do to a host's name
    return ssl.OPENSSL_VERSION


def check_network() -> str:
    """The check: every module network play loads on first use imports; zeroconf finds a table
    on the loopback interface; TLS is there."""
    for name in NETWORK_MODULES:
        importlib.import_module(name)
    return (f"{len(NETWORK_MODULES)} modules: {', '.join(NETWORK_MODULES)}; "
            f"{check_loopback_discovery()}; {check_tls()}")
