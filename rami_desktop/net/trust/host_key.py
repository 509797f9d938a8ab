"""The host's own key and certificate, kept in the data folder (``tls/``, files 0600 in a 0700
folder), so its fingerprint, and the invites that carry it, survive a restart and a Continue.

Made the first time they are needed; read back with the storage's safe reader (a regular file,
a size limit, never blocking). A key file that cannot be read (damaged, or not a file) is set
aside, never written over, and a new key made: the invites given before are then refused by
the joiners, as they must be.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from pathlib import Path

from rami_desktop.storage.atomic import (
    NotAFileError,
    move_aside,
    read_regular_file,
    set_aside,
    write_atomic,
)

from .certificate import certificate_der, der_of_pem, key_der, new_seed, pem, seed_of_key
from .pinning import pin_of

log = logging.getLogger(__name__)

FOLDER = "tls"
KEY_NAME = "host-key.pem"
CERT_NAME = "host-cert.pem"
#: bytes read of either file at most
LIMIT = 4096


@dataclass(frozen=True)
class HostIdentity:
    """The files of the host's key and certificate, and the certificate's pin."""

    key_file: Path
    cert_file: Path
    pin: bytes


def _read_seed(path: Path) -> bytes | None:
    """The key's seed kept at ``path``; None when there is none (a damaged one is moved
    aside)."""
    try:
        raw = read_regular_file(path, LIMIT)
    except FileNotFoundError:
        return None
    except NotAFileError:
        set_aside(path)
        return None
    try:
        if len(raw) > LIMIT:
            raise ValueError("too long")
        return seed_of_key(der_of_pem("PRIVATE KEY", raw))
    except ValueError as exc:
        log.warning("the host's key %s cannot be read (%s): set aside, a new one made", path,
                    exc)
        move_aside(path)
        return None


def host_identity(data_dir: Path) -> HostIdentity:
    """The host's key and certificate under ``data_dir``, made if there are none.

    Raises:
        OSError: they cannot be written (a full disk, no right to write).
    """
    folder = data_dir / FOLDER
    key_file, cert_file = folder / KEY_NAME, folder / CERT_NAME
    seed = _read_seed(key_file)
    if seed is None:
        seed = new_seed()
        write_atomic(key_file, pem("PRIVATE KEY", key_der(seed)), keep_backup=False)
        log.info("a new key for hosting over the internet: %s", key_file)
    cert = certificate_der(seed)
    wanted = pem("CERTIFICATE", cert)
    try:
        kept = read_regular_file(cert_file, LIMIT)
    except FileNotFoundError:
        kept = b""
    except NotAFileError:
        set_aside(cert_file)
        kept = b""
    if kept != wanted:  # the certificate follows from the key: written again if it differs
        write_atomic(cert_file, wanted, keep_backup=False)
    return HostIdentity(key_file, cert_file, pin_of(cert))


__all__ = ["CERT_NAME", "FOLDER", "KEY_NAME", "HostIdentity", "host_identity"]
