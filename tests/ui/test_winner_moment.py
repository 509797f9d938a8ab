"""The winner's moment: at a round's end the winner's face on its ring of stars with a sound,
then the summary; at the match's end the winners' faces and confetti over the scores. A click
or a key ends it at once (and does nothing else, not even the key's repeats while it is held);
once over the screen draws nothing more."""

from __future__ import annotations

from typing import Any

import pygame

from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.smoke.games import play_match
from rami_desktop.storage.paths import Paths
from rami_desktop.ui.pieces.celebration import DURATION, Celebration
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.match_end import MatchEndScene
from rami_desktop.ui.scenes.menu import MenuScene
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.scenes.table import TableScene
from rami_desktop.ui.scenes.winner_moment import WinnerMoment

from .conftest import DT
from .test_rest import _draws
from .test_round_summary import GOING_OUT, _finish
from .test_table_helpers import known_table, save_game


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


def _key(kind: int, key: int = pygame.K_RETURN) -> pygame.event.Event:
    return pygame.event.Event(kind, key=key, mod=0, unicode="\r", scancode=0)


def _held_through(app: Any, seconds: float = 1.0) -> None:
    """Return pressed, then held: pygame's key repeat presses it again every 0.04 s after
    0.4 s, and once more whenever a frame works longer than 0.4 s before the release is read
    (the first summary a game draws, on a busy computer); then released."""
    app.step(DT, [_key(pygame.KEYDOWN)])
    app.step(0.4, [])
    for _ in range(round((seconds - 0.4) / 0.04)):
        app.step(0.04, [_key(pygame.KEYDOWN)])
    app.step(DT, [_key(pygame.KEYUP)])


def test_a_key_held_through_the_moment_never_skips_the_summary(make_app: Any) -> None:
    app = make_app((800, 600), animation_speed="normal")
    table = _round_won(app)
    number = table.session.shown.match.round_number
    assert isinstance(app.stack.top, WinnerMoment)
    _held_through(app)
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)  # the summary, not the next deal
    assert table.session.shown.match.round_number == number
    assert not summary.reviewing and not summary.peeking
    app.step(DT, [_key(pygame.KEYDOWN)])  # a fresh press: Next round
    assert app.stack.top is table and table.session.shown.match.round_number == number + 1


def test_continue_then_enter_through_the_moment_shows_the_summary(make_app: Any,
                                                                  tmp_path: Any) -> None:
    """As found in a window: killed on a round's summary, started again, Continue, Enter at
    the table, Enter on the winner's moment (its release read late): the summary shows."""
    seats = (Seat("Joueuse", "human", gender="she"), Seat("Hassan", "bot", "medium"),
             Seat("Nadia", "bot", "medium"))
    bots = Session(GameConfig(preset("talaj"), tuple(Seat(s.name, "bot", "medium")
                                                     for s in seats), seed=3))
    assert bots.play_round()  # a round over, its summary up when the game was killed
    app = make_app((800, 600), animation_speed="normal")
    app.paths = Paths.under(tmp_path / "home")
    assert save_game(app.paths, GameConfig(preset("talaj"), seats, seed=3), bots.match) is None
    app.stack.clear_to(MenuScene(app))
    app.step(DT, [])
    app.step(DT, [_key(pygame.KEYDOWN), _key(pygame.KEYUP)])  # Continue
    table = app.stack.top
    assert isinstance(table, TableScene) and table.session.round_over
    app.step(DT, [_key(pygame.KEYDOWN), _key(pygame.KEYUP)])  # Enter at the table
    for _ in range(400):
        app.step(DT, [])
        if app.stack.top is not table:
            break
    assert isinstance(app.stack.top, WinnerMoment)
    _held_through(app, 0.45)
    assert isinstance(app.stack.top, RoundSummaryScene)
    assert table.session.shown.match.round_number == 1


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


def test_a_key_held_through_the_match_end_moment_never_leaves_the_scores(
        make_app: Any) -> None:
    app = make_app((800, 600), animation_speed="normal")
    scene = app.scene(Route.MATCH_END, _match_over())
    assert isinstance(scene, MatchEndScene)
    app.stack.clear_to(scene)
    app.step(DT, [])
    focused = scene.group.focused
    _held_through(app)  # its first press ends the moment, its repeats do nothing
    assert app.stack.top is scene and scene.group.focused is focused and scene.moment.done
    app.step(DT, [_key(pygame.KEYDOWN)])  # a fresh press: the focused button
    assert app.stack.top is not scene


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
