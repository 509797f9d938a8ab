"""The per-preset rules help."""

from __future__ import annotations

import contextlib
import re
from enum import Enum

import pytest

from rami_desktop import i18n
from rami_desktop.engine.rules import PRESET_NAMES, PRESETS, RULE_OPTIONS, Rules
from rami_desktop.i18n.rules_help import SECTION_KEYS, keyed_rules_help, presets, rules_help

KEY_FACTS = {
    "talaj": ["71", "14 cards", "100", "300", "eliminated", "first discard", "franche"],
    "rami-talaj": ["15", "teams", "double", "4 jokers", "real cards", "300"],
    "tallage": ["51", "Rami sec", "200", "201, 500 or 1000", "lowest total", "first round"],
    "simple": ["13 cards", "whole hand at once", "lowest total", "first round"],
}


def test_one_help_per_preset() -> None:
    assert set(presets()) == set(PRESET_NAMES)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_help_covers_the_rules(preset: str) -> None:
    sections = rules_help(preset)
    assert len(sections) >= 6
    text = " ".join(paragraph for _title, paragraph in sections)
    for fact in KEY_FACTS[preset]:
        assert fact in text, (preset, fact)
    for word in ("tria", "série", "joker", "talaj"):
        assert word in text


@pytest.mark.parametrize("code", ["fr", "ar_MA"])
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_help_is_translated(code: str, preset: str) -> None:
    english = rules_help(preset)
    i18n.set_language(code)
    translated = rules_help(preset)
    assert len(translated) == len(english)
    for (title_en, text_en), (title, text) in zip(english, translated, strict=True):
        assert title != title_en and text != text_en
    joined = " ".join(text for _title, text in translated)
    vocabulary = {"fr": ["tria", "série", "talaj", "joker"],
                  "ar_MA": ["التريا", "السيرية", "الطلاج", "جوكر", "المخزون", "حرّة"]}[code]
    if preset == "simple":
        vocabulary = vocabulary[:1]
    for word in vocabulary:
        assert word in joined, (code, preset, word)
    numbers = [n for n in ("71", "13", "14", "300", "201") if n in " ".join(t for _, t in english)]
    for number in numbers:
        assert number in joined, (code, preset, number)


def test_unknown_preset() -> None:
    with pytest.raises(ValueError):
        rules_help("poker")


def _text(sections: list[tuple[str, str]]) -> str:
    return " ".join(paragraph for _title, paragraph in sections)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_each_title_once(preset: str) -> None:
    titles = [title for title, _paragraph in rules_help(preset)]
    assert len(titles) == len(set(titles))
    assert "Options" in titles  # the menu's help says a table may change the numbers


def test_a_table_help_uses_the_table_options() -> None:
    rules = PRESETS["talaj"].with_options(threshold=51, target=500, jokers_per_meld=2)
    text = _text(rules_help(rules))
    assert "51 points" in text and "500 points" in text and "At most 2 jokers" in text
    assert "71" not in text and "300" not in text and "At most 1 joker " not in text
    assert "Options" not in [title for title, _paragraph in rules_help(rules)]


def test_teams_only_when_the_table_plays_in_teams() -> None:
    alone = rules_help(PRESETS["rami-talaj"])
    assert "Teams" not in [title for title, _paragraph in alone]
    assert "eliminated" in _text(alone)
    teams = rules_help(PRESETS["rami-talaj"].with_options(teams=True, min_players=4,
                                                          max_players=4))
    text = _text(teams)
    assert "Teams" in [title for title, _paragraph in teams]
    assert "team that reaches 300 points loses" in text
    assert "eliminated" not in text
    assert "franche série of your own cards" in text


def test_opening_rules_per_preset() -> None:
    talaj = _text(rules_help("talaj"))
    assert "first card, taken from the talaj into your hand, counts as one of your own" in talaj
    assert "comes back to your hand" in talaj  # the take-back cascade
    assert "drawn at random" in talaj
    assert "no card to draw, the round ends with no winner" in talaj
    tallage = _text(rules_help("tallage"))
    assert "start from the turn after your opening" in tallage
    assert "your own cards" not in tallage
    simple = _text(rules_help("simple"))
    assert "one card left" not in simple
    assert "drawn at random" in simple


def test_talaj_going_out_needs_the_table_threshold() -> None:
    text = _text(rules_help(PRESETS["talaj"].with_options(threshold=61)))
    assert "you need only 61 points, never the risen bar" in text


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_titles_differ_from_the_illustrated_page(preset: str) -> None:
    """The rules guide puts its pictures under these titles before the help: none repeats."""
    titles = {title for title, _paragraph in rules_help(preset)}
    assert not titles & {"Combinations", "Counting an opening", "The talaj"}


def test_the_sections_keys_are_the_declared_ones() -> None:
    assert [key for key, _title, _text in keyed_rules_help("talaj")] == [
        key for key in SECTION_KEYS if key not in ("teams", "redeal")]
    assert [(title, text) for _key, title, text in keyed_rules_help("tallage")] == rules_help(
        "tallage")


@pytest.mark.parametrize("name", list(RULE_OPTIONS))
def test_each_option_is_told_in_the_section_its_declaration_names(name: str) -> None:
    """Changing an option changes the words of its section, in a preset where it means
    something: no option is left out of the rules help."""
    spec = RULE_OPTIONS[name]
    assert spec.help in SECTION_KEYS
    for rules in PRESETS.values():
        for changed in _other_values(rules, name):
            if _section(changed, spec.help) != _section(rules, spec.help):
                return
    raise AssertionError(f"the help's section {spec.help!r} never tells {name}")


def _section(rules: Rules, key: str) -> str:
    return "".join(text for k, _title, text in keyed_rules_help(rules) if k == key)


def _other_values(rules: Rules, name: str) -> list[Rules]:
    """The rules with ``name`` changed to each other value it may take (a few for a number)."""
    value = getattr(rules, name)
    if isinstance(value, Enum):
        values: list[object] = [m.value for m in type(value) if m is not value]
    elif isinstance(value, bool):
        values = [not value]
    else:
        lo, hi = RULE_OPTIONS[name].bounds()
        values = [v for v in (lo, lo + 1, hi - 1, hi) if v != value]
    out = []
    for v in values:
        with contextlib.suppress(ValueError):
            out.append(rules.with_options(**{name: v}))
    return out


#: words that make the French rules speak of a player as a man: «le joueur», «chacun», «le
#: donneur», a person's «il» (the joker's «qu’il remplace» and «il faut» stay)
_FR_MASCULINE = re.compile(r"\b(joueurs?|chacun|donneur|celui|ceux|"
                           r"(?<!’)il (?!faut|te faut|ne faut|reste|ne reste)|"
                           r"seul le|tous les autres|adversaires?|gagnant)\b",
                           re.IGNORECASE)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_rules_speak_of_nobody_as_a_man(preset: str) -> None:
    """The French rules say who plays without a masculine generic («la personne qui donne»,
    «quand quelqu’un finit», «chaque autre place»), and the darija rules say «اللي كيلعب»
    rather than «اللاعب»."""
    rules = PRESETS[preset].with_options(teams=True) if preset == "rami-talaj" else preset
    i18n.set_language("fr")
    text = " ".join(f"{title} {paragraph}" for title, paragraph in rules_help(rules))
    assert not _FR_MASCULINE.findall(text), _FR_MASCULINE.findall(text)
    i18n.set_language("ar_MA")
    text = " ".join(f"{title} {paragraph}" for title, paragraph in rules_help(rules))
    assert "لاعب" not in text
