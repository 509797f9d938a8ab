"""A man in the middle for the invite's slow test: it answers on the port the invite names,
with a certificate of its own (a new Ed25519 key), and writes down what it was sent.

``python mitm_server.py PORT LOG``: listens on ``PORT`` (every address), accepts connections
for 60 s at most; for each, one line in ``LOG``: whether the TLS handshake ended, and the bytes
of application data read after it (the joiner must end the handshake itself and send none).
"""

from __future__ import annotations

import socket
import ssl
import sys
import tempfile
import time
from pathlib import Path

from rami_desktop.net.trust.certificate import certificate_der, key_der, new_seed, pem


def main() -> None:
    port, log = int(sys.argv[1]), Path(sys.argv[2])
    folder = Path(tempfile.mkdtemp())
    seed = new_seed()
    (folder / "c.pem").write_bytes(pem("CERTIFICATE", certificate_der(seed)))
    (folder / "k.pem").write_bytes(pem("PRIVATE KEY", key_der(seed)))
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(folder / "c.pem", folder / "k.pem")
    server = socket.create_server(("", port))
    server.settimeout(1.0)
    log.write_text("listening\n")
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            conn, _ = server.accept()
        except TimeoutError:
            continue
        conn.settimeout(5.0)
        try:
            tls = context.wrap_socket(conn, server_side=True)
        except (OSError, ssl.SSLError) as exc:
            with log.open("a") as out:
                out.write(f"handshake failed: {type(exc).__name__}\n")
            conn.close()
            continue
        got = b""
        try:
            while len(got) < 65536:
                chunk = tls.recv(4096)
                if not chunk:
                    break
                got += chunk
        except (OSError, ssl.SSLError):
            pass
        with log.open("a") as out:
            out.write(f"handshake ended; read {len(got)} bytes: {got[:200]!r}\n")
        tls.close()


if __name__ == "__main__":
    main()
