"""Text rendering for every language of the game, right-to-left darija included.

pygame's fonts have no fallback between files, so a line is cut into runs, each drawn with the
first bundled font that has its characters: Noto Sans (Latin, French accents), Noto Sans Arabic
UI (shaped with ``set_script("Arab")``), Noto Sans Symbols 2 (card suits ♠♥♦♣).

Right to left: the logical text is wrapped first, then each line is put in display order with
python-bidi and drawn left to right. Arabic is shaped by HarfBuzz from the display-order text;
``set_direction`` is never used (it would reverse digits, "71" -> "17").

A value put into a sentence (a player name, a deal code, "+100") is marked with :func:`embed`
(or the whole sentence formatted with :func:`bidi_format`) so that it keeps its own order and
does not pull its neighbours: the marks are LRM/RLM (U+200E/U+200F), never the isolates
U+2066-2069, which the bundled python-bidi does not handle. The marks are removed before drawing.

Rendered surfaces are cached (the key holds the language generation): never draw on a surface
returned by :func:`render`; ``copy()`` it first.
"""

from __future__ import annotations

import re
import string
import struct
import unicodedata
from collections import OrderedDict
from functools import cache, lru_cache
from pathlib import Path

import pygame

# the pure-Python python-bidi mirrors brackets, the Rust one not
from bidi.algorithm import get_display  # type: ignore[import-untyped]

from rami_desktop import i18n
from rami_desktop.resources import asset

Color = tuple[int, int, int] | tuple[int, int, int, int]

#: Font files, in fallback order, for regular and bold text.
FONT_FILES: dict[bool, tuple[str, ...]] = {
    False: ("NotoSans-Regular.ttf", "NotoSansArabicUI-Regular.ttf", "NotoSansSymbols2-Regular.ttf"),
    True: ("NotoSans-Bold.ttf", "NotoSansArabicUI-Bold.ttf", "NotoSansSymbols2-Regular.ttf"),
}
#: HarfBuzz script of each font file (ISO 15924).
_SCRIPTS = {"NotoSans": "Latn", "NotoSansArabicUI": "Arab"}
_STRONG = frozenset({"L", "R", "AL"})
_RTL_CLASSES = frozenset({"R", "AL", "AN", "RLE", "RLO", "RLI"})
#: Left-to-right and right-to-left marks: invisible, strong, understood by python-bidi.
LRM = "\u200e"
RLM = "\u200f"
_MARKS = str.maketrans("", "", "\u200e\u200f\u061c")
#: A left-to-right word: a card ("10♥", "2-3-4♠", "K♠K♥K♦"), a deal code, "+100", "×2", a Latin
#: name; a run is such words separated by single spaces, no-break ones too ("Player 1", the
#: cards of a tria kept on one line "6♠\u00a06♥\u00a06♦"). Latin letters exclude the
#: signs × and ÷ of Latin-1; a sign (+ - × ÷) belongs to the word only at the start of the text
#: or after a space or "(" ("5-جوكر-7♣": the second "-" is the série's, not a minus).
_LTR_CHARS = "0-9A-Za-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u2660-\u2667"
_SIGN = "(?:(?:^|(?<=[\\s(]))[+\\-\u00d7\u00f7])"
_LTR_WORD = rf"{_SIGN}?[{_LTR_CHARS}](?:[{_LTR_CHARS}+\-/.:]*[{_LTR_CHARS}])?%?"
_LTR_RUN = re.compile(rf"{_LTR_WORD}(?:[ \u00a0]{_LTR_WORD})*")
_TEXT_FONTS = 2  # the first fonts of FONT_FILES carry text; the others only fill gaps
_CACHE_SIZE = 1024

_FONTS: dict[tuple[str, int], pygame.font.Font] = {}
_CACHE: OrderedDict[tuple, pygame.Surface] = OrderedDict()


def is_rtl() -> bool:
    """Whether the current language is written right to left."""
    return i18n.is_rtl()


