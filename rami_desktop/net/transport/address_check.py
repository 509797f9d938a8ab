"""Host names and addresses typed by a person, checked before any socket sees them: an IPv4 or
IPv6 literal (brackets allowed around IPv6, a zone after ``%``), or a DNS name (labels of 1 to
63 characters, 253 in all; a name in another script as IDNA encodes it). A bad one is one
:class:`ValueError` line, never a traceback from deep in the resolver."""

from __future__ import annotations

import ipaddress

#: the longest DNS name
MAX_NAME = 253
#: the longest label of a DNS name
MAX_LABEL = 63


def ip_literal(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The IP address ``text`` writes (brackets around IPv6 allowed), None if it writes none."""
    inner = text[1:-1] if text.startswith("[") and text.endswith("]") else text
    try:
        return ipaddress.ip_address(inner)
    except ValueError:
        return None


def host_name(text: str) -> str:
    """A host to connect to or listen on: an IP literal (IPv6 without its brackets) or a DNS
    name, as given.

    Raises:
        ValueError: empty, or neither a literal nor a name DNS can carry (one line).
    """
    if not text:
        raise ValueError("no host name")
    address = ip_literal(text)
    if address is not None:
        return str(address) if "%" not in text else text.strip("[]")
    if text.startswith("[") or ":" in text:
        raise ValueError(f"{_shown(text)} is not an IP address")
    try:
        ascii_name = text.encode("idna").decode("ascii")
    except UnicodeError:
        raise ValueError(f"{_shown(text)} is not a host name (each part between dots is 1 "
                         f"to {MAX_LABEL} letters, digits or hyphens)") from None
    name = ascii_name[:-1] if ascii_name.endswith(".") else ascii_name
    labels = name.split(".")
    if len(name) > MAX_NAME or any(not 0 < len(label) <= MAX_LABEL for label in labels):
        raise ValueError(f"{_shown(text)} is not a host name (each part between dots is 1 "
                         f"to {MAX_LABEL} letters, digits or hyphens)")
    if not all(c.isalnum() or c in "-_" for label in labels for c in label):
        raise ValueError(f"{_shown(text)} is not a host name (letters, digits, hyphens and "
                         "dots)")
    return text


def _shown(text: str) -> str:
    """A typed text as a refusal shows it: quoted, control characters escaped, cut short."""
    return repr(text[:70] + ("..." if len(text) > 70 else ""))


__all__ = ["MAX_LABEL", "MAX_NAME", "host_name", "ip_literal"]
