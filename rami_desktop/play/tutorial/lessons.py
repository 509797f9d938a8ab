"""Loading the lessons: the JSON files of ``lessons/``, each checked by the engine at load.

Every lesson is played through once, on its own prepared deal, when it is loaded: each
expected action of the player and each of Bot's must be accepted by the rules at its step, each
move the lesson says is refused must be refused with the code it names, each point count it
states must be the engine's. A lesson that no longer fits the rules raises :class:`LessonError`
naming the lesson, the step and the fault (the test suite loads them all).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from importlib import resources
from typing import Any

from rami_desktop.engine.actions import Action, Discard, action_from_dict
from rami_desktop.engine.cards import CardCodeError, parse_cards
from rami_desktop.engine.deal import check_deal, complete_stock
from rami_desktop.engine.errors import ErrorCode, RuleError
from rami_desktop.engine.match import Match
from rami_desktop.engine.outlook import Outcome
from rami_desktop.engine.rules import preset
from rami_desktop.engine.state import RoundState
from rami_desktop.engine.turn import has_cards

from .coach import span_end
from .model import (
    BOT,
    HUMAN,
    MOVE_KINDS,
    Aim,
    Deal,
    Lesson,
    Refusal,
    Step,
    StepKind,
    Target,
)
from .texts import TEXTS

#: the folder of the lesson files, inside the package
LESSONS_FOLDER = "lessons"


class LessonError(ValueError):
    """A lesson file is malformed, or its deal and steps do not fit the rules."""


def new_round(lesson: Lesson) -> RoundState:
    """A fresh round on the lesson's prepared deal."""
    d = lesson.deal
    return RoundState(lesson.rules, d.hands, d.talaj, d.stock, d.dealer, lesson.seed)


def lesson_match(lesson: Lesson) -> Match:
    """A match of two seats (the player, then Bot) whose round is the lesson's prepared deal."""
    match = Match(lesson.rules, 2, lesson.seed, first_dealer=lesson.deal.dealer)
    match.round = new_round(lesson)
    return match


def _text(key: Any, where: str) -> str:
    """The msgid a lesson names by its key."""
    if not isinstance(key, str) or key not in TEXTS:
        raise LessonError(f"{where}: unknown text {key!r}")
    return TEXTS[key]


def _action(data: Any, player: int, where: str) -> Action:
    if not isinstance(data, dict):
        raise LessonError(f"{where}: an action must be an object")
    try:
        return action_from_dict({**data, "player": player})
    except (ValueError, CardCodeError) as exc:
        raise LessonError(f"{where}: {exc}") from exc


def _refusal(data: Any, where: str) -> Refusal:
    if not isinstance(data, dict):
        raise LessonError(f"{where}: a refusal must be an object")
    try:
        code = ErrorCode(data.get("code"))
    except ValueError as exc:
        raise LessonError(f"{where}: unknown refusal code {data.get('code')!r}") from exc
    rest = {k: v for k, v in data.items() if k != "code"}
    return Refusal(_action(rest, HUMAN, where), code)


def _wrong_when(data: Any, where: str) -> tuple[tuple[str, str], ...]:
    """The explanations a step gives for kinds of mistake."""
    if not isinstance(data, dict):
        raise LessonError(f"{where}: 'wrong_when' must map kinds of mistake to texts")
    kinds = set(MOVE_KINDS.values()) | {code.value for code in ErrorCode}
    for kind in data:
        if kind not in kinds:
            raise LessonError(f"{where}: unknown kind of mistake {kind!r}")
    return tuple((kind, _text(key, where)) for kind, key in data.items())


def _goal(data: Any, where: str) -> Outcome | None:
    """A step's goal: ``down`` or ``out`` (None: only the expected move is welcome)."""
    if data is None:
        return None
    goals = {"down": Outcome.DOWN, "out": Outcome.OUT}
    if data not in goals:
        raise LessonError(f"{where}: the goal must be one of {sorted(goals)}, not {data!r}")
    return goals[data]


