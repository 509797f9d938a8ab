"""Colours, sizes and background drawing shared by every screen.

Sizes are given for the reference window (1280x800) and scaled with :func:`scale_for`, so a
layout computed from the window size stays legible and whole from 800x600 up to full HD and beyond.

The player's interface scale (Settings: 100 %, 125 %, 150 %) and larger cards are part of the
look every screen reads: :func:`scale_for` multiplies the window's scale by the interface scale,
and :func:`card_scale` gives the cards' factor. The app sets both (:func:`set_look`) from the
settings, at start and at each change, then lays every screen out again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from rami_desktop.storage.settings import INTERFACE_SCALES

Color = tuple[int, int, int]

# the table: a warm green felt (its lightest point, the middle, dark enough for the text drawn
# on it: see ON_FELT)
FELT: Color = (28, 102, 66)
FELT_DARK: Color = (16, 66, 42)
FELT_LIGHT: Color = (32, 106, 70)
# panels: cream paper
CREAM: Color = (248, 240, 222)
CREAM_DARK: Color = (230, 216, 188)
CREAM_EDGE: Color = (196, 172, 128)
INK: Color = (44, 34, 26)
INK_SOFT: Color = (104, 88, 70)
INK_DISABLED: Color = (168, 154, 134)
# Moroccan accents: terracotta red, zellige blue and brass
ACCENT: Color = (182, 58, 44)
ACCENT_DARK: Color = (140, 40, 30)
ACCENT_LIGHT: Color = (208, 86, 66)
#: a primary button under the pointer (its cream label still reads)
ACCENT_HOVER: Color = (190, 62, 48)
ZELLIGE: Color = (30, 84, 140)
BRASS: Color = (214, 172, 84)
BRASS_LIGHT: Color = (252, 228, 164)
WHITE: Color = (255, 255, 255)
SHADOW = (0, 0, 0, 70)
DIM = (0, 0, 0, 140)
FOCUS: Color = ZELLIGE
# the table's dark panels (seats, status, journal), drawn at PANEL_ALPHA over the felt
PANEL_BG: Color = (14, 52, 34)
PANEL_ALPHA = 190
PANEL_EDGE: Color = (72, 132, 96)
#: soft text on the felt and on the table's panels
SOFT: Color = (222, 238, 226)
#: done: a combination's tick, "down", the opening reached
GOOD: Color = (120, 200, 120)
#: a refusal's message near the hand
TOAST_BG: Color = (120, 30, 24)
# the inks of the menu's drawn cards
CARD_RED: Color = (178, 34, 40)
CARD_BLACK: Color = (30, 30, 34)

#: the least contrast ratio of a text and what it is drawn on (WCAG 2 level AA)
MIN_CONTRAST = 4.5
#: the text colours drawn on the felt itself, read against its lightest point
ON_FELT: tuple[Color, ...] = (CREAM, BRASS_LIGHT, SOFT)
#: every other text colour with what it is drawn on (a dark table panel: PANEL_BG over the
#: felt); tests/ui/test_contrast.py checks each pair, and that no other text colour is drawn
TEXT_ON: tuple[tuple[Color, Color], ...] = (
    (INK, CREAM), (INK, CREAM_DARK), (INK, CREAM_EDGE), (INK, WHITE), (INK, GOOD),
    (INK, BRASS_LIGHT), (INK_SOFT, CREAM), (INK_SOFT, CREAM_DARK), (INK_SOFT, WHITE),
    (ACCENT_DARK, CREAM), (ACCENT_DARK, CREAM_DARK), (ACCENT, CREAM), (ACCENT, WHITE),
    (ZELLIGE, CREAM), (ZELLIGE, CREAM_DARK), (ZELLIGE, WHITE),
    (CREAM, ACCENT), (CREAM, ACCENT_HOVER), (CREAM, ACCENT_DARK), (CREAM, ZELLIGE),
    (CREAM, PANEL_BG), (BRASS_LIGHT, PANEL_BG), (SOFT, PANEL_BG), (CREAM, TOAST_BG),
    (CARD_RED, WHITE), (CARD_BLACK, WHITE),
)
#: text colours not meant to be read on their own: a disabled control's label (WCAG leaves
#: inactive controls out) and the title's drop shadow
NOT_READ: tuple[Color, ...] = (INK_DISABLED, FELT_DARK)


def luminance(color: tuple[int, ...]) -> float:
    """The relative luminance of an sRGB colour (WCAG 2)."""
    def linear(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(v) for v in color[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg: tuple[int, ...], bg: tuple[int, ...]) -> float:
    """The contrast ratio of two colours, from 1 to 21 (WCAG 2)."""
    light, dark = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def over(top: tuple[int, ...], alpha: int, below: tuple[int, ...]) -> Color:
    """The colour of ``top`` drawn at ``alpha`` (0-255) over ``below``."""
    a = alpha / 255
    r, g, b = (round(t * a + u * (1 - a)) for t, u in zip(top[:3], below[:3], strict=True))
    return (r, g, b)


REFERENCE_SIZE = (1280, 800)
#: the smallest window every screen fits in (a netbook's 1024x600 and 800x600 too)
MIN_SIZE = (800, 600)
#: the smallest UI scale: text stays legible in the smallest windows (layouts give the room)
MIN_SCALE = 0.78
DEFAULT_SIZE = (1280, 800)
#: the least room, in reference pixels, a screen is laid out in at a larger interface scale (a
#: laptop's 1366x768 at 150 %): in a smaller window the text grows only as far as it holds
LEAST_ROOM = (940, 530)

# font sizes at the reference window
FONT_TITLE = 96
FONT_HEADING = 38
FONT_SUBHEADING = 28
FONT_BODY = 24
FONT_SMALL = 20


#: how much larger the cards are with "Larger cards" on
LARGE_CARDS = 1.25


@dataclass
class Look:
    """The player's choices of size: the interface scale (1.0 is 100 %) and larger cards."""

    interface: float = 1.0
    large_cards: bool = False


