"""Drawing helpers shared by the widgets: cached text, alignment, rows, focus ring."""

from __future__ import annotations

from typing import Any

import pygame

from rami_desktop.i18n import is_rtl
from rami_desktop.ui.kit import text as text_mod
from rami_desktop.ui.kit import theme

_TEXT_CACHE: dict[tuple[Any, ...], pygame.Surface] = {}
#: the texts :func:`fit_text` had to cut since :func:`forget_cut_texts` (the fit check reads
#: them after drawing a frame: a text shown only in part is a screen that does not fit)
_CUT: list[str] = []
_CUT_KEPT = 64


def clear_text_cache() -> None:
    """Forget rendered text (call after a language or font change)."""
    _TEXT_CACHE.clear()


def render_text(text: str, size: int, color: tuple[int, int, int], *, bold: bool = False,
                max_width: int | None = None, align: str = "start") -> pygame.Surface:
    """Render text through :mod:`rami_desktop.ui.kit.text`, cached."""
    key = (text, size, color, bold, max_width, align, is_rtl())
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        if len(_TEXT_CACHE) > 800:
            _TEXT_CACHE.clear()
        size = max(8, int(size))
        surf = text_mod.render(text, size, color, bold=bold, max_width=max_width, align=align)
        _TEXT_CACHE[key] = surf
    return surf


def fit_text(text: str, size: int, color: tuple[int, int, int], max_width: int, *,
             bold: bool = False, keep_end: bool = False, shrink: bool = True
             ) -> pygame.Surface:
    """Render one line, shrinking the font (down to 60%; not at all without ``shrink``) until
    it fits ``max_width``; a line still too long is clipped, keeping its start (or its end:
    ``keep_end``, a text field)."""
    size = int(size)
    surf = render_text(text, size, color, bold=bold)
    floor = max(8, int(size * 0.6)) if shrink else size
    while surf.get_width() > max_width and size > floor:
        size -= 1
        surf = render_text(text, size, color, bold=bold)
    if surf.get_width() > max_width > 0:
        # still too wide: clip rather than overflow
        if not keep_end:  # a field scrolls
            note_cut(text)
        clipped = pygame.Surface((max_width, surf.get_height()), pygame.SRCALPHA)
        at_left = is_rtl() == keep_end
        clipped.blit(surf, (0, 0) if at_left else (max_width - surf.get_width(), 0))
        surf = clipped
    return surf


def _block(text: str, size: int, color: tuple[int, int, int], max_width: int,
           max_height: int, bold: bool, align: str) -> pygame.Surface | None:
    """The text on one line at ``size``, else wrapped, if either fits the box."""
    line = render_text(text, size, color, bold=bold)
    if line.get_width() <= max_width and line.get_height() <= max_height:
        return line
    lines = render_text(text, size, color, bold=bold, max_width=max_width, align=align)
    if lines.get_width() <= max_width and lines.get_height() <= max_height:
        return lines
    return None


def fit_block(text: str, size: int, color: tuple[int, int, int], max_width: int,
              max_height: int, *, bold: bool = False, align: str = "center") -> pygame.Surface:
    """Render text to fit a box: on one line at its size, else wrapped on the lines the height
    holds; smaller (down to 60 %) only when neither fits; a text still too long is clipped
    (see :func:`fit_text`)."""
    size = int(size)
    floor = max(8, int(size * 0.6))
    for at in range(size, floor - 1, -1):
        block = _block(text, at, color, max_width, max_height, bold, align)
        if block is not None:
            return block
    return fit_text(text, floor, color, max_width, bold=bold)


def block_fits(text: str, size: int, max_width: int, max_height: int, *,
               bold: bool = False) -> bool:
    """Whether :func:`fit_block` shows the text whole in the box (at 60 % of its size at
    least)."""
    size = int(size)
    return any(_block(text, at, theme.INK, max_width, max_height, bold, "center") is not None
               for at in range(size, max(8, int(size * 0.6)) - 1, -1))


def common_size(texts: list[str], size: int, max_width: int, max_height: int, *,
                bold: bool = False) -> int:
    """The largest size (down to 60 %) at which every text fits the box as :func:`fit_block`
    draws it: texts side by side (a table's column heads) all drawn at one size."""
    size = int(size)
    floor = max(8, int(size * 0.6))
    for at in range(size, floor, -1):
        if all(_block(t, at, theme.INK, max_width, max_height, bold, "center") is not None
               for t in texts):
            return at
    return floor


def note_cut(text: str) -> None:
    """Count a text drawn cut (see :func:`cut_texts`)."""
    if len(_CUT) < _CUT_KEPT and text not in _CUT:
        _CUT.append(text)


def cut_texts() -> tuple[str, ...]:
    """The texts drawn cut (too long for their place even at 60 % of their size) since
    :func:`forget_cut_texts`."""
    return tuple(_CUT)


def forget_cut_texts() -> None:
    """Start counting the texts drawn cut afresh (before drawing the frame to check)."""
    _CUT.clear()


#: the smallest text a button shrinks to, in pixels: below it, the label wraps instead
MIN_LABEL_SIZE = 14


def fit_label(text: str, size: int, color: tuple[int, int, int], max_width: int,
              max_height: int, *, bold: bool = False,
              min_size: int = MIN_LABEL_SIZE) -> pygame.Surface:
    """Render a button's label readably: shrink it a little (never under ``min_size`` pixels),
    else wrap it on two lines when the height allows, else clip it."""
    return _fitted_label(text, size, color, max_width, max_height, bold, min_size)[0]


