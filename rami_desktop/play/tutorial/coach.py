"""Following a lesson as it is played: which step stands, which move it accepts, Bot's script.

:class:`LessonRun` is told every action the table applies (the player's and Bot's) and every
click on the coach's bubble; it says which candidate action of the player is the expected one
(the others get the step's explanation instead of being played). :class:`ScriptedBot` is the
lesson's Bot: a :class:`~rami_desktop.bots.Bot` that plays the lesson's moves in order.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rami_desktop.engine.actions import Action
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.observation import Observation

from .model import Lesson, Step, StepKind, matches


class LessonRun:
    """Where the player stands in a lesson.

    Args:
        lesson: the lesson followed.
    """

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        self._bot_done = 0

    @property
    def step(self) -> Step | None:
        """The step shown now (None once the lesson is finished)."""
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def finished(self) -> bool:
        """Whether every step is done."""
        return self.index >= len(self.lesson.steps)

    @property
    def waiting_for_click(self) -> bool:
        """Whether the step shown is a text to read, done with a click."""
        step = self.step
        return step is not None and step.kind is StepKind.CONTINUE

    @property
    def bot_may_play(self) -> bool:
        """Whether Bot plays now (only during a step that waits for its moves)."""
        step = self.step
        return step is not None and step.kind is StepKind.BOT

    @property
    def progress(self) -> tuple[int, int]:
        """``(steps done, steps in all)``."""
        return min(self.index, len(self.lesson.steps)), len(self.lesson.steps)

    def choose(self, candidates: Sequence[Action]) -> Action | None:
        """The candidate that is the move the step expects, or None (any other move, or a
        step that expects no move of the player: the move is not played)."""
        step = self.step
        if step is None or step.kind is not StepKind.ACT or step.action is None:
            return None
        return next((a for a in candidates if matches(step.action, a)), None)

    def explanation(self) -> str:
        """What to tell a player whose move is not the expected one (a msgid; empty when the
        step waits for no move of the player)."""
        step = self.step
        return step.wrong if step is not None else ""

    def proceed(self) -> None:
        """The player read the step's text: the next step (only for a text to read)."""
        if self.waiting_for_click:
            self.index += 1

    def applied(self, action: Action) -> None:
        """The table applied an action: move on when it completes the step."""
        step = self.step
        if step is None:
            return
        if step.kind is StepKind.ACT and step.action is not None and matches(step.action, action):
            self.index += 1
        elif step.kind is StepKind.BOT and self._bot_done < len(step.bot) \
                and matches(step.bot[self._bot_done], action):
            self._bot_done += 1
            if self._bot_done == len(step.bot):
                self._bot_done = 0
                self.index += 1


class ScriptedBot:
    """The lesson's Bot: plays the lesson's moves for it, one per call.

    Each Bot step of a lesson is one whole turn of Bot's. The move to play is read from the
    observation alone (Bot's discards so far give the turn, this turn's draw and layings the
    place in it), so a decision asked for twice gives the same move.

    Args:
        turns: Bot's moves, one tuple per turn, in order.
    """

    level = "easy"

    def __init__(self, turns: Sequence[Sequence[Action]]) -> None:
        self._turns = tuple(tuple(t) for t in turns)

    @classmethod
    def for_lesson(cls, lesson: Lesson) -> ScriptedBot:
        """The Bot of a lesson."""
        return cls([s.bot for s in lesson.steps if s.kind is StepKind.BOT])

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """Bot's scripted move at this point of the round.

        Raises:
            LookupError: the script has no move here (the lesson is over by then).
        """
        turn = sum(1 for player, _card in obs.discards if player == obs.player)
        view = obs.own_turn
        done = 0 if view is None else int(view.drawn) + len(view.ops)
        if turn >= len(self._turns) or done >= len(self._turns[turn]):
            raise LookupError("the lesson's Bot has no move here")
        return self._turns[turn][done]

    def wants_redeal(self, obs: Observation, rng: random.Random) -> bool:
        """Never: the lesson's deal is the lesson."""
        return False

    def refused(self, action: Action, code: ErrorCode) -> None:
        """Nothing to learn: the lessons are checked by the engine when they load."""
