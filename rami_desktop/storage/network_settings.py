"""What the settings keep of network play: the seat token of each table joined (to come back
to the same seat), and the code and tokens of the table hosted (to host it again).

These work on the ``network`` value of the settings (see
:func:`rami_desktop.storage.settings._check_network`) and return a new one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rami_desktop.storage.settings import MAX_JOINED

Network = dict[str, Any]


def _network(value: Any) -> Network:
    if isinstance(value, dict):
        return {"joined": list(value.get("joined") or []), "hosted": value.get("hosted"),
                "server": value.get("server")}
    return {"joined": [], "hosted": None, "server": None}


def joined_entry(network: Any, address: str, port: int, code: str) -> dict[str, Any] | None:
    """The seat kept for a table (address, port and code), if any."""
    for entry in _network(network)["joined"]:
        if (entry.get("address"), entry.get("port"), entry.get("code")) == (address, port, code):
            return dict(entry)
    return None


def returned_seat(network: Any, address: str, port: int, code: str, seat: int, token: str
                  ) -> dict[str, Any] | None:
    """The seat kept of a table a player came back to (the same seat and token), as it was
    taken: its table keeps its name and gender (and its face, unless another is chosen on the
    way back); None for a seat taken anew."""
    kept = joined_entry(network, address, port, code)
    return kept if kept is not None and (kept.get("seat"), kept.get("token")) == (
        seat, token) else None


def last_joined(network: Any) -> dict[str, Any] | None:
    """The table joined last, if any."""
    joined = _network(network)["joined"]
    return dict(joined[0]) if joined else None


def remember_joined(network: Any, address: str, port: int, code: str, seat: int, token: str,
                    name: str, gender: str = "", pin: bytes | None = None,
                    face: str | None = None) -> Network:
    """Keep a seat taken at a table (the most recent first), with the name, gender (she, he
    or unsaid) and face (if one was chosen) the player joined with; a table far away with its
    invite's pin, to be trusted again."""
    out = _network(network)
    entry: dict[str, Any] = {"address": address, "port": port, "code": code, "seat": seat,
                             "token": token, "name": name, "gender": gender}
    if pin is not None:
        entry["pin"] = pin.hex()
    if face is not None:
        entry["face"] = face
    others = [e for e in out["joined"]
              if (e.get("address"), e.get("port"), e.get("code")) != (address, port, code)]
    out["joined"] = [entry, *others][:MAX_JOINED]
    return out


def remember_hosted(network: Any, code: str, port: int, policy: str,
                    tokens: Mapping[int, str]) -> Network:
    """Keep the table hosted: its code, port, policy and seats' tokens (its door for joiners
    far away kept while the code stays)."""
    out = _network(network)
    before = out["hosted"] if isinstance(out["hosted"], dict) else {}
    out["hosted"] = {"code": code, "port": port, "policy": policy,
                     "tokens": {str(seat): token for seat, token in tokens.items()},
                     "far": before.get("far") if before.get("code") == code else None}
    return out


def remember_far(network: Any, port: int, outside: int) -> Network:
    """Keep the hosted table's door for joiners far away: the port it listens on with TLS and
    the router's port (asked for again when the table is hosted again: the invite holds)."""
    out = _network(network)
    if isinstance(out["hosted"], dict):
        out["hosted"] = {**out["hosted"], "far": {"port": port, "outside": outside}}
    return out


def remember_server(network: Any, address: str, token: str) -> Network:
    """Keep the family's server: its address and admin token."""
    out = _network(network)
    out["server"] = {"address": address, "token": token}
    return out


def kept_server(network: Any) -> dict[str, str] | None:
    """The family's server kept, if any."""
    value = _network(network)["server"]
    return dict(value) if isinstance(value, dict) else None


def hosted_tokens(network: Any) -> dict[int, str]:
    """The seats' tokens of the table hosted."""
    hosted = _network(network)["hosted"]
    if not isinstance(hosted, dict):
        return {}
    return {int(k): v for k, v in (hosted.get("tokens") or {}).items()}


def hosted(network: Any) -> dict[str, Any] | None:
    """The table hosted, if any."""
    value = _network(network)["hosted"]
    return dict(value) if isinstance(value, dict) else None


__all__ = ["hosted", "hosted_tokens", "joined_entry", "kept_server", "last_joined",
           "remember_far", "remember_hosted", "remember_joined", "remember_server"]
