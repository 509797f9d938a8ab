"""A labelled row: the label on the reading side, a control on the other."""

from __future__ import annotations

import pygame

from rami_desktop.ui.kit import theme
from rami_desktop.ui.widgets.base import Text, Widget, tr
from rami_desktop.ui.widgets.drawing import blit_aligned, draw_focus_ring, fit_text, split_row


class Row(Widget):
    """A labelled row: label on the reading side, a control on the other."""

    def __init__(self, label: Text | None, *, control_width: int = 250) -> None:
        super().__init__()
        self.label = label
        self.control_width = control_width
        self.pressed = False

    def release(self) -> None:
        self.pressed = False

    def control_rect(self) -> pygame.Rect:
        """The rect of the control part."""
        if not self.label:
            return self.rect.copy()
        width = min(theme.px(self.control_width, self.scale), int(self.rect.w * 0.55))
        return split_row(self.rect, width)[1]

    def label_rect(self) -> pygame.Rect:
        """The rect of the label part."""
        if not self.label:
            return pygame.Rect(self.rect.x, self.rect.y, 0, self.rect.h)
        width = min(theme.px(self.control_width, self.scale), int(self.rect.w * 0.55))
        return split_row(self.rect, width)[0]

    def draw_row(self, surface: pygame.Surface, focus: Widget | None) -> None:
        """Draw the hover band, the label and the focus ring."""
        s = self.scale
        if self.hovered and self.enabled and self.label:
            band = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            pygame.draw.rect(band, (*theme.CREAM_EDGE, 70), band.get_rect(),
                             border_radius=theme.radius(s))
            surface.blit(band, self.rect)
        if self.label:
            lr = self.label_rect().inflate(-theme.px(16, s), 0)
            ink = theme.INK if self.enabled else theme.INK_DISABLED
            surf = fit_text(tr(self.label), theme.px(theme.FONT_BODY, s), ink, lr.w)
            blit_aligned(surface, surf, lr, "start")
        if focus is self:
            draw_focus_ring(surface, self.rect, s)
