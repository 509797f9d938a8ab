"""Static widgets: a line (or paragraph) of text, and a separator rule."""

from __future__ import annotations

import pygame

from rami_desktop.i18n import is_rtl
from rami_desktop.ui.kit import theme
from rami_desktop.ui.widgets.base import Text, Widget, tr
from rami_desktop.ui.widgets.drawing import (
    blit_aligned,
    block_fits,
    fit_block,
    fit_text,
    note_cut,
    render_text,
)


class Label(Widget):
    """A line (or wrapped paragraph) of text."""

    focusable = False

    def __init__(self, text: Text, size: int = theme.FONT_BODY, color: theme.Color = theme.INK,
                 *, align: str = "start", bold: bool = False, wrap: bool = False,
                 spare: bool = False) -> None:
        super().__init__()
        self.text = text
        self.size = size
        self.color = color
        self.align = align
        self.bold = bold
        self.wrap = wrap
        #: a paragraph left out where its place is too small for it (an explanation)
        self.spare = spare

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        size = theme.px(self.size, self.scale)
        if self.wrap:
            # a paragraph stays in its place: wrapped, smaller only where it must be
            text, box = tr(self.text), self.rect
            if self.spare and (box.h <= 0 or not block_fits(text, size, box.w, box.h,
                                                            bold=self.bold)):
                return  # no room for it: left out, never drawn over what follows
            surf = (fit_block(text, size, self.color, box.w, box.h, bold=self.bold,
                              align=self.align) if box.h > 0 else
                    render_text(text, size, self.color, bold=self.bold, max_width=box.w,
                                align=self.align))
            if 0 < box.h < surf.get_height():
                note_cut(text)  # taller than its place: it runs over what is below
            r = surf.get_rect(top=self.rect.top)
            if self.align == "center":
                r.centerx = self.rect.centerx
            elif (self.align == "start") != is_rtl():
                r.left = self.rect.left
            else:
                r.right = self.rect.right
            surface.blit(surf, r)
        else:
            surf = fit_text(tr(self.text), size, self.color, self.rect.w, bold=self.bold)
            blit_aligned(surface, surf, self.rect, self.align)


class Separator(Widget):
    """A thin horizontal rule across its rect (between sections)."""

    focusable = False

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        y = self.rect.centery
        pygame.draw.line(surface, theme.CREAM_EDGE, (self.rect.x, y), (self.rect.right, y),
                         max(1, theme.px(2, self.scale)))
