"""Card images: load the generated PNGs lazily, scale them once per width and cache them.

Decoded and scaled pictures are kept for the whole program in bounded caches shared by every
:class:`CardArt` (a new table, a change of language or a resize back to a size seen before
decodes and scales nothing again); each :class:`CardArt` also keeps the ones it handed out.
"""

from __future__ import annotations

import contextlib
from functools import lru_cache
from pathlib import Path

import pygame

from rami_desktop.resources import asset

STYLES: tuple[str, ...] = ("classic", "four")
TINTS: tuple[str, ...] = ("selected", "staged", "dim")
RATIO = 7 / 5
#: the style whose pictures another style's folder may leave out where they are the same
#: (the shipped assets keep one copy: tools/prepare_assets.py)
BASE_STYLE = "classic"
MASTER_WIDTH = 300
CORNER_RADIUS = 18 / MASTER_WIDTH  # as a fraction of the width
FRENCH_LETTERS: dict[str, str] = {"J": "V", "Q": "D", "K": "R"}

_SUITS = ("S", "H", "D", "C")
_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER_CODE = "JK"
BACK_CODE = "back"
FACE_CODES: frozenset[str] = frozenset(
    [r + s for s in _SUITS for r in _RANKS] + [JOKER_CODE]
)

_PAPER = (253, 251, 245)
_EDGE = (170, 164, 152)
_INK = (40, 40, 48)
_BACK_FILL = (18, 42, 88)
_SELECT_RING = (232, 178, 40)
#: decoded pictures kept for the program: a deck of one style, its French court cards and a back
MASTERS_KEPT = 80
#: scaled pictures kept for the program: a deck at about ten widths
SCALED_KEPT = 560


def _normalise(code: str) -> str:
    text = str(code).strip()
    return BACK_CODE if text.lower() == BACK_CODE else text.upper()


def card_file(variant: str, name: str) -> Path:
    """The picture ``name`` of a variant folder (e.g. ``four-large``, ``5H.png``): its own,
    else the same picture of the base style's folder of that size (the shipped assets keep
    one copy of a picture two styles share)."""
    own = asset("cards", variant, name)
    style, _, size = variant.partition("-")
    if style == BASE_STYLE or own.is_file():
        return own
    return asset("cards", f"{BASE_STYLE}-{size}", name)


class CardArt:
    """The card pictures of one deck style, scaled on demand.

    Args:
        style: ``"classic"`` (two colours) or ``"four"`` (four-colour deck).
        large_index: big rank and suit in the corners, readable when cards overlap.
        lang: language code; French (``fr``...) shows V D R instead of J Q K in the corners.
    """

    def __init__(self, style: str = "classic", large_index: bool = False, lang: str = "en") -> None:
        self.style = style if style in STYLES else "classic"
        self.large_index = bool(large_index)
        self.lang = lang
        self._scaled: dict[tuple[str, int], pygame.Surface] = {}
        self._tinted: dict[tuple[str, int, str], pygame.Surface] = {}

    # -- geometry ---------------------------------------------------------------------------------

    @staticmethod
    def size_for_width(width: int) -> tuple[int, int]:
        """Return the ``(width, height)`` of a card ``width`` pixels wide (ratio 5:7)."""
        w = max(1, int(width))
        return w, max(1, round(w * RATIO))

    @staticmethod
    def corner_radius(width: int) -> int:
        """Return the radius of the rounded corners of a card ``width`` pixels wide."""
        return max(1, round(int(width) * CORNER_RADIUS))

    @property
    def variant(self) -> str:
        """The folder of this style and index size, e.g. ``classic-normal``."""
        return f"{self.style}-{'large' if self.large_index else 'normal'}"

    @property
    def french(self) -> bool:
        """Whether the court cards show French letters (V D R)."""
        return str(self.lang).lower().replace("-", "_").split("_")[0] == "fr"

    # -- public images ----------------------------------------------------------------------------

    def face(self, code: str, width: int) -> pygame.Surface:
        """Return the face of card ``code`` (``AS``, ``10H``, ``JK``...) scaled to ``width``.

        The same surface object is returned for the same request until :meth:`clear`; do not
        draw on it.
        """
        return self._get(_normalise(code), width)

    def back(self, width: int) -> pygame.Surface:
        """Return the card back scaled to ``width`` pixels."""
        return self._get(BACK_CODE, width)

    def tinted(self, code: str, width: int, kind: str) -> pygame.Surface:
        """Return a cached variant of a face (or ``"back"``) for a UI state.

        ``kind`` is ``"selected"`` (warm tint and a gold ring), ``"staged"`` (see-through,
        tentative) or ``"dim"`` (darkened); any other kind gives the plain picture.
        """
        key = _normalise(code)
        if kind not in TINTS:
            return self._get(key, width)
        w, _ = self.size_for_width(width)
        cache_key = (key, w, kind)
        cached = self._tinted.get(cache_key)
        if cached is None:
            cached = self._make_tint(self._get(key, w), kind)
            self._tinted[cache_key] = cached
        return cached

    def clear(self) -> None:
        """Forget every picture handed out (after a resize or a change of style)."""
        self._scaled.clear()
        self._tinted.clear()

    # -- internals --------------------------------------------------------------------------------

    def path_for(self, code: str) -> Path:
        """Return the PNG path of a card code (or ``"back"``), French file when it applies."""
        key = _normalise(code)
        if key == BACK_CODE:
            return asset("cards", "back.png")
        if self.french and key[:-1] in FRENCH_LETTERS:
            french = card_file(self.variant, f"{key}.fr.png")
            if french.is_file():
                return french
        return card_file(self.variant, f"{key}.png")

    def _get(self, key: str, width: int) -> pygame.Surface:
        w, h = self.size_for_width(width)
        cached = self._scaled.get((key, w))
        if cached is None:
            cached = _scaled(str(self.path_for(key)), key, _display_ready(), w, h)
            self._scaled[(key, w)] = cached
        return cached

    def _make_tint(self, base: pygame.Surface, kind: str) -> pygame.Surface:
        out = base.copy()
        w = out.get_width()
        if kind == "selected":
            out.fill((255, 246, 218), special_flags=pygame.BLEND_RGB_MULT)
            ring = max(2, round(w / 28))
            pygame.draw.rect(
                out, _SELECT_RING, out.get_rect(), width=ring,
                border_radius=self.corner_radius(w),
            )
        elif kind == "staged":
            out.fill((224, 234, 255, 165), special_flags=pygame.BLEND_RGBA_MULT)
        elif kind == "dim":
            out.fill((150, 150, 158), special_flags=pygame.BLEND_RGB_MULT)
        return out


