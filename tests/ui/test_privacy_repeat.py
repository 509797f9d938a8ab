"""Key repeat never passes the hand-over screen: a key held down sends its presses again and
again (the app turns key repeat on), and a key already down when the screen comes to the front
(first, or back from the pause) counts for nothing until it is released and pressed again."""

from __future__ import annotations

from typing import Any

import pygame

from rami_desktop.engine.actions import Draw
from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.ui.scenes.overlays import PauseOverlay
from rami_desktop.ui.scenes.privacy import PrivacyScene
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.scenes.table import TableScene

from .test_table_helpers import Driver, known_table

#: the app's key repeat: the first repeat after 0.4 s, then one every 0.04 s
DELAY, INTERVAL = 0.4, 0.04
TWO = (Seat("Amina", "human"), Seat("Youssef", "human"))


def _event(kind: int, key: int) -> pygame.event.Event:
    return pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0)


def _hold(d: Driver, key: int, seconds: float, press: bool = True) -> None:
    """``key`` held down ``seconds`` with key repeat on (its first press too, if ``press``),
    then released; one frame a repeat."""
    if press:
        d.step([_event(pygame.KEYDOWN, key)])
    t = DELAY
    d.app.step(DELAY, [])
    while t < seconds:
        d.app.step(INTERVAL, [_event(pygame.KEYDOWN, key)])
        t += INTERVAL
    d.step([_event(pygame.KEYUP, key)])


def _privacy(app: Any, d: Driver) -> PrivacyScene:
    for _ in range(400):
        top = app.stack.top
        if isinstance(top, PrivacyScene):
            for _ in range(60):
                if top.armed:
                    return top
                d.step()
            return top
        d.step()
    raise AssertionError("no hand-over screen came")


def _shared(app: Any) -> tuple[TableScene, Driver]:
    scene = known_table(app, seats=TWO, human="KS KH KD 9H 10H 5C 7C 2S 4D 8H JD QC 3H 6S")
    app.stack.clear_to(scene)
    return scene, Driver(app)


def _hidden(app: Any, scene: TableScene, screen: PrivacyScene) -> None:
    for _ in range(5):
        Driver(app).step()
    assert app.stack.top is screen, type(app.stack.top).__name__
    assert scene.session.face_up() is None


def test_privacy_repeat_escape_then_enter_held_on_resume(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    scene, d = _shared(app)
    screen = _privacy(app, d)
    d.step([_event(pygame.KEYDOWN, pygame.K_ESCAPE)])
    d.step([_event(pygame.KEYUP, pygame.K_ESCAPE)])
    pause = app.stack.top
    assert isinstance(pause, PauseOverlay)
    d.step([_event(pygame.KEYDOWN, pygame.K_RETURN)])  # Resume
    assert app.stack.top is not pause and app.stack.top is screen
    _hold(d, pygame.K_RETURN, 1.0, press=False)
    _hidden(app, scene, screen)
    d.step([_event(pygame.KEYDOWN, pygame.K_RETURN)])  # a fresh press still works
    d.step([_event(pygame.KEYUP, pygame.K_RETURN)])
    assert scene.session.face_up() == 0


def test_privacy_repeat_space_held(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    scene, d = _shared(app)
    screen = _privacy(app, d)
    _hold(d, pygame.K_SPACE, 1.0)
    _hidden(app, scene, screen)


def test_privacy_repeat_enter_held_from_the_tables_discard(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    scene, d = _shared(app)
    first = _privacy(app, d)
    d.step([_event(pygame.KEYDOWN, pygame.K_RETURN)])
    d.step([_event(pygame.KEYUP, pygame.K_RETURN)])
    assert scene.session.face_up() == 0
    scene.session.play(0, Draw(0, "stock"))
    d.step()
    assert app.stack.top is scene and first is not scene
    d.step([_event(pygame.KEYDOWN, pygame.K_RETURN)])  # Enter discards the cursor card
    assert scene.session.face_up() is None
    screen = _privacy(app, d)
    assert screen.name == "Youssef"
    _hold(d, pygame.K_RETURN, 1.0, press=False)
    _hidden(app, scene, screen)


def test_privacy_repeat_enter_held_from_the_summary(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    bots = Session(GameConfig(preset("talaj"), tuple(Seat(s.name, "bot", "easy") for s in TWO),
                              seed=3))
    assert bots.play_round()  # a round played to its end, then the humans sit at it
    scene = TableScene(app, Table(Session(GameConfig(preset("talaj"), TWO, seed=3), bots.match)))
    app.stack.clear_to(scene)
    d = Driver(app)
    for _ in range(200):
        if isinstance(app.stack.top, RoundSummaryScene):
            break
        d.step()
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    for _ in range(60):
        d.step()
    d.step([_event(pygame.KEYDOWN, pygame.K_RETURN)])  # Next round
    screen = _privacy(app, d)
    _hold(d, pygame.K_RETURN, 1.0, press=False)
    _hidden(app, scene, screen)
