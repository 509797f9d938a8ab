"""The host's own certificate: a function of its key, kept private, the same after a restart;
a damaged key set aside (never written over) and a new one made."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from rami_desktop.net.trust.certificate import (
    certificate_der,
    der_of_pem,
    key_der,
    new_seed,
    pem,
    seed_of_key,
)
from rami_desktop.net.trust.host_key import CERT_NAME, FOLDER, KEY_NAME, host_identity
from rami_desktop.net.trust.pinning import PIN_BYTES, pin_of


def test_the_certificate_follows_from_the_key() -> None:
    seed = new_seed()
    cert = certificate_der(seed)
    assert certificate_der(seed) == cert  # Ed25519 signs the same way every time
    assert certificate_der(new_seed()) != cert
    assert seed_of_key(der_of_pem("PRIVATE KEY", pem("PRIVATE KEY", key_der(seed)))) == seed
    with pytest.raises(ValueError):
        seed_of_key(b"\x30" * 48)
    with pytest.raises(ValueError):
        certificate_der(b"short")


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl reads the certificate")
def test_openssl_accepts_the_self_signature(tmp_path: Path) -> None:
    identity = host_identity(tmp_path)
    done = subprocess.run(["openssl", "verify", "-CAfile", str(identity.cert_file),
                           str(identity.cert_file)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and ": OK" in done.stdout, done
    key = subprocess.run(["openssl", "pkey", "-in", str(identity.key_file), "-noout",
                          "-text"], capture_output=True, text=True, timeout=60)
    assert "ED25519" in key.stdout


def test_kept_across_restarts_and_private(tmp_path: Path) -> None:
    first = host_identity(tmp_path)
    assert len(first.pin) == PIN_BYTES
    assert host_identity(tmp_path) == first
    first.cert_file.unlink()  # the certificate is made again from the key: the same pin
    assert host_identity(tmp_path).pin == first.pin
    cert = der_of_pem("CERTIFICATE", first.cert_file.read_bytes())
    assert pin_of(cert) == first.pin
    if os.name != "nt":
        assert first.key_file.stat().st_mode & 0o777 == 0o600
        assert (tmp_path / FOLDER).stat().st_mode & 0o777 == 0o700


def test_a_damaged_key_is_set_aside_and_replaced(tmp_path: Path) -> None:
    first = host_identity(tmp_path)
    first.key_file.write_bytes(b"-----BEGIN PRIVATE KEY-----\nnot base64 !\n")
    second = host_identity(tmp_path)
    assert second.pin != first.pin
    aside = [p.name for p in (tmp_path / FOLDER).iterdir() if ".corrupt-" in p.name]
    assert aside and aside[0].startswith(KEY_NAME)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_a_fifo_in_place_of_the_key_never_blocks(tmp_path: Path) -> None:
    folder = tmp_path / FOLDER
    folder.mkdir(mode=0o700)
    os.mkfifo(folder / KEY_NAME)
    os.mkfifo(folder / CERT_NAME)
    identity = host_identity(tmp_path)
    assert identity.key_file.is_file() and identity.cert_file.is_file()
