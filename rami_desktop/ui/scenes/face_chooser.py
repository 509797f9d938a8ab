"""Choosing a seat's face: every portrait in a grid over the setup; a click (or Enter on the
one focused) takes it, Escape or Cancel keeps the face as it was. Left and Right move along a
row, Up and Down by a row (past the last row or the first, Cancel; from Cancel, the nearest face
of the first row or the last)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from rami_desktop.i18n import N_, is_rtl
from rami_desktop.play.game.people import FACES
from rami_desktop.ui.kit import theme
from rami_desktop.ui.pieces.face_picker import FaceButton
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import Button, Panel, Text, Widget

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context


CHOOSE_A_FACE = N_("Choose a face")


class FaceChooser(WidgetScene):
    """Every face; ``on_pick(face)`` is called with the one taken.

    Args:
        ctx: the game context.
        face: the face worn now (ringed, focused first).
        on_pick: called with the face taken (after the chooser closed; None: only shown).
        title: the panel's title (a msgid or a callable: "Choose a face").
    """

    transparent = True

    def __init__(self, ctx: Context, face: str = FACES[0].id,
                 on_pick: Callable[[str], None] | None = None,
                 title: Text = CHOOSE_A_FACE) -> None:
        self.face = face
        self.on_pick = on_pick
        self.title = title
        super().__init__(ctx)

    def build(self) -> None:
        self.panel = self.group.add(Panel(self.title))
        self.buttons = [self.group.add(FaceButton(f.id, self.pick)) for f in FACES]
        for b in self.buttons:
            b.selected = b.face == self.face
        self.cancel: Button = self.group.add(Button(N_("Cancel"), self.back))
        self.cols = len(self.buttons)  # the faces a row (set by the layout)
        self.group.focused = next((b for b in self.buttons if b.selected), self.cancel)

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale
        pad = theme.px(24, s)
        gap = theme.px(12, s)
        bh = theme.px(50, s)
        title = self.panel.title_height()
        # eight faces a row when they are large enough so, else four
        room_w = min(int(w * 0.92), theme.px(980, s)) - 2 * pad
        room_h = int(h * 0.9) - title - bh - 3 * pad
        best = (0, 8)
        for cols in (8, 4):
            rows = -(-len(self.buttons) // cols)
            cell = min((room_w - gap * (cols - 1)) // cols, (room_h - gap * (rows - 1)) // rows,
                       theme.px(140, s))
            if cell > best[0]:
                best = (cell, cols)
        cell, cols = best
        self.cols = cols
        rows = -(-len(self.buttons) // cols)
        grid_w = cols * cell + (cols - 1) * gap
        grid_h = rows * cell + (rows - 1) * gap
        pw = max(grid_w + 2 * pad, self.cancel.natural_width() + 2 * pad)
        ph = title + pad + grid_h + pad + bh + pad
        self.panel.rect = pygame.Rect(0, 0, pw, ph)
        self.panel.rect.center = (w // 2, h // 2)
        p = self.panel.rect
        x0 = p.centerx - grid_w // 2
        y0 = p.y + title + pad
        for k, b in enumerate(self.buttons):
            col, row = k % cols, k // cols
            if is_rtl():
                col = cols - 1 - col
            b.rect = pygame.Rect(x0 + col * (cell + gap), y0 + row * (cell + gap), cell, cell)
        cw = max(theme.px(180, s), self.cancel.natural_width())
        self.cancel.rect = pygame.Rect(p.centerx - cw // 2, p.bottom - pad - bh, cw, bh)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN) \
                and self.move_by_row(1 if event.key == pygame.K_DOWN else -1):
            self.group.keyboard = True
            return
        super().handle_event(event)

    def move_by_row(self, rows: int) -> bool:
        """Up (-1) or Down (+1): the focus to the face in the same column a row away; past
        the last row (or the first, going up) to Cancel, and from Cancel to the nearest face
        of the first row going down, of the last going up (as a list's focus wraps); False
        when the focus is on none of them (the group moves it as usual)."""
        focused = self.group.focused
        cols = self.cols
        target: Widget
        if focused is self.cancel:
            first = 0 if rows > 0 else (len(self.buttons) - 1) // cols * cols
            target = min(self.buttons[first:first + cols],
                         key=lambda b: abs(b.rect.centerx - self.cancel.rect.centerx))
        elif focused in self.buttons:
            k = self.buttons.index(focused) + rows * cols
            target = self.buttons[k] if 0 <= k < len(self.buttons) else self.cancel
        else:
            return False
        self.group.focus(target)
        return True

    def draw_background(self, surface: pygame.Surface) -> None:
        theme.dim(surface)

    def pick(self, face: str) -> None:
        """Take a face and close."""
        self.ctx.stack.pop()
        if self.on_pick is not None:
            self.on_pick(face)


__all__ = ["FaceChooser"]
