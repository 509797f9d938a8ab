"""The replay of a finished round: opened from the summary (at the deal, or at a finding's turn
with its cards marked), every hand face up, steps both ways by keys and buttons, plays at its
speed, rests when still; the past rounds listed in statistics, a damaged one refused in words."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from rami_desktop.engine.actions import Discard
from rami_desktop.engine.rules import preset
from rami_desktop.play.keep.round_record import round_record
from rami_desktop.play.review.replay import Replay
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.play.view.findings import Finding, FindingKind
from rami_desktop.smoke.tour import round_over
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.round_files import RoundFiles
from rami_desktop.ui.kit import theme
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.kept_rounds import KeptRoundsScene
from rami_desktop.ui.scenes.overlays import MessageDialog
from rami_desktop.ui.scenes.replay import ReplayScene
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene

from .conftest import DT
from .test_rest import _draws
from .test_table_helpers import Driver


@pytest.fixture(scope="module")
def finished() -> Iterator[Session]:
    """A round played to its end by bots, a human (Amina) in seat 0."""
    session = round_over(preset("talaj"), 3, seed=7)
    yield session
    session.close()


def _summary(app: Any, session: Session) -> RoundSummaryScene:
    app.stack.push(app.scene(Route.MENU))
    summary = app.scene(Route.ROUND_SUMMARY, Table(session), lambda: None)
    app.stack.push(summary)
    Driver(app).step(frames=2)
    return summary


def _key(app: Any, key: int) -> None:
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="")])


def _replay_scene(app: Any, session: Session) -> ReplayScene:
    app.stack.push(app.scene(Route.MENU))
    scene = app.scene(Route.REPLAY, Replay.of_record(round_record(session.config,
                                                                  session.match)))
    app.stack.push(scene)
    app.step(DT, [])
    assert isinstance(scene, ReplayScene)
    return scene


def test_the_summary_s_replay_button_opens_the_round_at_its_deal(make_app: Any,
                                                                 finished: Session) -> None:
    app = make_app((800, 600))
    summary = _summary(app, finished)
    assert summary.replay_button.visible
    Driver(app).click(summary.replay_button.rect.center)
    Driver(app).step()
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.replay.at_start
    assert replay.replay.steps == len(finished.round.log)
    _key(app, pygame.K_ESCAPE)
    app.step(DT, [])
    assert app.stack.top is summary  # back to the summary, the next round not dealt


def test_a_finding_opens_the_replay_at_its_turn_with_its_cards_marked(
        make_app: Any, finished: Session) -> None:
    app = make_app((800, 600))
    summary = _summary(app, finished)
    start = finished.replay()
    assert start is not None
    log = finished.round.log
    k = next(k for k, a in enumerate(log) if isinstance(a, Discard) and a.player == 1
             and a.card in start.state_at(start.turn_step(start.moments[k].turn)).hands[1])
    fed = log[k]
    assert isinstance(fed, Discard)
    turn = start.moments[k].turn  # the turn the card was discarded in
    finding = Finding(FindingKind.FED_OPEN, 1, round_turn=turn, cards=(fed.card,))
    summary.open_replay(finding)
    app.step(DT, [])
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    assert scene.replay.moment.turn == turn and scene.replay.marked(1, fed.card)
    assert not scene.replay.marked(0, fed.card) and not scene.replay.marked(2, fed.card)
    assert scene.replay.state.turn == turn - 1 and fed.card in scene.replay.state.hands[1]
    drawn = [rect for owner, code, rect in scene.card_rects
             if owner == 1 and code == fed.card.code]
    assert drawn
    rect = drawn[0]
    assert tuple(app.screen.get_at((rect.x - 1, rect.bottom - 8)))[:3] == theme.ACCENT_LIGHT


def test_every_hand_is_face_up_at_every_step(make_app: Any, finished: Session) -> None:
    app = make_app((800, 600))
    scene = _replay_scene(app, finished)
    replay = scene.replay
    for step in (0, 1, replay.steps // 2, replay.steps):
        replay.go(step)
        scene._moved = True
        app.step(DT, [])
        state = replay.state
        for player in range(replay.players):
            shown = Counter(code for owner, code, _r in scene.card_rects if owner == player)
            assert shown == Counter(c.code for c in state.hands[player])
        table = Counter(code for owner, code, _r in scene.card_rects if owner == -1)
        expected = Counter(c.code for m in state.melds if m.meld for c in m.meld.cards)
        if state.top is not None:
            expected[state.top.code] += 1
        assert table == expected


def test_keys_step_both_ways_and_play_at_the_speed(make_app: Any, finished: Session) -> None:
    app = make_app((800, 600))
    scene = _replay_scene(app, finished)
    replay = scene.replay
    _key(app, pygame.K_RIGHT)
    _key(app, pygame.K_RIGHT)
    assert replay.step == 2
    _key(app, pygame.K_LEFT)
    assert replay.step == 1
    _key(app, pygame.K_END)
    assert replay.at_end
    _key(app, pygame.K_HOME)
    assert replay.at_start
    _key(app, pygame.K_DOWN)
    assert replay.moment.turn == 2 and replay.step == replay.turn_step(2)
    _key(app, pygame.K_UP)
    assert replay.moment.turn == 1
    _key(app, pygame.K_SPACE)
    assert scene.playing
    at = replay.step
    drawn = _draws(app, 2.0)  # one move a second: drawn once a move, not 120 times
    assert replay.step == at + 2 and 2 <= drawn <= 3
    _key(app, pygame.K_SPACE)
    assert not scene.playing and _draws(app, 2.0) == 0  # at rest: nothing drawn


def test_the_buttons_step_and_change_the_speed(make_app: Any, finished: Session) -> None:
    app = make_app((800, 600))
    scene = _replay_scene(app, finished)
    d = Driver(app)
    d.click(scene.following.rect.center)
    d.click(scene.following.rect.center)
    assert scene.replay.step == 2
    d.click(scene.previous.rect.center)
    assert scene.replay.step == 1
    d.click(scene.last.rect.center)
    assert scene.replay.at_end
    d.click(scene.first.rect.center)
    assert scene.replay.at_start
    d.click(scene.speed_button.rect.center)
    assert scene.speed == 1
    d.click(scene.play_button.rect.center)
    assert scene.playing
    for _ in range(round(1.0 / DT) + 1):
        app.step(DT, [])
    assert scene.replay.step == 2  # two moves a second
    d.click(scene.leave.rect.center)
    d.step()
    assert not isinstance(app.stack.top, ReplayScene)


def test_past_rounds_open_their_replay_and_a_damaged_one_is_said(make_app: Any,
                                                               finished: Session) -> None:
    app = make_app((800, 600))
    app.paths = Paths.from_environment()
    files = RoundFiles.of(app.paths)
    record = round_record(finished.config, finished.match)
    files.keep(record, name="round-20261204T100000Z-000000000.json")
    broken = {**record, "match": {**record["match"], "rounds": [[{"do": "nothing"}]]}}
    files.keep(broken, name="round-20261204T110000Z-000000000.json")
    app.stack.push(app.scene(Route.MENU))
    app.stack.push(app.scene(Route.STATISTICS))
    app.step(DT, [])
    d = Driver(app)
    d.click(app.stack.top.rounds_button.rect.center)
    d.step()
    listed = app.stack.top
    assert isinstance(listed, KeptRoundsScene) and len(listed.rows) == 2
    listed.rows[0].activate()  # the newest: the damaged one
    d.step()
    assert isinstance(app.stack.top, MessageDialog)
    app.stack.pop()
    d.step()
    listed.rows[1].activate()
    d.step()
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    assert scene.replay.final.snapshot() == finished.round.snapshot()


def test_a_click_on_a_findings_line_opens_the_replay_at_its_turn(make_app: Any,
                                                                  finished: Session) -> None:
    """The review says its lines open the replay, and a click on one opens it at that
    finding's turn with the finding's cards marked."""
    app = make_app((1280, 800))
    summary = _summary(app, finished)
    driver = Driver(app)
    driver.click(summary.review_button.rect.center)
    deadline = time.monotonic() + 60  # the review is worked out on the bot worker's thread:
    while not summary.review.hits and time.monotonic() < deadline:  # frames take no time
        driver.step()
        time.sleep(0.002)
    assert summary.review.hits, summary.review.texts()
    assert summary.review.noted  # "Click a line to see that moment in the replay."
    rect, finding = summary.review.hits[0]
    driver.click(rect.center)
    driver.step()
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    assert scene.replay.moment.turn == finding.round_turn or finding.round_turn == 0
    player = scene.replay.seats.index(finding.seat)
    assert all(scene.replay.marked(player, card) for card in finding.cards)


def test_a_findings_line_is_reached_and_opened_by_the_keyboard_alone(make_app: Any,
                                                                    finished: Session) -> None:
    """Keyboard only: Tab to Round review, Enter; the review's lines are stops of the focus
    order (Tab reaches the first, Down the next, Up back), the one focused ringed where it is
    drawn; Enter opens the replay at that finding's turn with its cards marked."""
    app = make_app((1280, 800))
    summary = _summary(app, finished)
    for _ in range(12):  # Tab to the review's button
        if summary.group.focused is summary.review_button:
            break
        _key(app, pygame.K_TAB)
    assert summary.group.focused is summary.review_button
    _key(app, pygame.K_RETURN)
    assert summary.reviewing
    deadline = time.monotonic() + 60  # the review is worked out on the bot worker's thread
    while not summary.review.hits and time.monotonic() < deadline:
        app.step(DT, [])
        time.sleep(0.002)
    stops = summary.review.stops
    assert stops and len(stops) == len(summary.review.hits), summary.review.texts()
    for _ in range(12):
        if summary.group.focused in stops:
            break
        _key(app, pygame.K_TAB)
    first = summary.group.focused
    assert first is stops[0] and summary.group.focus_visible() is first
    assert first.rect.w > 0 and (first.rect, first.finding) in summary.review.hits
    frame = pygame.display.get_surface()
    ring = first.rect.inflate(2 * theme.px(4, summary.scale), 2 * theme.px(4, summary.scale))
    assert frame.get_at((ring.centerx, ring.top))[:3] == theme.BRASS_LIGHT  # the ring drawn
    assert frame.get_at((ring.centerx, ring.top + 1))[:3] == theme.FOCUS
    if len(stops) > 1:
        _key(app, pygame.K_DOWN)
        assert summary.group.focused is stops[1] and stops[1].rect.w > 0
        _key(app, pygame.K_UP)
        assert summary.group.focused is first
    _key(app, pygame.K_RETURN)
    app.step(DT, [])
    scene = app.stack.top
    assert isinstance(scene, ReplayScene)
    finding = first.finding
    assert scene.replay.moment.turn == finding.round_turn or finding.round_turn == 0
    player = scene.replay.seats.index(finding.seat)
    assert all(scene.replay.marked(player, card) for card in finding.cards)
    _key(app, pygame.K_ESCAPE)  # back: the review, the line still focused
    app.step(DT, [pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0)])
    assert app.stack.top is summary and summary.group.focused is first
    _key(app, pygame.K_ESCAPE)  # the hands back: the focus leaves the lines no longer shown
    assert not summary.reviewing and summary.group.focused is summary.review_button
