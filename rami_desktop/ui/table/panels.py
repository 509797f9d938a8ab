"""Two panels that help follow the game: the "what happened" journal (collapsible, under the
piles) and the spread talaj (every discard, oldest first, the round's first card marked under
it, never over its index)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from rami_desktop.i18n import _, is_rtl, ngettext
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.text import line_height
from rami_desktop.ui.table import hud
from rami_desktop.ui.table.layout import TableLayout, card_h
from rami_desktop.ui.widgets import blit_aligned, fit_text, render_text

#: the journal's text size (reference pixels)
JOURNAL_FONT = 15
#: the newest line stands out
NEWEST = theme.BRASS_LIGHT


class JournalPanel:
    """The "what happened" panel: the last lines under the piles, or many more when open."""

    def __init__(self) -> None:
        self.open = False

    def rect(self, lay: TableLayout) -> pygame.Rect:
        """Where the panel is: under the piles, or taller and wider when open."""
        return self.open_rect(lay) if self.open else lay.journal.copy()

    @staticmethod
    def open_rect(lay: TableLayout) -> pygame.Rect:
        """The open panel: beside the piles, over the combinations (never over the piles nor
        the hint line)."""
        area = lay.melds
        w = min(area.w, lay.px(500))
        r = pygame.Rect(area.x, lay.status.y, w, max(lay.px(60), area.bottom - lay.status.y))
        if is_rtl():
            r.right = area.right
        return r

    @staticmethod
    def header(lay: TableLayout, rect: pygame.Rect) -> pygame.Rect:
        """The clickable title row of a panel rect."""
        return pygame.Rect(rect.x, rect.y, rect.w, lay.px(28))

    def hit(self, lay: TableLayout, pos: tuple[int, int]) -> bool:
        """Whether a click at ``pos`` opens or closes the panel (a title row)."""
        if lay.journal.h <= lay.px(40):
            return False
        if self.header(lay, lay.journal).collidepoint(pos):
            return True
        return self.open and self.header(lay, self.open_rect(lay)).collidepoint(pos)

    def covers(self, lay: TableLayout, pos: tuple[int, int]) -> bool:
        """Whether the open panel is under ``pos`` (clicks there stay with the panel)."""
        return self.open and self.rect(lay).collidepoint(pos)

    def draw(self, surface: pygame.Surface, lay: TableLayout, lines: Sequence[str]) -> None:
        """Draw the panel with as many of the newest lines as fit (newest at the bottom)."""
        if lay.journal.h <= lay.px(40):
            return
        self._draw_one(surface, lay, lay.journal, lines, False)
        if self.open:
            self._draw_one(surface, lay, self.open_rect(lay), lines, True)

    def _draw_one(self, surface: pygame.Surface, lay: TableLayout, rect: pygame.Rect,
                  lines: Sequence[str], big: bool) -> None:
        hud.draw_panel(surface, rect, lay, active=big)
        if big:  # over the combinations: solid enough to read
            shade = pygame.Surface(rect.inflate(-4, -4).size, pygame.SRCALPHA)
            shade.fill((*hud.PANEL_BG, 245))
            surface.blit(shade, rect.inflate(-4, -4).topleft)
        pad = lay.px(8)
        head = self.header(lay, rect).inflate(-2 * pad, 0)
        title = fit_text(_("What happened"), lay.px(16), theme.BRASS_LIGHT, head.w - lay.px(20),
                         bold=True)
        blit_aligned(surface, title, head, "start")
        _chevron(surface, head, lay, self.open)
        area = pygame.Rect(rect.x + pad, head.bottom, rect.w - 2 * pad,
                           rect.bottom - head.bottom - pad // 2)
        if not lines:
            empty = fit_text(_("Nothing yet this round."), lay.px(JOURNAL_FONT), hud.SOFT,
                             area.w)
            blit_aligned(surface, empty, pygame.Rect(area.x, area.y, area.w,
                                                     empty.get_height()), "start")
            return
        y = area.bottom
        size = lay.px(JOURNAL_FONT)
        # one height for every line (suit symbols come from a font reaching lower); the text
        # starts at the same height in every line
        row = max(line_height(size, bold=True),
                  render_text("♦", size, theme.CREAM, bold=True).get_height())
        for k, text in enumerate(reversed(lines)):
            color = NEWEST if k == 0 else theme.CREAM
            surf = render_text(text, size, color, bold=k == 0, max_width=area.w)
            height = max(row, surf.get_height())
            if y - height < area.y:
                break
            y -= height
            place = surf.get_rect(top=y)
            if is_rtl():
                place.right = area.right
            else:
                place.left = area.x
            surface.blit(surf, place)
            y -= lay.px(2)


def _chevron(surface: pygame.Surface, head: pygame.Rect, lay: TableLayout, open_: bool) -> None:
    """A small triangle on the end side of the title: up when open, down when closed."""
    r = lay.px(5)
    cx = head.x + r + lay.px(2) if is_rtl() else head.right - r - lay.px(2)
    cy = head.centery
    if open_:
        points = [(cx - r, cy + r // 2), (cx + r, cy + r // 2), (cx, cy - r // 2 - 1)]
    else:
        points = [(cx - r, cy - r // 2), (cx + r, cy - r // 2), (cx, cy + r // 2 + 1)]
    pygame.draw.polygon(surface, theme.BRASS_LIGHT, points)


class TalajSpread:
    """The talaj spread out over the combinations: shown while the pointer rests on the talaj
    (or pinned by a click or the V key)."""

    def __init__(self) -> None:
        self.hover = 0.0  # seconds the pointer has rested on the talaj
        self.hovering = False
        self.pinned = False
        self.shown = False

    def geometry(self, lay: TableLayout, n: int
                 ) -> tuple[pygame.Rect, pygame.Rect, list[pygame.Rect]]:
        """The panel, its title row and the rect of each of ``n`` cards (oldest first)."""
        area = lay.melds
        pad = lay.px(12)
        title_h = lay.px(30)
        badge_h = lay.px(24)
        w = lay.pile_w
        h = card_h(w)
        width = area.w - 2 * pad
        step = max(int(w * 0.5), 1)
        per_row = max(1, (width - w) // step + 1)
        while True:
            rows = max(1, -(-n // per_row))
            height = title_h + rows * (h + badge_h) + pad
            if height <= area.h or w <= lay.px(40):
                break
            w = int(w * 0.85)
            h = card_h(w)
            step = max(int(w * 0.5), 1)
            per_row = max(1, (width - w) // step + 1)
        used = min(n, per_row)
        panel_w = min(area.w, 2 * pad + w + step * max(0, used - 1))
        panel_w = max(panel_w, min(area.w, lay.px(360)))
        panel = pygame.Rect(area.x, area.y, panel_w, min(area.h, height))
        if is_rtl():
            panel.right = area.right
        title = pygame.Rect(panel.x + pad, panel.y, panel.w - 2 * pad, title_h)
        # oldest on the left in every language (each card's index shows on its left); the
        # rows start on the reading side
        block = w + step * max(0, used - 1)
        x0 = panel.right - pad - block if is_rtl() else panel.x + pad
        cards = []
        for i in range(n):
            row, col = divmod(i, per_row)
            cards.append(pygame.Rect(x0 + col * step, title.bottom + row * (h + badge_h), w, h))
        return panel, title, cards

    def card_at(self, lay: TableLayout, n: int, pos: tuple[int, int]) -> int | None:
        """The talaj position under ``pos`` in the spread (the topmost card there)."""
        _panel, _title, cards = self.geometry(lay, n)
        for i in range(n - 1, -1, -1):
            if cards[i].collidepoint(pos):
                return i
        return None

    def covers(self, lay: TableLayout, n: int, pos: tuple[int, int]) -> bool:
        """Whether the shown spread is under ``pos``."""
        return self.shown and self.geometry(lay, n)[0].collidepoint(pos)

    def draw(self, surface: pygame.Surface, lay: TableLayout, art: object,
             codes: Sequence[str], first: int | None) -> None:
        """Draw every discard, the oldest on the left; the first card's badge sits under it."""
        n = len(codes)
        if n == 0:
            return
        panel, title, cards = self.geometry(lay, n)
        hud.draw_panel(surface, panel, lay, active=True)
        shade = pygame.Surface(panel.inflate(-4, -4).size, pygame.SRCALPHA)
        shade.fill((*hud.PANEL_BG, 255))
        surface.blit(shade, panel.inflate(-4, -4).topleft)
        # the cards run left to right in every language (each one's index shows in its
        # left corner): "first" would be the newest to a reader of darija, "on the left" is not
        text = ngettext("The talaj, oldest on the left ({count} card)",
                        "The talaj, oldest on the left ({count} cards)", n).format(count=n)
        blit_aligned(surface, fit_text(text, lay.px(16), theme.BRASS_LIGHT, title.w, bold=True),
                     title, "start")
        for code, rect in zip(codes, cards, strict=True):
            face = getattr(art, "face", None)
            if face is not None:
                surface.blit(face(code, rect.w), rect.topleft)
            else:
                pygame.draw.rect(surface, theme.CREAM, rect)
        if first is not None and 0 <= first < n:
            r = cards[first]
            hud.draw_glow(surface, r, lay, theme.ACCENT_LIGHT)
            label = render_text(_("1st"), lay.px(14), theme.CREAM, bold=True)
            box = label.get_rect().inflate(lay.px(10), lay.px(2))
            box.midtop = (r.x + min(r.w, lay.px(40)) // 2 + lay.px(4), r.bottom + lay.px(4))
            box.x = max(box.x, r.x)
            pygame.draw.rect(surface, theme.ACCENT, box, border_radius=box.h // 2)
            surface.blit(label, label.get_rect(center=box.center))
