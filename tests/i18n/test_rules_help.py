"""The per-preset rules help."""

from __future__ import annotations

import pytest

from rami_desktop import i18n
from rami_desktop.engine.rules import PRESET_NAMES
from rami_desktop.i18n.rules_help import presets, rules_help

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
                  "ar_MA": ["التريا", "السيرية", "الطلاج", "جوكر", "الكومة", "حرّة"]}[code]
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
