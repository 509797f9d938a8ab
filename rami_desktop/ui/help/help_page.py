"""A help page: headings, paragraphs and pictures stacked into one tall surface, the view that
scrolls it (wheel, arrows, Page Up/Down, Home/End) with a scroll bar, and the overlay showing
it (the illustrated rules, the controls).

Pictures stand on the reading side (left, or right in right-to-left languages) with their
caption beside them; a row of cards always runs left to right, as cards are held.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from rami_desktop.i18n import N_, is_rtl
from rami_desktop.ui.kit import theme
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import Button, Panel, Text, render_text

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context


class PageBuilder:
    """Stacks the parts of a help page, each as wide as the page at most.

    Args:
        width: the page's width in pixels.
        scale: the UI scale.
    """

    def __init__(self, width: int, scale: float) -> None:
        self.width = max(1, width)
        self.scale = scale
        self._parts: list[tuple[pygame.Surface, int]] = []
        #: every text written on the page, in order
        self.texts: list[str] = []

    def px(self, value: float) -> int:
        """A reference length in pixels."""
        return theme.px(value, self.scale)

    def heading(self, text: str) -> None:
        """A section title."""
        self.texts.append(text)
        self._parts.append((render_text(text, self.px(theme.FONT_SUBHEADING), theme.ACCENT_DARK,
                                        bold=True, max_width=self.width), self.px(8)))

    def paragraph(self, text: str, color: theme.Color = theme.INK, gap: float = 16) -> None:
        """A wrapped paragraph."""
        self.texts.append(text)
        self._parts.append((render_text(text, self.px(theme.FONT_BODY), color,
                                        max_width=self.width), self.px(gap)))

    def figure(self, picture: pygame.Surface, caption: str, gap: float = 14) -> None:
        """A picture on the reading side, its caption wrapped beside it."""
        self.texts.append(caption)
        pad = self.px(18)
        text_w = max(self.px(120), self.width - picture.get_width() - pad)
        text = render_text(caption, self.px(theme.FONT_SMALL), theme.INK, max_width=text_w)
        height = max(picture.get_height(), text.get_height())
        row = pygame.Surface((self.width, height), pygame.SRCALPHA)
        if is_rtl():
            row.blit(picture, (self.width - picture.get_width(), 0))
            row.blit(text, (max(0, self.width - picture.get_width() - pad - text.get_width()),
                            (height - text.get_height()) // 2))
        else:
            row.blit(picture, (0, 0))
            row.blit(text, (picture.get_width() + pad, (height - text.get_height()) // 2))
        self._parts.append((row, self.px(gap)))

    def picture(self, picture: pygame.Surface, gap: float = 10) -> None:
        """A picture alone, on the reading side (scaled down to the page's width if wider)."""
        if picture.get_width() > self.width:
            height = max(1, round(picture.get_height() * self.width / picture.get_width()))
            picture = pygame.transform.smoothscale(picture, (self.width, height))
        self._parts.append((picture, self.px(gap)))

    def pairs(self, rows: list[tuple[str, str]], key_width: float = 260) -> None:
        """Two columns: a short key (bold) and what it does."""
        kw = self.px(key_width)
        pad = self.px(16)
        for key, text in rows:
            self.texts += [key, text]
            left = render_text(key, self.px(theme.FONT_SMALL), theme.ZELLIGE, bold=True,
                               max_width=kw)
            right = render_text(text, self.px(theme.FONT_SMALL), theme.INK,
                                max_width=max(1, self.width - kw - pad))
            height = max(left.get_height(), right.get_height())
            row = pygame.Surface((self.width, height), pygame.SRCALPHA)
            if is_rtl():
                row.blit(left, (self.width - left.get_width(), 0))
                row.blit(right, (self.width - kw - pad - right.get_width(), 0))
            else:
                row.blit(left, (0, 0))
                row.blit(right, (kw + pad, 0))
            self._parts.append((row, self.px(8)))
        self.space(8)

    def space(self, value: float) -> None:
        """Some more room below the last part."""
        if self._parts:
            surface, gap = self._parts[-1]
            self._parts[-1] = (surface, gap + self.px(value))

    def build(self) -> pygame.Surface:
        """The whole page, parts on their reading side."""
        height = sum(s.get_height() + gap for s, gap in self._parts) or 1
        page = pygame.Surface((self.width, height), pygame.SRCALPHA)
        y = 0
        for surface, gap in self._parts:
            x = self.width - surface.get_width() if is_rtl() else 0
            page.blit(surface, (x, y))
            y += surface.get_height() + gap
        return page


class ScrollView:
    """Shows a tall page in a rectangle and scrolls it."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.page: pygame.Surface | None = None
        self.scroll = 0
        self.scale = 1.0

    def set_page(self, page: pygame.Surface, keep: bool = False) -> None:
        """Show a new page (from the top unless ``keep``)."""
        self.page = page
        self.set_scroll(self.scroll if keep else 0)

    def max_scroll(self) -> int:
        """How far the page can scroll."""
        return 0 if self.page is None else max(0, self.page.get_height() - self.rect.h)

    def set_scroll(self, value: int) -> None:
        """Scroll to a position (clamped)."""
        self.scroll = max(0, min(self.max_scroll(), int(value)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Scroll on the wheel and the navigation keys; return whether the event was used."""
        line = theme.px(40, self.scale)
        if event.type == pygame.MOUSEWHEEL:
            self.set_scroll(self.scroll - event.y * line)
            return True
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_DOWN: line, pygame.K_UP: -line, pygame.K_PAGEDOWN: self.rect.h,
                     pygame.K_PAGEUP: -self.rect.h, pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            if event.key in moves:
                self.set_scroll(self.scroll + moves[event.key])
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the visible part of the page and the scroll bar."""
        if self.page is None:
            return
        old = surface.get_clip()
        surface.set_clip(self.rect)
        x = self.rect.right - self.page.get_width() if is_rtl() else self.rect.x
        surface.blit(self.page, (x, self.rect.y - self.scroll))
        surface.set_clip(old)
        top = self.max_scroll()
        if top <= 0:
            return
        w = theme.px(8, self.scale)
        bx = self.rect.x - 2 * w if is_rtl() else self.rect.right + w
        track = pygame.Rect(bx, self.rect.y, w, self.rect.h)
        h = max(theme.px(30, self.scale), self.rect.h * self.rect.h // self.page.get_height())
        y = self.rect.y + (self.rect.h - h) * self.scroll // top
        pygame.draw.rect(surface, theme.CREAM_DARK, track, border_radius=w // 2)
        pygame.draw.rect(surface, theme.INK_SOFT, pygame.Rect(bx, y, w, h), border_radius=w // 2)


class HelpOverlay(WidgetScene):
    """A help panel over the dimmed scene below: optional tabs, a scrolling page, Close.

    Subclasses give the tabs (:meth:`tab_labels`) and build the page of the selected tab
    (:meth:`build_page`).
    """

    transparent = True

    def __init__(self, ctx: Context, title: Text, selected: int = 0) -> None:
        self.panel = Panel(title)
        self.view = ScrollView()
        self.selected = selected
        super().__init__(ctx)

    def tab_labels(self) -> list[Text]:
        """The tabs' labels (none: no tabs)."""
        return []

    def build_page(self, width: int) -> pygame.Surface:
        """The page of the selected tab."""
        raise NotImplementedError

    def build(self) -> None:
        self.group.add(self.panel)
        self.tabs = [self.group.add(Button(label, partial(self.select, i), style="tab",
                                           size=theme.FONT_SMALL))
                     for i, label in enumerate(self.tab_labels())]
        self.close_button = self.group.add(Button(N_("Close"), self.back, style="primary"))
        self._mark_tabs()
        self.group.focused = self.tabs[self.selected] if self.tabs else self.close_button

    def _mark_tabs(self) -> None:
        for i, tab in enumerate(self.tabs):
            tab.selected = i == self.selected

    @property
    def scroll(self) -> int:
        """How far the page is scrolled."""
        return self.view.scroll

    def max_scroll(self) -> int:
        """How far the page can scroll."""
        return self.view.max_scroll()

    def select(self, index: int) -> None:
        """Show another tab's page."""
        self.selected = index
        self._mark_tabs()
        self.view.set_page(self.build_page(self.view.rect.w))

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        w = min(theme.px(960, s), int(size[0] * 0.92))
        h = int(size[1] * 0.92)
        self.panel.rect = pygame.Rect(0, 0, w, h)
        self.panel.rect.center = (size[0] // 2, size[1] // 2)
        pad = theme.px(24, s)
        top = self.panel.rect.y + self.panel.title_height() + theme.px(8, s)
        if self.tabs:
            th, gap = theme.px(44, s), theme.px(8, s)
            tw = (w - 2 * pad - gap * (len(self.tabs) - 1)) // len(self.tabs)
            order = list(reversed(self.tabs)) if is_rtl() else self.tabs
            for i, tab in enumerate(order):
                tab.rect = pygame.Rect(self.panel.rect.x + pad + i * (tw + gap), top, tw, th)
            top += th + pad
        bh = theme.px(50, s)
        self.close_button.rect = pygame.Rect(0, self.panel.rect.bottom - pad - bh,
                                             theme.px(180, s), bh)
        self.close_button.rect.centerx = self.panel.rect.centerx
        self.view.scale = s
        self.view.rect = pygame.Rect(self.panel.rect.x + pad + theme.px(12, s), top,
                                     w - 2 * pad - theme.px(24, s),
                                     self.close_button.rect.y - pad // 2 - top)
        self.view.set_page(self.build_page(self.view.rect.w), keep=True)

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.view.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and self.tabs and event.key in (pygame.K_LEFT,
                                                                        pygame.K_RIGHT):
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.select((self.selected + (-step if is_rtl() else step)) % len(self.tabs))
            self.group.keyboard = True
            self.group.focused = self.tabs[self.selected]
            return
        super().handle_event(event)

    def draw_background(self, surface: pygame.Surface) -> None:
        theme.dim(surface)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.view.draw(surface)
