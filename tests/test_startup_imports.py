"""Start-up loads only what the first screens need: each scene's module waits for its route to be
built (the table, the bots, the session and the network's libraries for the first screen that
needs them), and the window opens sooner."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rami_desktop.app_routes import scene_routes
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import Scene

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


FIRST_FRAME = """
import json, sys
from rami_desktop.__main__ import main
main(sys.argv[1:])
print(json.dumps(sorted(sys.modules)))
"""
#: what neither first screen needs: a match (the session, the bots, the solver), the table, the
#: tutorial, the network
NOT_AT_START = ("rami_desktop.play.session", "rami_desktop.bots", "rami_desktop.engine.solver",
                "rami_desktop.play.tutorial.coach", "rami_desktop.ui.scenes.table",
                "rami_desktop.ui.scenes.setup", "rami_desktop.ui.table", "rami_desktop.net.join",
                "websockets", "msgspec")


@pytest.mark.parametrize("language", [None, "fr"], ids=["language_question", "menu"])
def test_the_first_frame_loads_neither_a_match_nor_the_table_nor_the_network(
        tmp_path: Path, language: str | None) -> None:
    home = str(tmp_path)
    if language is not None:  # a later start: the menu
        os.makedirs(os.path.join(home, "config"))
        with open(os.path.join(home, "config", "settings.json"), "w", encoding="utf-8") as f:
            json.dump({"version": 1, "language": language, "tutorial_offered": True}, f)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", RAMI_HOME=home)
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME, "--frames", "1"],
                         capture_output=True, text=True, env=env, timeout=120, check=True).stdout
    loaded = json.loads(out.strip().splitlines()[-1])
    first = "rami_desktop.ui.scenes." + ("language" if language is None else "menu")
    assert first in loaded  # the first screen was drawn
    # the first start's question neither: the menu, nor the version it shows (the metadata)
    later = NOT_AT_START + (("rami_desktop.ui.scenes.menu", "importlib.metadata", "email")
                            if language is None else ())
    early = [m for m in loaded if any(m == n or m.startswith(n + ".") for n in later)]
    assert early == []


def test_every_route_names_a_scene_class_that_loads() -> None:
    routes = scene_routes()
    for route in Route:
        factory = routes.factory(route)
        assert isinstance(factory, type) and issubclass(factory, Scene), route