def clear_cache() -> None:
    """Forget every cached rendered text (done at each language change)."""
    _CACHE.clear()


i18n.add_listener(lambda _code: clear_cache())


@cache
def coverage(path: str) -> frozenset[int]:
    """Return the code points a TrueType/OpenType font maps to a glyph (from its cmap table)."""
    try:
        data = Path(path).read_bytes()
    except OSError:
        return frozenset()
    (num_tables,) = struct.unpack_from(">H", data, 4)
    cmap = None
    for i in range(num_tables):
        tag, _checksum, offset, _length = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        if tag == b"cmap":
            cmap = offset
    if cmap is None:
        return frozenset()
    _version, count = struct.unpack_from(">HH", data, cmap)
    subtables = {}
    for i in range(count):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        subtables[(platform, encoding)] = cmap + offset
    for key in ((3, 10), (0, 4), (0, 6), (3, 1), (0, 3), (0, 1), (0, 0)):
        if key in subtables:
            start = subtables[key]
            (fmt,) = struct.unpack_from(">H", data, start)
            if fmt == 12:
                return _cmap12(data, start)
            if fmt == 4:
                return _cmap4(data, start)
    return frozenset()


def _cmap12(data: bytes, start: int) -> frozenset[int]:
    (groups,) = struct.unpack_from(">I", data, start + 12)
    points: set[int] = set()
    for i in range(groups):
        first, last, _glyph = struct.unpack_from(">III", data, start + 16 + 12 * i)
        points.update(range(first, last + 1))
    return frozenset(points)


def _cmap4(data: bytes, start: int) -> frozenset[int]:
    (seg_x2,) = struct.unpack_from(">H", data, start + 6)
    segs = seg_x2 // 2
    ends = struct.unpack_from(f">{segs}H", data, start + 14)
    starts = struct.unpack_from(f">{segs}H", data, start + 16 + seg_x2)
    deltas = struct.unpack_from(f">{segs}h", data, start + 16 + 2 * seg_x2)
    range_at = start + 16 + 3 * seg_x2
    ranges = struct.unpack_from(f">{segs}H", data, range_at)
    points: set[int] = set()
    for i in range(segs):
        for code in range(starts[i], ends[i] + 1):
            if code == 0xFFFF:
                continue
            if ranges[i] == 0:
                glyph = (code + deltas[i]) & 0xFFFF
            else:
                at = range_at + 2 * i + ranges[i] + 2 * (code - starts[i])
                (glyph,) = struct.unpack_from(">H", data, at)
                if glyph:
                    glyph = (glyph + deltas[i]) & 0xFFFF
            if glyph:
                points.add(code)
    return frozenset(points)


def _load(name: str, size: int) -> pygame.font.Font:
    if not pygame.font.get_init():  # first use, or pygame.quit() made the cached fonts invalid
        _FONTS.clear()
        clear_cache()
        pygame.font.init()
    key = (name, size)
    if key not in _FONTS:
        path = asset("fonts", name)
        if path.is_file():
            loaded = pygame.font.Font(str(path), size)
            script = _SCRIPTS.get(name.split("-")[0])
            if script:
                loaded.set_script(script)
        else:  # a broken install: pygame's own font rather than nothing
            loaded = pygame.font.Font(None, size)
        _FONTS[key] = loaded
    return _FONTS[key]


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """Return the cached main (Latin) font of a pixel size."""
    return _load(FONT_FILES[bold][0], size)


def _chain(size: int, bold: bool) -> list[tuple[pygame.font.Font, frozenset[int]]]:
    return [(_load(name, size), _covered(name)) for name in FONT_FILES[bold]]


@cache
def _covered(name: str) -> frozenset[int]:
    """The code points of a bundled font: one object for the fonts that cover the same (the
    regular and bold files), so that :data:`_FACTS` finds a chain by identity, never by
    comparing thousands of code points."""
    points = coverage(str(asset("fonts", name)))
    return _SAME_COVERAGE.setdefault(points, points)


