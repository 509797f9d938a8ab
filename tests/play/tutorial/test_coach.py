"""Playing each lesson's expected moves through the engine reaches its end; the coach follows."""

from __future__ import annotations

import random

import pytest

from rami_desktop.engine.actions import Discard, Draw, Lay, TakeBack
from rami_desktop.engine.cards import parse_card, parse_cards
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.outlook import Outcome
from rami_desktop.engine.state import RoundState
from rami_desktop.play.session.driver import BotDriver, RoundTable
from rami_desktop.play.tutorial.coach import LessonRun, ScriptedBot
from rami_desktop.play.tutorial.facts import coach_values
from rami_desktop.play.tutorial.lessons import lesson_by_key, lesson_match, load_lessons, new_round
from rami_desktop.play.tutorial.model import BOT, HUMAN, Step, StepKind
from rami_desktop.play.tutorial.texts import MISTAKES, TEXTS

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
            assert run.choose([Draw(HUMAN, "top"), step.action], state) == step.action
            hint = run.hint(state)
            assert hint is not None and run.choose(hint, state) == step.action
            state.apply(step.action)
            run.applied(step.action, state)
        else:
            assert run.bot_may_play and driver.bot_seat() == BOT
            outcome = driver.step()
            assert outcome.refused is None and not outcome.rescued
            for action in outcome.applied:
                run.applied(action, state)
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


def test_a_wrong_move_gets_the_explanation_of_its_kind_and_is_not_chosen() -> None:
    lesson = lesson_by_key("draw_discard")
    state = new_round(lesson)
    run = LessonRun(lesson)
    assert run.choose([Draw(HUMAN, "stock")], state) is None  # the welcome text is read first
    assert run.hint(state) is None  # nothing to hint at while a text is read
    run.proceed()
    discard = Discard(HUMAN, parse_card("8C"))
    assert run.choose([discard], state) is None
    # discarding before the draw: the engine says draw_first, the coach says why
    assert run.mistake([discard], state) == (MISTAKES["draw_first"], ErrorCode.DRAW_FIRST)
    run.applied(discard, state)  # nothing moves on
    assert run.index == 1
    assert run.choose([Draw(HUMAN, "stock")], state) == Draw(HUMAN, "stock")


def test_lesson_1_step_6_explains_each_kind_of_mistake() -> None:
    lesson = lesson_by_key("draw_discard")
    state = new_round(lesson)
    run = LessonRun(lesson)
    for step in lesson.steps[:5]:
        advance(run, state, step)
    assert run.index == 5
    early = Discard(HUMAN, parse_card("3C"))
    assert run.mistake([early], state)[0] == MISTAKES["draw_first"]
    talaj = Draw(HUMAN, "top")
    assert run.mistake([talaj], state) == (MISTAKES["unplayable_pickup"],
                                           ErrorCode.UNPLAYABLE_PICKUP)


def test_lesson_5_the_locked_talaj_and_an_early_discard_get_their_own_words() -> None:
    lesson = lesson_by_key("talaj")
    state = new_round(lesson)
    run = LessonRun(lesson)
    lock = next(i for i, s in enumerate(lesson.steps) if s.coach == TEXTS["talaj.lock"])
    for step in lesson.steps[:lock]:
        advance(run, state, step)
    assert run.index == lock
    assert run.mistake([Draw(HUMAN, "top")], state)[0] == TEXTS["talaj.lock.wrong"]
    assert run.mistake([Discard(HUMAN, parse_card("4S"))], state)[0] == MISTAKES["draw_first"]


def advance(run: LessonRun, state: RoundState, step: Step) -> None:
    """Play one step the lesson's way (Bot's moves straight to the engine)."""
    if step.kind is StepKind.CONTINUE:
        run.proceed()
        return
    for action in ((step.action,) if step.action is not None else step.bot):
        assert step.kind is StepKind.BOT or run.choose([action], state) == action
        state.apply(action)
        run.applied(action, state)


def play_to(key: str, coach: str) -> tuple[LessonRun, RoundState]:
    """A lesson played its way up to the step whose coach text is ``coach``."""
    lesson = lesson_by_key(key)
    state = new_round(lesson)
    run = LessonRun(lesson)
    while run.step is not None and run.step.coach != TEXTS[coach]:
        advance(run, state, run.step)
    assert run.step is not None
    return run, state


