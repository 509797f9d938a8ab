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
        return {"joined": list(value.get("joined") or []), "hosted": value.get("hosted")}
    return {"joined": [], "hosted": None}


def joined_entry(network: Any, address: str, port: int, code: str) -> dict[str, Any] | None:
    """The seat kept for a table (address, port and code), if any."""
    for entry in _network(network)["joined"]:
        if (entry.get("address"), entry.get("port"), entry.get("code")) == (address, port, code):
            return dict(entry)
    return None


def last_joined(network: Any) -> dict[str, Any] | None:
    """The table joined last, if any."""
    joined = _network(network)["joined"]
    return dict(joined[0]) if joined else None


def remember_joined(network: Any, address: str, port: int, code: str, seat: int, token: str,
                    name: str, gender: str = "") -> Network:
    """Keep a seat taken at a table (the most recent first), with the name and gender (she,
    he or unsaid) the player joined with."""
    out = _network(network)
    entry = {"address": address, "port": port, "code": code, "seat": seat, "token": token,
             "name": name, "gender": gender}
    others = [e for e in out["joined"]
              if (e.get("address"), e.get("port"), e.get("code")) != (address, port, code)]
    out["joined"] = [entry, *others][:MAX_JOINED]
    return out


def remember_hosted(network: Any, code: str, port: int, policy: str,
                    tokens: Mapping[int, str]) -> Network:
    """Keep the table hosted: its code, port, policy and seats' tokens."""
    out = _network(network)
    out["hosted"] = {"code": code, "port": port, "policy": policy,
                     "tokens": {str(seat): token for seat, token in tokens.items()}}
    return out


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


__all__ = ["hosted", "hosted_tokens", "joined_entry", "last_joined", "remember_hosted",
           "remember_joined"]