#: each distinct coverage of :func:`_covered`, once
_SAME_COVERAGE: dict[frozenset[int], frozenset[int]] = {}


#: what :func:`_runs` needs to know of a character, per chain of fonts (see :func:`_facts`)
_FACTS: dict[tuple[frozenset[int], ...], dict[str, tuple[bool, int, frozenset[int]]]] = {}


def _facts(char: str, covers: tuple[frozenset[int], ...]) -> tuple[bool, int, frozenset[int]]:
    """Of one character: whether it is a digit of the main font, the first font that has it,
    and the text fonts that may keep it in their run (it is no strong letter and they have it)."""
    code = ord(char)
    kind = unicodedata.bidirectional(char)
    digit = kind == "EN" and code in covers[0]
    first = next((i for i, cover in enumerate(covers) if code in cover), 0)
    keeps = frozenset() if kind in _STRONG else frozenset(
        i for i, cover in enumerate(covers[:_TEXT_FONTS]) if code in cover)
    return digit, first, keeps


def _runs(visual: str, chain: list[tuple[pygame.font.Font, frozenset[int]]]
          ) -> list[tuple[int, str]]:
    """Cut a display-order line into (font index, text) runs.

    A letter takes the first font that has it; digits 0-9 take the main font; spaces and
    punctuation stay in the current run when its font is a text font (not the symbols
    fallback) that has them.
    """
    covers = tuple(cover for _font, cover in chain)
    facts = _FACTS.setdefault(covers, {})
    runs: list[tuple[int, list[str]]] = []
    current = -1
    for char in visual:
        fact = facts.get(char)
        if fact is None:
            fact = facts[char] = _facts(char, covers)
        digit, first, keeps = fact
        if digit:
            choice = 0  # European digits always from the main font: the same "71" everywhere
        elif current in keeps:
            choice = current
        else:
            choice = first
        if choice != current:
            runs.append((choice, [char]))
            current = choice
        else:
            runs[-1][1].append(char)
    return [(index, "".join(chars)) for index, chars in runs]


def embed(value: object, rtl: bool | None = None) -> str:
    """Mark a value put into a sentence so that it keeps its own order there.

    The value gets its own direction (that of its first strong letter; left to right for digits
    and signs: "+100", "1000-A007-02") and acts as a letter of the paragraph's direction for its
    neighbours, so "{name} · 0" keeps the name first in darija. Works like an isolate, with marks.

    Args:
        value: the value (formatted with ``str``).
        rtl: the paragraph direction; None follows the current language.
    """
    fragment = str(value)
    rtl = is_rtl() if rtl is None else rtl
    first = next((kind for kind in map(unicodedata.bidirectional, fragment)
                  if kind in _STRONG), "L")
    inner = LRM if first == "L" else RLM
    outer = RLM if rtl else LRM
    return f"{outer}{inner}{fragment}{inner}{outer}"


class _EmbeddingFormatter(string.Formatter):
    def __init__(self, rtl: bool) -> None:
        super().__init__()
        self.rtl = rtl

    def format_field(self, value: object, format_spec: str) -> str:
        return embed(super().format_field(value, format_spec), self.rtl)


def bidi_format(template: str, /, rtl: bool | None = None, **values: object) -> str:
    """``template.format(**values)`` with each value marked by :func:`embed`.

    Use it for translated sentences that hold names, codes or signed numbers:
    ``bidi_format(_("{name} · {points}"), name=name, points=points)``.
    """
    return _EmbeddingFormatter(is_rtl() if rtl is None else rtl).vformat(template, (), values)


def strip_marks(text: str) -> str:
    """Remove the direction marks of :func:`embed` (to compare or log a text)."""
    return text.translate(_MARKS)


