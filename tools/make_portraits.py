"""Draw the portraits a seat may wear (original, pygame-ce primitives only) into ``assets/faces/``.

Run with ``.venv/bin/python tools/make_portraits.py``; it is headless and deterministic. It
writes ``assets/faces/<id>.png`` for every face of
:data:`rami_desktop.play.game.people.FACES`: a round portrait, :data:`SIZE` pixels wide,
transparent outside its disc. Women and men, young and old, with and without a headscarf, a
taqiya or a fez: drawn shapes (ellipses, polygons, arcs), no photograph, no font, no third-party
artwork. Each is drawn at :data:`SS` times its size and smooth-scaled down (anti-aliasing).
"""

from __future__ import annotations

import itertools
import math
import os
import sys
from dataclasses import dataclass
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "assets" / "faces"
#: the portraits' width and height in pixels
SIZE = 128
#: drawn this many times larger, then smooth-scaled down
SS = 4

Color = tuple[int, int, int]

# skins, from light to deep
SKIN_LIGHT: Color = (240, 204, 172)
SKIN_WARM: Color = (226, 178, 138)
SKIN_OLIVE: Color = (208, 156, 112)
SKIN_TAN: Color = (184, 130, 90)
SKIN_DEEP: Color = (140, 94, 62)
# hair
BLACK_HAIR: Color = (38, 30, 28)
BROWN_HAIR: Color = (92, 58, 36)
AUBURN: Color = (122, 62, 38)
GREY_HAIR: Color = (150, 146, 142)
WHITE_HAIR: Color = (226, 222, 214)
# cloth and grounds: terracotta, saffron, majorelle blue, mint, rose, teal, sand
TERRACOTTA: Color = (196, 98, 66)
SAFFRON: Color = (232, 178, 76)
MAJORELLE: Color = (58, 86, 178)
MINT: Color = (150, 198, 170)
ROSE: Color = (214, 124, 134)
TEAL: Color = (34, 120, 122)
SAND: Color = (226, 206, 160)
OLIVE: Color = (120, 136, 70)
CREAM: Color = (246, 238, 220)
PLUM: Color = (118, 56, 92)
NAVY: Color = (36, 48, 96)
FEZ_RED: Color = (170, 30, 40)
GOLD: Color = (214, 170, 64)


@dataclass(frozen=True)
class Look:
    """How one portrait looks."""

    skin: Color
    ground: Color
    clothes: Color
    trim: Color
    hair: Color = BLACK_HAIR
    hair_style: str = "short"  # short, long, curls, bun, ponytail, bald, receding, none
    scarf: Color | None = None
    scarf_edge: Color | None = None
    cap: str | None = None  # taqiya, fez
    beard: bool = False
    moustache: bool = False
    glasses: bool = False
    old: bool = False
    young: bool = False
    earrings: bool = False
    lips: Color = (170, 84, 80)


