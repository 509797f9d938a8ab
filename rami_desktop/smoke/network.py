"""The network's screens and libraries are there: they load when network play is first opened
(not at start-up), so a bundle that left one out would fail only in front of a player."""

from __future__ import annotations

import importlib

#: what network play loads on first use
NETWORK_MODULES = ("rami_desktop.ui.scenes.network", "rami_desktop.ui.scenes.net_lobby",
                   "rami_desktop.ui.scenes.net_join", "rami_desktop.ui.net_table",
                   "websockets", "zeroconf")


def check_network() -> str:
    """The check: every module network play loads on first use imports."""
    for name in NETWORK_MODULES:
        importlib.import_module(name)
    return f"{len(NETWORK_MODULES)} modules: {', '.join(NETWORK_MODULES)}"