def visual(line: str, rtl: bool | None = None) -> str:
    """Return one line in display order (left to right, as drawn), marks removed."""
    return _visual(line, is_rtl() if rtl is None else rtl)


def _mark_ltr_runs(line: str) -> str:
    """In a right-to-left line, mark every left-to-right run that is not a plain number with
    :func:`embed`, so that cards, codes, signed numbers and Latin names inserted without
    :func:`bidi_format` keep their order too ("2-3-4♠", not "4-3-2♠")."""
    return _LTR_RUN.sub(lambda m: m[0] if m[0].isdigit() else embed(m[0], rtl=True), line)


@lru_cache(maxsize=4096)
def _visual(line: str, rtl: bool) -> str:
    """Put a line in display order, combining marks kept after their right-to-left base.

    Reversing a right-to-left word puts its marks (the shadda of حرّة) before their letter;
    HarfBuzz reads the display-order text back by grapheme (base then marks), so each group of
    marks is moved back after the letter it belongs to.
    """
    if not line:
        return ""
    if not rtl and not any(unicodedata.bidirectional(c) in _RTL_CLASSES for c in line):
        return strip_marks(line)  # left-to-right only: nothing moves
    if rtl:
        line = _mark_ltr_runs(line)
    chars = list(strip_marks(get_display(line, base_dir="R" if rtl else "L")))
    i = 0
    while i < len(chars):
        if unicodedata.combining(chars[i]):
            end = i
            while end < len(chars) and unicodedata.combining(chars[end]):
                end += 1
            if end < len(chars) and unicodedata.bidirectional(chars[end]) in ("R", "AL"):
                chars[i:end + 1] = [chars[end], *chars[i:end]]
                i = end + 1
                continue
            i = end
        else:
            i += 1
    return "".join(chars)


@lru_cache(maxsize=16384)
def _line_width(line: str, rtl: bool, size: int, bold: bool) -> int:
    """The width of a line drawn (kept across ``pygame.quit()``: the same font files give the
    same widths)."""
    chain = _chain(size, bold)
    return sum(chain[i][0].size(run)[0] for i, run in _runs(_visual(line, rtl), chain))


def text_width(line: str, size: int, bold: bool = False) -> int:
    """The width one line of text takes drawn (nothing is drawn: a layout's measure)."""
    return _line_width(line, is_rtl(), max(8, int(size)), bold)


def wrap(text: str, size: int, max_width: int | None, *, bold: bool = False,
         rtl: bool | None = None) -> list[str]:
    """Cut logical text into lines no wider than ``max_width`` (at spaces, else inside a word).

    Wrapping works on the logical text; each line is put in display order only when drawn.
    """
    rtl = is_rtl() if rtl is None else rtl

    def fits(line: str) -> bool:
        return max_width is None or _line_width(line, rtl, size, bold) <= max_width

    lines: list[str] = []
    for paragraph in text.replace("\t", " ").split("\n"):
        current = ""
        for word in paragraph.split(" "):
            candidate = f"{current} {word}" if current else word
            if current and not fits(candidate):
                lines.append(current)
                candidate = word
            current = candidate
            while len(current) > 1 and not fits(current):  # a word wider than the line
                low, high = 1, len(current) - 1  # the longest head that fits, at least 1 char
                while low < high:
                    middle = (low + high + 1) // 2
                    if fits(current[:middle]):
                        low = middle
                    else:
                        high = middle - 1
                lines.append(current[:low])
                current = current[low:]
        lines.append(current)
    return lines


def _resolve(align: str, rtl: bool) -> str:
    if align == "start":
        return "right" if rtl else "left"
    if align == "end":
        return "left" if rtl else "right"
    if align in ("left", "right", "center"):
        return align
    raise ValueError(f"unknown alignment {align!r}")


