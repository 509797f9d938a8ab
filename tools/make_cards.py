"""Draw Rami's card art (original, pygame-ce primitives only) into ``assets/cards/``.

Run with ``.venv/bin/python tools/make_cards.py``; it is headless and deterministic. It writes:

- ``assets/cards/back.png``: the card back (a zellige-like pattern of eight-pointed stars);
- ``assets/cards/<style>-<index>/<code>.png`` for style ``classic`` or ``four`` (four-colour deck)
  and index ``normal`` or ``large``: the 52 faces (``AS``, ``10H``, ``QD``...) and the joker ``JK``;
- ``assets/cards/<style>-<index>/<code>.fr.png``: French corner letters (V D R) for J, Q and K.

Everything is drawn at twice the master size (300x420, ratio 5:7) and smooth-scaled down, which
anti-aliases the polygons. Suit symbols are polygons and circles, never font glyphs; letters come
from pygame's default font.
"""

from __future__ import annotations

import math
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

Color = tuple[int, int, int]
Point = tuple[float, float]

MASTER_W, MASTER_H = 300, 420
SS = 2  # supersampling factor
RADIUS = 18.0

OUT_DIR = Path(__file__).resolve().parent.parent / "assets" / "cards"

SUITS = ("S", "H", "D", "C")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FRENCH = {"J": "V", "Q": "D", "K": "R"}
STYLES = ("classic", "four")
INDEXES = ("normal", "large")

PAPER: Color = (253, 251, 245)
EDGE: Color = (170, 164, 152)
BLACK: Color = (24, 26, 32)
RED: Color = (198, 26, 44)
BLUE: Color = (22, 86, 190)
GREEN: Color = (16, 126, 62)
GOLD: Color = (201, 152, 48)
GOLD_DARK: Color = (140, 98, 24)
CREAM: Color = (246, 236, 212)
NAVY: Color = (18, 42, 88)
TEAL: Color = (14, 96, 96)
TERRACOTTA: Color = (190, 84, 46)
ZGREEN: Color = (22, 110, 70)

INKS: dict[str, dict[str, Color]] = {
    "classic": {"S": BLACK, "H": RED, "D": RED, "C": BLACK},
    "four": {"S": BLACK, "H": RED, "D": BLUE, "C": GREEN},
}


