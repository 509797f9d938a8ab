"""A seat's portrait as a widget: shown in the setup's seat row, chosen in the face chooser
(a click, Enter or Space opens it), or stepped through in place with Left and Right."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rami_desktop.play.game.people import FACES
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.faces import draw_portrait
from rami_desktop.ui.widgets import Widget, draw_focus_ring
from rami_desktop.ui.widgets.pressable import Pressable

FACE_ORDER: tuple[str, ...] = tuple(f.id for f in FACES)


class FaceButton(Pressable):
    """A portrait to click (a disc in its rect): ``on_click`` is called with its face."""

    def __init__(self, face: str, on_click: Callable[[str], None] | None = None) -> None:
        super().__init__()
        self.face = face
        self.on_click = on_click
        self.selected = False  # drawn with a brass ring: the face worn now

    def activate(self) -> None:
        if self.enabled and self.on_click is not None:
            self.on_click(self.face)

    def diameter(self) -> int:
        """The portrait's size in its rect (room left for its ring)."""
        return max(8, min(self.rect.w, self.rect.h) - 2 * max(2, theme.px(3, self.scale)))

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        s = self.scale
        ring = theme.BRASS if self.selected else (theme.WHITE if self.hovered
                                                   else theme.CREAM_EDGE)
        width = max(2, theme.px(4 if self.selected else 2, s))
        draw_portrait(surface, self.face, self.rect.center, self.diameter(), ring, width)
        if focus is self:
            draw_focus_ring(surface, self.rect, s)


class FacePicker(FaceButton):
    """The face of a seat in the setup: a click (or Enter) asks ``choose`` to open the chooser;
    Left and Right step through the faces in place.

    Attributes:
        chosen: whether the face was chosen (by the player, a profile or a saved setup); a
            face not chosen is the seat's default and follows it.
    """

    def __init__(self, face: str, on_change: Callable[[str], None],
                 choose: Callable[[FacePicker], None] | None = None) -> None:
        super().__init__(face, lambda _face: self.open())
        self.on_change = on_change
        self.choose = choose
        self.chosen = False

    def open(self) -> None:
        """The chooser (or the next face when there is none)."""
        if self.choose is not None:
            self.choose(self)
        else:
            self.step(1)

    def pick(self, face: str) -> None:
        """The player chose ``face``."""
        self.face = face
        self.chosen = True
        self.on_change(face)

    def step(self, direction: int) -> None:
        """The next (+1) or previous (-1) face, wrapping."""
        k = FACE_ORDER.index(self.face) if self.face in FACE_ORDER else 0
        self.pick(FACE_ORDER[(k + direction) % len(FACE_ORDER)])

    def adjust(self, direction: int) -> bool:
        self.step(direction)
        return True


__all__ = ["FACE_ORDER", "FaceButton", "FacePicker"]