LOOKS: dict[str, Look] = {
    "woman-scarf-teal": Look(SKIN_LIGHT, SAFFRON, TEAL, GOLD, hair_style="none", scarf=TEAL,
                             scarf_edge=(24, 92, 94), lips=(188, 88, 92)),
    "man-young": Look(SKIN_OLIVE, MINT, NAVY, CREAM, hair_style="short", young=True),
    "woman-long-hair": Look(SKIN_WARM, ROSE, PLUM, GOLD, hair=BLACK_HAIR, hair_style="long",
                            earrings=True, lips=(178, 70, 78)),
    "man-beard": Look(SKIN_TAN, SAND, OLIVE, CREAM, hair_style="short", beard=True,
                      moustache=True),
    "woman-scarf-rose": Look(SKIN_TAN, MINT, (150, 72, 96), GOLD, hair_style="none",
                             scarf=ROSE, scarf_edge=(176, 92, 104), lips=(160, 70, 74)),
    "man-moustache": Look(SKIN_WARM, SAFFRON, TERRACOTTA, CREAM, hair=BROWN_HAIR,
                          hair_style="receding", moustache=True),
    "woman-curls": Look(SKIN_DEEP, SAFFRON, MAJORELLE, GOLD, hair=BLACK_HAIR,
                        hair_style="curls", earrings=True, lips=(130, 56, 56)),
    "man-glasses": Look(SKIN_LIGHT, TEAL, SAND, TERRACOTTA, hair=AUBURN, hair_style="short",
                        glasses=True),
    "woman-bun-glasses": Look(SKIN_OLIVE, MAJORELLE, SAFFRON, TERRACOTTA, hair=BROWN_HAIR,
                              hair_style="bun", glasses=True, lips=(170, 80, 80)),
    "man-taqiya": Look(SKIN_TAN, TERRACOTTA, CREAM, GOLD, hair=WHITE_HAIR, hair_style="short",
                       cap="taqiya", beard=True, moustache=True, old=True),
    "grandmother-scarf": Look(SKIN_WARM, MAJORELLE, (96, 60, 110), GOLD, hair_style="none",
                              scarf=CREAM, scarf_edge=(214, 200, 170), glasses=True, old=True,
                              lips=(160, 92, 88)),
    "grandfather-fez": Look(SKIN_OLIVE, MINT, (108, 86, 62), CREAM, hair=GREY_HAIR,
                            hair_style="receding", cap="fez", moustache=True, old=True),
    "grandmother-grey": Look(SKIN_LIGHT, TERRACOTTA, TEAL, GOLD, hair=GREY_HAIR,
                             hair_style="bun", old=True, earrings=True, lips=(168, 96, 96)),
    "man-bald": Look(SKIN_DEEP, SAND, MAJORELLE, CREAM, hair=GREY_HAIR, hair_style="bald",
                     beard=True, moustache=True),
    "girl-ponytail": Look(SKIN_TAN, TEAL, ROSE, CREAM, hair=BROWN_HAIR, hair_style="ponytail",
                          young=True, lips=(184, 90, 90)),
    "boy": Look(SKIN_WARM, ROSE, SAFFRON, NAVY, hair=BLACK_HAIR, hair_style="curls",
                young=True),
}


def shade(c: Color, k: float) -> Color:
    """A colour darker (k < 1) or lighter (k > 1)."""
    if k <= 1:
        return (round(c[0] * k), round(c[1] * k), round(c[2] * k))
    return tuple(round(v + (255 - v) * (k - 1)) for v in c)  # type: ignore[return-value]


