"""TLS between a joiner far away and a host that made its own certificate: the host serves
TLS 1.3 with it; the joiner accepts only the certificate whose fingerprint the invite carries.

The check is made inside the TLS handshake (the context's ``sslobject_class``): a host that
shows another certificate is refused before the joiner sends a single byte of its own (no
WebSocket request, no table code, no seat token). TLS 1.3 has the host prove it holds the
certificate's key, so a copy of the certificate alone does not pass.
"""

from __future__ import annotations

import hmac
import ssl

from .certificate import fingerprint

#: the bytes of the fingerprint an invite carries: the first 16 of the certificate's SHA-256
#: (128 bits: finding another key with the same takes about 2^128 tries)
PIN_BYTES = 16


def pin_of(cert: bytes) -> bytes:
    """The pin of a certificate (its DER): what an invite carries."""
    return fingerprint(cert)[:PIN_BYTES]


class WrongHost(ssl.SSLCertVerificationError):
    """The host showed a certificate other than the invite's (someone may be in the way)."""


class _PinnedObject(ssl.SSLObject):
    """A client's TLS connection that ends its handshake only with the pinned certificate."""

    def do_handshake(self) -> None:
        super().do_handshake()
        pin = getattr(self.context, "rami_pin", None)
        cert = self.getpeercert(binary_form=True)
        if pin is None or cert is None or not hmac.compare_digest(pin_of(cert), pin):
            raise WrongHost("the host's certificate is not the invite's")


def pinned_context(pin: bytes) -> ssl.SSLContext:
    """A client context that accepts only the certificate of ``pin`` (TLS 1.3).

    Raises:
        ValueError: ``pin`` is not :data:`PIN_BYTES` bytes.
    """
    if len(pin) != PIN_BYTES:
        raise ValueError(f"a pin is {PIN_BYTES} bytes")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    context.check_hostname = False  # no name to check: the pin is the host's whole identity
    context.verify_mode = ssl.CERT_NONE  # self-signed: checked against the pin instead
    context.rami_pin = pin  # type: ignore[attr-defined]
    context.sslobject_class = _PinnedObject
    return context


def server_context(cert_file: str, key_file: str) -> ssl.SSLContext:
    """The host's context for joiners far away: TLS 1.3 with its own certificate.

    Raises:
        OSError, ssl.SSLError: the files cannot be read or do not match.
    """
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_3
    context.load_cert_chain(cert_file, key_file)
    return context


__all__ = ["PIN_BYTES", "WrongHost", "pin_of", "pinned_context", "server_context"]