def _step(data: Any, where: str) -> tuple[Step, int | None]:
    """A step and the points it states (None if it states none)."""
    if not isinstance(data, dict):
        raise LessonError(f"{where}: a step must be an object")
    try:
        target = Target(data.get("point", "none"))
        cards = parse_cards(data.get("cards", []))
    except (ValueError, CardCodeError) as exc:
        raise LessonError(f"{where}: {exc}") from exc
    meld = data.get("meld")
    if meld is not None and (isinstance(meld, bool) or not isinstance(meld, int)):
        raise LessonError(f"{where}: 'meld' must be a number")
    aim = Aim(target, cards, meld)
    refused = tuple(_refusal(r, where) for r in data.get("refused", []))
    step = Step(StepKind.CONTINUE, _text(data.get("coach"), where), aim, refused=refused)
    if "do" in data and "bot" in data:
        raise LessonError(f"{where}: a step waits for the player or for Bot, not both")
    if "do" in data:
        step = replace(step, kind=StepKind.ACT, action=_action(data["do"], HUMAN, where),
                       wrong=_text(data.get("wrong"), where),
                       wrong_when=_wrong_when(data.get("wrong_when", {}), where),
                       goal=_goal(data.get("goal"), where))
    elif "bot" in data:
        moves = data["bot"]
        if not isinstance(moves, list) or not moves:
            raise LessonError(f"{where}: 'bot' must be a list of actions")
        step = replace(step, kind=StepKind.BOT,
                       bot=tuple(_action(m, BOT, where) for m in moves))
    points = data.get("points")
    if points is not None and (isinstance(points, bool) or not isinstance(points, int)):
        raise LessonError(f"{where}: 'points' must be a number")
    return step, points


def parse_lesson(data: Any, name: str = "lesson") -> Lesson:
    """Build a lesson from its JSON data and check it against the engine.

    Raises:
        LessonError: malformed data, or a deal or step the rules refuse (names the fault).
    """
    if not isinstance(data, dict):
        raise LessonError(f"{name}: not an object")
    try:
        rules = preset("talaj", **dict(data.get("rules") or {}))
        hands = tuple(parse_cards(h) for h in data["hands"])
        talaj = parse_cards(data.get("talaj", []))
        named = parse_cards(data.get("stock", []))
        dealer, seed, number = data["dealer"], data["seed"], data["number"]
        key, title = str(data["key"]), _text(data["title"], name)
        raw_steps = data["steps"]
    except (KeyError, TypeError) as exc:
        raise LessonError(f"{name}: missing or bad field {exc}") from exc
    except (ValueError, CardCodeError) as exc:
        raise LessonError(f"{name}: {exc}") from exc
    if len(hands) != 2:
        raise LessonError(f"{name}: a lesson is dealt to the player and Bot (2 hands)")
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in (dealer, seed, number)):
        raise LessonError(f"{name}: dealer, seed and number must be whole numbers")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise LessonError(f"{name}: no steps")
    used = [c for h in hands for c in h] + list(talaj)
    stock = tuple(complete_stock(named, used, random.Random(seed)))
    try:
        check_deal(rules, hands, talaj, stock, dealer)
    except ValueError as exc:
        raise LessonError(f"{name}: {exc}") from exc
    parsed = [_step(s, f"{name} step {i + 1}") for i, s in enumerate(raw_steps)]
    lesson = Lesson(key, number, title, rules, Deal(hands, talaj, stock, dealer), seed,
                    tuple(step for step, _points in parsed))
    check_lesson(lesson, [points for _step_, points in parsed], name)
    return lesson


