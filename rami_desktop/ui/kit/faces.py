"""The seats' portraits: the PNGs of ``assets/faces/`` (drawn by ``tools/make_portraits.py``),
decoded once and scaled once per size for the whole program; a plain disc where a file is
missing or damaged.
"""

from __future__ import annotations

import contextlib
import logging
from functools import lru_cache

import pygame

from rami_desktop.play.game.people import FACE_IDS
from rami_desktop.resources import asset
from rami_desktop.ui.kit import theme

log = logging.getLogger(__name__)

#: scaled portraits kept for the program: every face at a few sizes
SCALED_KEPT = 160
#: the placeholder's colour (a missing file)
_PLAIN = (120, 110, 96)


def face_path(face: str) -> str:
    """The file of a face."""
    return str(asset("faces", f"{face}.png"))


@lru_cache(maxsize=len(FACE_IDS) + 1)
def _master(face: str, display: bool) -> pygame.Surface:
    """The portrait as drawn (the display's format once there is one), else a plain disc."""
    surf: pygame.Surface | None = None
    if face in FACE_IDS:
        try:
            surf = pygame.image.load(face_path(face))
        except (pygame.error, OSError, ValueError) as exc:  # boundary: a damaged install
            log.warning("no portrait %s: %s", face, exc)
    if surf is None:
        surf = pygame.Surface((64, 64), pygame.SRCALPHA)
        pygame.draw.circle(surf, _PLAIN, (32, 32), 32)
        pygame.draw.circle(surf, theme.CREAM_DARK, (32, 26), 11)
        pygame.draw.ellipse(surf, theme.CREAM_DARK, pygame.Rect(14, 40, 36, 30))
    if surf.get_bitsize() not in (24, 32):
        deep = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        deep.blit(surf, (0, 0))
        surf = deep
    if display:
        with contextlib.suppress(pygame.error):
            surf = surf.convert_alpha()
    return surf


@lru_cache(maxsize=SCALED_KEPT)
def _scaled(face: str, size: int, display: bool) -> pygame.Surface:
    master = _master(face, display)
    if master.get_width() == size:
        return master
    return pygame.transform.smoothscale(master, (size, size))


def portrait(face: str, size: int) -> pygame.Surface:
    """The portrait ``face`` as a disc ``size`` pixels wide (the same surface for the same
    request: do not draw on it)."""
    display = pygame.display.get_init() and pygame.display.get_surface() is not None
    return _scaled(face, max(1, int(size)), display)


def draw_portrait(surface: pygame.Surface, face: str, center: tuple[int, int], size: int,
                  ring: tuple[int, int, int] = theme.CREAM_DARK, ring_width: int = 2
                  ) -> pygame.Rect:
    """A portrait centred on ``center`` with a ring around it; returns its rect."""
    picture = portrait(face, size)
    rect = picture.get_rect(center=center)
    surface.blit(picture, rect)
    if ring_width > 0:
        pygame.draw.circle(surface, ring, rect.center, size // 2 + ring_width // 2,
                           width=ring_width)
    return rect


__all__ = ["draw_portrait", "face_path", "portrait"]
