"""The one line a host sends through any chat to a joiner far away: where the table is (address
and port), its code, and how the joiner knows it reached this host (the pin of the host's own
certificate, :mod:`.trust`; or none, for a server whose certificate the system's authorities
vouch for). The connection it opens is always TLS.

The line reads ``RAMI-XXXXX-XXXXX-...``: the table code's 31 signs only (no 0/O, 1/I/L, nothing
a chat app turns into a link, a quote, an emoji or a dash of its own), in groups of five, with a
24-bit check, so a line mistyped or cut is refused whole, never read as another table. Read
back, case, spaces, hyphens and dashes, and the invisible marks chat apps put around text
(direction marks, zero-width spaces) are ignored, and words around it in a pasted message too.

The signs stand for these bytes, as one number: a kind (the address's form, pinned or not, the
code's length), the address (4 or 16 bytes, or a host name), the port (2), the code (its signs
as one number), the pin (16 bytes, when pinned), then 3 bytes of the SHA-256 of all that.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
from dataclasses import dataclass
from enum import Enum

from ..trust.pinning import PIN_BYTES
from .codes import CODE_ALPHABET, CODE_LENGTH, CODE_MAX, read_code

PREFIX = "RAMI"
GROUP = 5
CHECK_BYTES = 3
#: the kind byte: its top bit always set (no sign is lost in front), bit 6 for a later format
_TOP, _LATER, _PINNED = 0x80, 0x40, 0x04
_IPV4, _IPV6, _NAME = 0, 1, 2
_BASE = len(CODE_ALPHABET)
_VALUE = {sign: i for i, sign in enumerate(CODE_ALPHABET)}
#: what a chat app may put between the signs: spaces, hyphens and dashes, invisible marks
_BETWEEN = re.compile("[\\s\\-\u00ad\u2010-\u2015\u2212\u061c\u200b-\u200f\u202a-\u202e"
                      "\u2060\u2066-\u2069\ufeff]+")
#: where an invite starts: RAMI as a word of its own, then its signs (a separator between)
_START = re.compile(f"(?<![A-Z0-9.]){PREFIX}(?=[{CODE_ALPHABET}]|{_BETWEEN.pattern})")
_NAME_RULE = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$")


class InviteTrouble(str, Enum):
    """Why a line is not read as an invite (the screens word it)."""

    NOT_INVITE = "not_invite"  # no ``RAMI`` in it
    DAMAGED = "damaged"  # mistyped or cut: the check does not hold
    NEWER = "newer"  # made by a newer game (a kind this one does not know)


class InviteRefused(ValueError):
    """A line that is not an invite this game can follow (``trouble``: why)."""

    def __init__(self, trouble: InviteTrouble) -> None:
        super().__init__(trouble.value)
        self.trouble = trouble


@dataclass(frozen=True)
class Invite:
    """Where a table far away is and how to trust it.

    Attributes:
        host: an IPv4 or IPv6 address, or a host name.
        port: its TCP port.
        code: the table's code.
        pin: the first 16 bytes of the SHA-256 of the host's certificate; None: the host's
            certificate is checked against the system's authorities (a family server).
    """

    host: str
    port: int
    code: str
    pin: bytes | None = None

    def url(self) -> str:
        """The address the joiner connects to (always TLS)."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"wss://{host}:{self.port}/"


def _check(payload: bytes) -> bytes:
    return hashlib.sha256(b"rami invite" + payload).digest()[:CHECK_BYTES]