def check_lesson(lesson: Lesson, points: list[int | None], name: str) -> None:
    """Play the lesson's steps through the engine; raise LessonError at the first misfit.

    Args:
        lesson: the lesson.
        points: the franche points each step states the player has staged after it (None:
            none stated).
        name: the lesson's name in the messages.
    """
    state = new_round(lesson)
    for i, (step, stated) in enumerate(zip(lesson.steps, points, strict=True)):
        where = f"{name} step {i + 1}"
        _check_aim(state, step.aim, where)
        for refusal in step.refused:
            code = state.check(refusal.action)
            if code is not refusal.code:
                got = "accepted" if code is None else f"refused with {code.value}"
                raise LessonError(f"{where}: {refusal.action} should be refused with "
                                  f"{refusal.code.value}, the rules say {got}")
        moves = (step.action,) if step.action is not None else step.bot
        for action in moves:
            if state.over:
                raise LessonError(f"{where}: the round is over before {action}")
            try:
                state.apply(action)
            except RuleError as err:
                raise LessonError(f"{where}: the rules refuse {action} ({err.code.value})"
                                  ) from err
        if step.goal is not None and not isinstance(lesson.steps[span_end(lesson, i)].action,
                                                     Discard):
            raise LessonError(f"{where}: a step with a goal is part of a turn the player ends "
                              "with a discard step")
        if step.kind is StepKind.BOT and not state.over and state.current != HUMAN:
            raise LessonError(f"{where}: Bot's turn does not end with its actions")
        if stated is not None:
            status = state.opening_status()
            if status.player != HUMAN or status.staged_points != stated:
                raise LessonError(f"{where}: the lesson says {stated} points, the engine "
                                  f"counts {status.staged_points}")
    last = lesson.steps[-1]
    if last.kind is not StepKind.CONTINUE:
        raise LessonError(f"{name}: the last step must be a text to read")


def _check_aim(state: RoundState, aim: Aim, where: str) -> None:
    checks: dict[Target, Callable[[], bool]] = {
        Target.TALAJ: lambda: state.top is not None,
        Target.FIRST: lambda: state.first_card is not None,
        Target.MELD: lambda: aim.meld is not None and 0 <= aim.meld < len(state.melds)
        and state.melds[aim.meld].meld is not None,
        Target.HAND: lambda: bool(aim.cards),
    }
    check = checks.get(aim.target)
    if check is not None and not check():
        raise LessonError(f"{where}: nothing to point at ({aim.target.value})")
    if aim.cards and not has_cards(state.hands[HUMAN], aim.cards):
        raise LessonError(f"{where}: the player's hand does not hold {list(aim.cards)}")


def _read(filename: str) -> Any:
    path = resources.files(__package__).joinpath(LESSONS_FOLDER).joinpath(filename)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise LessonError(f"{filename}: {exc}") from exc


def lesson_files() -> list[str]:
    """The lesson files of the package, in their order."""
    folder = resources.files(__package__).joinpath(LESSONS_FOLDER)
    return sorted((p.name for p in folder.iterdir() if p.name.endswith(".json")),
                  key=lambda n: (len(n.split("_", 1)[0]), n))


@cache
def load_lessons() -> tuple[Lesson, ...]:
    """Every lesson, in order, each checked by the engine (loaded once).

    Raises:
        LessonError: a lesson file is malformed or no longer fits the rules.
    """
    lessons = tuple(parse_lesson(_read(name), name) for name in lesson_files())
    numbers = [lesson.number for lesson in lessons]
    if numbers != list(range(1, len(lessons) + 1)):
        raise LessonError(f"the lessons are numbered {numbers}, not 1 to {len(lessons)}")
    keys = [lesson.key for lesson in lessons]
    if len(set(keys)) != len(keys):
        raise LessonError(f"two lessons share a key: {keys}")
    return lessons


def lesson_by_key(key: str) -> Lesson:
    """One lesson by its key.

    Raises:
        KeyError: no lesson has that key.
    """
    for lesson in load_lessons():
        if lesson.key == key:
            return lesson
    raise KeyError(key)