#: the look every screen reads (set by the app from the settings)
_LOOK = Look()


def set_look(interface_percent: int, large_cards: bool = False) -> None:
    """Set the interface scale (one of :data:`INTERFACE_SCALES`, else 100 %) and larger cards;
    the screens take it at their next layout."""
    percent = interface_percent if interface_percent in INTERFACE_SCALES else 100
    _LOOK.interface = percent / 100
    _LOOK.large_cards = bool(large_cards)


def interface_scale() -> float:
    """The player's interface scale (1.0, 1.25 or 1.5)."""
    return _LOOK.interface


def card_scale() -> float:
    """How much larger than the window's own size the cards are drawn (1.0, or
    :data:`LARGE_CARDS` with "Larger cards")."""
    return LARGE_CARDS if _LOOK.large_cards else 1.0


def window_scale(size: tuple[int, int]) -> float:
    """The window's own scale (1.0 at 1280x800), clamped to a legible range."""
    w, h = size
    s = min(w / REFERENCE_SIZE[0], h / REFERENCE_SIZE[1])
    return max(MIN_SCALE, min(s, 2.0))


def scale_for(size: tuple[int, int]) -> float:
    """Return the UI scale for a window size: the window's own scale times the player's
    interface scale (text, buttons and panels grow with it), as far as the window holds the
    screens laid out at that scale (:data:`LEAST_ROOM`); never under the window's own scale."""
    own = window_scale(size)
    room = min(size[0] / LEAST_ROOM[0], size[1] / LEAST_ROOM[1])
    return min(own * _LOOK.interface, max(own, room))


def px(value: float, scale: float) -> int:
    """Scale a reference length to pixels."""
    return max(1, round(value * scale))


def radius(scale: float) -> int:
    """Return the corner radius of buttons and panels."""
    return px(10, scale)


