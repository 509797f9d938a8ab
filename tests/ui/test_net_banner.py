"""The network table's line (its code, then what the table waits for) shows whole at 800x600
in French and darija: a line too long for the corner goes on two lines, never cut («Un bot
joue à la place de qui est hors lig»)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rami_desktop import i18n
from rami_desktop.engine.rules import PRESETS
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.ui.kit.text import bidi_format
from rami_desktop.ui.net_table import NetTableScene
from rami_desktop.ui.routes import Route
from rami_desktop.ui.widgets.drawing import cut_texts, forget_cut_texts
from tests.ui.conftest import DT

NEWS = ("Connection lost: trying again…", "Waiting for the host to start the match…",
        "Press Start in the lobby.", "A bot plays for a player who is away.",
        "Waiting for the others to read the summary…")


@pytest.mark.parametrize("language", ["fr", "ar_MA"])
def test_every_line_of_the_table_shows_whole(make_app: Any, language: str) -> None:
    app = make_app((800, 600), language=language, animation_speed="off")
    config = GameConfig(PRESETS["talaj"], (Seat("Amina", "human"), Seat(None, "net"),
                                           Seat(None, "bot", "easy")), seed=4)
    lobby = app.scene(Route.NET_LOBBY, config)
    app.stack.push(lobby)
    app.step(DT, [])
    lobby.start()
    app.step(DT, [])
    table = app.stack.top
    assert isinstance(table, NetTableScene)
    code = table._banner[0]
    waiting = bidi_format(i18n._("Waiting for {names} to come back…"), names="Khadija")
    surface = pygame.Surface((800, 600))
    for news in (*(i18n._(n) for n in NEWS), waiting):
        table._banner = [code, news]
        forget_cut_texts()
        table.draw(surface)
        assert cut_texts() == (), news
        assert table._banner_rect.right <= 800 and table._banner_rect.bottom < 600
