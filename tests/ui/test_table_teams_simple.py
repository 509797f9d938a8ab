"""At the table: one name per team and the partner's seat marked; Simple never speaks of a
threshold and says cards are laid only to go out."""

from __future__ import annotations

from typing import Any

import pytest

from rami_desktop.engine.actions import Draw
from rami_desktop.play.game.config import Seat
from rami_desktop.ui.kit.text import strip_marks
from rami_desktop.ui.table import hud
from tests.truth import behind

from .test_table_helpers import Driver, known_table

SEATS = (Seat("Sara", "human"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "easy"),
         Seat("Bot 4", "bot", "easy"))


def test_team_names_and_the_partner_at_the_table(make_app: Any,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    status: list[str] = []
    monkeypatch.setattr(hud, "draw_status", lambda _s, _l, lines: status.extend(lines))
    app = make_app(animation_speed="off")
    scene = known_table(app, seats=SEATS, teams=True)
    app.stack.clear_to(scene)
    Driver(app).step()
    teams = {seat: strip_marks(scene.painter.seat_info(scene.parts, seat).team)
             for seat in range(4)}
    assert teams == {0: "Team A", 1: "Team B", 2: "Team A · partner", 3: "Team B"}
    assert "Team A 0 · Team B 0" in status  # the team totals in the table's status


def test_no_team_label_without_teams(make_app: Any) -> None:
    app = make_app(animation_speed="off")
    scene = known_table(app, seats=SEATS)
    app.stack.clear_to(scene)
    Driver(app).step()
    assert all(scene.painter.seat_info(scene.parts, seat).team == "" for seat in range(4))


def test_simple_says_cards_are_laid_only_to_go_out(make_app: Any) -> None:
    app = make_app(animation_speed="off")
    scene = known_table(app, preset_name="simple")
    app.stack.clear_to(scene)
    d = Driver(app)
    d.step()
    r = behind(scene.session).round
    assert scene.session.human_to_play() == 0
    if not r.has_drawn:
        scene.control.attempt(Draw(0, "stock"))
    d.step()
    text, strong = scene.prompt_text()
    assert strong and "only to go out" in text
    assert "threshold" not in text and "points" not in text
