"""The winner's moment: at a round's end the winner's face on its ring of stars with a sound,
then the summary; at the match's end the winners' faces and confetti over the scores. A click
or a key ends it at once (and does nothing else); once over the screen draws nothing more."""

from __future__ import annotations

from typing import Any

import pygame

from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.smoke.games import play_match
from rami_desktop.ui.pieces.celebration import DURATION, Celebration
from rami_desktop.ui.scenes.match_end import MatchEndScene
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.scenes.winner_moment import WinnerMoment
from rami_desktop.ui.stage.routes import Route

from .conftest import DT
from .test_rest import _draws
from .test_round_summary import GOING_OUT, _finish
from .test_table_helpers import known_table


def _sounds(app: Any) -> list[str]:
    played: list[str] = []
    app.play = played.append
    return played


def _round_won(app: Any) -> Any:
    table = known_table(app, human=GOING_OUT)
    app.stack.clear_to(table)
    app.step(DT, [])
    _finish(table)
    for _ in range(400):  # the moment comes once the cards have settled
        app.step(DT, [])
        if app.stack.top is not table:
            break
    return table


def test_a_round_won_is_celebrated_then_summed_up(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="normal")
    played = _sounds(app)
    table = _round_won(app)
    moment = app.stack.top
    assert isinstance(moment, WinnerMoment)
    assert moment.face == table.session.face(0)  # the winner's own face
    app.step(DT, [])
    assert "win" in played and moment.needs_redraw()
    frames = 0
    while app.stack.top is moment and frames < round(2 * DURATION / DT):
        app.step(DT, [])
        frames += 1
    assert isinstance(app.stack.top, RoundSummaryScene)  # by itself, in its time
    assert frames * DT <= DURATION + 0.1
    assert not moment.needs_redraw()
    assert _draws(app, 2.0) == 0  # at rest: nothing drawn


def test_a_click_or_a_key_ends_the_moment_at_once(make_app: Any) -> None:
    for event in (pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1),
                  pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                     scancode=0)):
        app = make_app((1024, 640), animation_speed="normal")
        _round_won(app)
        assert isinstance(app.stack.top, WinnerMoment)
        app.step(DT, [event])
        app.step(DT, [])
        summary = app.stack.top
        assert isinstance(summary, RoundSummaryScene)
        assert not summary.reviewing and not summary.peeking  # the key did nothing else


def test_without_animations_the_summary_comes_at_once(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    played = _sounds(app)
    _round_won(app)
    assert isinstance(app.stack.top, RoundSummaryScene)
    assert "win" in played  # the human went out: the sound at once


def _match_over() -> Table:
    short = preset("talaj").with_options(target=60)
    bots = play_match(short, 3, seed=7)
    seats = (Seat("Sara", "human", gender="she"), Seat(None, "bot", "easy"),
             Seat(None, "bot", "easy"))
    return Table(Session(GameConfig(short, seats, bots.config.seed), bots.match))


def test_the_match_end_celebrates_the_winners_then_rests(make_app: Any) -> None:
    app = make_app((800, 600), animation_speed="normal")
    played = _sounds(app)
    table = _match_over()
    scene = app.scene(Route.MATCH_END, table)
    assert isinstance(scene, MatchEndScene)
    app.stack.clear_to(scene)
    app.step(DT, [])
    assert played == ["celebrate"] and scene.needs_redraw()
    winners = set(table.shown.match.winners())
    assert winners and winners <= set(scene.winner_seats())
    # a key ends the moment and does not start a rematch
    focused = scene.group.focused
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                                     scancode=0)])
    assert app.stack.top is scene and scene.group.focused is focused
    assert scene.moment.done and not scene.needs_redraw()
    assert _draws(app, 2.0) == 0


def test_the_moment_is_over_in_its_time_and_draws_its_last_frame_still() -> None:
    pygame.init()
    moment = Celebration(DURATION)
    surface = pygame.Surface((400, 300))
    for _ in range(round(DURATION / DT) + 1):
        moment.update(DT)
    assert moment.done and moment.pop() == 1.0
    before = surface.copy()
    moment.draw_confetti(surface, 1.0)  # none once over
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(before, "RGB")
    assert Celebration(0.0).done
