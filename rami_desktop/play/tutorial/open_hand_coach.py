"""A lesson's game with its coach, who sees every hand on purpose.

The tutorial's screen shows the lesson on the real table: it gets :attr:`OpenHandCoach.table`,
which draws the player's own seat view like any table. The coach is the one part of the game
that reads the whole lesson round, Bot's hand included, and it does so on purpose: it judges a
move against the lesson's plan with the engine (:class:`~.coach.LessonRun`), names Bot's cards
and what Bot pays (:func:`~.facts.coach_values`) and follows every action applied, Bot's too.
The screen never holds that round: it asks the coach for a verdict, a hint or the numbers of a
text, and gets data back.
"""

from __future__ import annotations

from collections.abc import Sequence

from rami_desktop.engine.actions import Action
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table

from .coach import LessonRun, ScriptedBot
from .facts import coach_values
from .lessons import lesson_match
from .model import BOT, Lesson


class OpenHandCoach:
    """One lesson being played: its table and its coach (see the module's text).

    Args:
        lesson: the lesson to play, on its prepared deal against its scripted Bot (nothing
            saved, no statistics, no deal code).
    """

    def __init__(self, lesson: Lesson) -> None:
        config = GameConfig(rules=lesson.rules,
                            seats=(Seat(None, "human"), Seat(None, "bot", "easy")),
                            seed=lesson.seed)
        self._session = Session(config, lesson_match(lesson), prepared=True,
                                bots={BOT: ScriptedBot.for_lesson(lesson)})
        #: the table the screen shows: the player's seat view, as at any table
        self.table = Table(self._session)
        #: where the player stands in the lesson
        self.run = LessonRun(lesson)
        self._seen = 0  # actions of the round's log already told to the run

    @property
    def _every_hand(self) -> RoundState:
        """The whole lesson round, Bot's hand included: the coach's alone."""
        return self._session.round

    def choose(self, candidates: Sequence[Action]) -> Action | None:
        """The candidate the lesson lets the player play now (None: none of them)."""
        return self.run.choose(candidates, self._every_hand)

    def mistake(self, candidates: Sequence[Action]) -> tuple[str | None, ErrorCode | None]:
        """Why a move is not played: the lesson's explanation (a msgid, None for the engine's
        own words) and the engine's refusal code (None: legal, only not the lesson's)."""
        return self.run.mistake(candidates, self._every_hand)

    def hint(self) -> tuple[Action, ...] | None:
        """The moves the table's hint may name now (None: the hint is hidden)."""
        return self.run.hint(self._every_hand)

    def values(self) -> dict[str, int]:
        """The numbers a coach text may name now (:func:`~.facts.coach_values`)."""
        return coach_values(self._every_hand)

    def follow(self) -> bool:
        """Tell the run every action applied since the last call; return whether the lesson
        moved on a step."""
        r = self._every_hand
        before = self.run.index
        while self._seen < len(r.log):
            self.run.applied(r.log[self._seen], r)
            self._seen += 1
        return self.run.index != before
