"""Playing each lesson's expected moves through the engine reaches its end; the coach follows."""

from __future__ import annotations

import random

import pytest

from rami_desktop.engine.actions import Discard, Draw, Lay
from rami_desktop.engine.cards import parse_card
from rami_desktop.engine.state import RoundState
from rami_desktop.play.driver import BotDriver, RoundTable
from rami_desktop.play.tutorial.coach import LessonRun, ScriptedBot
from rami_desktop.play.tutorial.facts import coach_values
from rami_desktop.play.tutorial.lessons import lesson_by_key, lesson_match, load_lessons, new_round
from rami_desktop.play.tutorial.model import BOT, HUMAN, StepKind
from rami_desktop.play.tutorial.texts import TEXTS

KEYS = [lesson.key for lesson in load_lessons()]


def play(key: str) -> tuple[LessonRun, RoundState, BotDriver]:
    """Play a lesson to its end: the expected moves, Bot through the one bot driver."""
    lesson = lesson_by_key(key)
    state = new_round(lesson)
    run = LessonRun(lesson)
    driver = BotDriver(RoundTable(state), {BOT: ScriptedBot.for_lesson(lesson)},
                       {BOT: random.Random(0)})
    for _ in range(200):
        step = run.step
        if step is None:
            break
        if step.kind is StepKind.CONTINUE:
            assert not run.bot_may_play
            run.proceed()
        elif step.kind is StepKind.ACT:
            assert step.action is not None
            assert run.choose([Draw(HUMAN, "top"), step.action]) == step.action
            state.apply(step.action)
            run.applied(step.action)
        else:
            assert run.bot_may_play and driver.bot_seat() == BOT
            outcome = driver.step()
            assert outcome.refused is None and not outcome.rescued
            for action in outcome.applied:
                run.applied(action)
    return run, state, driver


@pytest.mark.parametrize("key", KEYS)
def test_each_lesson_played_as_expected_reaches_its_end(key: str) -> None:
    run, _state, driver = play(key)
    assert run.finished and run.progress == (len(run.lesson.steps),) * 2
    assert driver.stats.illegal == 0 and driver.stats.rescues == 0


def test_the_last_lesson_ends_the_round_and_counts_bots_penalty() -> None:
    _run, state, _driver = play("going_out")
    assert state.over and state.winner == HUMAN
    values = coach_values(state)
    assert values["penalty"] == state.penalty_breakdown(BOT).total == 60  # 4 cards and a joker
    assert values["points"] == 115


def test_the_rising_bar_lesson_reads_the_bar_from_the_engine() -> None:
    lesson = lesson_by_key("rising_bar")
    state = new_round(lesson)
    for move in lesson.steps[1].bot:
        state.apply(move)
    values = coach_values(state)
    assert values["bot_points"] == 75 and values["bar"] == 76 and values["base"] == 71


def test_a_wrong_move_gets_the_steps_explanation_and_is_not_chosen() -> None:
    run = LessonRun(lesson_by_key("draw_discard"))
    assert run.choose([Draw(HUMAN, "stock")]) is None  # the welcome text is read first
    run.proceed()
    assert run.choose([Discard(HUMAN, parse_card("8C"))]) is None
    assert run.explanation() == TEXTS["draw_discard.draw.wrong"]
    run.applied(Discard(HUMAN, parse_card("8C")))  # nothing moves on
    assert run.index == 1
    assert run.choose([Draw(HUMAN, "stock")]) == Draw(HUMAN, "stock")


def test_a_text_step_does_not_move_on_by_itself() -> None:
    run = LessonRun(lesson_by_key("tria_serie"))
    run.applied(Lay(HUMAN, ()))
    assert run.index == 0 and run.waiting_for_click
    run.proceed()
    assert run.index == 1
    run.proceed()  # an action is awaited: a click does nothing
    assert run.index == 1


def test_scripted_bot_reads_its_move_from_the_observation() -> None:
    lesson = lesson_by_key("rising_bar")
    bot = ScriptedBot.for_lesson(lesson)
    state = new_round(lesson)
    rng = random.Random(0)
    first = bot.act(state.observation(BOT), rng)
    assert bot.act(state.observation(BOT), rng) == first  # asked twice: the same move
    state.apply(first)
    assert bot.act(state.observation(BOT), rng) == lesson.steps[1].bot[1]
    assert not bot.wants_redeal(state.observation(BOT), rng)


def test_a_lesson_match_plays_the_prepared_deal() -> None:
    lesson = lesson_by_key("talaj")
    match = lesson_match(lesson)
    assert match.round == new_round(lesson)
    assert match.seat_of(HUMAN) == HUMAN and match.seat_of(BOT) == BOT
    match.apply(lesson.steps[1].bot[0])
    assert match.logs == [[lesson.steps[1].bot[0]]]