class Canvas:
    """A square surface drawn in units of 1/100 of its side."""

    def __init__(self, pixels: int, zoom: float = 1.0) -> None:
        self.surface = pygame.Surface((pixels, pixels), pygame.SRCALPHA)
        self.u = pixels / 100
        self.zoom = zoom

    def p(self, x: float, y: float) -> tuple[int, int]:
        """A point in pixels (the drawing enlarged by the zoom around the head)."""
        z = self.zoom
        return round(((x - 50) * z + 50) * self.u), round(((y - ZOOM_Y) * z + ZOOM_Y) * self.u)

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        """A rect in pixels."""
        left, top = self.p(x, y)
        return pygame.Rect(left, top, round(w * self.zoom * self.u),
                           round(h * self.zoom * self.u))

    def w(self, width: float) -> int:
        """A line width in pixels."""
        return max(1, round(width * self.zoom * self.u))

    def ellipse(self, color: tuple[int, ...], cx: float, cy: float, rx: float, ry: float,
                width: float = 0, clip: tuple[float, float, float, float] | None = None) -> None:
        """An ellipse by its centre and radii (``clip``: only inside that rect); a colour
        with an alpha is blended over what is drawn."""
        rect = self.r(cx - rx, cy - ry, 2 * rx, 2 * ry)
        if len(color) == 4:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.ellipse(veil, color, veil.get_rect(), self.w(width) if width else 0)
            self._clip(clip)
            self.surface.blit(veil, rect)
            self.surface.set_clip(None)
            return
        self._clip(clip)
        pygame.draw.ellipse(self.surface, color, rect, self.w(width) if width else 0)
        self.surface.set_clip(None)

    def poly(self, color: tuple[int, ...], points: list[tuple[float, float]],
             clip: tuple[float, float, float, float] | None = None) -> None:
        """A filled polygon."""
        self._clip(clip)
        pygame.draw.polygon(self.surface, color, [self.p(x, y) for x, y in points])
        self.surface.set_clip(None)

    def line(self, color: tuple[int, ...], a: tuple[float, float], b: tuple[float, float],
             width: float) -> None:
        """A line with round ends."""
        pygame.draw.line(self.surface, color, self.p(*a), self.p(*b), self.w(width))
        for end in (a, b):
            pygame.draw.circle(self.surface, color, self.p(*end), self.w(width) // 2)

    def lines(self, color: tuple[int, ...], points: list[tuple[float, float]],
              width: float) -> None:
        """A polyline with round joints."""
        for a, b in itertools.pairwise(points):
            self.line(color, a, b, width)

    def arc(self, color: tuple[int, ...], cx: float, cy: float, rx: float, ry: float,
            start: float, stop: float, width: float) -> None:
        """An arc of an ellipse (angles in radians, counter-clockwise from 3 o'clock)."""
        pygame.draw.arc(self.surface, color, self.r(cx - rx, cy - ry, 2 * rx, 2 * ry), start,
                        stop, self.w(width))

    def _clip(self, clip: tuple[float, float, float, float] | None) -> None:
        self.surface.set_clip(None if clip is None else self.r(*clip))


#: the drawing is enlarged by this much around the point (50, ZOOM_Y): the face fills the disc
ZOOM = 1.2
ZOOM_Y = 48.0
# the head: centre and radii (units)
HX, HY, HRX, HRY = 50.0, 45.0, 17.5, 22.0
EYE_Y = 45.0
EYE_DX = 7.2


def draw_back_hair(c: Canvas, look: Look) -> None:
    """Hair behind the head and the neck (long hair falls on the shoulders)."""
    hair = look.hair
    if look.hair_style == "long":
        c.ellipse(hair, HX, HY - 1, HRX + 5, HRY + 4)
        c.poly(hair, [(HX - HRX - 5, HY), (HX + HRX + 5, HY), (HX + HRX + 9, 86),
                      (HX - HRX - 9, 86)])
        c.ellipse(hair, HX, 84, HRX + 9, 6)
    elif look.hair_style == "curls":
        for k in range(14):
            a = -math.pi * 0.05 + math.pi * 1.1 * k / 13
            x = HX + (HRX + 2.5) * math.cos(a + math.pi)
            y = HY - 2 + (HRY + 1) * -abs(math.sin(a + math.pi)) * 0.95
            c.ellipse(hair, x, y, 6.2, 6.2)
        if not look.young:
            c.ellipse(hair, HX - HRX - 2, HY + 8, 6, 9)
            c.ellipse(hair, HX + HRX + 2, HY + 8, 6, 9)
    elif look.hair_style == "bun":
        c.ellipse(hair, HX, HY - HRY - 2, 8.5, 7.5)
        c.ellipse(shade(hair, 0.8), HX, HY - HRY - 2, 8.5, 7.5, width=0.8)
    elif look.hair_style == "ponytail":
        c.poly(hair, [(HX + HRX - 6, HY - HRY + 6), (HX + HRX + 10, HY - 6),
                      (HX + HRX + 9, HY + 22), (HX + HRX + 2, HY + 12)])
        c.ellipse(hair, HX + HRX + 7, HY + 6, 5, 14)


def draw_body(c: Canvas, look: Look) -> None:
    """The shoulders in a djellaba or a kaftan, its neckline trimmed."""
    c.ellipse(look.clothes, 50, 104, 40, 32)
    c.ellipse(shade(look.clothes, 0.82), 50, 104, 40, 32, width=1.0)
    if look.scarf is None:
        # the neckline, trimmed with a braid (sfifa)
        c.poly(shade(look.clothes, 0.7), [(41, 73), (59, 73), (50, 88)])
        c.lines(look.trim, [(40.5, 73), (50, 89), (59.5, 73)], 1.8)
        c.line(look.trim, (50, 89), (50, 100), 1.8)
        for y in (92.5, 96.5):
            c.ellipse(look.trim, 50, y, 1.4, 1.4)


def draw_neck(c: Canvas, look: Look) -> None:
    """The neck, in the skin's shade."""
    neck = shade(look.skin, 0.88)
    c.poly(neck, [(43.5, 58), (56.5, 58), (57.5, 76), (50, 80), (42.5, 76)])


def draw_scarf_back(c: Canvas, look: Look) -> None:
    """A headscarf around the head, draped onto the shoulders."""
    assert look.scarf is not None
    scarf = look.scarf
    c.poly(scarf, [(HX - HRX - 6, HY + 4), (HX + HRX + 6, HY + 4), (HX + 27, 84),
                   (HX - 27, 84)])
    c.ellipse(scarf, HX, 84, 29, 12)
    c.ellipse(scarf, HX, HY - 1, HRX + 6.5, HRY + 7)
    # folds of the cloth
    fold = shade(scarf, 0.84)
    c.arc(fold, HX, 74, 16, 8, 3.5, 5.9, 1.2)
    c.arc(fold, HX, 81, 22, 8, 3.6, 5.8, 1.2)


def draw_head(c: Canvas, look: Look) -> None:
    """The face's oval and the ears."""
    skin = look.skin
    if look.scarf is None:
        for side in (-1, 1):
            c.ellipse(skin, HX + side * (HRX - 0.5), EYE_Y + 3, 3.6, 5.2)
            c.ellipse(shade(skin, 0.82), HX + side * (HRX - 0.2), EYE_Y + 3, 1.6, 2.8)
    c.ellipse(skin, HX, HY, HRX, HRY)
    # a soft shadow under the jaw line
    c.arc(shade(skin, 0.9), HX, HY, HRX - 0.6, HRY - 0.6, 3.6, 5.8, 1.0)


def draw_scarf_front(c: Canvas, look: Look) -> None:
    """The headscarf's edge over the forehead and the cheeks."""
    assert look.scarf is not None
    scarf = look.scarf
    top = HY - HRY
    # the cloth over the forehead: the top of a wider oval
    c.ellipse(scarf, HX, HY - 5, HRX + 1.2, HRY - 2, clip=(0, 0, 100, top + 10.5))
    # the sides framing the cheeks
    for side in (-1, 1):
        x0 = HX + side * (HRX + 1.5)
        c.poly(scarf, [(x0, top + 8), (HX + side * (HRX - 2.8), top + 12),
                       (HX + side * (HRX - 2.0), HY + 8), (HX + side * (HRX - 5.0), HY + 19),
                       (x0 + side * 3, HY + 22)])
    edge = look.scarf_edge or shade(scarf, 0.8)
    c.arc(edge, HX, HY - 5, HRX + 0.5, HRY - 2.6, 0.35, 2.79, 1.4)


def draw_front_hair(c: Canvas, look: Look) -> None:
    """The hair over the forehead (a cap of hair, a parting, curls)."""
    hair = look.hair
    style = look.hair_style
    top = HY - HRY
    if style in ("short", "curls") and not (look.cap and style == "short"):
        line = top + (9.5 if not look.young else 10.5)
        c.ellipse(hair, HX, HY - 1, HRX + 1.6, HRY + 1.6, clip=(0, 0, 100, line))
        # sideburns
        for side in (-1, 1):
            c.ellipse(hair, HX + side * (HRX - 0.9), (line + EYE_Y) / 2 - 1, 1.9,
                      (EYE_Y - line) / 2 + 1.5)
        if style == "short":
            # a fringe's edge swept to one side
            c.poly(hair, [(HX - 9, line - 1), (HX + 6, line - 1.5), (HX + 11, line + 2.5),
                          (HX - 2, line + 1.5)])
        else:
            for k in range(9):
                a = math.pi * (0.08 + 0.84 * k / 8)
                c.ellipse(hair, HX + (HRX - 1) * math.cos(a) * 0.95, line - 2.5 +
                          1.5 * math.sin(a * 3), 4.4, 4.0)
    elif style in ("long", "bun", "ponytail"):
        line = top + 7.5
        c.ellipse(hair, HX, HY - 1, HRX + 1.8, HRY + 1.6, clip=(0, 0, 100, line))
        # parted on one side: a sweep over the forehead, locks down the temples
        c.poly(hair, [(HX + 3, top - 0.5), (HX - HRX + 0.5, line - 3), (HX - HRX - 1.2, line + 4),
                      (HX - HRX + 2.5, line + 8.5), (HX - 7, line + 3.5), (HX + 1, line + 1.5)])
        c.poly(hair, [(HX + 3, top - 0.5), (HX + HRX - 0.5, line - 3), (HX + HRX + 1.2, line + 4),
                      (HX + HRX - 2.0, line + 6), (HX + 7, line + 1.5)])
        low = HY + (14 if style == "long" else 2)
        for side in (-1, 1):
            c.ellipse(hair, HX + side * (HRX - 0.3), (line + low) / 2, 2.6, (low - line) / 2)
    elif style == "receding":
        for side in (-1, 1):
            c.poly(hair, [(HX + side * (HRX + 1.5), EYE_Y - 13), (HX + side * (HRX - 3.5),
                                                                   EYE_Y - 14),
                          (HX + side * (HRX - 1.2), EYE_Y), (HX + side * (HRX + 0.6), EYE_Y)])
        if not look.cap:
            c.ellipse(hair, HX, HY - 1, HRX + 1.4, HRY + 1.4, clip=(0, 0, 100, top + 3.5))
    elif style == "bald":
        for side in (-1, 1):
            c.ellipse(hair, HX + side * (HRX - 0.5), EYE_Y - 4, 2.8, 7)
        c.ellipse(shade(look.skin, 1.18), HX - 5, HY - HRY + 6, 5, 2.5)


def draw_features(c: Canvas, look: Look) -> None:
    """Brows, eyes, nose, cheeks, mouth, and the lines of age."""
    skin = look.skin
    brow = shade(look.hair, 0.9) if look.hair_style not in ("none",) else BLACK_HAIR
    if look.old and look.hair in (GREY_HAIR, WHITE_HAIR):
        brow = shade(look.hair, 0.75)
    if look.scarf is not None and look.old:
        brow = (110, 100, 96)
    line = shade(skin, 0.62)
    for side in (-1, 1):
        ex = HX + side * EYE_DX
        # brows: a soft arch, thicker for men
        thick = 1.9 if look.hair_style in ("short", "receding", "bald") and not look.young \
            else 1.4
        c.lines(brow, [(ex - side * 4.2, EYE_Y - 4.4), (ex, EYE_Y - 6.0),
                       (ex + side * 4.4, EYE_Y - 4.8)], thick)
        # eyes: white, a dark brown iris, a spark of light
        h = 2.0 if look.old else 2.5
        c.ellipse((250, 248, 244), ex, EYE_Y, 3.6, h)
        c.ellipse((66, 40, 26), ex, EYE_Y + 0.1, 1.9, min(h, 1.9))
        c.ellipse((16, 10, 8), ex, EYE_Y + 0.1, 0.95, 0.95)
        c.ellipse((255, 255, 255), ex + 0.6, EYE_Y - 0.6, 0.45, 0.45)
        c.arc(line, ex, EYE_Y + 0.3, 3.9, h + 0.6, 0.25, 2.9, 0.7)  # the upper lid
        if look.hair_style in ("long", "curls", "bun", "ponytail", "none") and not look.old:
            c.line((28, 22, 22), (ex + side * 3.4, EYE_Y - 0.8),
                   (ex + side * 4.6, EYE_Y - 1.8), 0.6)  # a lash
        if look.old:
            for k in (-1, 1):
                c.line(line, (ex + side * 4.6, EYE_Y + k * 0.8),
                       (ex + side * 6.0, EYE_Y + k * 1.8), 0.5)
            c.arc(line, ex, EYE_Y + 3.2, 2.8, 1.2, 3.5, 5.9, 0.5)
    # the nose
    c.lines(shade(skin, 0.72), [(HX - 0.6, EYE_Y + 2), (HX - 2.2, EYE_Y + 8.6),
                                (HX + 1.8, EYE_Y + 9.4)], 0.9)
    # cheeks
    blush = (*shade((226, 120, 110), 1.0), 46)
    for side in (-1, 1):
        c.ellipse(blush, HX + side * 10, EYE_Y + 8, 3.8, 2.4)
    # the mouth: a smile
    my = EYE_Y + 13.5
    if look.hair_style in ("long", "curls", "bun", "ponytail", "none") and not look.beard:
        c.ellipse(look.lips, HX, my + 0.4, 4.6, 1.8, clip=(0, my - 2, 100, 2.4))
        c.ellipse(shade(look.lips, 1.12), HX, my - 0.4, 4.4, 2.1, clip=(0, my, 100, 3))
        c.arc(shade(look.lips, 0.7), HX, my - 2.2, 5.0, 2.6, 3.5, 5.95, 0.7)
    else:
        c.arc(shade(look.lips, 0.75), HX, my - 2.6, 5.0, 3.0, 3.5, 5.95, 1.0)
    if look.old:
        for side in (-1, 1):
            c.arc(line, HX + side * 5.5, my - 3, 3.5, 5, 3.3 if side < 0 else 4.8,
                  4.6 if side < 0 else 6.1, 0.5)
        if look.scarf is None and look.hair_style != "bun":
            c.arc(line, HX, HY - HRY + 11, 7, 2, 0.4, 2.7, 0.5)


def draw_beard(c: Canvas, look: Look) -> None:
    """A beard along the jaw and a moustache (the mouth drawn again over the beard)."""
    hair = look.hair if look.hair != BROWN_HAIR else shade(BROWN_HAIR, 0.9)
    my = EYE_Y + 13.5
    if look.beard:
        c.ellipse(hair, HX, HY + 3, HRX + 0.8, HRY + 1.8, clip=(0, EYE_Y + 5, 100, 40))
        c.ellipse(look.skin, HX, EYE_Y + 4, HRX - 4.2, 9.2, clip=(0, EYE_Y + 4, 100, 7.5))
        c.ellipse(shade(look.skin, 0.96), HX, my + 0.5, 6, 3.2)
        c.arc(shade(look.lips, 0.8), HX, my - 2.6, 5.0, 3.0, 3.5, 5.95, 1.1)
    if look.moustache:
        c.poly(hair, [(HX - 6.5, my - 1.2), (HX - 3, my - 4.2), (HX, my - 3.4),
                      (HX + 3, my - 4.2), (HX + 6.5, my - 1.2), (HX + 3, my - 2.4),
                      (HX, my - 2.0), (HX - 3, my - 2.4)])


def draw_glasses(c: Canvas) -> None:
    """Round glasses."""
    frame = (70, 52, 40)
    for side in (-1, 1):
        c.ellipse((*CREAM, 40), HX + side * EYE_DX, EYE_Y + 0.3, 4.9, 4.2)
        c.ellipse(frame, HX + side * EYE_DX, EYE_Y + 0.3, 4.9, 4.2, width=0.9)
        c.line(frame, (HX + side * (EYE_DX + 4.8), EYE_Y - 0.6), (HX + side * (HRX + 0.4),
                                                                 EYE_Y - 1.6), 0.8)
    c.arc(frame, HX, EYE_Y + 0.4, 2.5, 1.6, 0.3, 2.85, 0.8)


def draw_cap(c: Canvas, look: Look) -> None:
    """A taqiya (a knitted cap) or a fez (a red tarbouche with its tassel)."""
    top = HY - HRY
    if look.cap == "taqiya":
        c.ellipse(CREAM, HX, top + 8, HRX + 0.8, 11, clip=(0, 0, 100, top + 8))
        c.poly(CREAM, [(HX - HRX - 0.8, top + 7.5), (HX + HRX + 0.8, top + 7.5),
                       (HX + HRX + 0.3, top + 10), (HX - HRX - 0.3, top + 10)])
        for k in range(-3, 4):
            c.line((214, 204, 180), (HX + k * 4.5, top + 9), (HX + k * 3.6, top - 1.5), 0.5)
        c.line((214, 204, 180), (HX - HRX, top + 8.6), (HX + HRX, top + 8.6), 0.7)
    elif look.cap == "fez":
        c.poly(FEZ_RED, [(HX - 12.5, top + 9), (HX + 12.5, top + 9), (HX + 10, top - 9),
                         (HX - 10, top - 9)])
        c.ellipse(shade(FEZ_RED, 0.78), HX, top - 9, 10, 2.2)
        c.ellipse(shade(FEZ_RED, 0.8), HX, top + 9, 12.5, 2.4, clip=(0, top + 9, 100, 5))
        c.lines((24, 20, 20), [(HX + 1, top - 9), (HX + 8, top - 6), (HX + 11, top + 3)], 1.0)
        c.ellipse((24, 20, 20), HX + 11, top + 4, 1.4, 2.2)


def draw_earrings(c: Canvas) -> None:
    """Small gold earrings."""
    for side in (-1, 1):
        c.ellipse(GOLD, HX + side * (HRX - 0.2), EYE_Y + 9.5, 1.3, 1.3)
        c.ellipse(shade(GOLD, 0.7), HX + side * (HRX - 0.2), EYE_Y + 9.5, 1.3, 1.3, width=0.4)


def portrait(look: Look, size: int = SIZE) -> pygame.Surface:
    """One portrait, ``size`` pixels square, transparent outside its disc."""
    c = Canvas(size * SS)
    c.ellipse(look.ground, 50, 50, 50, 50)
    c.ellipse(shade(look.ground, 1.18), 50, 40, 38, 30)  # a light behind the head
    c.zoom = ZOOM
    if look.scarf is not None:
        draw_body(c, look)
        draw_scarf_back(c, look)
    else:
        draw_body(c, look)
        draw_back_hair(c, look)
        draw_neck(c, look)
    draw_head(c, look)
    if look.scarf is not None:
        draw_scarf_front(c, look)
    else:
        draw_front_hair(c, look)
    draw_features(c, look)
    draw_beard(c, look)
    if look.glasses:
        draw_glasses(c)
    if look.cap:
        draw_cap(c, look)
    if look.earrings and look.scarf is None:
        draw_earrings(c)
    # only the disc: everything outside it transparent
    mask = pygame.Surface(c.surface.get_size(), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (size * SS // 2, size * SS // 2),
                       size * SS // 2)
    c.surface.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out = c.surface
    while out.get_width() > size:
        out = pygame.transform.smoothscale(out, (max(size, out.get_width() // 2),) * 2)
    return out


def face_ids() -> list[str]:
    """The faces the game offers (:data:`rami_desktop.play.game.people.FACES`)."""
    sys.path.insert(0, str(ROOT))
    try:
        from rami_desktop.play.game.people import FACES
    finally:
        sys.path.pop(0)
    return [f.id for f in FACES]


def main() -> int:
    """Draw and write every portrait."""
    pygame.init()
    ids = face_ids()
    missing = [i for i in ids if i not in LOOKS]
    if missing:
        print(f"no look for {', '.join(missing)}", file=sys.stderr)
        return 1
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    total = 0
    for face in ids:
        path = OUT_DIR / f"{face}.png"
        pygame.image.save(portrait(LOOKS[face]), str(path))
        total += path.stat().st_size
        print(f"{path.name}  {path.stat().st_size} bytes")
    print(f"{len(ids)} portraits, {total} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