def test_lesson_3_a_legal_going_out_is_accepted_and_praised() -> None:
    """Opening with the joker's série too, then the K♥: out under the base 71."""
    run, state = play_to("opening_count", "opening_count.discard")
    lay = Lay(HUMAN, parse_cards(["5S", "6S", "JK"]))
    assert run.choose([lay], state) == lay
    state.apply(lay)
    run.applied(lay, state)
    discard = Discard(HUMAN, parse_card("KH"))
    assert run.choose([discard], state) == discard
    state.apply(discard)
    run.applied(discard, state)
    assert state.over and state.winner == HUMAN
    assert run.praise is Outcome.OUT and run.step is not None
    assert run.step.coach == TEXTS["opening_count.end"]


def test_lesson_6_a_legal_going_out_is_accepted_and_praised() -> None:
    """7♠ 7♦ and the joker taken back, then the 2♦: out."""
    run, state = play_to("jokers", "jokers.keep")
    lay = Lay(HUMAN, parse_cards(["7S", "7D", "JK"]))
    assert run.choose([lay], state) == lay
    state.apply(lay)
    run.applied(lay, state)
    assert run.choose([Discard(HUMAN, parse_card("7S"))], state) is None  # not in the hand
    discard = Discard(HUMAN, parse_card("2D"))
    assert run.choose([discard], state) == discard
    state.apply(discard)
    run.applied(discard, state)
    assert state.over and state.winner == HUMAN and run.praise is Outcome.OUT
    assert run.step is not None and run.step.coach == TEXTS["jokers.end"]


def test_lesson_6_discarding_the_joker_is_not_welcome() -> None:
    run, state = play_to("jokers", "jokers.keep")
    joker = Discard(HUMAN, parse_card("JK"))
    assert state.check(joker) is None and run.choose([joker], state) is None
    assert run.mistake([joker], state) == (TEXTS["jokers.keep.wrong"], None)


def test_lesson_7_the_combinations_in_any_order() -> None:
    run, state = play_to("going_out", "going_out.tria")
    for codes in (["9S", "9H", "9C"], ["3H", "4H", "5H", "6H"], ["KS", "KH", "KD"],
                  ["10C", "JC", "QC", "KC"]):
        lay = Lay(HUMAN, parse_cards(codes))
        assert run.choose([lay], state) == lay, codes
        state.apply(lay)
        run.applied(lay, state)
    assert run.step is not None and run.step.coach == TEXTS["going_out.last"]
    discard = Discard(HUMAN, parse_card("2S"))
    assert run.choose([discard], state) == discard


def test_lesson_4_a_refused_discard_gets_the_engines_words() -> None:
    run, state = play_to("rising_bar", "rising_bar.more")
    early = Discard(HUMAN, parse_card("QS"))  # 74 points: below the bar of 76
    assert run.choose([early], state) is None
    assert run.mistake([early], state) == (None, ErrorCode.THRESHOLD_NOT_MET)


def test_lesson_2_taking_back_and_laying_again_is_welcome() -> None:
    run, state = play_to("tria_serie", "tria_serie.discard")
    back = TakeBack(HUMAN, state.staged[-1])
    assert run.choose([back], state) == back  # the série can be laid again: still an opening
    state.apply(back)
    run.applied(back, state)
    assert run.step is not None and run.step.coach == TEXTS["tria_serie.discard"]


def test_a_text_step_does_not_move_on_by_itself() -> None:
    lesson = lesson_by_key("tria_serie")
    run = LessonRun(lesson)
    run.applied(Lay(HUMAN, ()), new_round(lesson))
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


@pytest.mark.parametrize("key", KEYS)
def test_the_hint_never_names_a_move_the_lesson_step_refuses(key: str) -> None:
    """At every step of every lesson, played its way: the moves the table's hint may name are
    moves the step accepts (or the hint names none)."""
    lesson = lesson_by_key(key)
    state = new_round(lesson)
    run = LessonRun(lesson)
    named = 0
    while run.step is not None:
        hint = run.hint(state)
        if hint is not None:
            named += 1
            assert all(run.choose([move], state) == move for move in hint), (run.step, hint)
        else:
            assert run.step.kind is not StepKind.ACT or state.check(run.step.action) is not None
        advance(run, state, run.step)
    assert named == sum(1 for s in lesson.steps if s.kind is StepKind.ACT)
