"""Every screen at rest draws nothing: a frame without input where nothing moves is neither
drawn nor flipped (``tools/rest_cpu.py`` and ``../shared/tools/restcheck.py`` print the CPU it
saves); only a blinking caret or the lesson's pulsing glow draws again, a few times a second."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene

from .conftest import DT
from .test_round_summary import GOING_OUT, _finish
from .test_table_helpers import known_table

SETTLE = 3.0  # seconds: longer than the table's "your turn" cue (2.4 s)


def _draws(app: Any, seconds: float) -> int:
    """How many frames were drawn in ``seconds`` of frames without input."""
    drawn = 0
    draw = app.draw

    def counting(*args: Any) -> None:
        nonlocal drawn
        drawn += 1
        draw(*args)

    app.draw = counting
    try:
        for _ in range(round(seconds / DT)):
            app.step(DT, [])
    finally:
        app.draw = draw
    return drawn


def _settled(app: Any, scene: Any) -> Any:
    app.stack.push(scene)
    for _ in range(round(SETTLE / DT)):
        app.step(DT, [])
    assert app.stack.top is scene
    return scene


WITHOUT_ARGUMENTS = [r for r in Route if r not in (
    Route.TABLE, Route.MESSAGE, Route.CONFIRM, Route.PRIVACY, Route.ROUND_SUMMARY,
    Route.MATCH_END, Route.TUTORIAL, Route.NET_TABLE, Route.REPLAY, Route.WINNER_MOMENT)]


@pytest.mark.parametrize("route", WITHOUT_ARGUMENTS, ids=lambda r: r.value)
def test_a_screen_at_rest_is_not_drawn_again(make_app: Any, route: Route) -> None:
    app = make_app((1280, 800))
    app.stack.push(app.scene(Route.MENU))
    app.step(DT, [])
    _settled(app, app.scene(route))
    assert _draws(app, 2.0) == 0


OVERLAYS: dict[str, Callable[[Any], Any]] = {
    "message": lambda app: app.scene(Route.MESSAGE, "Rami", "A message."),
    "confirm": lambda app: app.scene(Route.CONFIRM, "Rami", "Sure?", lambda: None),
    "privacy": lambda app: app.scene(Route.PRIVACY, "Sara", lambda: None),
}


@pytest.mark.parametrize("name", sorted(OVERLAYS))
def test_messages_and_the_privacy_screen_rest(make_app: Any, name: str) -> None:
    app = make_app((1280, 800))
    app.stack.push(app.scene(Route.MENU))
    _settled(app, OVERLAYS[name](app))
    assert _draws(app, 2.0) == 0


def test_the_round_summary_and_the_match_end_rest(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    table = known_table(app, human=GOING_OUT)
    app.stack.clear_to(table)
    app.step(DT, [])
    _finish(table)
    for _ in range(400):  # the table shows its summary once the cards have settled
        app.step(DT, [])
        if isinstance(app.stack.top, RoundSummaryScene):
            break
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    assert _draws(app, 2.0) == 0
    summary.peek()  # a button press draws; then rest again
    app.step(DT, [])
    assert _draws(app, 1.0) == 0
    app.stack.clear()
    app.step(DT, [])
    _settled(app, app.scene(Route.MATCH_END, table.session))
    assert _draws(app, 2.0) == 0


def test_input_draws_and_a_focused_field_blinks_twice_a_second(make_app: Any) -> None:
    app = make_app((1280, 800))
    app.stack.push(app.scene(Route.MENU))
    setup = _settled(app, app.scene(Route.SETUP))
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                     buttons=(0, 0, 0))])
    assert _draws(app, 1.0) == 0
    at = setup.deal_code.rect.center
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)])
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)])
    assert setup.group.focused is setup.deal_code
    blinks = _draws(app, 2.0)
    assert 2 <= blinks <= 5  # the caret shows and hides: once each a second


def test_the_lesson_redraws_only_its_glow(make_app: Any) -> None:
    app = make_app((1280, 800))
    app.stack.push(app.scene(Route.MENU))
    lesson = _settled(app, app.scene(Route.TUTORIAL))
    drawn = _draws(app, 2.0)
    assert drawn <= 2 * 8, drawn  # the frame's width pulses between a few values
    assert not lesson.table.needs_redraw()


def test_a_lesson_left_waiting_stops_pulsing_and_draws_nothing(make_app: Any) -> None:
    from rami_desktop.ui.help.coach_bubble import PULSE_SECONDS

    app = make_app((1280, 800))
    app.stack.push(app.scene(Route.MENU))
    _settled(app, app.scene(Route.TUTORIAL))
    _draws(app, PULSE_SECONDS + 0.5)  # the glow pulses for a while after the step is shown
    assert _draws(app, 3.0) == 0
