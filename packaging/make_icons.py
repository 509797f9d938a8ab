"""Draw Rami's application icon and write it in every format the bundles need.

Run with ``.venv/bin/python packaging/make_icons.py``. The icon is original: a rounded square
of green felt with a brass rim and a fan of three of the game's own cards (``assets/cards``),
composed with pygame-ce only (no Pillow). It writes, in ``packaging/icons/``:

- ``rami.png`` (512 px) and ``rami-256.png``: Linux (``.desktop`` icon);
- ``rami.ico``: Windows (PNG images of 16 to 256 px in one ICO file);
- ``rami.icns``: macOS (PNG images of 16 to 1024 px in one ICNS file);

and ``assets/icons/rami-128.png``, the window's icon the game sets at start (from the source
tree, the installed package and the bundle alike).

The same input gives the same files, so running it twice changes nothing.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "assets" / "cards" / "classic-normal"
OUT_DIR = Path(__file__).resolve().parent / "icons"
WINDOW_ICON = ROOT / "assets" / "icons" / "rami-128.png"

MASTER = 1024
FELT = (28, 102, 66)
FELT_DARK = (16, 66, 42)
BRASS = (214, 172, 84)
BRASS_LIGHT = (240, 206, 130)

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICNS chunk type -> pixel size (all PNG-encoded; read by macOS 10.7 and later)
ICNS_TYPES: tuple[tuple[bytes, int], ...] = (
    (b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128),
    (b"ic08", 256), (b"ic09", 512), (b"ic10", 1024),
)


def _card(code: str, width: int) -> pygame.Surface:
    surf = pygame.image.load(str(CARDS / f"{code}.png"))
    height = round(width * surf.get_height() / surf.get_width())
    return pygame.transform.smoothscale(surf.convert_alpha(), (width, height))


def draw_master() -> pygame.Surface:
    """Draw the icon at 1024 x 1024 pixels (transparent outside the rounded square)."""
    surf = pygame.Surface((MASTER, MASTER), pygame.SRCALPHA)
    margin = 56
    rect = pygame.Rect(margin, margin, MASTER - 2 * margin, MASTER - 2 * margin)
    radius = 190
    pygame.draw.rect(surf, (0, 0, 0, 60), rect.move(0, 14), border_radius=radius)
    pygame.draw.rect(surf, BRASS, rect, border_radius=radius)
    inner = rect.inflate(-36, -36)
    pygame.draw.rect(surf, FELT_DARK, inner, border_radius=radius - 18)
    felt = inner.inflate(-28, -28)
    pygame.draw.rect(surf, FELT, felt, border_radius=radius - 30)
    pygame.draw.rect(surf, BRASS_LIGHT, felt, width=6, border_radius=radius - 30)
    # a fan of three cards, pivoting around a point below the centre
    width = 350
    pivot = (MASTER // 2, MASTER // 2 + 380)
    for code, angle in (("KH", 24), ("JK", 0), ("AS", -24)):
        card = _card(code, width)
        shadow = pygame.Surface(card.get_size(), pygame.SRCALPHA)
        shadow.fill((0, 0, 0, 0))
        pygame.draw.rect(shadow, (0, 0, 0, 80), shadow.get_rect(), border_radius=26)
        for image, offset in ((shadow, (10, 12)), (card, (0, 0))):
            rotated = pygame.transform.rotozoom(image, angle, 1.0)
            # the card's bottom centre sits on a circle around the pivot
            vec = pygame.math.Vector2(0, -card.get_height() / 2 - 40).rotate(-angle)
            centre = (pivot[0] + vec.x + offset[0], pivot[1] - 150 + vec.y + offset[1])
            surf.blit(rotated, rotated.get_rect(center=centre))
    return surf


def scaled(master: pygame.Surface, size: int) -> pygame.Surface:
    """The icon at ``size`` pixels (scaled down in halving steps for clean small sizes)."""
    surf = master
    while surf.get_width() // 2 >= size * 2:
        half = surf.get_width() // 2
        surf = pygame.transform.smoothscale(surf, (half, half))
    return pygame.transform.smoothscale(surf, (size, size))


def png_bytes(surf: pygame.Surface) -> bytes:
    """Encode a surface as PNG."""
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "icon.png")
    return buf.getvalue()


def ico_bytes(images: dict[int, bytes]) -> bytes:
    """An ICO file holding one PNG image per size (Windows Vista and later read PNG entries)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries = b""
    blobs = b""
    for size in sizes:
        data = images[size]
        dim = 0 if size >= 256 else size
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    return header + entries + blobs


def icns_bytes(chunks: list[tuple[bytes, bytes]]) -> bytes:
    """An ICNS file from ``(type, png data)`` chunks."""
    body = b"".join(kind + struct.pack(">I", len(data) + 8) + data for kind, data in chunks)
    return b"icns" + struct.pack(">I", len(body) + 8) + body


def main() -> int:
    """Write the icons; return the exit status."""
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    master = draw_master()
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    cache: dict[int, bytes] = {}

    def png(size: int) -> bytes:
        if size not in cache:
            cache[size] = png_bytes(scaled(master, size))
        return cache[size]

    (OUT_DIR / "rami.png").write_bytes(png(512))
    (OUT_DIR / "rami-256.png").write_bytes(png(256))
    (OUT_DIR / "rami.ico").write_bytes(ico_bytes({s: png(s) for s in ICO_SIZES}))
    (OUT_DIR / "rami.icns").write_bytes(icns_bytes([(k, png(s)) for k, s in ICNS_TYPES]))
    WINDOW_ICON.parent.mkdir(parents=True, exist_ok=True)
    WINDOW_ICON.write_bytes(png(128))
    for path in [OUT_DIR / name for name in ("rami.png", "rami-256.png", "rami.ico",
                                             "rami.icns")] + [WINDOW_ICON]:
        print(f"wrote {path} ({path.stat().st_size} bytes)")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
