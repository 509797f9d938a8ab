"""A self-signed X.509 certificate for an Ed25519 key (RFC 8410), written in DER by hand: the
key and its signature come from PyNaCl (libsodium), the rest is a small fixed structure, so the
game needs no X.509 library (``cryptography`` would add 10 MB to the bundles).

The certificate is a function of the key alone (Ed25519 signatures are deterministic, the names
and dates fixed): a host that keeps its key keeps its certificate, and so its fingerprint.
"""

from __future__ import annotations

import base64
import hashlib

from nacl.signing import SigningKey

#: the seed of an Ed25519 key
SEED_BYTES = 32
#: the name the certificate gives its subject and issuer
NAME = "Rami table"
#: its validity: from 2000 on, without end (RFC 5280, 4.1.2.5: 99991231235959Z)
NOT_BEFORE, NOT_AFTER = b"000101000000Z", b"99991231235959Z"

_ED25519 = bytes.fromhex("06032b6570")  # OBJECT IDENTIFIER 1.3.101.112
#: a private key's DER (PKCS #8, RFC 8410) before its 32 bytes of seed
KEY_PREFIX = bytes.fromhex("302e020100300506032b657004220420")


def _der(tag: int, body: bytes) -> bytes:
    n = len(body)
    if n < 0x80:
        return bytes([tag, n]) + body
    size = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([tag, 0x80 | len(size)]) + size + body


def _seq(*parts: bytes) -> bytes:
    return _der(0x30, b"".join(parts))


def _integer(value: int) -> bytes:
    return _der(0x02, value.to_bytes(value.bit_length() // 8 + 1, "big"))


def _name(text: str) -> bytes:  # one RDN: CN=text (UTF8String)
    return _seq(_der(0x31, _seq(bytes.fromhex("0603550403"), _der(0x0C, text.encode()))))


def certificate_der(seed: bytes) -> bytes:
    """The self-signed certificate of the Ed25519 key of ``seed``.

    Raises:
        ValueError: ``seed`` is not 32 bytes.
    """
    if len(seed) != SEED_BYTES:
        raise ValueError("an Ed25519 seed is 32 bytes")
    key = SigningKey(seed)
    public = bytes(key.verify_key)
    algorithm = _seq(_ED25519)
    serial = int.from_bytes(hashlib.sha256(public).digest()[:8], "big")
    tbs = _seq(_der(0xA0, _integer(2)), _integer(serial), algorithm, _name(NAME),
               _seq(_der(0x17, NOT_BEFORE), _der(0x18, NOT_AFTER)), _name(NAME),
               _seq(algorithm, _der(0x03, b"\0" + public)))
    return _seq(tbs, algorithm, _der(0x03, b"\0" + key.sign(tbs).signature))


def key_der(seed: bytes) -> bytes:
    """The private key of ``seed`` in DER (PKCS #8)."""
    return KEY_PREFIX + seed


def seed_of_key(der: bytes) -> bytes:
    """The seed of a private key in DER.

    Raises:
        ValueError: not an Ed25519 private key as :func:`key_der` writes it.
    """
    if len(der) != len(KEY_PREFIX) + SEED_BYTES or not der.startswith(KEY_PREFIX):
        raise ValueError("not an Ed25519 private key")
    return der[len(KEY_PREFIX):]


def new_seed() -> bytes:
    """A new key's seed, from the system's randomness (libsodium's)."""
    return bytes(SigningKey.generate())


def pem(label: str, der: bytes) -> bytes:
    """``der`` in PEM, as OpenSSL reads it."""
    text = base64.b64encode(der).decode("ascii")
    lines = [text[i:i + 64] for i in range(0, len(text), 64)]
    return "\n".join([f"-----BEGIN {label}-----", *lines, f"-----END {label}-----", ""]).encode()


def der_of_pem(label: str, data: bytes) -> bytes:
    """The DER a PEM block of ``label`` holds.

    Raises:
        ValueError: no such block, or not base64.
    """
    text = data.decode("ascii", "strict")
    begin, end = f"-----BEGIN {label}-----", f"-----END {label}-----"
    if begin not in text or end not in text:
        raise ValueError(f"no {label} in the file")
    body = text.split(begin, 1)[1].split(end, 1)[0]
    return base64.b64decode("".join(body.split()), validate=True)


def fingerprint(cert: bytes) -> bytes:
    """The SHA-256 of a certificate's DER."""
    return hashlib.sha256(cert).digest()


__all__ = ["KEY_PREFIX", "NAME", "SEED_BYTES", "certificate_der", "der_of_pem", "fingerprint",
           "key_der", "new_seed", "pem", "seed_of_key"]