_BACKGROUNDS: dict[tuple[int, int], pygame.Surface] = {}


def felt_background(size: tuple[int, int]) -> pygame.Surface:
    """Return (cached) the felt table background for a window size: a soft vignette and a
    faint eight-pointed star pattern."""
    size = (max(1, size[0]), max(1, size[1]))
    cached = _BACKGROUNDS.get(size)
    if cached is not None:
        return cached
    if len(_BACKGROUNDS) > 6:
        _BACKGROUNDS.clear()
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(FELT)
    # radial vignette drawn as concentric ellipses (cheap, done once per size)
    steps = 24
    for i in range(steps):
        t = i / steps
        c = tuple(round(FELT_DARK[k] + (FELT_LIGHT[k] - FELT_DARK[k]) * t) for k in range(3))
        rw = round(w * (1.5 - 0.9 * t))
        rh = round(h * (1.5 - 0.9 * t))
        pygame.draw.ellipse(surf, c, pygame.Rect(w // 2 - rw // 2, h // 2 - rh // 2, rw, rh))
    # faint star lattice
    pattern = pygame.Surface(size, pygame.SRCALPHA)
    step = max(90, round(min(w, h) / 6))
    star_r = step * 0.18
    for gy in range(-1, h // step + 2):
        for gx in range(-1, w // step + 2):
            cx = gx * step + (step // 2 if gy % 2 else 0)
            cy = gy * step
            draw_star(pattern, (255, 255, 255, 10), (cx, cy), star_r, width=0)
    surf.blit(pattern, (0, 0))
    _BACKGROUNDS[size] = surf
    return surf


def star_points(center: tuple[float, float], r: float, rotation: float = 0.0
                ) -> list[tuple[float, float]]:
    """Return the outline of an eight-pointed star (khatam) centred on ``center``."""
    cx, cy = center
    inner = r * 0.72
    pts = []
    for i in range(16):
        a = rotation + math.pi * i / 8
        rr = r if i % 2 == 0 else inner
        pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return pts


def draw_star(surface: pygame.Surface, color: tuple[int, ...], center: tuple[float, float],
              r: float, width: int = 0, rotation: float = math.pi / 16) -> None:
    """Draw an eight-pointed star."""
    pygame.draw.polygon(surface, color, star_points(center, r, rotation), width)


_SHADOWS: dict[tuple[int, int, int, int], pygame.Surface] = {}


def draw_shadow(surface: pygame.Surface, rect: pygame.Rect, scale: float,
                corner: int | None = None) -> None:
    """Draw a soft drop shadow under a rectangle."""
    off = px(4, scale)
    corner = radius(scale) if corner is None else corner
    key = (rect.w, rect.h, off, corner)
    shadow = _SHADOWS.get(key)
    if shadow is None:
        if len(_SHADOWS) > 200:
            _SHADOWS.clear()
        shadow = pygame.Surface((rect.w + off * 2, rect.h + off * 2), pygame.SRCALPHA)
        pygame.draw.rect(shadow, SHADOW, shadow.get_rect().inflate(-off, -off),
                         border_radius=corner)
        _SHADOWS[key] = shadow
    surface.blit(shadow, (rect.x - off // 2, rect.y + off // 2))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, scale: float, *,
               color: Color = CREAM, border: Color = CREAM_EDGE, shadow: bool = True) -> None:
    """Draw a cream panel with a brass edge and a shadow."""
    corner = radius(scale)
    if shadow:
        draw_shadow(surface, rect, scale, corner)
    pygame.draw.rect(surface, color, rect, border_radius=corner)
    pygame.draw.rect(surface, border, rect, width=max(1, px(2, scale)), border_radius=corner)


def dim(surface: pygame.Surface) -> None:
    """Darken the whole surface (behind a modal overlay)."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill(DIM)
    surface.blit(veil, (0, 0))
