"""Following a lesson as it is played: which step stands, which move it accepts, Bot's script.

:class:`LessonRun` is told every action the table applies (the player's and Bot's) and every
click on the coach's bubble; it says which candidate action of the player is played: the
expected one, or at a step with a goal any legal move after which the engine says the turn can
still end as well (praised when the turn ends); the others get an explanation chosen by the
kind of mistake instead of being played. :class:`ScriptedBot` is the lesson's Bot: a
:class:`~rami_desktop.bots.Bot` that plays the lesson's moves in order.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from rami_desktop.engine.actions import Action, Discard, Lay
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.observation import Observation
from rami_desktop.engine.outlook import Outcome, outcome, reachable
from rami_desktop.engine.state import RoundState
from rami_desktop.engine.turn import StagedLay

from .model import HUMAN, Lesson, Step, StepKind, matches, move_kind
from .texts import MISTAKES


class LessonRun:
    """Where the player stands in a lesson.

    Args:
        lesson: the lesson followed.
    """

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        self._bot_done = 0
        #: a move other than the expected one was welcome in this turn (see :attr:`Step.goal`)
        self.strayed = False
        #: how the last turn that strayed ended (None: nothing to praise)
        self.praise: Outcome | None = None

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

    def choose(self, candidates: Sequence[Action], state: RoundState) -> Action | None:
        """The candidate to play: the move the step expects, else (a step with a goal) the first
        legal one after which the turn can still end as well, as the engine judges; None for
        any other move, or a step that expects no move of the player (it is not played)."""
        step = self.step
        if step is None or step.kind is not StepKind.ACT or step.action is None:
            return None
        expected = step.action
        chosen = next((a for a in candidates if matches(expected, a)), None)
        if chosen is not None or step.goal is None:
            return chosen
        return next((a for a in candidates if welcome(a, state, step.goal)), None)

    def mistake(self, candidates: Sequence[Action], state: RoundState
                ) -> tuple[str | None, ErrorCode | None]:
        """Why a move is not played: the explanation (a msgid, None to use the engine's own
        words for its refusal) and the engine's refusal code (None: the move is legal, only
        not the lesson's)."""
        step = self.step
        if step is None or step.kind is not StepKind.ACT or not candidates:
            return None, None
        codes = [state.check(a) for a in candidates]
        if all(code is not None for code in codes):
            code = codes[0]
            assert code is not None
            return step.explanation_for(code.value) or MISTAKES.get(code.value), code
        legal = next(a for a, code in zip(candidates, codes, strict=True) if code is None)
        return step.explanation_for(move_kind(legal)) or step.wrong, None

    def hint(self, state: RoundState) -> tuple[Action, ...] | None:
        """The moves the table's hint may name now: the step's expected move when the engine
        accepts it, else none (None: the hint is hidden)."""
        step = self.step
        if step is None or step.kind is not StepKind.ACT or step.action is None:
            return None
        if state.current != HUMAN or state.check(step.action) is not None:
            return None
        return (step.action,)

    def proceed(self) -> None:
        """The player read the step's text: the next step (only for a text to read)."""
        if self.waiting_for_click:
            self.index += 1
            self.praise = None

    def applied(self, action: Action, state: RoundState) -> None:
        """The table applied an action (``state``: the round after it): move on when it
        completes the step, skip the steps a welcome move already did, and after a turn that
        strayed from the lesson go on after its end."""
        step = self.step
        if step is None:
            return
        if step.kind is StepKind.BOT:
            if self._bot_done < len(step.bot) and matches(step.bot[self._bot_done], action):
                self._bot_done += 1
                if self._bot_done == len(step.bot):
                    self._bot_done = 0
                    self.index += 1
            return
        if step.kind is not StepKind.ACT or step.action is None or action.player != HUMAN:
            return
        expected = matches(step.action, action)
        if not expected:
            if step.goal is None:
                return
            self.strayed = True
        if isinstance(action, Discard):
            self._turn_ended(state, expected)
            return
        if expected:
            self.index += 1
        self._skip_done(state)

    def _turn_ended(self, state: RoundState, expected: bool) -> None:
        """The player discarded: the lesson goes on after the turn's last step."""
        if self.strayed:
            self.praise = outcome(state, HUMAN)
            self.index = span_end(self.lesson, self.index) + 1
        elif expected:
            self.index += 1
        self.strayed = False
        steps = self.lesson.steps
        while state.over and self.index < len(steps) and \
                steps[self.index].kind is not StepKind.CONTINUE:
            self.index += 1  # the round is over: only its texts are left

    def _skip_done(self, state: RoundState) -> None:
        """Pass the steps whose laying a welcome move already staged this turn."""
        view = state.turn_view()
        laid = [Counter(op.cards) for op in view.ops if isinstance(op, StagedLay)]
        while self.strayed and (step := self.step) is not None and \
                isinstance(step.action, Lay) and Counter(step.action.cards) in laid:
            self.index += 1


def welcome(action: Action, state: RoundState, goal: Outcome) -> bool:
    """Whether a move the lesson did not plan is fine: legal, and the turn can still end at
    ``goal`` or better after it (a discard: the turn it ends reached it)."""
    if action.player != HUMAN or state.check(action) is not None:
        return False
    probe = state.clone()
    probe.apply(action)
    if isinstance(action, Discard):
        return outcome(probe, HUMAN) >= goal
    return reachable(probe) >= goal


def span_end(lesson: Lesson, index: int) -> int:
    """The step that ends the turn of step ``index`` (its discard), or the last step."""
    steps = lesson.steps
    for k in range(index, len(steps)):
        if isinstance(steps[k].action, Discard) or steps[k].kind is StepKind.BOT:
            return k
    return len(steps) - 1


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
