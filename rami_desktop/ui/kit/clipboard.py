"""The system clipboard, through pygame-ce's text clipboard (SDL's: the window must be open)."""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)

#: the most text taken from the clipboard (a paste into a one-line field)
MAX_PASTE = 1000


def copy_text(text: str) -> bool:
    """Put text on the clipboard; return whether it could."""
    try:
        pygame.scrap.put_text(text)
    except pygame.error as exc:  # boundary: a system without a clipboard
        log.warning("could not copy to the clipboard: %s", exc)
        return False
    return True


def paste_text() -> str:
    """The clipboard's text, its first line only and at most :data:`MAX_PASTE` characters
    ("" when it holds no text)."""
    try:
        text = pygame.scrap.get_text() if pygame.scrap.has_text() else ""
    except pygame.error as exc:  # boundary: a system without a clipboard
        log.warning("could not read the clipboard: %s", exc)
        return ""
    return text[:MAX_PASTE].strip().split("\n", 1)[0].strip()
