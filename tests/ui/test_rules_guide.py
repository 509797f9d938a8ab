"""The illustrated rules and the controls help: pictures and words from the table's own rules,
in every language, scrolled and closed with the keyboard."""

from __future__ import annotations

import pygame
import pytest

from rami_desktop import i18n
from rami_desktop.engine.rules import PRESET_NAMES, preset
from rami_desktop.ui.help.rules_pictures import RulesPictures
from rami_desktop.ui.kit.text import strip_marks
from rami_desktop.ui.scenes.controls_help import KEYBOARD, MOUSE, ControlsHelpOverlay
from rami_desktop.ui.scenes.rules_guide import RulesGuideOverlay

LANGS = ("en", "fr", "ar_MA")


def key(k: int, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0)


def texts(app: object, rules: object) -> str:
    pictures = RulesPictures(rules, app.card_art, 1.0)  # type: ignore[attr-defined, arg-type]
    return strip_marks("\n".join(pictures.builder(900).texts))


def test_the_page_reads_the_tables_own_options(app: object) -> None:
    custom = preset("talaj", threshold=81, jokers_per_meld=2, target=500)
    page = texts(app, custom)
    assert "At most 2 jokers in a combination" in page
    assert "81 points or more" in page
    assert "500 points" in page
    default = texts(app, "talaj")
    assert "At most 1 joker in a combination" in default
    assert "71 points or more" in default


@pytest.mark.parametrize("threshold, total", [(51, 51), (71, 71), (81, 89)])
def test_the_worked_count_reaches_the_threshold(app: object, threshold: int,
                                                total: int) -> None:
    page = texts(app, preset("tallage", threshold=threshold))
    assert f"= {total} points" in page


def test_each_preset_shows_its_own_talaj_rules(app: object) -> None:
    assert "first discard may be taken into the hand by anyone" in texts(app, "talaj")
    assert "Only the next player may take" in texts(app, "rami-talaj")
    tallage = texts(app, "tallage")
    assert "No card may be taken from the talaj in the first round" in tallage
    assert "turned up" in tallage
    simple = texts(app, "simple")
    assert "whole hand goes down at once" in simple
    assert "may be taken into the hand." in simple


@pytest.mark.parametrize("lang", LANGS)
def test_rules_guide_opens_scrolls_switches_and_closes(drive: object, app: object,
                                                       lang: str) -> None:
    i18n.set_language(lang)
    scene = drive.push(RulesGuideOverlay(app, "tallage"))  # type: ignore[attr-defined]
    assert [t.selected for t in scene.tabs] == [n == "tallage" for n in PRESET_NAMES]
    assert scene.view.max_scroll() > 0
    drive.step([key(pygame.K_PAGEDOWN)])  # type: ignore[attr-defined]
    assert scene.view.scroll > 0
    drive.step([key(pygame.K_RIGHT)])  # type: ignore[attr-defined]
    expected = "simple" if lang != "ar_MA" else "rami-talaj"  # arrows follow the reading
    assert scene.shown == expected and scene.view.scroll == 0
    drive.step([key(pygame.K_ESCAPE)])  # type: ignore[attr-defined]
    assert app.stack.top is None  # type: ignore[attr-defined]


def test_rules_guide_of_a_table_has_no_tabs(drive: object, app: object) -> None:
    rules = preset("rami-talaj", teams=True, max_players=4, min_players=4)
    scene = drive.push(RulesGuideOverlay(app, rules))  # type: ignore[attr-defined]
    assert scene.tabs == [] and scene.shown is rules


@pytest.mark.parametrize("lang", LANGS)
def test_controls_help_lists_every_control_and_closes_with_f1(drive: object, app: object,
                                                              lang: str) -> None:
    i18n.set_language(lang)
    scene = drive.push(ControlsHelpOverlay(app))  # type: ignore[attr-defined]
    assert scene.view.page is not None and scene.view.page.get_height() > 200
    assert len(MOUSE) >= 10 and any("F1" in k for k, _ in KEYBOARD)
    drive.step([key(pygame.K_F1)])  # type: ignore[attr-defined]
    assert app.stack.top is None  # type: ignore[attr-defined]


def test_the_simple_tab_has_no_opening(app: object) -> None:
    """Simple lays nothing before going out: no "Counting an opening" over it, and laying
    early protects no one there (it does in tallage)."""
    simple = texts(app, "simple")
    assert "Counting an opening" not in simple and "protects you" not in simple
    assert "Going out\nNothing is laid before going out" in simple
    assert "laying early protects you" in texts(app, "tallage")


def test_the_arrows_of_the_pictures_point_the_reading_way(app: object) -> None:
    """Stock → 9♠ in English reads 9♠ ← stock in darija: the arrow is mirrored."""
    pictures = RulesPictures("tallage", app.card_art, 1.0)  # type: ignore[attr-defined, arg-type]
    right = pictures.arrow()
    i18n.set_language("ar_MA")
    left = pictures.arrow()
    i18n.set_language("en")
    w, h = right.get_size()
    assert left.get_size() == (w, h)
    mirrored = pygame.transform.flip(right, True, False)
    assert all(left.get_at((x, y)) == mirrored.get_at((x, y))
               for x in range(0, w, 3) for y in range(0, h, 3))
    assert right.get_at((w - 2, h // 2)).a > 0 and left.get_at((1, h // 2)).a > 0