def line_height(size: int, bold: bool = False) -> int:
    """Return the height of one line of text (every bundled script fits in it)."""
    chain = _chain(size, bold)[:2]
    ascent = max(f.get_ascent() for f, _ in chain)
    descent = max(-f.get_descent() for f, _ in chain)
    return ascent + descent


def render(text: str, size: int, color: Color, *, bold: bool = False,
           max_width: int | None = None, align: str = "start",
           rtl: bool | None = None) -> pygame.Surface:
    """Render text (wrapped to max_width, aligned start/center/end) onto a transparent surface.

    Args:
        text: logical text; ``\\n`` starts a new line.
        size: pixel size of the font.
        color: RGB (or RGBA, the alpha applied to the whole text).
        bold: the bold faces.
        max_width: wrap lines to this many pixels (None: no wrapping).
        align: ``start`` (left in LTR, right in RTL), ``end``, ``center``, ``left``, ``right``;
            lines are aligned within the widest one.
        rtl: the paragraph direction; None follows the current language.

    Returns:
        A cached surface with per-pixel alpha, as wide as the widest line: do not draw on it.
    """
    rtl = is_rtl() if rtl is None else rtl
    rgba = tuple(pygame.Color(color))
    if not pygame.font.get_init():
        font(size, bold)  # reinitialises fonts and forgets surfaces made before a pygame.quit()
    key = (text, size, rgba, bold, max_width, align, rtl, i18n.generation())
    cached = _CACHE.get(key)
    if cached is not None:
        _CACHE.move_to_end(key)
        return cached
    surface = _render(text, size, rgba, bold, max_width, _resolve(align, rtl), rtl)
    _CACHE[key] = surface
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return surface


def _render(text: str, size: int, color: tuple[int, ...], bold: bool, max_width: int | None,
            align: str, rtl: bool) -> pygame.Surface:
    chain = _chain(size, bold)
    base = chain[:2]
    ascent = max(f.get_ascent() for f, _ in base)
    descent = max(-f.get_descent() for f, _ in base)
    rgb = color[:3]
    rendered_lines: list[tuple[int, list[tuple[pygame.font.Font, pygame.Surface]]]] = []
    for line in wrap(text, size, max_width, bold=bold, rtl=rtl):
        pieces = []
        width = 0
        if max_width is not None:
            line = line.strip(" ")
        for index, run in _runs(_visual(line, rtl), chain):
            run_font = chain[index][0]
            piece = run_font.render(run, True, rgb)
            pieces.append((run_font, piece))
            width += piece.get_width()
            ascent = max(ascent, run_font.get_ascent())
            descent = max(descent, -run_font.get_descent())
        rendered_lines.append((width, pieces))
    height = ascent + descent
    total_width = max(1, max(width for width, _ in rendered_lines))
    surface = pygame.Surface((total_width, height * len(rendered_lines)), pygame.SRCALPHA)
    surface.fill((*rgb, 0))
    for row, (width, pieces) in enumerate(rendered_lines):
        if align == "right":
            x = total_width - width
        elif align == "center":
            x = (total_width - width) // 2
        else:
            x = 0
        baseline = row * height + ascent
        for run_font, piece in pieces:
            surface.blit(piece, (x, baseline - run_font.get_ascent()))
            x += piece.get_width()
    if len(color) == 4 and color[3] < 255:
        surface.fill((255, 255, 255, color[3]), special_flags=pygame.BLEND_RGBA_MULT)
    return surface


def blit(dest: pygame.Surface, surface: pygame.Surface, rect: pygame.Rect,
         align: str = "start", rtl: bool | None = None) -> pygame.Rect:
    """Draw a rendered text in a box, on its start side (right in RTL) by default; return where."""
    rtl = is_rtl() if rtl is None else rtl
    side = _resolve(align, rtl)
    place = surface.get_rect(top=rect.top)
    if side == "right":
        place.right = rect.right
    elif side == "center":
        place.centerx = rect.centerx
    else:
        place.left = rect.left
    return dest.blit(surface, place)
