"""The open-hand coach: a lesson on a table whose screen sees only the player's seat view,
while the coach alone reads the whole round (Bot's hand included) to judge and to count."""

from __future__ import annotations

from rami_desktop.engine.actions import Draw
from rami_desktop.play.tutorial.lessons import load_lessons
from rami_desktop.play.tutorial.model import BOT, HUMAN, StepKind
from rami_desktop.play.tutorial.open_hand_coach import OpenHandCoach


def test_the_screen_sees_the_players_hand_and_the_coach_counts_bots() -> None:
    lesson = load_lessons()[0]
    coach = OpenHandCoach(lesson)
    shown = coach.table.shown
    assert shown.viewer == HUMAN and shown.hand(HUMAN)
    assert shown.hand(BOT) == ()  # the screen never gets Bot's cards
    bot_cards = shown.hand_size(BOT)
    assert bot_cards > 0 and coach.values()["bot_cards"] == bot_cards
    assert not coach.table.round_over


def test_the_coach_plays_the_lesson_through_its_table_to_the_end() -> None:
    lesson = load_lessons()[0]
    coach = OpenHandCoach(lesson)
    table = coach.table
    for _ in range(300):
        step = coach.run.step
        if step is None:
            break
        if step.kind is StepKind.CONTINUE:
            coach.run.proceed()
        elif step.kind is StepKind.ACT:
            assert step.action is not None
            # a move the lesson does not plan is explained, not played
            wrong = Draw(HUMAN, "first")
            if coach.choose([wrong]) is None:
                msgid, _code = coach.mistake([wrong])
                assert msgid is not None or _code is not None
            assert coach.hint() in (None, (step.action,))
            chosen = coach.choose([step.action])
            assert chosen == step.action
            assert table.play(HUMAN, chosen).code is None
            assert coach.follow()
        else:  # Bot's step: its scripted moves through the table's own bot turn
            assert table.think()
            for _wait in range(2000):
                if table.poll():
                    break
                table.worker.wait(0.05)
            coach.follow()
        table.take_happenings()
    assert coach.run.finished
    table.close()
