"""Screenshots of the round review on the round summary, in English, French and darija.

Usage (from the project root)::

    DISPLAY=:99 .venv/bin/python tools/review_screens.py [out_dir]   # default docs/screens

A two-player talaj round is played through the session (a medium bot choosing the humans'
moves, so that it feeds the next player or misses a going-out now and then) on the first seed
whose review holds at least two kinds of finding; the summary is shown over the table, the
Round review button clicked as a player would, and the window saved as
``review_<lang>_<w>x<h>.png`` at 800x600 and 1280x800, for one human against a bot and for
two humans sharing the screen (``review_shared_...``: a block for each). Without ``DISPLAY``
the game draws off screen.
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from rami_desktop.app import App
from rami_desktop.bots import make_bot
from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.game.match_key import chosen_key
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.scenes.table import TableScene

DT = 1 / 60
SIZES = ((800, 600), (1280, 800))
LANGS = {"en": "en", "fr": "fr", "ar_MA": "ar"}
SEEDS = range(1, 60)


def played(seed: int, shared: bool = False) -> Session:
    """A talaj round, Sam (moved by a medium bot) against a hard bot (``shared``: against
    Amina, a second human at the screen), played to its end."""
    other = Seat("Amina", "human") if shared else Seat(None, "bot", "hard")
    config = GameConfig(preset("talaj"), (Seat("Sam", "human"), other), seed=seed)
    session = Session(config, first_dealer=1, verify_saves=False, key=chosen_key(seed))
    stand_in = make_bot("medium")
    rng = random.Random(seed)
    table = Table(session)
    while not session.round.over and session.round.turn < 400:
        if session.driver.bot_seat() is not None:
            session.step_bot()
            continue
        seat = table.human_to_play()
        assert seat is not None
        table.reveal(seat)
        assert table.play(seat, stand_in.act(session.observation(seat), rng)).ok
    return session


def wait_review(session: Session) -> tuple[object, ...]:
    """The session's review, once the bot worker has it."""
    for _ in range(500):
        review = session.findings()
        if review is not None:
            return review
        time.sleep(0.01)
    raise RuntimeError("no review")


def pick_seed(shared: bool = False) -> int:
    """The first seed whose review tells at least two kinds of finding."""
    for seed in SEEDS:
        session = played(seed, shared)
        kinds = {f.kind for f in wait_review(session)}  # type: ignore[attr-defined]
        session.close()
        if session.round.over and len(kinds) >= 2:
            return seed
    raise RuntimeError("no seed with two kinds of finding")


def shoot(seed: int, lang: str, out: Path, size: tuple[int, int], shared: bool = False
          ) -> Path:
    """The review of the seed's round on the summary, in ``lang``, saved as a PNG."""
    app = App(size, settings={"language": lang}, persist=False, fullscreen=False)
    session = played(seed, shared)
    game = Table(session)
    table = TableScene(app, game)
    summary = RoundSummaryScene(app, game, lambda: None)
    app.stack.clear_to(table)
    app.stack.push(summary)
    for _ in range(30):
        app.step(DT, [])
        if summary.review.ready:
            break
        session.worker.wait(1)
    pos = summary.review_button.rect.center
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    for _ in range(5):
        app.step(DT, [])
    kind = "shared_" if shared else ""
    path = out / f"review_{kind}{LANGS[lang]}_{size[0]}x{size[1]}.png"
    pygame.image.save(pygame.display.get_surface(), str(path))
    app.stack.clear()
    app.stack.apply_pending()
    app.close()
    return path


def main(argv: list[str] | None = None) -> int:
    """Take the three shots."""
    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else Path(__file__).resolve().parent.parent / "docs" / "screens"
    out.mkdir(parents=True, exist_ok=True)
    for shared in (False, True):
        seed = pick_seed(shared)
        for lang in LANGS:
            for size in SIZES:
                print(shoot(seed, lang, out, size, shared), f"(seed {seed})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