def mix(a: Color, b: Color, t: float) -> Color:
    """Blend colour ``a`` towards ``b`` by ``t`` (0..1)."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def px(v: float) -> int:
    """Master units to canvas pixels."""
    return round(v * SS)


def pts(points: Sequence[Point]) -> list[tuple[int, int]]:
    """Master-unit points to canvas pixels."""
    return [(px(x), px(y)) for x, y in points]


def bezier(p0: Point, p1: Point, p2: Point, steps: int = 16) -> list[Point]:
    """Points along a quadratic Bezier curve (excluding the end point)."""
    out = []
    for i in range(steps):
        t = i / steps
        u = 1 - t
        out.append(
            (
                u * u * p0[0] + 2 * u * t * p1[0] + t * t * p2[0],
                u * u * p0[1] + 2 * u * t * p1[1] + t * t * p2[1],
            )
        )
    return out


# --- suit symbols, in a unit box (x, y in 0..1, y down) ------------------------------------------


def _heart_outline(n: int = 160) -> list[Point]:
    raw = []
    for i in range(n):
        t = 2 * math.pi * i / n
        x = 16 * math.sin(t) ** 3
        y = -(13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t))
        raw.append((x, y))
    xs = [p[0] for p in raw]
    ys = [p[1] for p in raw]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    return [((x - x0) / (x1 - x0), (y - y0) / (y1 - y0)) for x, y in raw]


HEART = _heart_outline()


def _stem() -> list[Point]:
    left = bezier((0.47, 0.58), (0.47, 0.9), (0.25, 1.0))
    right = bezier((0.75, 1.0), (0.53, 0.9), (0.53, 0.58))
    return [*left, (0.25, 1.0), *right, (0.53, 0.58)]


STEM = _stem()


def _diamond() -> list[Point]:
    corners = [(0.5, 0.0), (0.9, 0.5), (0.5, 1.0), (0.1, 0.5)]
    out: list[Point] = []
    for i in range(4):
        a = corners[i]
        b = corners[(i + 1) % 4]
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        ctrl = (mid[0] + (0.5 - mid[0]) * 0.22, mid[1] + (0.5 - mid[1]) * 0.22)
        out.extend(bezier(a, ctrl, b))
    return out


DIAMOND = _diamond()

# A shape: polygons and circles (cx, cy, r) in the unit box.
Shape = tuple[list[list[Point]], list[tuple[float, float, float]]]

SHAPES: dict[str, Shape] = {
    "H": ([HEART], []),
    "D": ([DIAMOND], []),
    "S": ([[(x, 0.8 - y * 0.8) for x, y in HEART], STEM], []),
    "C": (
        [[(0.5, 0.3), (0.3, 0.6), (0.7, 0.6)], STEM],
        [(0.5, 0.255, 0.235), (0.262, 0.575, 0.235), (0.738, 0.575, 0.235)],
    ),
}


def draw_suit(
    surf: pygame.Surface,
    suit: str,
    center: Point,
    width: float,
    color: Color,
    flip: bool = False,
) -> None:
    """Draw one suit symbol, ``width`` master units wide, centred on ``center``."""
    height = width * 1.08
    x0 = center[0] - width / 2
    y0 = center[1] - height / 2

    def tx(p: Point) -> Point:
        y = 1 - p[1] if flip else p[1]
        return (x0 + p[0] * width, y0 + y * height)

    polys, circles = SHAPES[suit]
    for poly in polys:
        pygame.draw.polygon(surf, color, pts([tx(p) for p in poly]))
    for cx, cy, r in circles:
        c = tx((cx, cy))
        pygame.draw.circle(surf, color, (px(c[0]), px(c[1])), px(r * width))


# --- letters --------------------------------------------------------------------------------------

_FONTS: dict[int, pygame.font.Font] = {}
_CAP_BAND: dict[int, tuple[int, int]] = {}


def _font(size: int) -> pygame.font.Font:
    if size not in _FONTS:
        font = pygame.font.Font(None, size)
        _FONTS[size] = font
        band = font.render("H", True, (0, 0, 0)).get_bounding_rect()
        _CAP_BAND[size] = (band.top, band.height)
    return _FONTS[size]


def text(label: str, cap_h: float, color: Color, max_w: float | None = None) -> pygame.Surface:
    """Render ``label`` with capitals exactly ``cap_h`` master units tall, cropped tightly.

    Returns a canvas-resolution surface (already multiplied by the supersampling factor).
    """
    target = px(cap_h)
    size = max(16, int(target * 2.4))
    font = _font(size)
    top, band_h = _CAP_BAND[size]
    rendered = font.render(label, True, color)
    box = rendered.get_bounding_rect()
    bottom = max(box.bottom, top + band_h)
    crop = rendered.subsurface(pygame.Rect(box.left, top, box.width, bottom - top)).copy()
    scale = target / band_h
    w = max(1, round(crop.get_width() * scale))
    h = max(1, round(crop.get_height() * scale))
    if max_w is not None and w > px(max_w):
        w = px(max_w)
    return pygame.transform.smoothscale(crop, (w, h))


def blit_center(surf: pygame.Surface, img: pygame.Surface, center: Point) -> None:
    """Blit a canvas surface centred on a master-unit point."""
    r = img.get_rect(center=(px(center[0]), px(center[1])))
    surf.blit(img, r)


def blit_top_center(surf: pygame.Surface, img: pygame.Surface, x: float, top: float) -> None:
    """Blit a canvas surface with its top edge at ``top`` and centred on ``x``."""
    r = img.get_rect(midtop=(px(x), px(top)))
    surf.blit(img, r)


# --- card bodies ----------------------------------------------------------------------------------


def new_canvas(fill: Color) -> pygame.Surface:
    """An opaque canvas at supersampled size."""
    surf = pygame.Surface((px(MASTER_W), px(MASTER_H)), pygame.SRCALPHA)
    surf.fill((*fill, 255))
    return surf


def finish(canvas: pygame.Surface, edge: Color = EDGE) -> pygame.Surface:
    """Round the corners (transparent outside), add the edge line, scale to the master size."""
    full = pygame.Rect(0, 0, canvas.get_width(), canvas.get_height())
    pygame.draw.rect(canvas, edge, full, width=px(1.4), border_radius=px(RADIUS))
    mask = pygame.Surface(full.size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), full, border_radius=px(RADIUS))
    canvas.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return pygame.transform.smoothscale(canvas, (MASTER_W, MASTER_H))


def mirrored(canvas: pygame.Surface, draw: Callable[[pygame.Surface], None]) -> None:
    """Draw something on ``canvas`` and again rotated half a turn (for corner indices)."""
    layer = pygame.Surface(canvas.get_size(), pygame.SRCALPHA)
    draw(layer)
    canvas.blit(layer, (0, 0))
    canvas.blit(pygame.transform.flip(layer, True, True), (0, 0))


class Layout:
    """Sizes that depend on the index size."""

    def __init__(self, large: bool) -> None:
        self.large = large
        if large:
            self.index_x = 41.0
            self.rank_cap = 66.0
            self.rank_max_w = 62.0
            self.index_top = 16.0
            self.suit_w = 50.0
            self.suit_gap = 10.0
            self.pip_w = 45.0
            self.pip_cols = (104.0, 150.0, 196.0)
            self.pip_rows = (86.0, 334.0)
            self.frame = pygame.Rect(86, 58, MASTER_W - 172, MASTER_H - 116)
            self.ace_w = 96.0
        else:
            self.index_x = 31.0
            self.rank_cap = 46.0
            self.rank_max_w = 50.0
            self.index_top = 14.0
            self.suit_w = 34.0
            self.suit_gap = 8.0
            self.pip_w = 54.0
            self.pip_cols = (93.0, 150.0, 207.0)
            self.pip_rows = (80.0, 340.0)
            self.frame = pygame.Rect(64, 42, MASTER_W - 128, MASTER_H - 84)
            self.ace_w = 120.0


def draw_index(
    canvas: pygame.Surface, label: str, suit: str, ink: Color, lay: Layout
) -> None:
    """The rank and suit in the top-left corner and, upside down, the bottom-right one."""

    def one(layer: pygame.Surface) -> None:
        img = text(label, lay.rank_cap, ink, lay.rank_max_w)
        blit_top_center(layer, img, lay.index_x, lay.index_top)
        suit_top = lay.index_top + lay.rank_cap + lay.suit_gap
        draw_suit(layer, suit, (lay.index_x, suit_top + lay.suit_w * 0.54), lay.suit_w, ink)

    mirrored(canvas, one)


PIP_LAYOUTS: dict[int, list[tuple[int, float]]] = {
    # (column 0/1/2, row 0..1)
    2: [(1, 0), (1, 1)],
    3: [(1, 0), (1, 0.5), (1, 1)],
    4: [(0, 0), (2, 0), (0, 1), (2, 1)],
    5: [(0, 0), (2, 0), (1, 0.5), (0, 1), (2, 1)],
    6: [(0, 0), (2, 0), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    7: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (0, 1), (2, 1)],
    8: [(0, 0), (2, 0), (1, 0.25), (0, 0.5), (2, 0.5), (1, 0.75), (0, 1), (2, 1)],
    9: [(0, 0), (2, 0), (0, 1 / 3), (2, 1 / 3), (1, 0.5), (0, 2 / 3), (2, 2 / 3), (0, 1), (2, 1)],
    10: [
        (0, 0), (2, 0), (1, 1 / 6), (0, 1 / 3), (2, 1 / 3),
        (0, 2 / 3), (2, 2 / 3), (1, 5 / 6), (0, 1), (2, 1),
    ],
}


def draw_pips(canvas: pygame.Surface, n: int, suit: str, ink: Color, lay: Layout) -> None:
    """The pips of a number card, the lower half upside down as on real cards."""
    top, bottom = lay.pip_rows
    for col, row in PIP_LAYOUTS[n]:
        x = lay.pip_cols[col]
        y = top + (bottom - top) * row
        draw_suit(canvas, suit, (x, y), lay.pip_w, ink, flip=row > 0.5)


def star_points(center: Point, radius: float, inner: float, n: int = 8, turn: float = 0.0) -> list[
    Point
]:
    """A star polygon with ``n`` points."""
    out = []
    for i in range(2 * n):
        r = radius if i % 2 == 0 else inner
        a = turn + math.pi * i / n - math.pi / 2
        out.append((center[0] + r * math.cos(a), center[1] + r * math.sin(a)))
    return out


def octagram(center: Point, radius: float) -> list[Point]:
    """The eight-pointed star of zellige: two squares, one turned by 45 degrees."""
    return star_points(center, radius, radius * math.cos(math.pi / 8) * 0.765, 8, math.pi / 8)


def draw_ace(canvas: pygame.Surface, suit: str, ink: Color, lay: Layout) -> None:
    """A big pip on a fine gold eight-pointed star."""
    c = (MASTER_W / 2, MASTER_H / 2)
    r = lay.ace_w * 0.95
    pygame.draw.polygon(canvas, mix(PAPER, GOLD, 0.18), pts(octagram(c, r)))
    pygame.draw.polygon(canvas, GOLD, pts(octagram(c, r)), px(1.6))
    pygame.draw.polygon(canvas, mix(PAPER, GOLD, 0.55), pts(octagram(c, r * 0.86)), px(0.8))
    draw_suit(canvas, suit, (c[0], c[1] + 1), lay.ace_w * 0.82, ink)


def crown(canvas: pygame.Surface, rank: str, center: Point, w: float, ink: Color) -> None:
    """A small gold emblem above the big letter: crown (K), tiara (Q) or star (J)."""
    cx, cy = center
    h = w * 0.62
    left, right, top, base = cx - w / 2, cx + w / 2, cy - h / 2, cy + h / 2
    band = h * 0.24
    outline = mix(ink, GOLD_DARK, 0.4)
    if rank == "K":
        shape = [
            (left, base), (left, top + h * 0.2), (left + w * 0.25, top + h * 0.5),
            (cx, top), (right - w * 0.25, top + h * 0.5), (right, top + h * 0.2), (right, base),
        ]
        tips = [(left, top + h * 0.2), (cx, top), (right, top + h * 0.2)]
    elif rank == "Q":
        shape = [
            (left + w * 0.06, base), (left, top + h * 0.3), (left + w * 0.3, top + h * 0.55),
            (cx, top + h * 0.12), (right - w * 0.3, top + h * 0.55), (right, top + h * 0.3),
            (right - w * 0.06, base),
        ]
        tips = [(left, top + h * 0.3), (cx, top + h * 0.12), (right, top + h * 0.3)]
    else:
        star = octagram((cx, cy), h * 0.62)
        pygame.draw.polygon(canvas, GOLD, pts(star))
        pygame.draw.polygon(canvas, outline, pts(star), px(1.6))
        pygame.draw.circle(canvas, ink, (px(cx), px(cy)), px(h * 0.24))
        pygame.draw.circle(canvas, GOLD, (px(cx), px(cy)), px(h * 0.1))
        return
    pygame.draw.polygon(canvas, GOLD, pts(shape))
    pygame.draw.polygon(canvas, outline, pts(shape), px(1.6))
    band_rect = pygame.Rect(px(left + w * 0.04), px(base - band), px(w * 0.92), px(band))
    pygame.draw.rect(canvas, ink, band_rect, border_radius=px(2))
    for t in tips:
        pygame.draw.circle(canvas, GOLD, (px(t[0]), px(t[1])), px(w * 0.07))
        pygame.draw.circle(canvas, outline, (px(t[0]), px(t[1])), px(w * 0.07), px(1.2))
    for i in range(3):
        gx = left + w * (0.3 + 0.2 * i)
        pygame.draw.circle(canvas, GOLD, (px(gx), px(base - band / 2)), px(band * 0.28))


def draw_court(
    canvas: pygame.Surface, rank: str, letter: str, suit: str, ink: Color, lay: Layout
) -> None:
    """J, Q, K: a framed panel with a large letter, an emblem and suit symbols."""
    fr = lay.frame
    tint = mix(PAPER, ink, 0.07)
    outer = pygame.Rect(px(fr.x), px(fr.y), px(fr.w), px(fr.h))
    pygame.draw.rect(canvas, tint, outer, border_radius=px(10))
    pygame.draw.rect(canvas, ink, outer, width=px(2.4), border_radius=px(10))
    inner = outer.inflate(-px(10), -px(10))
    pygame.draw.rect(canvas, GOLD, inner, width=px(1.4), border_radius=px(7))
    # small suit symbols in the frame corners, the lower ones upside down
    sw = fr.w * 0.13
    for fx, fy, flip in (
        (fr.left + 16 + sw / 2, fr.top + 18 + sw / 2, False),
        (fr.right - 16 - sw / 2, fr.top + 18 + sw / 2, False),
        (fr.left + 16 + sw / 2, fr.bottom - 18 - sw / 2, True),
        (fr.right - 16 - sw / 2, fr.bottom - 18 - sw / 2, True),
    ):
        draw_suit(canvas, suit, (fx, fy), sw, ink, flip)
    cx = fr.centerx
    # a gold diamond lattice line through the middle
    cy = fr.centery
    big = text(letter, fr.h * 0.3, ink, fr.w * 0.72)
    blit_center(canvas, big, (cx, cy))
    crown(canvas, rank, (cx, fr.top + fr.h * 0.2), fr.w * 0.42, ink)
    draw_suit(canvas, suit, (cx, fr.bottom - fr.h * 0.19), fr.w * 0.3, ink, flip=True)


def face(rank: str, suit: str, style: str, large: bool, french: bool = False) -> pygame.Surface:
    """Draw one face card at the master size."""
    lay = Layout(large)
    ink = INKS[style][suit]
    canvas = new_canvas(PAPER)
    letter = FRENCH.get(rank, rank) if french else rank
    if rank == "A":
        draw_ace(canvas, suit, ink, lay)
    elif rank in FRENCH:
        draw_court(canvas, rank, letter, suit, ink, lay)
    else:
        draw_pips(canvas, int(rank), suit, ink, lay)
    draw_index(canvas, letter, suit, ink, lay)
    return finish(canvas)


# --- joker ----------------------------------------------------------------------------------------

JOKER_COLORS: tuple[Color, ...] = (RED, BLUE, GREEN, GOLD)


def jester_hat(canvas: pygame.Surface, center: Point, w: float) -> None:
    """A three-flapped jester's cap with gold bells."""
    cx, cy = center
    h = w * 0.62
    base_y = cy + h / 2
    band_h = h * 0.2
    root_y = base_y - band_h
    tip_y = cy + h * 0.05
    flaps = [  # colour, root, control point, tip
        (RED, (cx - w * 0.16, root_y), (cx - w * 0.58, cy - h * 0.55), (cx - w * 0.48, tip_y)),
        (BLUE, (cx + w * 0.16, root_y), (cx + w * 0.58, cy - h * 0.55), (cx + w * 0.48, tip_y)),
        (GREEN, (cx, root_y), (cx, cy - h * 0.95), (cx, cy - h * 0.7)),
    ]
    bells = []
    for color, root, ctrl, tip in flaps:
        half = w * 0.17
        left_root = (root[0] - half, root[1])
        right_root = (root[0] + half, root[1])
        side_a = bezier(left_root, (ctrl[0] - half * 0.3, ctrl[1] + h * 0.2), tip, 20)
        side_b = bezier(tip, (ctrl[0] + half * 0.3, ctrl[1] + h * 0.35), right_root, 20)
        shape = [*side_a, *side_b, right_root]
        pygame.draw.polygon(canvas, color, pts(shape))
        pygame.draw.polygon(canvas, mix(color, BLACK, 0.45), pts(shape), px(1.4))
        bells.append(tip)
    band = pygame.Rect(px(cx - w * 0.36), px(base_y - band_h), px(w * 0.72), px(band_h))
    pygame.draw.rect(canvas, GOLD, band, border_radius=px(4))
    pygame.draw.rect(canvas, GOLD_DARK, band, width=px(1.4), border_radius=px(4))
    for i in range(5):
        x = cx - w * 0.28 + i * w * 0.14
        color = JOKER_COLORS[i % 3]
        spark = star_points((x, base_y - band_h / 2), band_h * 0.36, band_h * 0.16, 4)
        pygame.draw.polygon(canvas, color, pts(spark))
    for b in bells:
        pygame.draw.circle(canvas, GOLD, (px(b[0]), px(b[1])), px(w * 0.075))
        pygame.draw.circle(canvas, GOLD_DARK, (px(b[0]), px(b[1])), px(w * 0.075), px(1.4))


