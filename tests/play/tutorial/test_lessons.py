"""The lessons: each loads, is checked by the engine, and a lesson that no longer fits the rules
fails here (not in front of the player)."""

from __future__ import annotations

import copy
import json
import string
from importlib import resources
from typing import Any

import pytest

from rami_desktop.engine.actions import Discard, Draw, Lay
from rami_desktop.engine.cards import parse_card, parse_cards
from rami_desktop.play.tutorial.facts import coach_values
from rami_desktop.play.tutorial.lessons import (
    LessonError,
    lesson_by_key,
    lesson_files,
    load_lessons,
    new_round,
    parse_lesson,
)
from rami_desktop.play.tutorial.model import BOT, HUMAN, StepKind, Target, matches
from rami_desktop.play.tutorial.texts import CLOSING, TEXTS

LESSONS = load_lessons()
KEYS = [lesson.key for lesson in LESSONS]


def raw(name: str) -> dict[str, Any]:
    folder = resources.files("rami_desktop.play.tutorial").joinpath("lessons")
    return json.loads(folder.joinpath(name).read_text(encoding="utf-8"))


def test_seven_lessons_in_order() -> None:
    assert [lesson.number for lesson in LESSONS] == list(range(1, 8))
    assert KEYS == ["draw_discard", "tria_serie", "opening_count", "rising_bar", "talaj",
                    "jokers", "going_out"]
    assert len(lesson_files()) == 7


@pytest.mark.parametrize("key", KEYS)
def test_lesson_follows_the_talaj_preset_against_one_bot(key: str) -> None:
    lesson = lesson_by_key(key)
    assert lesson.rules.preset == "talaj"
    state = new_round(lesson)
    assert state.n == 2
    assert len(state.all_cards()) == 108
    kinds = {step.kind for step in lesson.steps}
    assert StepKind.ACT in kinds and lesson.steps[-1].kind is StepKind.CONTINUE
    for step in lesson.steps:
        if step.kind is StepKind.ACT:
            assert step.action is not None and step.action.player == HUMAN and step.wrong
        for move in step.bot:
            assert move.player == BOT


def test_every_text_exists_and_names_known_fields() -> None:
    state = new_round(LESSONS[0])
    fields = {*coach_values(state), "cards", "bot"}
    used = {LESSONS[0].title}
    for lesson in LESSONS:
        used.add(lesson.title)
        for step in lesson.steps:
            used |= {step.coach, step.wrong} - {""}
    assert used <= set(TEXTS.values())
    for text in [*TEXTS.values(), *CLOSING]:
        names = {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}
        assert names <= fields, text


def test_closing_page_names_the_three_other_presets() -> None:
    joined = " ".join(CLOSING)
    for name in ("Rami Talaj", "Tallage", "Simple"):
        assert name in joined


def test_a_lesson_that_no_longer_fits_the_rules_fails_at_load() -> None:
    data = raw("3_opening_count.json")
    bad = copy.deepcopy(data)
    bad["rules"] = {"threshold": 81}  # the lesson's 74 points no longer open
    with pytest.raises(LessonError, match=r"step 9: .*threshold_not_met"):
        parse_lesson(bad, "3_opening_count.json")


def test_a_stated_count_must_be_the_engines() -> None:
    data = copy.deepcopy(raw("3_opening_count.json"))
    data["rules"] = {"ace_value": 11}  # nothing changes for a low série: 1 point still
    parse_lesson(data, "ok")
    data["steps"][3]["points"] = 25
    with pytest.raises(LessonError, match="says 25 points, the engine counts 24"):
        parse_lesson(data, "bad")


def test_a_refusal_the_engine_does_not_make_fails_at_load() -> None:
    data = copy.deepcopy(raw("5_talaj.json"))
    data["rules"] = {"last_card_lock": False}
    with pytest.raises(LessonError, match="last_card_lock"):
        parse_lesson(data, "5_talaj.json")


@pytest.mark.parametrize("change, fault", [
    (lambda d: d["hands"][0].append("2S"), "seat 0 has 15 cards"),
    (lambda d: d["hands"][1].__setitem__(slice(0, 2), ["QS", "QS"]), "3 copies of QS"),
    (lambda d: d["steps"][1].__setitem__("coach", "nope"), "unknown text 'nope'"),
    (lambda d: d["steps"][2].__setitem__("cards", ["AS"]), "does not hold"),
    (lambda d: d["steps"][1].__setitem__("do", {"do": "fly"}), "unknown step"),
    (lambda d: d["steps"].pop(), "last step must be a text"),
    (lambda d: d.pop("hands"), "missing or bad field"),
])
def test_malformed_lessons_are_named(change: Any, fault: str) -> None:
    data = copy.deepcopy(raw("2_tria_serie.json"))
    change(data)
    with pytest.raises(LessonError, match=fault):
        parse_lesson(data, "2_tria_serie.json")


def test_matching_ignores_card_order_but_not_cards() -> None:
    expected = Lay(HUMAN, parse_cards(["QS", "QH", "QD"]))
    assert matches(expected, Lay(HUMAN, parse_cards(["QD", "QS", "QH"])))
    assert not matches(expected, Lay(HUMAN, parse_cards(["QD", "QS", "QC"])))
    assert not matches(expected, Lay(BOT, parse_cards(["QS", "QH", "QD"])))
    assert not matches(Draw(HUMAN, "stock"), Draw(HUMAN, "top"))
    assert not matches(Discard(HUMAN, parse_card("2S")), Draw(HUMAN, "stock"))


def test_the_steps_point_at_elements_of_the_table() -> None:
    targets = {step.aim.target for lesson in LESSONS for step in lesson.steps}
    assert {Target.STOCK, Target.TALAJ, Target.FIRST, Target.HAND, Target.LAY,
            Target.MELD} <= targets
