"""The table screen's model alone: selection, cursor, message, hint cache; no pygame."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from rami_desktop.engine.cards import parse_cards
from rami_desktop.ui.table.table_model import MESSAGE_TIME, DragState, Press, TableModel

REPO = Path(__file__).resolve().parents[2]


def test_the_model_needs_no_pygame() -> None:
    code = ("import sys\nsys.modules['pygame'] = None\n"
            "import rami_desktop.ui.table.table_model\nprint('ok')\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr


def test_selection_and_cursor_stay_within_the_hand() -> None:
    model = TableModel()
    assert model.toggle(3, 5) and model.selected == {3} and model.cursor == 3
    assert not model.toggle(7, 5) and model.selected == {3}
    assert model.toggle(1, 5) and model.toggle(3, 5) and model.selected == {1}
    model.selected |= {4}
    model.fit(3)  # the hand shrank to three cards
    assert model.selected == {1} and model.cursor == 2  # the last card now
    model.move_cursor(+10, 3)
    assert model.cursor == 2
    model.move_cursor(-10, 3)
    assert model.cursor == 0


def test_what_a_command_means_by_the_selection_or_the_cursor() -> None:
    hand = list(parse_cards(["2S", "5H", "9C", "KD"]))
    model = TableModel(cursor=2)
    assert model.move_target(hand) == [2]  # nothing selected: the cursor card
    model.selected = {3, 0, 8}
    assert model.picked(hand) == [0, 3] == model.move_target(hand)
    model.clear()
    assert model.picked(hand) == []


def test_a_message_shows_then_fades() -> None:
    model = TableModel()
    model.say("No.")
    assert model.message == "No." and model.message_time == MESSAGE_TIME
    model.tick(1.0)
    assert model.message_time == MESSAGE_TIME - 1.0
    model.shorten_message()  # a move was played: it fades soon
    assert model.message_time <= 0.6
    model.tick(5.0)
    assert model.message_time == 0.0


def test_the_hint_is_computed_once_per_moment() -> None:
    model = TableModel()
    calls: list[int] = []

    def compute() -> tuple[list[int], str]:
        calls.append(1)
        return [len(calls)], f"hint {len(calls)}"

    assert model.hint(("turn", 1), compute) == ([1], "hint 1")
    assert model.hint(("turn", 1), compute) == ([1], "hint 1")
    assert model.hint(("turn", 2), compute) == ([2], "hint 2")
    assert len(calls) == 2


def test_a_press_and_a_drag_are_plain_data() -> None:
    model = TableModel(press=Press((10, 20), "hand", 4))
    model.drag, model.press = DragState("hand", (4, 5)), None
    assert model.drag == DragState("hand", (4, 5)) and model.press is None
