"""The match end: a score table round by round from the match's results, the winner (or the
team), Rematch with the same seats."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.ui.kit.text import strip_marks
from rami_desktop.ui.scenes.match_end import MatchEndScene
from rami_desktop.ui.scenes.menu import MenuScene
from rami_desktop.ui.scenes.table import TableScene
from tests.truth import behind

from .test_table_helpers import Driver

SEATS = (Seat("Sara", "human"), Seat("Bot 2", "bot", "medium"), Seat("Bot 3", "bot", "medium"))
TEAM_SEATS = (*SEATS, Seat("Bot 4", "bot", "medium"))


def _played(seats: tuple[Seat, ...], target: int, teams: bool = False,
            seed: int = 3) -> Table:
    """A match played to its end by bots, then given the seats (a human among them)."""
    rules = preset("talaj").with_options(target=target, teams=teams)
    bots = GameConfig(rules=rules, seats=tuple(Seat(s.name, "bot", "medium") for s in seats),
                      seed=seed)
    session = Session(bots)
    behind(session).play_match(40)
    assert behind(session).match.over
    return Table(Session(dataclasses.replace(bots, seats=seats), behind(session).match))


def test_score_table_round_by_round(make_app: Any) -> None:
    app = make_app()
    ctl = _played(SEATS, 301)
    scene = MatchEndScene(app, ctl)
    app.stack.clear_to(scene)
    Driver(app).step()
    m = behind(ctl).match
    lines = scene.score_lines()
    assert len(lines) == len(m.results) + 1
    for line, result in zip(lines, m.results, strict=False):
        for seat, cell in enumerate(line.cells):
            if seat in result.seats:
                assert cell == str(result.penalties[seat])
            else:
                assert cell == "–"  # out of the match by then
            assert line.marks[seat] == (seat == result.winner)
    total = lines[-1]
    assert total.label == "Total" and total.cells == tuple(str(v) for v in m.scores)
    assert {s for s, mark in enumerate(total.marks) if mark} == set(m.winners())
    assert [strip_marks(c) for c in scene.columns()] == ["Sara", "Bot 2", "Bot 3"]
    winner = ctl.name(m.winners()[0])
    assert winner in strip_marks(scene.winners_text())
    assert scene.panel.rect.contains(scene.table_rect)


def test_long_matches_scroll(make_app: Any) -> None:
    app = make_app((1024, 640))
    ctl = _played(SEATS, 1000, seed=4)
    scene = MatchEndScene(app, ctl)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.step()
    rounds = len(behind(ctl).match.results)
    if rounds <= scene._visible_rounds():
        raise AssertionError(f"{rounds} rounds fit: pick a longer match")
    d.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False)])
    assert scene.first_line == min(3, rounds - scene._visible_rounds())


def test_teams_one_name_and_team_columns(make_app: Any) -> None:
    app = make_app()
    ctl = _played(TEAM_SEATS, 200, teams=True)
    scene = MatchEndScene(app, ctl)
    app.stack.clear_to(scene)
    Driver(app).step()
    columns = [strip_marks(c) for c in scene.columns()]
    assert columns == ["Sara (A)", "Bot 2 (B)", "Bot 3 (A)", "Bot 4 (B)", "Team A", "Team B"]
    m = behind(ctl).match
    teams = m.team_scores()
    assert teams is not None
    assert scene.score_lines()[-1].cells[4:] == (str(teams[0]), str(teams[1]))
    text = strip_marks(scene.winners_text())
    if teams[0] != teams[1]:
        winner = "Team A (Sara & Bot 3)" if teams[0] < teams[1] else "Team B (Bot 2 & Bot 4)"
        assert text == f"{winner} wins!"


def test_rematch_same_seats_new_deal(make_app: Any) -> None:
    app = make_app(animation_speed="off")
    ctl = _played(SEATS, 150)
    scene = MatchEndScene(app, ctl)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.step()
    d.click(scene.rematch_button.rect.center)
    d.step()
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert table.session.config.seats == SEATS and table.session.rules == ctl.rules
    fresh = behind(table.session).match
    assert fresh.round_number == 1 and fresh.scores == [0, 0, 0]
    # and the menu button goes to the menu
    app.stack.clear_to(MatchEndScene(app, ctl))
    d.step()
    d.click(app.stack.top.menu.rect.center)
    d.step()
    assert isinstance(app.stack.top, MenuScene)
