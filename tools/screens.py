"""Screenshots of every screen of the game (the tour of ``rami_desktop.smoke.tour``) at small
window sizes, and what of each does not fit its window.

Usage (from the project root)::

    .venv/bin/python tools/screens.py [--out docs/screens/fit] [--lang ar_MA]
        [--size 800x600 --size 1024x600] [--only menu --only table] [--scale 150]
        [--large-cards]

One PNG a screen, language and size: ``OUT/<size>/<screen>-<lang>.png`` (``OUT/<size>@<scale>``
at an interface scale other than 100 %, with ``+cards`` for larger cards). Without ``DISPLAY``
(or with ``SDL_VIDEODRIVER=dummy``) the game draws off screen; with ``DISPLAY`` set (an Xvfb
server: ``Xvfb :99 -screen 0 1920x1080x24 & DISPLAY=:99 ...``) it draws in a real window, which
is what the screenshots show. Exit 1 when a button or a card's index is outside the window.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from rami_desktop import i18n
from rami_desktop.app import App
from rami_desktop.commands.arguments import OneLineParser, safe_output
from rami_desktop.smoke.fit import misfits
from rami_desktop.smoke.tour import STOPS, Tour
from rami_desktop.storage.settings import INTERFACE_SCALES

DT = 1 / 60
#: frames run before a screenshot (the table's cards settle, the lobby starts listening)
SETTLE_FRAMES = 20


def parse_size(text: str) -> tuple[int, int]:
    """``800x600`` as (800, 600) (the window's smallest size up to 8K)."""
    w, _x, h = text.lower().partition("x")
    if not (w.isdigit() and h.isdigit() and 800 <= int(w) <= 7680 and 600 <= int(h) <= 4320):
        raise argparse.ArgumentTypeError(f"not a window size from 800x600 to 7680x4320: {text!r}")
    return int(w), int(h)


def shoot(out: Path, langs: list[str], sizes: list[tuple[int, int]],
          only: list[str], scale: int = 100, large_cards: bool = False) -> list[str]:
    """Save the screenshots; return what did not fit, one line each."""
    app = App(sizes[0], settings={"language": langs[0], "animation_speed": "off",
                                  "hints": True, "interface_scale": scale,
                                  "large_cards": large_cards},
              persist=False, fullscreen=False)
    look = ("" if scale == 100 else f"@{scale}") + ("+cards" if large_cards else "")
    tour = Tour()
    problems: list[str] = []
    try:
        for lang in langs:
            app.set_language(lang, save=False)
            for name, stop in STOPS:
                if only and name not in only:
                    continue
                stop(app, tour)
                for size in sizes:
                    app.resize(size)
                    for _ in range(SETTLE_FRAMES):
                        app.step(DT, [])
                    app.draw()
                    pygame.display.flip()
                    folder = out / f"{size[0]}x{size[1]}{look}"
                    folder.mkdir(parents=True, exist_ok=True)
                    pygame.image.save(app.screen, str(folder / f"{name}-{lang}.png"))
                    problems += [f"{name} {lang} {size[0]}x{size[1]}{look}: {p}"
                                 for p in misfits(app)]
                app.stack.clear()
                app.stack.apply_pending()
    finally:
        app.close()
    return problems


def main(argv: list[str] | None = None) -> int:
    """Run the tool (see the module's text)."""
    safe_output()
    ap = OneLineParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("docs/screens/fit"))
    ap.add_argument("--lang", action="append", default=[], choices=sorted(i18n.LANGUAGES))
    ap.add_argument("--size", action="append", type=parse_size, default=[])
    ap.add_argument("--only", action="append", default=[], choices=[n for n, _stop in STOPS])
    ap.add_argument("--scale", type=int, default=100, choices=INTERFACE_SCALES,
                    help="the interface scale in percent (Settings' text size)")
    ap.add_argument("--large-cards", action="store_true", help="Settings' larger cards")
    a = ap.parse_args(argv)
    problems = shoot(a.out, a.lang or ["ar_MA"], a.size or [(800, 600), (1024, 600)], a.only,
                     a.scale, a.large_cards)
    for line in problems:
        print(line)
    print(f"{len(problems)} misfits")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
