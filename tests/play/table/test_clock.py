"""The table clock: the same pace for the table, the text mode and the host."""

from __future__ import annotations

import io

from rami_desktop.commands.cli import Game
from rami_desktop.play.table.clock import TableClock, bot_pause, round_end_pause


def test_a_bot_waits_the_pace_after_each_move_unless_the_players_go_on() -> None:
    clock = TableClock("normal")
    assert clock.bot_may_start()
    clock.moved(round_over=False)
    assert not clock.bot_may_start()
    clock.tick(bot_pause("normal") / 2)
    assert not clock.bot_may_start()
    clock.tick(bot_pause("normal"))
    assert clock.bot_may_start()
    assert not clock.bot_may_start(settled=False)  # cards still sliding on a screen
    assert not clock.bot_may_start(held=True)  # "wait for me"
    clock.moved(round_over=False)
    clock.go_on()
    assert clock.bot_may_start()
    off = TableClock("off")
    off.moved(round_over=False)
    assert off.bot_may_start(settled=False)  # no animation to wait for


def test_the_summary_is_due_once_after_the_round_end_pause() -> None:
    clock = TableClock("slow")
    clock.moved(round_over=True)
    assert not clock.summary_due(1)
    clock.tick(round_end_pause("slow") - 0.01)
    assert not clock.summary_due(1)
    clock.tick(0.02)
    assert not clock.summary_due(1, settled=False)
    assert clock.summary_due(1)
    assert not clock.summary_due(1)  # shown once
    clock.dealt()
    clock.moved(round_over=True)
    clock.tick(10)
    assert clock.summary_due(2)


def test_the_text_mode_keeps_the_tables_pace() -> None:
    """The bot (dealer) plays first: between its moves the text mode pauses as the table."""
    pauses: list[float] = []
    game = Game("talaj", 2, seed=5, inp=io.StringIO(), out=io.StringIO(), first_dealer=1,
                pace="fast", sleep=pauses.append)
    game.maybe_redeal()
    assert game.session.driver.bot_seat() == 1
    game.bot_turn()
    assert pauses and all(p == bot_pause("fast") for p in pauses)
    assert game.clock.bot_wait == bot_pause("fast")  # the human's turn: it waited its pause
    quiet = Game("talaj", 2, seed=5, inp=io.StringIO(), out=io.StringIO(), first_dealer=1,
                 sleep=pauses.append)
    pauses.clear()
    quiet.maybe_redeal()
    quiet.bot_turn()
    assert pauses == []  # the default pace (off) never waits

