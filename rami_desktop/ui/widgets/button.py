"""The push button (also used as a tab)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rami_desktop.ui.kit import theme
from rami_desktop.ui.widgets.base import Text, Widget, tr
from rami_desktop.ui.widgets.drawing import (
    draw_focus_ring,
    fit_label,
    label_clipped,
    render_text,
)
from rami_desktop.ui.widgets.pressable import Pressable


class Button(Pressable):
    """A push button: hover, pressed, disabled, focus ring; ``selected`` for tabs."""

    STYLES = ("primary", "secondary", "tab")

    def __init__(self, label: Text, on_click: Callable[[], None] | None = None, *,
                 style: str = "secondary", size: int = theme.FONT_BODY) -> None:
        super().__init__()
        self.label = label
        self.on_click = on_click
        self.style = style
        self.size = size
        self.selected = False

    def activate(self) -> None:
        if self.enabled and self.on_click is not None:
            self.on_click()

    def _colors(self) -> tuple[theme.Color, theme.Color, theme.Color]:
        """Return (body, text, edge) colours for the current state."""
        if not self.enabled:
            return theme.CREAM_DARK, theme.INK_DISABLED, theme.CREAM_EDGE
        if self.style == "primary":
            body = theme.ACCENT_DARK if self.pressed else (
                theme.ACCENT_HOVER if self.hovered else theme.ACCENT)
            return body, theme.CREAM, theme.ACCENT_DARK
        if self.style == "tab" and self.selected:
            return theme.ZELLIGE, theme.CREAM, theme.ZELLIGE
        body = theme.CREAM_EDGE if self.pressed else (
            theme.WHITE if self.hovered else theme.CREAM)
        return body, theme.INK, theme.CREAM_EDGE

    def label_surface(self, ink: theme.Color | None = None) -> pygame.Surface:
        """The label as drawn: fitted to the button, readable (see :func:`fit_label`)."""
        s = self.scale
        pad = theme.px(12, s)
        return fit_label(tr(self.label), theme.px(self.size, s), ink or self._colors()[1],
                         self.rect.w - 2 * pad, self.rect.h - theme.px(4, s),
                         bold=self.style == "primary")

    def natural_width(self) -> int:
        """The width that shows the label on one line at its full size."""
        s = self.scale
        text = render_text(tr(self.label), theme.px(self.size, s), theme.INK,
                           bold=self.style == "primary")
        return text.get_width() + 2 * theme.px(14, s)

    def label_clipped(self) -> bool:
        """Whether the label is too long for the button: it shows only in part."""
        s = self.scale
        pad = theme.px(12, s)
        return label_clipped(tr(self.label), theme.px(self.size, s), self.rect.w - 2 * pad,
                             self.rect.h - theme.px(4, s), bold=self.style == "primary")

    def draw(self, surface: pygame.Surface, focus: Widget | None = None) -> None:
        if not self.visible:
            return
        s = self.scale
        rect = self.rect.move(0, theme.px(2, s)) if self.pressed else self.rect
        body, ink, edge = self._colors()
        corner = theme.radius(s)
        if self.enabled and not self.pressed:
            theme.draw_shadow(surface, self.rect, s, corner)
        pygame.draw.rect(surface, body, rect, border_radius=corner)
        pygame.draw.rect(surface, edge, rect, width=max(1, theme.px(2, s)), border_radius=corner)
        if self.style == "primary" and self.enabled:
            # a brass line under the top edge: a little warmth
            inner = rect.inflate(-corner * 2, 0)
            y = rect.y + theme.px(3, s)
            pygame.draw.line(surface, theme.ACCENT_LIGHT, (inner.x, y), (inner.right, y),
                             max(1, theme.px(1, s)))
        surf = self.label_surface(ink)
        surface.blit(surf, surf.get_rect(center=rect.center))
        if focus is self:
            draw_focus_ring(surface, rect, s)
