"""Every screen in darija shows Arabic script only: no English or French left untranslated.

The headless app is driven through its scenes (menu, setup, settings, statistics, rules, learn,
lessons, controls, table, pause, round summary, match end, privacy, error; a team game too);
every text drawn is recorded, and nothing in
Latin letters may remain once the allowed tokens are taken out: player names, card indices
(JOKER included), deal codes, the team letters A and B, the keys of the keyboard and the version
number. The language screen is left out: it shows each language in its own words.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from rami_desktop.engine.actions import Discard, Draw, Lay
from rami_desktop.engine.cards import parse_cards
from rami_desktop.engine.deal import complete_stock
from rami_desktop.engine.rules import PRESET_NAMES, preset
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.ui.kit import text
from rami_desktop.ui.routes import Route
from tests.truth import behind

DT = 1 / 60
NAMES = ("Sam", "Lina")
#: seat 0 goes out at once: a tria, a série and two more séries, the last card discarded
GOING_OUT = "KS KH KD 9H 10H JH QH 5C 6C 7C 2S 3S 4S 8H"
ALLOWED = [
    re.compile(r"\b[0-9A-Z]{1,4}(?:-[0-9A-Z]{1,4})+\b"),  # deal codes, "A-2-3", "Q-K-A"
    re.compile(r"(?<![A-Za-z])(?:10|[2-9AJQK])(?:[♠♥♦♣]|(?![A-Za-z]))"),  # card indices
    re.compile(r"(?<=الفرقة )[AB]\b|\([AB]\)"),  # the team letters
    re.compile(r"\bJOKER\b|\bv\d+(?:\.\d+)+\b"),  # the joker's index, the version
    # the keys of the keyboard (the controls help): letters, F1, Esc...
    # the keys of the keyboard, as printed on a Moroccan (French AZERTY) keyboard
    re.compile(r"(?<![A-Za-zÀ-ÿ])(?:[A-Z]|F\d{1,2}|Échap|Début|Fin|Maj|Entrée|Tab|Espace)"
               r"(?![A-Za-zÀ-ÿ])"),
    re.compile("|".join(NAMES)),
]
LATIN = re.compile(r"[A-Za-zÀ-ÿ]")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text rendered from now on (the cache emptied, so nothing is missed)."""
    texts: list[str] = []
    original = text._render

    def record(value: str, *args: Any) -> pygame.Surface:
        texts.append(value)
        return original(value, *args)

    monkeypatch.setattr(text, "_render", record)
    text.clear_cache()
    return texts


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A headless app in darija, 1280x800, no animations, files in a private folder."""
    monkeypatch.setenv("RAMI_HOME", str(tmp_path / "rami_home"))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from rami_desktop.app import App

    app = App((1280, 800), settings={"language": "ar_MA", "animation_speed": "off"},
              persist=False, fullscreen=False)
    yield app
    app.stack.clear()
    app.stack.apply_pending()
    app.close()


def _show(app: Any, scene: Any, frames: int = 3) -> Any:
    app.stack.push(scene)
    for _ in range(frames):
        app.step(DT, [])
    app.draw()
    return scene


def _table(app: Any, teams: bool = False) -> Any:
    """A table where seat 0 (Sam) can go out at once; seat 1 is a bot with the default name.

    With ``teams``: rami-talaj, 2 against 2 (Sam and Lina against two default-named bots).
    """
    seats: tuple[Seat, ...] = (Seat(NAMES[0], "human"), Seat(None, "bot", "easy"),
                               Seat(NAMES[1], "bot", "easy"))
    rules = preset("talaj")
    if teams:
        seats += (Seat(None, "bot", "easy"),)
        rules = preset("rami-talaj").with_options(teams=True, min_players=4, max_players=4,
                                                  starter="dealer_draws")
    scene = app.scene(Route.TABLE, Table(Session(GameConfig(rules=rules, seats=seats, seed=7))))
    match = behind(scene.session).match
    rng = random.Random(11)
    hands = [list(parse_cards(GOING_OUT.split()))]
    pool = complete_stock([], hands[0], rng)
    hands += [[pool.pop() for _ in range(rules.hand_size)] for _ in seats[1:]]
    used = [c for h in hands for c in h]
    match.first_dealer = match.dealer_seat = 0
    match.seats = tuple(range(len(seats)))
    partners = [(s + 2) % 4 for s in range(4)] if teams else None
    match.round = RoundState(rules, hands, [], complete_stock([], used, rng), 0, seed=5,
                             partners=partners)
    match.logs = [[]]
    behind(scene.session).version += 1  # the game changed under the table
    scene.sync(animate=False)
    return scene


def _play_round(app: Any, teams: bool = False) -> None:
    """Seat 0 goes out at once; the round summary, then the match's end, are drawn."""
    app.stack.clear()
    table = _table(app, teams)
    _show(app, table)
    _show(app, app.scene(Route.PAUSE, table.session.rules))
    app.stack.pop()
    ctl = table.session
    ctl.play(0, Draw(0, "stock"))
    for cards in ("KS KH KD", "8H 9H 10H JH QH", "5C 6C 7C", "2S 3S 4S"):
        ctl.play(0, Lay(0, parse_cards(cards.split())))
    ctl.play(0, Discard(0, behind(ctl).round.hands[0][-1]))
    for _ in range(300):
        app.step(DT, [])
        if app.stack.top is not table:
            break
    app.draw()
    assert app.stack.top is not table, "the round summary did not open"
    _show(app, app.scene(Route.MATCH_END, ctl))


def _leftovers(line: str) -> str:
    line = text.strip_marks(line)
    for pattern in ALLOWED:
        line = pattern.sub(" ", line)
    return line


def test_every_screen_is_in_arabic_script(app: Any, drawn: list[str]) -> None:
    for route in (Route.MENU, Route.SETUP, Route.SETTINGS, Route.STATISTICS, Route.LEARN,
                  Route.CONTROLS_HELP, Route.TUTORIAL):
        app.stack.clear()
        _show(app, app.scene(route))
    rules = _show(app, app.scene(Route.RULES_HELP))
    for name in PRESET_NAMES:
        rules.select(name)
        app.draw()
    app.stack.clear()
    _show(app, app.scene(Route.PRIVACY, NAMES[0], lambda: None))
    _show(app, app.scene(Route.ERROR))
    _play_round(app)
    _play_round(app, teams=True)
    assert any("بوت" in line for line in drawn), "the default name of a bot is in darija"
    latin = sorted({line for line in drawn if LATIN.search(_leftovers(line))})
    assert not latin, f"Latin letters on a darija screen: {latin}"
