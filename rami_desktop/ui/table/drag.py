"""Drag-and-drop of cards (after the python-arcade solitaire way): the held cards keep their
offsets to the pointer and come to the front; an invalid drop sends them back where they were.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rami_desktop.ui.table.sprites import CardSprite

#: pixels the pointer must move, button held, before a press becomes a drag
DRAG_THRESHOLD = 6


@dataclass
class Drag:
    """Cards being dragged.

    Attributes:
        sprites: the held cards (drawn on top).
        offsets: each card's offset from the pointer.
        origins: where each card was (for the snap back).
        source: ``hand`` or ``meld:I``.
        refs: what the cards stand for in their zone (hand positions, or the meld card index).
    """

    sprites: list[CardSprite]
    offsets: list[tuple[float, float]]
    origins: list[tuple[float, float]]
    source: str
    refs: list[object] = field(default_factory=list)

    @classmethod
    def start(cls, sprites: list[CardSprite], pointer: tuple[int, int], source: str) -> Drag:
        """Pick cards up under the pointer."""
        offsets = [(s.x - pointer[0], s.y - pointer[1]) for s in sprites]
        origins = [(s.x, s.y) for s in sprites]
        for s in sprites:
            s.held = True
            s.tween = None
        return cls(sprites, offsets, origins, source, [s.spec.ref for s in sprites])

    def move(self, pointer: tuple[int, int]) -> None:
        """Follow the pointer."""
        for s, (dx, dy) in zip(self.sprites, self.offsets, strict=True):
            s.x, s.y = pointer[0] + dx, pointer[1] + dy

    def snap_back(self, duration: float) -> None:
        """Send the cards back where they rest (an invalid or cancelled drop)."""
        for s in self.sprites:
            s.slide_home(duration)

    def release(self) -> None:
        """Let go (the board's next sync places the cards)."""
        for s in self.sprites:
            s.held = False


def moved_enough(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether the pointer moved far enough to start a drag."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) >= DRAG_THRESHOLD
