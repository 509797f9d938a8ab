"""What tests read behind a table: the game its screen shows one seat's view of."""

from __future__ import annotations

from typing import Any


def behind(game: Any) -> Any:
    """The source behind a table (a local session, or a joiner's remote one), else ``game``
    itself: a test checks what the screen shows against the whole game; a screen never can
    (the table exposes no full round)."""
    return getattr(game, "_source", game)
