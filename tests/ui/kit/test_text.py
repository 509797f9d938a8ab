"""Text rendering: bundled fonts, Arabic shaping, bidi order, wrapping, alignment, caching."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Iterator

import pygame
import pytest

from rami_desktop import i18n
from rami_desktop.resources import asset
from rami_desktop.ui.kit import text

WHITE = (255, 255, 255)
SENTENCE = "خاصك 71 نقطة باش تهبّط ف Talaj"
PARAGRAPH = ("أول تهبيطة خاصها توصل 71 نقطة ف تركيبات حرّة، كلها كتهبط فنفس الدور، وفيها "
             "على الأقل تريا حرّة وسيرية حرّة من الكارطات ديالك، بلا جوكر وبلا كارطة من الطلاج.")


@pytest.fixture(autouse=True)
def _pygame() -> Iterator[None]:
    pygame.init()
    yield
    i18n.set_language("en")


def _alpha_columns(surface: pygame.Surface) -> list[tuple[int, ...]]:
    """The alpha values of each column, top to bottom (no numpy needed)."""
    width, height = surface.get_size()
    data = pygame.image.tobytes(surface, "RGBA")
    return [tuple(data[(y * width + x) * 4 + 3] for y in range(height)) for x in range(width)]


def _ink(columns: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """The columns from the first to the last one holding any ink."""
    inked = [i for i, column in enumerate(columns) if any(column)]
    return columns[inked[0]:inked[-1] + 1]


def _find(haystack: list[tuple[int, ...]], needle: list[tuple[int, ...]]) -> list[int]:
    return [x for x in range(len(haystack) - len(needle) + 1)
            if haystack[x:x + len(needle)] == needle]


def test_bundled_fonts_and_licence() -> None:
    for bold in (False, True):
        for name in text.FONT_FILES[bold]:
            assert asset("fonts", name).is_file(), name
    assert "SIL OPEN FONT LICENSE" in asset("fonts", "OFL.txt").read_text(encoding="utf-8")
    total = sum(p.stat().st_size for p in asset("fonts").glob("*.ttf"))
    assert total < 3_000_000


def test_coverage_of_every_language() -> None:
    """No tofu: every character of the catalogs and the card suits has a glyph in the chain."""
    from catalog_sources import LOCALES, read_po

    chars = set("♠♥♦♣ «»’…—0123456789")
    for po in LOCALES.glob("*/LC_MESSAGES/rami.po"):
        for entry in read_po(po):
            chars.update("".join(entry.msgstr) + entry.msgid)
    chars -= set("\n\t")
    for bold in (False, True):
        covered = set().union(*(text.coverage(str(asset("fonts", name)))
                                for name in text.FONT_FILES[bold]))
        missing = sorted(c for c in chars if ord(c) not in covered)
        assert not missing, missing


def test_font_api() -> None:
    regular = text.font(20)
    bold = text.font(20, True)
    assert isinstance(regular, pygame.font.Font) and regular is text.font(20)
    assert bold.size("Tahbita")[0] > regular.size("Tahbita")[0]


def test_bidi_digits_keep_their_order() -> None:
    """In a darija sentence, "71" is drawn as 7 then 1 from left to right, never "17"."""
    sentence = text.render(SENTENCE, 28, WHITE, rtl=True)
    seventy_one = _ink(_alpha_columns(text.render("71", 28, WHITE, rtl=True)))
    seventeen = _ink(_alpha_columns(text.render("17", 28, WHITE, rtl=True)))
    columns = _alpha_columns(sentence)
    assert len(_find(columns, seventy_one)) == 1
    assert _find(columns, seventeen) == []
    # RTL order: "Talaj", the last word, is at the left; the first word, خاصك, at the right.
    talaj = _ink(_alpha_columns(text.render("Talaj", 28, WHITE)))
    at_talaj = _find(columns, talaj)
    assert len(at_talaj) == 1 and at_talaj[0] < _find(columns, seventy_one)[0]


def test_arabic_letters_are_joined() -> None:
    word = "التهبيطة"
    arabic = pygame.font.Font(str(asset("fonts", "NotoSansArabicUI-Regular.ttf")), 28)
    arabic.set_script("Arab")
    unjoined = sum(arabic.size(letter)[0] for letter in word)
    shaped = text.render(word, 28, WHITE, rtl=True).get_width()
    assert shaped != unjoined
    # and the shaping is the one of the logical word, put in display order
    assert text.render(word, 28, WHITE, rtl=True).get_width() == arabic.size(word[::-1])[0]


def test_wrapping_rtl_paragraph() -> None:
    lines = text.wrap(PARAGRAPH, 22, 360, rtl=True)
    assert len(lines) >= 3
    assert " ".join(lines) == PARAGRAPH  # cut at spaces, logical order kept
    surface = text.render(PARAGRAPH, 22, WHITE, max_width=360, rtl=True)
    assert surface.get_width() <= 360
    assert surface.get_height() == len(lines) * text.line_height(22)


def test_rtl_lines_are_right_aligned() -> None:
    surface = text.render(PARAGRAPH, 22, WHITE, max_width=360, rtl=True)
    height = text.line_height(22)
    lines = text.wrap(PARAGRAPH, 22, 360, rtl=True)
    last = surface.subsurface((0, (len(lines) - 1) * height, surface.get_width(), height))
    bounds = last.get_bounding_rect()
    assert bounds.right >= surface.get_width() - 3 and bounds.left > 20  # short last line, right
    ltr = text.render("word " * 40, 22, WHITE, max_width=360, rtl=False)
    last = ltr.subsurface((0, ltr.get_height() - height, ltr.get_width(), height))
    assert last.get_bounding_rect().left <= 3
    end = text.render(PARAGRAPH, 22, WHITE, max_width=360, rtl=True, align="end")
    last = end.subsurface((0, (len(lines) - 1) * height, end.get_width(), height))
    assert last.get_bounding_rect().left <= 3


def test_direction_follows_the_language() -> None:
    i18n.set_language("ar_MA")
    assert text.is_rtl()
    assert text.render(SENTENCE, 20, WHITE).get_size() == text.render(
        SENTENCE, 20, WHITE, rtl=True).get_size()
    i18n.set_language("fr")
    assert not text.is_rtl()


def test_cache_and_language_generation() -> None:
    first = text.render("Tahbita à 71 points", 18, WHITE)
    assert text.render("Tahbita à 71 points", 18, WHITE) is first
    i18n.set_language("fr")
    assert text.render("Tahbita à 71 points", 18, WHITE) is not first


def test_newlines_empty_and_long_words() -> None:
    assert text.render("", 18, WHITE).get_height() == text.line_height(18)
    two = text.render("un\ndeux", 18, WHITE)
    assert two.get_height() == 2 * text.line_height(18)
    long = text.render("x" * 200, 18, WHITE, max_width=100)
    assert long.get_width() <= 100 and long.get_height() > text.line_height(18)
    with pytest.raises(ValueError):
        text.render("x", 18, WHITE, align="middle")


def test_blit_places_on_the_start_side() -> None:
    dest = pygame.Surface((300, 50), pygame.SRCALPHA)
    box = pygame.Rect(10, 5, 280, 40)
    label = text.render("مرحبا", 20, WHITE, rtl=True)
    assert text.blit(dest, label, box, rtl=True).right == box.right
    assert text.blit(dest, label, box, rtl=False).left == box.left
    assert text.blit(dest, label, box, "center", rtl=False).centerx in (box.centerx,
                                                                        box.centerx - 1)


@pytest.mark.parametrize("word", ["حرّة", "الموزّع", "الطلاج", "التهبيطة", "خلّي"])
def test_shaping_matches_native_rtl(word: str) -> None:
    """For a word without digits, our display-order rendering equals HarfBuzz's own RTL shaping
    of the logical word (joined letters, lam-alef ligature, shadda on its own letter)."""
    reference = pygame.font.Font(str(asset("fonts", "NotoSansArabicUI-Regular.ttf")), 30)
    reference.set_script("Arab")
    reference.set_direction(pygame.DIRECTION_RTL)  # fine here: no digits to reverse
    expected = reference.render(word, True, WHITE)
    got = text.render(word, 30, WHITE, rtl=True)
    assert got.get_width() == expected.get_width()
    assert _ink(_alpha_columns(got)) == _ink(_alpha_columns(expected))
