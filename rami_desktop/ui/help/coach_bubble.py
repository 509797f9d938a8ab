"""The coach's bubble over the table: the step's text, an arrow to the element to use and a
glowing frame around each element or card meant, and a note: in red when the player's move was
not played, in green when a move of the player's own reached the lesson's goal."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from rami_desktop.ui.kit import theme
from rami_desktop.ui.widgets import Button, render_text

#: how long the glow around what the coach means pulses after a step is shown (seconds)
PULSE_SECONDS = 6.0

class CoachBubble:
    """Where the bubble stands and how it is drawn.

    Attributes:
        rect: the bubble (after :meth:`place`).
        button: the bubble's button (Next), placed inside it when shown.
    """

    def __init__(self, button: Button) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.button = button
        self.clock = 0.0
        self._glow_drawn: tuple[float, int] | None = None  # (scale, frame width) last drawn
        self._text: pygame.Surface | None = None
        self._note: pygame.Surface | None = None
        self._header: pygame.Surface | None = None

    def update(self, dt: float) -> None:
        """Advance the glow (it stops once it has pulsed for :data:`PULSE_SECONDS`)."""
        self.clock = min(self.clock + dt, PULSE_SECONDS)

    def restart(self) -> None:
        """Pulse again (a new step points somewhere else)."""
        self.clock = 0.0

    def glow_width(self, scale: float) -> int:
        """The glowing frame's width now, in pixels: it pulses between a few widths, then
        holds at its widest, so that a lesson left waiting draws nothing more."""
        if self.clock >= PULSE_SECONDS:
            return max(2, theme.px(5, scale))
        glow = 0.5 + 0.5 * math.sin(self.clock * 5.0)
        return max(2, theme.px(3 + 2 * glow, scale))

    def glow_changed(self) -> bool:
        """Whether the frame's width differs from the one last drawn (the glow is drawn again
        only then: a few times a second, not every frame)."""
        if self._glow_drawn is None:
            return False
        scale, width = self._glow_drawn
        return self.glow_width(scale) != width

    def place(self, size: tuple[int, int], scale: float, area: pygame.Rect, header: str,
              text: str, note: str, targets: Sequence[pygame.Rect], with_button: bool,
              avoid: Sequence[pygame.Rect] = (), praise: bool = False) -> None:
        """Lay the bubble out at the bottom of ``area`` (the table's middle, whose combinations
        fill it from the top), or at its top when the targets are down there (and, when it
        can, clear of the texts of the table in ``avoid`` too).

        Args:
            size: the window size.
            scale: the UI scale.
            area: where the bubble may stand.
            header: the small line on top (the lesson and the step).
            text: the coach's text.
            note: the explanation of a wrong move ("" for none).
            targets: the rectangles pointed at.
            with_button: whether the Next button shows.
            avoid: texts of the table the bubble should leave visible (the drop text, the
                hint line).
            praise: the note praises the player's move (else it explains a mistake).
        """
        pad = theme.px(16, scale)
        base = min(theme.px(600, scale), max(theme.px(300, scale), int(size[0] * 0.5)))
        widest = max(base, min(theme.px(860, scale), int(size[0] * 0.68)))
        spots: list[pygame.Rect] = []
        for width in (base, (base + widest) // 2, widest):  # wider, so shorter, if need be
            height = self._render(width - 2 * pad, scale, header, text, note, praise,
                                  with_button)
            rect, clear = self._spot(size, scale, area, pygame.Rect(0, 0, width, height),
                                     targets, avoid)
            spots.append(rect)
            if clear:
                break
        else:  # nowhere clear: the usual width and place
            rect = spots[0]
            self._render(rect.w - 2 * pad, scale, header, text, note, praise, with_button)
        rect.y = max(theme.px(4, scale), min(rect.y, size[1] - rect.h - theme.px(4, scale)))
        bh = theme.px(44, scale)
        self.rect = rect
        self.button.visible = with_button
        self.button.rect = pygame.Rect(0, rect.bottom - pad - bh, theme.px(160, scale), bh)
        self.button.rect.centerx = rect.centerx

    def _render(self, inner: int, scale: float, header: str, text: str, note: str,
                praise: bool, with_button: bool) -> int:
        """Render the bubble's texts for an inner width; return the bubble's height."""
        pad = theme.px(16, scale)
        self._header = render_text(header, theme.px(theme.FONT_SMALL, scale), theme.INK_SOFT,
                                   bold=True, max_width=inner)
        self._text = render_text(text, theme.px(theme.FONT_BODY, scale), theme.INK,
                                 max_width=inner)
        self._note = (render_text(note, theme.px(theme.FONT_BODY, scale),
                                  theme.ZELLIGE if praise else theme.ACCENT_DARK,
                                  bold=True, max_width=inner) if note else None)
        height = pad * 2 + self._header.get_height() + theme.px(6, scale) + self._text.get_height()
        if self._note is not None:
            height += theme.px(10, scale) + self._note.get_height()
        if with_button:
            height += theme.px(12, scale) + theme.px(44, scale)
        return height

    @staticmethod
    def _spot(size: tuple[int, int], scale: float, area: pygame.Rect, rect: pygame.Rect,
              targets: Sequence[pygame.Rect], avoid: Sequence[pygame.Rect]
              ) -> tuple[pygame.Rect, bool]:
        """Where a bubble of ``rect``'s size stands, and whether that spot leaves the targets
        and the texts to avoid visible (within the table's middle)."""
        rect = rect.copy()
        rect.centerx = area.centerx
        high = rect.move(0, area.top + theme.px(8, scale) - rect.y)
        low = rect.move(0, area.bottom - theme.px(8, scale) - rect.bottom)
        keep_clear = list(targets)
        options = [low, high]
        gap = theme.px(6, scale)
        for text_rect in avoid:  # just under or just over each text
            options += [rect.move(0, text_rect.bottom + gap - rect.y),
                        rect.move(0, text_rect.y - gap - rect.bottom)]
        edge = theme.px(8, scale)
        options += [o.move(area.right - edge - o.right, 0) for o in options[:2]]  # aside
        options += [o.move(area.x + edge - o.x, 0) for o in options[:2]]
        inside = [o for o in options  # over the table's middle: not the seats, not the hand
                  if o.y >= area.y - theme.px(8, scale) and o.bottom <= area.bottom]
        clear = [o for o in inside if o.collidelist(keep_clear) < 0
                 and o.collidelist(list(avoid)) < 0]
        if clear:
            return clear[0], True
        fine = [o for o in options[:2] if o.collidelist(keep_clear) < 0]
        return (fine or [low])[0], False

    def draw(self, surface: pygame.Surface, scale: float, targets: Sequence[pygame.Rect],
             point: pygame.Rect | None = None) -> None:
        """The glow around the targets, the arrow to ``point`` (default: all the targets), and
        the bubble."""
        width = self.glow_width(scale)
        self._glow_drawn = (scale, width) if targets else None
        for target in targets:  # narrow margins: cards side by side keep frames of their own
            pygame.draw.rect(surface, theme.BRASS_LIGHT,
                             target.inflate(theme.px(4, scale), theme.px(10, scale)), width,
                             border_radius=theme.px(6, scale))
        if point is None and targets:
            point = pygame.Rect.unionall(targets[0], list(targets[1:]))
        if point is not None:
            self._arrow(surface, scale, point)
        theme.draw_panel(surface, self.rect, scale)
        pad = theme.px(16, scale)
        y = self.rect.y + pad
        box = self.rect.inflate(-2 * pad, 0)
        for part, gap in ((self._header, 6), (self._text, 10), (self._note, 10)):
            if part is None:
                continue
            spot = pygame.Rect(box.x, y, box.w, part.get_height())
            surface.blit(part, part.get_rect(midtop=spot.midtop))
            y += part.get_height() + theme.px(gap, scale)

    def _arrow(self, surface: pygame.Surface, scale: float, target: pygame.Rect) -> None:
        start = pygame.Vector2(self.rect.centerx,
                               self.rect.bottom if target.centery > self.rect.centery
                               else self.rect.top)
        end = pygame.Vector2(target.centerx,
                             target.top - theme.px(8, scale) if target.centery > start.y
                             else target.bottom + theme.px(8, scale))
        if start.distance_to(end) < theme.px(20, scale):
            return
        pygame.draw.line(surface, theme.BRASS_LIGHT, start, end, theme.px(5, scale))
        direction = (end - start).normalize()
        side = pygame.Vector2(-direction.y, direction.x) * theme.px(12, scale)
        back = end - direction * theme.px(22, scale)
        pygame.draw.polygon(surface, theme.BRASS_LIGHT, [end, back + side, back - side])