def _display_ready() -> bool:
    return pygame.display.get_init() and pygame.display.get_surface() is not None


@lru_cache(maxsize=SCALED_KEPT)
def _scaled(path: str, key: str, display: bool, w: int, h: int) -> pygame.Surface:
    """The picture of ``path`` (``key``'s) at ``w`` x ``h``, opaque inside its edge."""
    master = _master(path, key, display)
    if master.get_size() == (w, h):
        return master.copy()
    return _solid(pygame.transform.smoothscale(master, (w, h)))


@lru_cache(maxsize=MASTERS_KEPT)
def _master(path: str, key: str, display: bool) -> pygame.Surface:
    """The picture of ``path`` as drawn (the display's format once there is a display), else a
    placeholder naming ``key``."""
    surf: pygame.Surface | None = None
    if key == BACK_CODE or key in FACE_CODES:
        try:
            surf = pygame.image.load(path)
        except (pygame.error, OSError, ValueError):
            surf = None
    if surf is None:
        surf = _placeholder(key)
    if surf.get_bitsize() not in (24, 32):  # smoothscale needs 24 or 32 bits
        deep = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        deep.blit(surf, (0, 0))
        surf = deep
    if display:
        with contextlib.suppress(pygame.error):
            surf = surf.convert_alpha()
    return surf


def _solid(card: pygame.Surface) -> pygame.Surface:
    """A scaled card made fully opaque inside its rounded edge (scaling leaves the body a
    little see-through, and a card under it would show as a ghost)."""
    if not card.get_flags() & pygame.SRCALPHA:
        return card
    body = pygame.mask.from_surface(card, 200).to_surface(setcolor=(0, 0, 0, 255),
                                                          unsetcolor=(0, 0, 0, 0))
    card.blit(body, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return card


def _placeholder(key: str) -> pygame.Surface:
    """A plain card with its code written on it, for a missing or broken file."""
    w, h = CardArt.size_for_width(MASTER_WIDTH)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = CardArt.corner_radius(w)
    fill = _BACK_FILL if key == BACK_CODE else _PAPER
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, _EDGE, surf.get_rect(), width=3, border_radius=radius)
    if key == BACK_CODE:
        inner = surf.get_rect().inflate(-40, -40)
        pygame.draw.rect(surf, (201, 152, 48), inner, width=4, border_radius=radius)
        return surf
    try:
        if not pygame.font.get_init():
            pygame.font.init()
        font = pygame.font.Font(None, 110)
        label = font.render(key[:4], True, _INK)
        surf.blit(label, label.get_rect(center=surf.get_rect().center))
    except (pygame.error, OSError, NotImplementedError):
        pass
    return surf
