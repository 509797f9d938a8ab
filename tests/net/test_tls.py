"""A host reached over the internet serves TLS: a joiner given a ``wss://`` address checks the
certificate (a certificate it cannot trust is refused, said in words)."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path

import pytest

from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.host.host_session import HostSession
from rami_desktop.net.host.hosting import Hosting, tls_context
from rami_desktop.net.join.joining import Joining, Trouble, Welcome
from rami_desktop.net.wire.errors import NetError
from tests.net.harness import config_of

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None,
                                reason="openssl makes the test certificate")


def certificate(folder: Path) -> tuple[str, str]:
    """A self-signed certificate for 127.0.0.1 and localhost, and its key."""
    cert, key = folder / "cert.pem", folder / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
                    "-subj", "/CN=localhost", "-addext",
                    "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    return str(cert), str(key)


def answer(joining: Joining) -> Welcome | Trouble:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        got = joining.poll()
        if got is not None:
            return got
        joining.link.wait(0.05)
    raise AssertionError("no answer")


def test_wss_with_a_checked_certificate_and_a_refused_untrusted_one(tmp_path: Path) -> None:
    cert, key = certificate(tmp_path)
    hosting = Hosting("SAFE42")
    port = hosting.start(0, "127.0.0.1", tls_context(cert, key))
    session = HostSession(config_of(PRESETS["talaj"], "net", "bot"), outbox=hosting.server,
                          mailbox=hosting.mailbox, screen=False, hosting=hosting)
    try:
        untrusted = Joining(f"wss://127.0.0.1:{port}/", "SAFE42", "Eve")
        assert answer(untrusted) == Trouble(NetError.CERTIFICATE)
        plain = Joining(f"ws://127.0.0.1:{port}/", "SAFE42", "Eve")  # no TLS: no game
        assert isinstance(answer(plain), Trouble)
        trusted = Joining(f"wss://localhost:{port}/", "SAFE42", "Sara", cafile=cert)
        deadline = time.monotonic() + 20
        while trusted.poll() is None and time.monotonic() < deadline:
            session.pump()
            time.sleep(0.01)
        welcome = trusted.poll()
        assert isinstance(welcome, Welcome) and welcome.seat == 0 and welcome.token
        trusted.cancel()
    finally:
        session.close()
