"""A cream panel with an optional title band."""

from __future__ import annotations

import pygame

from rami_desktop.ui.kit import theme
from rami_desktop.ui.widgets.base import Text, Widget, tr
from rami_desktop.ui.widgets.drawing import blit_aligned, fit_text


class Panel(Widget):
    """A cream panel with an optional title along its top."""

    focusable = False

    def __init__(self, title: Text | None = None) -> None:
        super().__init__()
        self.title = title

    def title_height(self) -> int:
        """Height taken by the title band."""
        return theme.px(48, self.scale) if self.title else 0

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        theme.draw_panel(surface, self.rect, self.scale)
        if self.title:
            pad = theme.px(18, self.scale)
            band = pygame.Rect(self.rect.x + pad, self.rect.y, self.rect.w - 2 * pad,
                               self.title_height())
            surf = fit_text(tr(self.title), theme.px(theme.FONT_SUBHEADING, self.scale),
                            theme.ACCENT_DARK, band.w, bold=True)
            blit_aligned(surface, surf, band, "start")
            y = band.bottom - theme.px(4, self.scale)
            pygame.draw.line(surface, theme.CREAM_EDGE, (band.x, y), (band.right, y),
                             max(1, theme.px(2, self.scale)))
