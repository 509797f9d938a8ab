"""The host's lobby draws each seat's face large enough to know who it is at 800x600, larger
with the text size, and every seat's line still fits the window with six seats."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pygame
import pytest

from rami_desktop.engine.rules import PRESETS
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.net_lobby import LobbyScene
from tests.ui.conftest import DT


def _lobby(make_app: Any, scale: int, seats: tuple[Seat, ...], language: str = "fr",
           size: tuple[int, int] = (800, 600)) -> LobbyScene:
    app = make_app(size, language=language, interface_scale=scale,
                   animation_speed="off")
    preset = PRESETS["tallage" if len(seats) > 5 else "talaj"]  # Tallage seats six
    lobby = app.scene(Route.NET_LOBBY, GameConfig(preset, seats, seed=4))
    assert isinstance(lobby, LobbyScene)
    app.stack.push(lobby)
    app.step(DT, [])
    return lobby


def _faces(lobby: LobbyScene) -> list[int]:
    return [label.rect.h for label in lobby.seat_labels if label.visible]


def test_the_faces_are_large_and_grow_with_the_text_size(make_app: Any) -> None:
    seats = (Seat("Amina", "human"), Seat(None, "net"), Seat(None, "bot"))
    lines = _faces(_lobby(make_app, 100, seats))  # the table closes with its app
    assert len(lines) == 3 and min(lines) >= 44  # a face of 40 px or more
    # a laptop's window: the larger text makes larger faces (800x600 holds little more)
    laptop = min(_faces(_lobby(make_app, 100, seats, size=(1366, 768))))
    assert min(_faces(_lobby(make_app, 150, seats, size=(1366, 768)))) > laptop > min(lines)


@pytest.mark.parametrize("language", ["fr", "ar_MA"])
def test_six_seats_fit_at_the_largest_text(make_app: Any, language: str) -> None:
    seats = (Seat("Amina", "human"), *(Seat(None, "net") for _ in range(3)),
             Seat(None, "bot"), Seat(None, "bot"))
    lobby = _lobby(make_app, 150, seats, language)
    window = pygame.Rect(0, 0, 800, 600)
    lines = [label.rect for label in lobby.seat_labels if label.visible]
    assert len(lines) == 6
    assert lobby.panel.rect.bottom <= window.bottom and lobby.panel.rect.top >= 0
    for above, below in pairwise(lines):
        assert above.bottom <= below.top
    assert lines[-1].bottom <= lobby.policy.rect.top
    assert lobby.firewall.rect.h > 0 and lobby.firewall.rect.bottom <= lobby.start_button.rect.top
    assert min(r.h for r in lines) >= 30
