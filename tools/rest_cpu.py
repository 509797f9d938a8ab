"""How much CPU each screen takes at rest, every screen included (a benchmark: it prints).

Like ``../shared/tools/restcheck.py`` (which opens the screens a route builds without
arguments), and also the screens that need a match: the table on a human's turn, the privacy
screen, the round summary, the match end (once its winner's moment is over), a message and a
confirmation. Each screen is shown,
left to settle for ``--settle`` seconds (the table's "your turn" cue lasts 2.4 s), then the real
main loop runs ``--seconds`` and the share of one core it used is printed; the last line is the
worst screen. Run it in a real window under Xvfb as with the dummy driver:

    python tools/rest_cpu.py [--seconds 3] [--settle 3]            # SDL's dummy driver
    python tools/rest_cpu.py --scale 150 --size 1366x768            # a large text size
    Xvfb :81 & DISPLAY=:81 python tools/rest_cpu.py                # a real window
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rami_desktop.app import App
from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig, Seat, autoplay_config
from rami_desktop.play.review.replay import Replay
from rami_desktop.play.session.session import Session
from rami_desktop.storage.settings import INTERFACE_SCALES
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.stage.scene import Scene

FPS = 60


def share_of_core(app: App, seconds: float) -> float:
    """Run the real main loop for ``seconds``; the CPU it used, in % of one core."""
    t0, w0 = time.process_time(), time.perf_counter()
    app.run(max_frames=app.frames + int(seconds * FPS))
    return 100.0 * (time.process_time() - t0) / max(time.perf_counter() - w0, 1e-9)


def finished_round(app: App) -> Scene:
    """A table whose round is over (bots only, no animation): the round summary on top."""
    seats = (Seat("Sara", "bot", "easy"), Seat(None, "bot", "easy"))
    app.settings["animation_speed"] = "off"
    app.start_game(GameConfig(rules=preset("talaj"), seats=seats, seed=3), remember=False)
    deadline = time.monotonic() + 120  # the bots think in their thread: wait for them
    while time.monotonic() < deadline:
        app.step(1 / FPS, [])
        if isinstance(app.stack.top, RoundSummaryScene):
            break
        time.sleep(0.001)
    app.settings["animation_speed"] = "normal"
    top = app.stack.top
    assert isinstance(top, RoundSummaryScene), "the round did not end"
    return top


def screens(app: App) -> list[tuple[str, Callable[[], Scene | None]]]:
    """(name, build the screen) for every screen: those over the menu first, then a match's."""
    out: list[tuple[str, Callable[[], Scene | None]]] = []
    for route in Route:
        if route in (Route.MENU, Route.TABLE, Route.MESSAGE, Route.CONFIRM, Route.PRIVACY,
                     Route.ROUND_SUMMARY, Route.MATCH_END, Route.REPLAY, Route.NET_TABLE,
                     Route.WINNER_MOMENT):  # a moment closes itself: never at rest
            continue
        out.append((route.value, lambda r=route: app.scene(r)))
    out += [
        ("message", lambda: app.scene(Route.MESSAGE, "Rami", "A message.")),
        ("confirm", lambda: app.scene(Route.CONFIRM, "Rami", "Sure?", lambda: None)),
        ("privacy", lambda: app.scene(Route.PRIVACY, "Sara", lambda: None)),
    ]
    return out


def main() -> int:
    """Measure every screen; print one line each and the worst."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--settle", type=float, default=3.0)
    ap.add_argument("--lang", default="en")
    ap.add_argument("--scale", type=int, default=100, choices=INTERFACE_SCALES,
                    help="the interface scale in percent (Settings' text size)")
    ap.add_argument("--size", default="1280x800", help="the window's size, WxH")
    a = ap.parse_args()
    width, _x, height = a.size.partition("x")
    app = App((int(width), int(height)), settings={
        "language": a.lang, "animation_speed": "normal", "interface_scale": a.scale},
        persist=False, fullscreen=False)
    app.stack.push(app.scene(Route.MENU))
    settle = int(a.settle * FPS)
    app.run(max_frames=app.frames + settle)
    rows = [("menu", share_of_core(app, a.seconds))]
    for name, build in screens(app):
        scene = build()
        app.stack.push(scene)
        app.run(max_frames=app.frames + settle)
        rows.append((name, share_of_core(app, a.seconds)))
        app.stack.pop()
        app.run(max_frames=app.frames + 2)
    bots = Session(autoplay_config("talaj", 4, 7))
    bots.play_round()
    replay = Replay.of_match(bots.config, bots.match)
    replay.go_to_turn(9)
    app.stack.push(app.scene(Route.REPLAY, replay))  # a round again, face up, at rest
    app.run(max_frames=app.frames + settle)
    rows.append(("replay", share_of_core(app, a.seconds)))
    app.stack.pop()
    app.run(max_frames=app.frames + 2)
    seats = (Seat("You", "human"), Seat(None, "bot", "easy"))
    app.start_game(GameConfig(rules=preset("talaj"), seats=seats, seed=3), remember=False)
    app.run(max_frames=app.frames + 2 * settle)  # the bot's turn, then the player's waits
    rows.append(("table", share_of_core(app, a.seconds)))
    summary = finished_round(app)
    app.run(max_frames=app.frames + settle)
    rows.append(("round_summary", share_of_core(app, a.seconds)))
    table = app.stack.scenes[0]
    summary.back()  # the table, its next round dealt: a human's turn would wait here
    app.run(max_frames=app.frames + 2)
    app.stack.clear_to(app.scene(Route.MATCH_END, table.session))  # type: ignore[attr-defined]
    app.run(max_frames=app.frames + settle)
    rows.append(("match_end", share_of_core(app, a.seconds)))
    app.close()
    for name, pct in rows:
        print(f"{name:16s} {pct:6.1f} % of one core")
    worst = max(rows, key=lambda row: row[1])
    print(f"screens at rest: {len(rows)}; worst {worst[0]} {worst[1]:.1f} % of one core")
    return 0


if __name__ == "__main__":
    sys.exit(main())
