"""Draw the picture of the Windows installer's welcome and finish pages.

Run with ``.venv/bin/python packaging/windows/make_bitmaps.py``. It writes
``packaging/windows/wizard.bmp``: 164 x 314 pixels, 24-bit (what NSIS's Modern UI shows at the
left of its welcome and finish pages), green felt with a brass rim and Rami's icon
(``packaging/icons/rami-256.png``, drawn by ``packaging/make_icons.py``). pygame-ce only; the
same input gives the same file.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

HERE = Path(__file__).resolve().parent
ICON = HERE.parent / "icons" / "rami-256.png"
OUT = HERE / "wizard.bmp"
SIZE = (164, 314)
FELT = (28, 102, 66)
FELT_DARK = (16, 66, 42)
BRASS = (214, 172, 84)


def draw_wizard() -> pygame.Surface:
    """The welcome/finish picture: felt darkening downwards, a brass edge, the icon on top."""
    width, height = SIZE
    surf = pygame.Surface(SIZE, 0, 24)
    for y in range(height):
        t = y / (height - 1)
        colour = tuple(round(a + (b - a) * t) for a, b in zip(FELT, FELT_DARK, strict=True))
        pygame.draw.line(surf, colour, (0, y), (width - 1, y))
    pygame.draw.rect(surf, BRASS, pygame.Rect(width - 4, 0, 4, height))
    icon = pygame.image.load(str(ICON)).convert_alpha()
    icon = pygame.transform.smoothscale(icon, (128, 128))
    surf.blit(icon, icon.get_rect(center=(width // 2 - 2, 96)))
    return surf


def main() -> int:
    """Write wizard.bmp."""
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    pygame.image.save(draw_wizard(), str(OUT))
    pygame.display.quit()
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
