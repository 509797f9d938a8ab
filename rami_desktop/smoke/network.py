"""The network's screens and libraries are there: they load when network play is first opened
(not at start-up), so a bundle that left one out would fail only in front of a player. The
check also runs what a bundle could ship broken: zeroconf (its pure-Python modules, which the
bundle ships in place of the compiled ones: ``build.spec``) advertises a table and finds it on
the loopback interface, TLS for ``wss://`` (OpenSSL with the system's certificates, the
``idna`` codec that names the server) is set up, and an invite's trust works (the host's own
Ed25519 certificate signed by libsodium, a TLS 1.3 handshake pinned to it; miniupnpc loads)."""

from __future__ import annotations

import importlib
import os
import ssl
import tempfile
from pathlib import Path

#: what network play loads on first use
NETWORK_MODULES = ("rami_desktop.ui.scenes.network", "rami_desktop.ui.scenes.net_lobby",
                   "rami_desktop.ui.scenes.net_join", "rami_desktop.ui.scenes.net_server",
                   "rami_desktop.ui.net_table", "websockets", "zeroconf", "nacl.signing",
                   "miniupnpc")
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


def check_invite() -> str:
    """A host's own certificate made (libsodium's Ed25519) and a joiner's TLS 1.3 handshake
    pinned to it, in memory; another pin refused in the handshake."""
    from rami_desktop.net.trust.certificate import certificate_der, key_der, new_seed, pem
    from rami_desktop.net.trust.pinning import WrongHost, pin_of, pinned_context, server_context

    seed = new_seed()
    cert = certificate_der(seed)
    with tempfile.TemporaryDirectory(prefix="rami-smoke-tls-") as folder:
        cert_file, key_file = Path(folder) / "cert.pem", Path(folder) / "key.pem"
        cert_file.write_bytes(pem("CERTIFICATE", cert))
        key_file.write_bytes(pem("PRIVATE KEY", key_der(seed)))
        server = server_context(str(cert_file), str(key_file))
    version = _handshake(server, pinned_context(pin_of(cert)))
    try:
        _handshake(server, pinned_context(bytes(16)))
    except WrongHost:
        return f"{version} pinned to an Ed25519 certificate, another pin refused"
    raise RuntimeError("a handshake with another pin went through")


def _handshake(server: ssl.SSLContext, client: ssl.SSLContext) -> str:
    """A TLS handshake between two contexts in memory; the protocol's version."""
    to_server, to_client = ssl.MemoryBIO(), ssl.MemoryBIO()
    server_in, server_out = ssl.MemoryBIO(), ssl.MemoryBIO()
    joiner = client.wrap_bio(to_client, to_server)
    host = server.wrap_bio(server_in, server_out, server_side=True)
    done = [False, False]
    for _ in range(10):
        for i, side in enumerate((joiner, host)):
            if not done[i]:
                try:
                    side.do_handshake()
                    done[i] = True
                except ssl.SSLWantReadError:
                    pass
        server_in.write(to_server.read())
        to_client.write(server_out.read())
        if all(done):
            return str(joiner.version())
    raise RuntimeError("the TLS handshake did not end")


def check_network() -> str:
    """The check: every module network play loads on first use imports; zeroconf finds a table
    on the loopback interface; TLS is there."""
    for name in NETWORK_MODULES:
        importlib.import_module(name)
    return (f"{len(NETWORK_MODULES)} modules: {', '.join(NETWORK_MODULES)}; "
            f"{check_loopback_discovery()}; {check_tls()}; {check_invite()}")