def _code_bytes(code: str) -> bytes:
    value = 0
    for sign in code:
        value = value * _BASE + _VALUE[sign]
    return value.to_bytes((5 * len(code) + 7) // 8, "big")


def _code_of(data: bytes, length: int) -> str:
    value = int.from_bytes(data, "big")
    signs = []
    for _ in range(length):
        value, digit = divmod(value, _BASE)
        signs.append(CODE_ALPHABET[digit])
    if value:
        raise ValueError("the code does not fit its length")
    return "".join(reversed(signs))


def _address_bytes(host: str) -> tuple[int, bytes]:
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        name = host.strip().rstrip(".").lower()
        if not 0 < len(name) <= 253 or not _NAME_RULE.match(name):
            raise ValueError(f"not an address or a host name: {host!r}") from None
        return _NAME, bytes([len(name)]) + name.encode("ascii")
    return (_IPV4 if ip.version == 4 else _IPV6), ip.packed


def invite_text(invite: Invite) -> str:
    """The invite's line.

    Raises:
        ValueError: a field it cannot carry (a bad code, port, pin or address).
    """
    code = read_code(invite.code)
    if not 0 < invite.port < 65536:
        raise ValueError("a port is 1 to 65535")
    if invite.pin is not None and len(invite.pin) != PIN_BYTES:
        raise ValueError(f"a pin is {PIN_BYTES} bytes")
    form, address = _address_bytes(invite.host)
    kind = _TOP | form | (_PINNED if invite.pin else 0) | (len(code) - CODE_LENGTH) << 3
    payload = (bytes([kind]) + address + invite.port.to_bytes(2, "big") + _code_bytes(code)
               + (invite.pin or b""))
    value = int.from_bytes(payload + _check(payload), "big")
    signs = []
    while value:
        value, digit = divmod(value, _BASE)
        signs.append(CODE_ALPHABET[digit])
    text = "".join(reversed(signs))
    return "-".join([PREFIX, *(text[i:i + GROUP] for i in range(0, len(text), GROUP))])


def _decode(signs: str) -> Invite:
    """The invite of the signs after the prefix (ValueError: none; InviteRefused: newer)."""
    value = 0
    for sign in signs:
        value = value * _BASE + _VALUE[sign]
    data = value.to_bytes((value.bit_length() + 7) // 8, "big")
    if len(data) < 1 + CHECK_BYTES or not data[0] & _TOP:
        raise ValueError("too short")
    payload, check = data[:-CHECK_BYTES], data[-CHECK_BYTES:]
    if _check(payload) != check:
        raise ValueError("the check does not hold")
    kind, rest = payload[0], payload[1:]
    form, length = kind & 0x03, CODE_LENGTH + (kind >> 3 & 0x07)
    if kind & _LATER or form > _NAME or length > CODE_MAX:
        raise InviteRefused(InviteTrouble.NEWER)
    if form == _NAME:
        size = rest[0] if rest else 0
        host, rest = rest[1:1 + size].decode("ascii"), rest[1 + size:]
        if len(host) != size or not _NAME_RULE.match(host):
            raise ValueError("a bad host name")
    else:
        size = 4 if form == _IPV4 else 16
        host = str(ipaddress.ip_address(rest[:size]))
        rest = rest[size:]
    code_size = (5 * length + 7) // 8
    pin_size = PIN_BYTES if kind & _PINNED else 0
    if len(rest) != 2 + code_size + pin_size:
        raise ValueError("a wrong length")
    port = int.from_bytes(rest[:2], "big")
    if port == 0:
        raise ValueError("port 0")
    code = _code_of(rest[2:2 + code_size], length)
    return Invite(host, port, code, rest[2 + code_size:] if pin_size else None)


def read_invite(text: str) -> Invite:
    """The invite in ``text`` (a pasted message may hold words around it).

    Raises:
        InviteRefused: no invite in it, one mistyped or cut, or one of a newer game.
    """
    upper = text.upper()
    starts = [m.end() for m in _START.finditer(upper)]
    if not starts:
        raise InviteRefused(InviteTrouble.NOT_INVITE)
    for start in starts:
        taken = []
        for word in _BETWEEN.split(upper[start:]):
            if not word:
                continue
            if any(sign not in _VALUE for sign in word):
                break
            taken.append(word)
        for end in range(1, len(taken) + 1):  # the check tells where the invite ends
            try:
                return _decode("".join(taken[:end]))
            except InviteRefused:
                raise
            except (ValueError, IndexError):
                continue
    raise InviteRefused(InviteTrouble.DAMAGED)


__all__ = ["GROUP", "PREFIX", "Invite", "InviteRefused", "InviteTrouble", "invite_text",
           "read_invite"]
