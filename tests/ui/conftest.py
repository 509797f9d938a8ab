"""UI test fixtures: headless pygame, a private RAMI_HOME, an App and a player driver."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from rami_desktop import i18n
from rami_desktop.net.discovery import Advertiser, Browser, FoundTable
from rami_desktop.net.wire.protocol import VERSION
from rami_desktop.play.table.advisor import Advisor

DT = 1 / 60
#: seconds a question of a table's advisor may take at most (a bound, never reached when all
#: is well: only a thread that never answers fails the test)
ADVISOR_WAIT = 60.0


@pytest.fixture(autouse=True)
def _rami_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every UI test keeps its files in its own folder."""
    monkeypatch.setenv("RAMI_HOME", str(tmp_path / "rami_home"))


def _reset_language() -> None:
    setter = getattr(i18n, "set_language", None)
    if setter is not None:
        setter("en")


@pytest.fixture
def make_app() -> Iterator[object]:
    """A factory of headless Apps (English, settings not saved), closed after the test."""
    from rami_desktop.app import App

    apps: list[App] = []

    def make(size: tuple[int, int] = (1024, 640), **settings: object) -> App:
        _reset_language()
        app = App(size, settings={"language": "en", **settings}, persist=False,
                  fullscreen=False)
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.stack.clear()
        app.stack.apply_pending()
        app.close()
    _reset_language()


@pytest.fixture
def app(make_app: object) -> object:
    """A headless App at 1024x640, empty stack."""
    return make_app()  # type: ignore[operator]


class Driver:
    """Drives an App as a player would: posted mouse and key events, fixed time steps."""

    def __init__(self, app: object) -> None:
        self.app = app

    def step(self, events: list[pygame.event.Event] | None = None, dt: float = DT) -> None:
        """Run one frame."""
        self.app.step(dt, events or [])

    def move(self, pos: tuple[int, int]) -> None:
        """Move the mouse to ``pos``."""
        self.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1),
                                      buttons=(0, 0, 0))])

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        """Move, press and release the mouse at ``pos`` (one frame each)."""
        self.move(pos)
        self.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
        self.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])

    def key(self, k: int, mod: int = 0) -> None:
        """Tap a key: pressed and released in one frame (a key never released would be held:
        the next screen would not count it)."""
        self.step([pygame.event.Event(kind, key=k, mod=mod, unicode="", scancode=0)
                   for kind in (pygame.KEYDOWN, pygame.KEYUP)])

    def type(self, text: str) -> None:
        """Type text (one TEXTINPUT event a character, one frame)."""
        self.step([pygame.event.Event(pygame.TEXTINPUT, text=ch) for ch in text])

    def show(self, scene: object) -> object:
        """Put a scene alone on the stack and run one frame; return it."""
        self.app.stack.clear_to(scene)
        self.step()
        return scene

    def push(self, scene: object) -> object:
        """Push a scene and run one frame; return it."""
        self.app.stack.push(scene)
        self.step()
        return scene


@pytest.fixture
def drive(app: object) -> Driver:
    """A Driver of the ``app`` fixture."""
    return Driver(app)


#: the tables every UI test's join screen hears of on the local network (the same on every run)
NEIGHBOURS = (
    FoundTable("Khadija._rami._tcp.local.", "Khadija", "192.168.1.20", 8765, "talaj", 2, 4,
               False, VERSION),
    FoundTable("Youssef-PC._rami._tcp.local.", "Youssef-PC", "192.168.1.31", 8765, "tallage",
               1, 3, True, VERSION),
)


@pytest.fixture(autouse=True)
def _quiet_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """No UI test listens to the real local network nor speaks on it: what the machine's other
    programs advertise (another test's table, another run's) would change what a join screen
    lists from one run to the next; the join screen hears :data:`NEIGHBOURS`, and a table
    hosted in a test is advertised to nobody."""

    monkeypatch.setattr(Browser, "start", lambda browser: None)
    monkeypatch.setattr(Browser, "tables", lambda browser: list(NEIGHBOURS))
    monkeypatch.setattr(Browser, "stop", lambda browser: None)
    monkeypatch.setattr(Advertiser, "start", lambda advertiser: None)
    monkeypatch.setattr(Advertiser, "set_free", lambda advertiser, free: None)
    monkeypatch.setattr(Advertiser, "stop", lambda advertiser: None)


@pytest.fixture(autouse=True)
def _advice_in_its_frame(monkeypatch: pytest.MonkeyPatch) -> None:
    """A question asked of a table's advisor (a hint, a selection's split, the hand grouped) is
    answered in the frame that asks it: the test waits for the advisor's thread (bounded), so
    that what a frame draws never depends on how fast that thread was (a hint asked while the
    table is drawn was shown in that frame or the next, as the machine's load had it, and the
    coach's bubble was placed before it or after). The game's own way, a question answered in
    a later frame, is tested in ``tests/play/table/test_advisor.py``."""
    ask = Advisor.ask

    def ask_and_wait(advisor: Advisor, key: Any, question: Any, *args: Any) -> Any:
        done, answer = ask(advisor, key, question, *args)
        if not done:
            advisor.wait(ADVISOR_WAIT)
            done, answer = ask(advisor, key, question, *args)
            assert done, "the advisor's thread gave no answer in time"
        return done, answer

    monkeypatch.setattr(Advisor, "ask", ask_and_wait)
