"""Right to left: names, deal codes and signed numbers keep their order in darija sentences.

Each case compares the display order (left to right, as drawn) that :mod:`rami_desktop.ui.text`
produces. Arabic letters are written reversed in the expectations because the display order of
a right-to-left word is its letters from last to first.
"""

from __future__ import annotations

import pygame
import pytest
from bidi.algorithm import get_display  # type: ignore[import-untyped]

from rami_desktop import i18n
from rami_desktop.ui import text

POINTS = "نقطة"
CODE_SENTENCE = "الكود ديال التوزيع {code}: كتبو"
ISOLATES = {chr(c) for c in range(0x2066, 0x206A)}


def rev(arabic: str) -> str:
    """An Arabic word in display order."""
    return arabic[::-1]


def test_digit_first_deal_code_alone_and_in_a_sentence() -> None:
    assert get_display("1000-A007-02", base_dir="R") != "1000-A007-02"  # python-bidi alone
    assert text.visual("1000-A007-02", rtl=True) == "1000-A007-02"
    assert text.visual(text.embed("1000-A007-02", rtl=True), rtl=True) == "1000-A007-02"
    line = text.bidi_format(CODE_SENTENCE, rtl=True, code="1000-A007-02")
    assert text.visual(line, rtl=True) == (
        f"{rev('كتبو')} :1000-A007-02 {rev('التوزيع')} {rev('ديال')} {rev('الكود')}")


def test_latin_name_stays_first_in_darija() -> None:
    template = "{name} · {points} " + POINTS
    assert get_display(template.format(name="Sam", points=0), base_dir="R") != (
        f"{rev(POINTS)} 0 · Sam")  # python-bidi alone moves the name to the wrong end
    line = text.bidi_format(template, rtl=True, name="Sam", points=0)
    assert text.visual(line, rtl=True) == f"{rev(POINTS)} 0 · Sam"
    line = text.bidi_format(template, rtl=True, name="Player 1", points=120)
    assert text.visual(line, rtl=True) == f"{rev(POINTS)} 120 · Player 1"
    line = text.bidi_format(template, rtl=True, name="محمد", points=5)
    assert text.visual(line, rtl=True) == f"{rev(POINTS)} 5 · {rev('محمد')}"


def test_several_latin_names_keep_their_order() -> None:
    names = "، ".join(text.embed(name, rtl=True) for name in ("Sam", "Ali"))
    line = text.bidi_format("ربحو: {names}!", rtl=True, names=names)
    assert text.visual(line, rtl=True) == f"!Ali ،Sam :{rev('ربحو')}"


def test_plus_hundred() -> None:
    assert get_display("+100", base_dir="R") == "100+"  # python-bidi alone
    assert text.visual("+100", rtl=True) == "+100"
    assert text.visual(text.embed("+100", rtl=True), rtl=True) == "+100"
    line = text.bidi_format("الخطية {points}", rtl=True, points="+100")
    assert text.visual(line, rtl=True) == f"+100 {rev('الخطية')}"
    assert text.visual(text.bidi_format("{points:+d}", rtl=True, points=100), rtl=True) == "+100"


def test_arabic_name_in_an_english_sentence() -> None:
    line = text.bidi_format("{name} · {points} pts", rtl=False, name="محمد", points=0)
    assert text.visual(line, rtl=False) == f"{rev('محمد')} · 0 pts"


def test_marks_only_never_isolates_and_never_drawn() -> None:
    marked = text.bidi_format("{a} {b}", rtl=True, a="Sam", b="محمد")
    assert not set(marked) & ISOLATES
    assert set(marked) - set("Sam محمد") <= {text.LRM, text.RLM}
    assert text.strip_marks(marked) == "Sam محمد"
    assert text.LRM not in text.visual(marked, rtl=True)
    assert text.visual(text.embed("Sam", rtl=False), rtl=False) == "Sam"


def test_the_current_language_sets_the_direction() -> None:
    i18n.set_language("ar_MA")
    line = text.bidi_format("{name} · {points} " + POINTS, name="Sam", points=0)
    assert text.visual(line) == f"{rev(POINTS)} 0 · Sam"


@pytest.mark.parametrize("rtl", [True, False])
def test_marks_take_no_room(rtl: bool) -> None:
    pygame.font.init()
    plain = text.render("1000-A007-02 Sam", 20, (0, 0, 0), rtl=rtl)
    marked = text.render(text.bidi_format("{code} {name}", rtl=rtl, code="1000-A007-02",
                                          name="Sam"), 20, (0, 0, 0), rtl=rtl)
    assert marked.get_size() == plain.get_size()


@pytest.mark.parametrize(("logical", "display"), [
    # cards, codes and signed numbers put into a sentence without bidi_format keep their order
    ("سيرية 2-3-4♠.", f".2-3-4♠ {rev('سيرية')}"),
    ("سيرية 9-10-J-Q♥، تريا K♠K♥K♦", f"K♠K♥K♦ {rev('تريا')} ،9-10-J-Q♥ {rev('سيرية')}"),
    ("الخطية +100", f"+100 {rev('الخطية')}"),
    ("الكود 1000-A007-02: كتبو", f"{rev('كتبو')} :1000-A007-02 {rev('الكود')}"),
    ("Player 1 · 0 نقطة", f"{rev(POINTS)} 0 · Player 1"),
    ("الصوت 80%", f"80% {rev('الصوت')}"),
    ("التهبيطة 77 / 71", f"71 / 77 {rev('التهبيطة')}"),  # read from the right: 77 of 71
    ("ب80 لـ71", f"71{rev('لـ')} 80{rev('ب')}"),  # digits glued to Arabic words stay as they are
])
def test_left_to_right_runs_are_marked_in_darija(logical: str, display: str) -> None:
    assert text.visual(logical, rtl=True) == display
