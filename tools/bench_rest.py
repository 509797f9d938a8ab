"""How much CPU the game takes at rest: the menu, and a human's turn with nothing moving.

Runs the real main loop (60 fps clock, real events) for a few seconds on each screen and prints
the share of one core used (process CPU time over wall time). A figure, not a test::

    SDL_VIDEODRIVER=dummy .venv/bin/python tools/bench_rest.py [--seconds 4] [--size 1280x800]

Under a real display (e.g. ``DISPLAY=:99`` with Xvfb) the figure includes the window's flips.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rami_desktop.app import App
from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.ui.routes import Route


def measure(app: App, seconds: float) -> float:
    """Percent of one core used by the main loop during ``seconds``."""
    app.run(max_frames=app.frames + 30)  # settle first
    frames = int(seconds * 60)
    t0, w0 = time.process_time(), time.perf_counter()
    app.run(max_frames=app.frames + frames)
    return 100.0 * (time.process_time() - t0) / (time.perf_counter() - w0)


def main() -> int:
    """Print the CPU share at rest on the menu and on a human's turn."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=4.0)
    p.add_argument("--size", default="1280x800")
    args = p.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    app = App((size[0], size[1]), settings={"language": "en", "animation_speed": "normal"},
              persist=False, fullscreen=False)
    app.stack.push(app.scene(Route.MENU))
    print(f"menu at rest: {measure(app, args.seconds):.1f} % of one core")
    seats = (Seat("You", "human"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "easy"))
    app.start_game(GameConfig(rules=preset("talaj"), seats=seats, seed=5), remember=False)
    table = app.stack
    app.run(max_frames=app.frames + 1)
    top = table.top
    for _ in range(2000):  # until the human's turn, nothing moving
        app.run(max_frames=app.frames + 1)
        top = table.top
        if top is not None and getattr(top, "players_turn", lambda: False)() \
                and not top.needs_redraw():
            break
    print(f"human's turn at rest: {measure(app, args.seconds):.1f} % of one core")
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
