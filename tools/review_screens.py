"""Screenshots of the round review on the round summary, in English, French and darija.

Usage (from the project root)::

    DISPLAY=:99 .venv/bin/python tools/review_screens.py [out_dir]   # default docs/screens

A two-player talaj round is played through the session (a medium bot choosing the human's
moves, so that it feeds the next player or misses a going-out now and then) on the first seed
whose review holds at least two kinds of finding; the summary is shown over the table, the
Round review button clicked as a player would, and the window saved as
``review_<lang>.png``. Without ``DISPLAY`` the game draws off screen.
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
from rami_desktop.play.config import GameConfig, Seat
from rami_desktop.play.session import Session
from rami_desktop.play.table import Table
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.scenes.table import TableScene

DT = 1 / 60
SIZE = (1280, 800)
LANGS = {"en": "en", "fr": "fr", "ar_MA": "ar"}
SEEDS = range(1, 60)


def played(seed: int) -> Session:
    """A talaj round, Sam (moved by a medium bot) against a hard bot, played to its end."""
    config = GameConfig(preset("talaj"), (Seat("Sam", "human"), Seat(None, "bot", "hard")),
                        seed=seed)
    session = Session(config, first_dealer=1, verify_saves=False)
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


def pick_seed() -> int:
    """The first seed whose review tells at least two kinds of finding."""
    for seed in SEEDS:
        session = played(seed)
        kinds = {f.kind for f in wait_review(session)}  # type: ignore[attr-defined]
        session.close()
        if session.round.over and len(kinds) >= 2:
            return seed
    raise RuntimeError("no seed with two kinds of finding")


def shoot(seed: int, lang: str, out: Path) -> Path:
    """The review of the seed's round on the summary, in ``lang``, saved as a PNG."""
    app = App(SIZE, settings={"language": lang}, persist=False, fullscreen=False)
    session = played(seed)
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
    path = out / f"review_{LANGS[lang]}.png"
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
    seed = pick_seed()
    for lang in LANGS:
        print(shoot(seed, lang, out), f"(seed {seed})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
