"""A frame saved as an image file, never through the name itself: written beside it and renamed
over it, so that a FIFO or a device made at that name is never opened (``rami --screenshot``)."""

from __future__ import annotations

import contextlib
import io
import os
import secrets

import pygame


def save_image(surface: pygame.Surface, path: str) -> None:
    """Save ``surface`` at ``path``, its type from the name's ending (PNG, BMP, TGA, JPEG).

    Raises:
        OSError, pygame.error: it could not be written (nothing is left at ``path`` then).
    """
    data = io.BytesIO()
    pygame.image.save(surface, data, os.path.basename(path) or "shot.png")
    folder = os.path.dirname(os.path.abspath(path))
    temp = os.path.join(folder, f".rami-shot-{secrets.token_hex(6)}")
    handle = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0),
                     0o666)  # as any file the user makes (the umask applies)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data.getvalue())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise


__all__ = ["save_image"]