def draw_star_rosette(canvas: pygame.Surface, center: Point, radius: float) -> None:
    """A many-coloured eight-pointed star."""
    star = octagram(center, radius)
    cx, cy = center
    for i in range(16):
        a = star[i]
        b = star[(i + 1) % 16]
        color = JOKER_COLORS[(i // 2) % 4]
        if i % 2:
            color = mix(color, BLACK, 0.18)
        pygame.draw.polygon(canvas, color, pts([center, a, b]))
    pygame.draw.polygon(canvas, mix(GOLD_DARK, BLACK, 0.3), pts(star), px(1.6))
    pygame.draw.circle(canvas, CREAM, (px(cx), px(cy)), px(radius * 0.36))
    pygame.draw.circle(canvas, GOLD, (px(cx), px(cy)), px(radius * 0.36), px(2))
    pygame.draw.polygon(canvas, RED, pts(star_points(center, radius * 0.26, radius * 0.11, 4)))


def draw_joker_index(canvas: pygame.Surface, lay: Layout) -> None:
    """``JOKER`` written downwards in the corners, in alternating colours."""
    cap = 30.0 if lay.large else 21.0
    step = cap + (7.0 if lay.large else 5.0)

    def one(layer: pygame.Surface) -> None:
        for i, ch in enumerate("JOKER"):
            img = text(ch, cap, JOKER_COLORS[i % 3])
            blit_top_center(layer, img, lay.index_x, lay.index_top + i * step)
        sy = lay.index_top + 5 * step + cap * 0.5
        pygame.draw.polygon(
            layer, GOLD, pts(star_points((lay.index_x, sy), cap * 0.62, cap * 0.28, 4))
        )

    mirrored(canvas, one)


def joker(large: bool) -> pygame.Surface:
    """The joker at the master size."""
    lay = Layout(large)
    canvas = new_canvas(PAPER)
    fr = lay.frame
    panel = pygame.Rect(px(fr.x), px(fr.y), px(fr.w), px(fr.h))
    pygame.draw.rect(canvas, mix(PAPER, GOLD, 0.12), panel, border_radius=px(10))
    pygame.draw.rect(canvas, GOLD, panel, width=px(2), border_radius=px(10))
    cx = fr.centerx
    rosette_r = min(fr.w * 0.36, 58.0)
    star_y = fr.centery + fr.h * 0.05
    jester_hat(canvas, (cx, fr.top + fr.h * 0.2), min(fr.w * 0.78, 130.0))
    draw_star_rosette(canvas, (cx, star_y), rosette_r)
    word = text("JOKER", fr.h * 0.075, RED, fr.w * 0.82)
    blit_center(canvas, word, (cx, fr.bottom - fr.h * 0.12))
    draw_joker_index(canvas, lay)
    return finish(canvas)


# --- back -----------------------------------------------------------------------------------------


def back() -> pygame.Surface:
    """The card back: a zellige-like field of eight-pointed stars in a cream border."""
    canvas = new_canvas(CREAM)
    border = 11.0
    fw = MASTER_W - 2 * border
    fh = MASTER_H - 2 * border
    field = pygame.Rect(px(border), px(border), px(fw), px(fh))
    pattern = pygame.Surface(field.size, pygame.SRCALPHA)
    pattern.fill((*NAVY, 255))
    cell = (MASTER_W - 2 * border) / 5.0
    # lattice centred on the card centre, in field coordinates (master units)
    ox = MASTER_W / 2 - border
    oy = MASTER_H / 2 - border
    span_i = int(fw / cell) + 2
    span_j = int(fh / cell) + 2
    grout = mix(CREAM, NAVY, 0.1)
    # strapwork: teal bands at 45 degrees through the lattice points
    reach = fw + fh + 2 * cell
    for k in range(-span_i - span_j, span_i + span_j + 1):
        for sign in (1, -1):
            x_a, x_b = -cell, fw + cell
            y_a = oy + sign * (x_a - ox) - k * cell
            y_b = oy + sign * (x_b - ox) - k * cell
            if min(y_a, y_b) > reach or max(y_a, y_b) < -reach:
                continue
            pygame.draw.line(pattern, TEAL, (px(x_a), px(y_a)), (px(x_b), px(y_b)), px(3.2))
    for i in range(-span_i, span_i + 1):
        for j in range(-span_j, span_j + 1):
            x = ox + i * cell
            y = oy + j * cell
            if x < -cell or x > fw + cell or y < -cell or y > fh + cell:
                continue
            color = TERRACOTTA if (i + j) % 2 == 0 else ZGREEN
            star = octagram((x, y), cell * 0.46)
            pygame.draw.polygon(pattern, color, pts(star))
            pygame.draw.polygon(pattern, grout, pts(star), px(2.2))
            inner = octagram((x, y), cell * 0.2)
            pygame.draw.polygon(pattern, CREAM if (i + j) % 2 == 0 else GOLD, pts(inner))
            # small gold lozenge in the gap between four stars
            mx, my = x + cell / 2, y + cell / 2
            lozenge = [(mx, my - cell * 0.15), (mx + cell * 0.15, my), (mx, my + cell * 0.15),
                       (mx - cell * 0.15, my)]
            pygame.draw.polygon(pattern, GOLD, pts(lozenge))
            pygame.draw.polygon(pattern, grout, pts(lozenge), px(1.4))
    # central medallion
    c = (ox, oy)
    pygame.draw.circle(pattern, NAVY, (px(c[0]), px(c[1])), px(cell * 0.95))
    pygame.draw.circle(pattern, GOLD, (px(c[0]), px(c[1])), px(cell * 0.95), px(2.6))
    pygame.draw.polygon(pattern, CREAM, pts(octagram(c, cell * 0.82)))
    pygame.draw.polygon(pattern, ZGREEN, pts(octagram(c, cell * 0.68)))
    pygame.draw.polygon(pattern, TERRACOTTA, pts(octagram(c, cell * 0.42)))
    pygame.draw.polygon(pattern, GOLD, pts(octagram(c, cell * 0.2)))
    # round the field's corners
    mask = pygame.Surface(field.size, pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=px(RADIUS - 8))
    pattern.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    canvas.blit(pattern, field)
    pygame.draw.rect(canvas, GOLD, field, width=px(2), border_radius=px(RADIUS - 8))
    return finish(canvas)


# --- main -----------------------------------------------------------------------------------------


def variant_dir(style: str, index: str) -> Path:
    """Where one variant's faces go."""
    return OUT_DIR / f"{style}-{index}"


def save(surf: pygame.Surface, path: Path) -> None:
    """Write a PNG."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, str(path))


def main() -> int:
    """Draw and write every card image."""
    pygame.init()
    pygame.display.set_mode((1, 1))
    count = 0
    save(back(), OUT_DIR / "back.png")
    count += 1
    for style in STYLES:
        for index in INDEXES:
            large = index == "large"
            folder = variant_dir(style, index)
            for suit in SUITS:
                for rank in RANKS:
                    save(face(rank, suit, style, large), folder / f"{rank}{suit}.png")
                    count += 1
                    if rank in FRENCH:
                        save(face(rank, suit, style, large, True), folder / f"{rank}{suit}.fr.png")
                        count += 1
            save(joker(large), folder / "JK.png")
            count += 1
    pygame.quit()
    print(f"wrote {count} card images to {OUT_DIR}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