def label_clipped(text: str, size: int, max_width: int, max_height: int, *,
                  bold: bool = False, min_size: int = MIN_LABEL_SIZE) -> bool:
    """Whether :func:`fit_label` has to clip this label (it shows only in part)."""
    return _fitted_label(text, size, (0, 0, 0), max_width, max_height, bold, min_size)[1]


def _fitted_label(text: str, size: int, color: tuple[int, int, int], max_width: int,
                  max_height: int, bold: bool, min_size: int) -> tuple[pygame.Surface, bool]:
    size = int(size)
    floor = min(size, min_size)
    surf = render_text(text, size, color, bold=bold)
    while surf.get_width() > max_width and size > floor:
        size -= 1
        surf = render_text(text, size, color, bold=bold)
    if surf.get_width() <= max_width or max_width <= 0:
        return surf, max_width <= 0 < surf.get_width()
    wrapped = render_text(text, size, color, bold=bold, max_width=max_width, align="center")
    if wrapped.get_width() <= max_width and wrapped.get_height() <= max_height:
        return wrapped, False
    clipped = pygame.Surface((max_width, surf.get_height()), pygame.SRCALPHA)
    clipped.blit(surf, ((max_width - surf.get_width()) // 2, 0))  # the middle stays readable
    return clipped, True


def blit_aligned(surface: pygame.Surface, surf: pygame.Surface, rect: pygame.Rect,
                 align: str = "start") -> pygame.Rect:
    """Blit ``surf`` vertically centred in ``rect``; align start/center/end (start is the
    reading side: left, or right in right-to-left languages)."""
    if align == "center":
        dest = surf.get_rect(center=rect.center)
    else:
        at_left = (align == "start") != is_rtl()
        dest = (surf.get_rect(midleft=rect.midleft) if at_left
                else surf.get_rect(midright=rect.midright))
    surface.blit(surf, dest)
    return dest


def split_row(rect: pygame.Rect, control_width: int) -> tuple[pygame.Rect, pygame.Rect]:
    """Split a row into (label, control) rects; the control is on the end side."""
    control_width = min(control_width, rect.w)
    if is_rtl():
        control = pygame.Rect(rect.x, rect.y, control_width, rect.h)
        label = pygame.Rect(control.right, rect.y, rect.w - control_width, rect.h)
    else:
        control = pygame.Rect(rect.right - control_width, rect.y, control_width, rect.h)
        label = pygame.Rect(rect.x, rect.y, rect.w - control_width, rect.h)
    return label, control


def scroll_bar(area: pygame.Rect, content: int, scroll: int, scale: float, *,
               beside: bool = False) -> tuple[pygame.Rect, pygame.Rect] | None:
    """The track and the thumb of a scroll bar for ``content`` pixels seen through ``area``
    (on its far side: right, left in right-to-left languages; ``beside``: just outside it);
    None when everything shows."""
    most = content - area.h
    if most <= 0:
        return None
    w = theme.px(8, scale)
    gap = theme.px(4, scale) if beside else 0
    if is_rtl():
        x = area.x - w - gap if beside else area.x
    else:
        x = area.right + gap if beside else area.right - w
    h = max(theme.px(30, scale), area.h * area.h // content)
    y = area.y + (area.h - h) * max(0, min(scroll, most)) // most
    return pygame.Rect(x, area.y, w, area.h), pygame.Rect(x, y, w, h)


def draw_scroll_bar(surface: pygame.Surface, bar: tuple[pygame.Rect, pygame.Rect] | None
                    ) -> None:
    """Draw a scroll bar of :func:`scroll_bar` (nothing when None)."""
    if bar is not None:
        track, thumb = bar
        pygame.draw.rect(surface, theme.CREAM_DARK, track, border_radius=track.w // 2)
        pygame.draw.rect(surface, theme.INK_SOFT, thumb, border_radius=thumb.w // 2)


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    """Draw the keyboard focus ring around a rect."""
    pad = theme.px(4, scale)
    pygame.draw.rect(surface, theme.BRASS_LIGHT, rect.inflate(pad * 2, pad * 2),
                     width=max(2, theme.px(3, scale)), border_radius=theme.radius(scale) + pad)
    pygame.draw.rect(surface, theme.FOCUS, rect.inflate(pad * 2 - 2, pad * 2 - 2),
                     width=max(1, theme.px(2, scale)), border_radius=theme.radius(scale) + pad)


def arrow(surface: pygame.Surface, color: tuple[int, int, int], center: tuple[int, int],
           size: int, direction: int) -> None:
    """Draw a small triangle pointing left (-1) or right (+1)."""
    cx, cy = center
    h = size
    w = int(size * 0.8)
    if direction > 0:
        pts = [(cx - w // 2, cy - h // 2), (cx + w // 2, cy), (cx - w // 2, cy + h // 2)]
    else:
        pts = [(cx + w // 2, cy - h // 2), (cx - w // 2, cy), (cx + w // 2, cy + h // 2)]
    pygame.draw.polygon(surface, color, pts)


def is_click(event: pygame.event.Event) -> bool:
    """Whether an event is a left-button press or release."""
    return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and \
        getattr(event, "button", 1) == 1
