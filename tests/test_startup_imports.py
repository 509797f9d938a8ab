"""Start-up loads only what the first screens need: the network's libraries wait for the first
network screen (the window opens sooner for a game that never plays on the network)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

PROBE = """
import json, sys
from rami_desktop.app_routes import scene_routes
import rami_desktop.app
from rami_desktop.ui.routes import Route
routes = scene_routes()
net = ("websockets", "zeroconf", "asyncio", "ssl", "nacl", "miniupnpc")
before = [m for m in net if m in sys.modules]
import rami_desktop.ui.scenes.net_lobby
after = [m for m in net if m in sys.modules]
print(json.dumps({"all": all(r in routes for r in Route), "before": before, "after": after}))
"""


def test_the_network_libraries_load_with_the_first_network_screen() -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True,
                         env=env, timeout=120, check=True).stdout
    got = json.loads(out.strip().splitlines()[-1])
    assert got["all"], "every route has its scene"
    assert got["before"] == [], got
    assert {"websockets", "zeroconf", "asyncio"} <= set(got["after"]), got


def test_the_headless_host_and_joiner_load_no_pygame() -> None:
    """``rami-host`` and ``join`` (an invite's words included) never load pygame: no window
    library on a server, and no banner before the host's first line."""
    probe = ("import sys, json; import rami_desktop.commands.host, rami_desktop.commands.join; "
             "print(json.dumps('pygame' in sys.modules))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         timeout=120, check=True).stdout
    assert out.strip().splitlines() == ["false"]
