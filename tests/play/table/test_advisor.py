"""The table's advisor: a question is worked out on its thread while the screen goes on, its
answer is there at a later frame and says it came (the screens' tests wait for each answer in
the frame that asks, so the way of the game is checked here)."""

from __future__ import annotations

import threading
import time

from rami_desktop.play.table.advisor import Advisor

#: seconds a wait may take at most (a bound, never reached when all is well)
LIMIT = 60.0


def test_a_question_is_answered_at_a_later_frame_and_says_it_came() -> None:
    advisor = Advisor()
    gate = threading.Event()
    asked: list[int] = []

    def question(value: int) -> int:
        asked.append(value)
        gate.wait(LIMIT)
        return value * 2

    try:
        assert advisor.ask("hint", question, 21) == (False, None)  # being worked out
        assert advisor.ask("hint", question, 21) == (False, None)  # asked once, not again
        assert advisor.busy and not advisor.answered("hint") and not advisor.take_news()
        gate.set()
        advisor.wait(LIMIT)
        deadline = time.monotonic() + LIMIT  # the news is told just after the answer
        while not advisor.take_news():
            assert time.monotonic() < deadline, "no news of the answer"
            time.sleep(0.001)
        assert not advisor.take_news()  # said once
        assert advisor.ask("hint", question, 21) == (True, 42) and asked == [21]
        assert advisor.answered("hint") and not advisor.busy
    finally:
        advisor.close()
