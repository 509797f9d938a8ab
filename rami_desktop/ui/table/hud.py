"""What the table shows besides the cards: seat panels, status, pile labels, the prompt, the
opening counter, badges and messages. Text comes from the cached renderer; nothing is scaled or
rotated per frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from rami_desktop.i18n import _, is_rtl, ngettext
from rami_desktop.i18n.gender import UNSAID, gendered
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.faces import draw_portrait
from rami_desktop.ui.kit.text import bidi_format
from rami_desktop.ui.table.counter import CounterView
from rami_desktop.ui.table.layout import SeatBox, TableLayout
from rami_desktop.ui.widgets import blit_aligned, fit_block, fit_text, render_text

PANEL_BG = theme.PANEL_BG
PANEL_EDGE = theme.PANEL_EDGE
ACTIVE_EDGE = theme.BRASS_LIGHT
SOFT = theme.SOFT
GOOD = theme.GOOD
TOAST_BG = theme.TOAST_BG


@dataclass(frozen=True)
class SeatInfo:
    """What a seat panel says.

    Attributes:
        level: a bot's level, worded ("" for a player).
        face: the seat's portrait.
        gender: how the seat's player is spoken of (the dealer's tab: «donneuse», «donneur»).
    """

    name: str
    cards: int
    score: int
    down: bool
    dealer: bool
    active: bool
    bot: bool
    team: str = ""
    level: str = ""
    face: str = ""
    gender: str = UNSAID


_PANELS: dict[tuple[int, int, bool, int], pygame.Surface] = {}


def panel_surface(size: tuple[int, int], active: bool, corner: int) -> pygame.Surface:
    """A translucent dark panel (cached per size and state)."""
    key = (size[0], size[1], active, corner)
    surf = _PANELS.get(key)
    if surf is None:
        if len(_PANELS) > 64:
            _PANELS.clear()
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (*PANEL_BG, theme.PANEL_ALPHA), surf.get_rect(),
                         border_radius=corner)
        edge = ACTIVE_EDGE if active else PANEL_EDGE
        pygame.draw.rect(surf, edge, surf.get_rect(), width=3 if active else 1,
                         border_radius=corner)
        _PANELS[key] = surf
    return surf


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, lay: TableLayout,
               active: bool = False) -> None:
    """Draw a dark table panel."""
    surface.blit(panel_surface(rect.size, active, lay.px(10)), rect.topleft)


def draw_pill(surface: pygame.Surface, lay: TableLayout, text: str, size: int,
              at: tuple[int, int], anchor: str, fill: tuple[int, int, int],
              ink: tuple[int, int, int] = theme.INK, max_w: int | None = None) -> pygame.Rect:
    """A word on a rounded pill, placed by one of its points (``midleft``, ``midright``,
    ``center``...); returns the pill's rect."""
    surf = fit_text(text, size, ink, max_w or 10_000, bold=True)
    rect = surf.get_rect().inflate(lay.px(12), lay.px(2))
    setattr(rect, anchor, at)
    pygame.draw.rect(surface, fill, rect, border_radius=rect.h // 2)
    surface.blit(surf, surf.get_rect(center=rect.center))
    return rect


def draw_seat(surface: pygame.Surface, lay: TableLayout, box: SeatBox, info: SeatInfo) -> None:
    """An opponent's panel: the face (ringed in brass on the player to play), the name, then
    the score, a bot's level and "down" once down; the card backs (drawn as sprites) with
    their count beside them; the dealer's tab on the panel's edge."""
    draw_panel(surface, box.rect, lay, info.active)
    ring = max(2, lay.px(3))
    if info.face:
        draw_portrait(surface, info.face, box.face.center, box.face.w - 2 * ring,
                      ACTIVE_EDGE if info.active else PANEL_EDGE, ring)
    wide = box.face.h > box.name.h + box.info.h
    score = render_text(ngettext("{points} pt", "{points} pts", info.score).format(
        points=info.score), lay.px(16), theme.BRASS_LIGHT, bold=True)
    name_room = box.name.w - (score.get_width() + lay.px(8) if wide else 0)
    # the team beside the name where the line holds both, else on the line below, in the
    # place of the bot's level (a large text size, a narrow panel)
    name, below = info.name + (f" · {info.team}" if info.team else ""), info.level
    if info.team and render_text(name, lay.px(18), theme.CREAM, bold=True).get_width() \
            > name_room:
        name, below = info.name, info.team
    blit_aligned(surface, fit_text(name, lay.px(18), theme.CREAM, name_room, bold=True),
                 box.name, "start")
    line = box.info.copy()
    if wide:
        blit_aligned(surface, score, box.name, "end")
    else:
        at = blit_aligned(surface, score, line, "start")
        cut = at.w + lay.px(6)
        line.w -= cut
        if not is_rtl():
            line.x += cut
    if info.down:  # on the line when it has the room (with the words below), else over the
        small = lay.px(14)  # face's foot
        word = render_text(_("down"), small, theme.INK, bold=True)
        words = render_text(below, lay.px(15), SOFT).get_width() + lay.px(6) if below else 0
        if line.w >= word.get_width() + lay.px(40) + words:
            pill = draw_pill(surface, lay, _("down"), small, (line.right, line.centery)
                             if not is_rtl() else (line.x, line.centery),
                             "midright" if not is_rtl() else "midleft", GOOD)
            line.w -= pill.w + lay.px(6)
            if is_rtl():
                line.x += pill.w + lay.px(6)
        else:
            draw_pill(surface, lay, _("down"), small, (box.face.centerx, box.face.bottom),
                      "midbottom", GOOD, max_w=box.face.w)
    if below and line.w >= lay.px(24):
        blit_aligned(surface, fit_text(below, lay.px(15), SOFT, line.w), line, "start")
    count_text = ngettext("{count} card", "{count} cards", info.cards).format(count=info.cards)
    count = render_text(count_text, lay.px(15), theme.CREAM, bold=True)
    if count.get_width() > box.count.w:
        count = fit_text(str(info.cards), lay.px(16), theme.CREAM, box.count.w, bold=True)
    blit_aligned(surface, count, box.count, "end")
    if info.dealer:
        draw_pill(surface, lay, dealer_word(info.gender), lay.px(14),
                  (box.rect.centerx, box.rect.bottom),
                  "center", theme.BRASS_LIGHT)


def draw_status(surface: pygame.Surface, lay: TableLayout, lines: list[str]) -> None:
    """The match status in the left column (round, bar, target)."""
    draw_panel(surface, lay.status, lay)
    pad = lay.px(10)
    y = lay.status.y + pad // 2
    small = lay.px(17)
    while small > 13 and len(lines) > 1 and (  # a fourth line (teams) fits in the same box
            render_text(lines[0], lay.px(theme.FONT_SMALL), theme.BRASS_LIGHT).get_height()
            + (len(lines) - 1) * (render_text(lines[1], small, theme.CREAM).get_height()
                                  + lay.px(2)) > lay.status.h - pad // 2):
        small -= 1
    for i, text in enumerate(lines):
        size = lay.px(theme.FONT_SMALL) if i == 0 else small
        color = theme.BRASS_LIGHT if i == 0 else theme.CREAM
        surf = fit_text(text, size, color, lay.status.w - 2 * pad, bold=i == 0)
        blit_aligned(surface, surf, pygame.Rect(lay.status.x + pad, y, lay.status.w - 2 * pad,
                                                surf.get_height()), "start")
        y += surf.get_height() + lay.px(2)


def draw_slot(surface: pygame.Surface, rect: pygame.Rect, lay: TableLayout) -> None:
    """An empty card place on the felt."""
    pygame.draw.rect(surface, PANEL_EDGE, rect, width=max(1, lay.px(2)),
                     border_radius=max(3, rect.w // 14))


def draw_pile_label(surface: pygame.Surface, lay: TableLayout, rect: pygame.Rect,
                    text: str) -> None:
    """A label under a pile."""
    surf = fit_text(text, lay.px(16), SOFT, rect.w + lay.px(36))
    surface.blit(surf, surf.get_rect(midtop=(rect.centerx, rect.bottom + lay.px(4))))


def draw_stock_depth(surface: pygame.Surface, rect: pygame.Rect, count: int,
                     lay: TableLayout) -> None:
    """A few edges under the stock so it looks like a pile."""
    layers = min(4, count // 8)
    for k in range(layers, 0, -1):
        r = rect.move(lay.px(2) * k, -lay.px(2) * k)
        pygame.draw.rect(surface, (12, 30, 70), r, border_radius=max(3, rect.w // 14))
        pygame.draw.rect(surface, (200, 190, 170), r, width=1, border_radius=max(3, rect.w // 14))


def draw_badge(surface: pygame.Surface, lay: TableLayout, center: tuple[int, int], text: str,
               color: tuple[int, int, int] = theme.ACCENT,
               ink: tuple[int, int, int] = theme.CREAM) -> pygame.Rect:
    """A small rounded label (the first card, a combination's number)."""
    surf = render_text(text, lay.px(15), ink, bold=True)
    r = surf.get_rect()
    r.inflate_ip(lay.px(10), lay.px(2))
    r.w = max(r.w, r.h)
    r.center = center
    pygame.draw.rect(surface, color, r, border_radius=r.h // 2)
    pygame.draw.rect(surface, theme.CREAM, r, width=1, border_radius=r.h // 2)
    surface.blit(surf, surf.get_rect(center=r.center))
    return r


def draw_dashed_rect(surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int],
                     dash: int, width: int = 2) -> None:
    """A dashed outline (staged combinations look tentative)."""
    x0, y0, x1, y1 = rect.left, rect.top, rect.right, rect.bottom
    for x in range(x0, x1, dash * 2):
        e = min(x + dash, x1)
        pygame.draw.line(surface, color, (x, y0), (e, y0), width)
        pygame.draw.line(surface, color, (x, y1), (e, y1), width)
    for y in range(y0, y1, dash * 2):
        e = min(y + dash, y1)
        pygame.draw.line(surface, color, (x0, y), (x0, e), width)
        pygame.draw.line(surface, color, (x1, y), (x1, e), width)


def draw_owner_label(surface: pygame.Surface, lay: TableLayout, rect: pygame.Rect,
                     text: str, face: str = "") -> pygame.Rect:
    """The name over a player's combinations, after their face when given; returns where it
    was drawn."""
    if face:
        d = rect.h
        at = (rect.x + d // 2, rect.centery) if not is_rtl() else (rect.right - d // 2,
                                                                   rect.centery)
        draw_portrait(surface, face, at, d - 2, PANEL_EDGE, 1)
        room = d + lay.px(6)
        rect = pygame.Rect(rect.x + (0 if is_rtl() else room), rect.y, rect.w - room, rect.h)
    surf = fit_text(text, lay.px(16), SOFT, max(rect.w, lay.px(200)), bold=True)
    return blit_aligned(surface, surf, rect, "start")


_MATS: dict[tuple[int, int, int], pygame.Surface] = {}


def draw_mat(surface: pygame.Surface, lay: TableLayout, rect: pygame.Rect) -> None:
    """A player's part of the felt under their combinations: a faint darker mat."""
    outer = rect.inflate(lay.px(20), lay.px(14))
    key = (outer.w, outer.h, lay.px(12))
    mat = _MATS.get(key)
    if mat is None:
        if len(_MATS) > 64:
            _MATS.clear()
        mat = pygame.Surface(outer.size, pygame.SRCALPHA)
        pygame.draw.rect(mat, (*PANEL_BG, 70), mat.get_rect(), border_radius=key[2])
        pygame.draw.rect(mat, (*PANEL_EDGE, 90), mat.get_rect(), width=1, border_radius=key[2])
        _MATS[key] = mat
    surface.blit(mat, outer)


def draw_prompt(surface: pygame.Surface, lay: TableLayout, text: str,
                highlight: bool = False) -> pygame.Rect:
    """The line above the hand saying what to do (or who is playing)."""
    color = theme.BRASS_LIGHT if highlight else theme.CREAM
    area = prompt_area(lay)
    surf = fit_block(text, lay.px(theme.FONT_BODY - 2), color, area.w, area.h, bold=highlight)
    r = surf.get_rect(center=area.center)
    surface.blit(surf, r)
    return r


def prompt_area(lay: TableLayout) -> pygame.Rect:
    """Where the line saying what to do goes: between the owner's name and the tools, or on
    its own line above them (see :attr:`TableLayout.words`)."""
    return lay.words.copy() if lay.words.w >= 10 else pygame.Rect(lay.words.topleft, (10, 10))


def dealer_word(gender: str) -> str:
    """The dealer's tab, in the words for the seat's player (gender-free when unsaid)."""
    # TRANSLATORS: a tab on the panel of the player who dealt this round (for her, for him,
    # and gender-free: «donne», «التوزيع»)
    return gendered(gender, "dealer")


def draw_me(surface: pygame.Surface, lay: TableLayout, name: str, score: int,
            down: bool, dealer: bool = False, face: str = "", gender: str = UNSAID) -> None:
    """The hand owner's face, name, score and whether down, at the start of the prompt row;
    the dealer's tab after them when they deal."""
    def line(who: str) -> str:
        text = bidi_format(ngettext("{name} · {points} pt", "{name} · {points} pts", score),
                           name=who, points=score)
        return text + " · " + _("down") if down else text

    me = lay.me.copy()
    if face:  # the face first, on the reading side
        d = me.h - lay.px(6)
        at_x = me.right - d // 2 if is_rtl() else me.x + d // 2
        draw_portrait(surface, face, (at_x, me.centery), d, PANEL_EDGE, max(1, lay.px(2)))
        me.w -= d + lay.px(8)
        if not is_rtl():
            me.x += d + lay.px(8)
    room = me.w
    tab = None
    if dealer:
        tab = render_text(dealer_word(gender), lay.px(14), theme.INK, bold=True)
        room -= tab.get_width() + lay.px(22)
    room = max(10, room)
    # smaller text first, then the name shortened with "…": the score and the state whole
    for size in (lay.px(18), lay.px(16), lay.px(15)):
        surf = render_text(line(name), size, theme.CREAM, bold=True)
        if surf.get_width() <= room:
            break
    else:
        rest = render_text(line(""), size, theme.CREAM, bold=True).get_width()
        surf = fit_text(line(shortened(name, size, room - rest)), size, theme.CREAM, room,
                        bold=True)
    at = blit_aligned(surface, surf, me, "start")
    if tab is not None:
        tr_ = tab.get_rect().inflate(lay.px(12), lay.px(2))
        if is_rtl():
            tr_.midright = (at.x - lay.px(8), me.centery)
        else:
            tr_.midleft = (at.right + lay.px(8), me.centery)
        pygame.draw.rect(surface, theme.BRASS_LIGHT, tr_, border_radius=tr_.h // 2)
        surface.blit(tab, tab.get_rect(center=tr_.center))


def shortened(name: str, size: int, width: int) -> str:
    """``name`` cut at its end with "…" to fit ``width`` pixels at ``size`` (bold)."""
    if render_text(name, size, theme.CREAM, bold=True).get_width() <= width:
        return name
    for k in range(len(name) - 1, 0, -1):
        cut = name[:k].rstrip() + "…"
        if render_text(cut, size, theme.CREAM, bold=True).get_width() <= width:
            return cut
    return "…"


def _tick(surface: pygame.Surface, center: tuple[int, int], r: int, ok: bool) -> None:
    pygame.draw.circle(surface, GOOD if ok else (90, 110, 96), center, r)
    cx, cy = center
    if ok:
        pts = [(cx - r * 0.5, cy), (cx - r * 0.1, cy + r * 0.45), (cx + r * 0.55, cy - r * 0.4)]
        pygame.draw.lines(surface, theme.INK, False, pts, max(2, r // 3))
    else:
        pygame.draw.circle(surface, PANEL_BG, center, max(1, r // 2))


def draw_counter(surface: pygame.Surface, lay: TableLayout, counter: CounterView,
                 center: tuple[int, int]) -> pygame.Rect:
    """The live opening counter: the engine's count, and ticks for the clean combinations."""
    ok = counter.reached
    area = prompt_area(lay)
    r = lay.px(8)
    gap = lay.px(8)
    # as large as the row between the name and the tools allows: in a small window one
    # clause dropped at a time (the going-out note, then the selection said in short, the
    # mark kept), then smaller text
    color = theme.INK if ok else theme.CREAM
    soft = theme.INK if ok else SOFT
    for shrink, with_note, short in ((1.0, True, False), (1.0, False, False),
                                     (1.0, False, True), (0.85, False, True),
                                     (0.7, False, True)):
        parts: list[pygame.Surface] = [render_text(counter.text, lay.px(18 * shrink), color,
                                                   bold=True)]
        for clause in (counter.note if with_note else "", counter.selection(short)):
            if clause:
                parts.append(render_text(clause, lay.px(15 * shrink), soft))
        labels = [(render_text(label, lay.px(16 * shrink), color), done)
                  for label, done in counter.ticks]
        width = sum(p.get_width() for p in parts) + gap * len(parts)
        width += sum(label.get_width() + 2 * r + lay.px(4) + gap for label, _done in labels)
        if width + lay.px(20) <= area.w:
            break
    h = lay.px(32)
    rect = pygame.Rect(0, 0, width + lay.px(20), h)
    rect.center = area.center
    pygame.draw.rect(surface, GOOD if ok else PANEL_BG, rect, border_radius=h // 2)
    pygame.draw.rect(surface, theme.BRASS_LIGHT, rect, width=2, border_radius=h // 2)
    x = rect.x + lay.px(10)
    for p in parts:
        surface.blit(p, p.get_rect(midleft=(x, rect.centery)))
        x += p.get_width() + gap
    for label, ok_part in labels:
        _tick(surface, (x + r, rect.centery), r, ok_part)
        x += 2 * r + lay.px(4)
        surface.blit(label, label.get_rect(midleft=(x, rect.centery)))
        x += label.get_width() + gap
    return rect


def draw_message(surface: pygame.Surface, lay: TableLayout, text: str, alpha: float,
                 bottom: int | None = None) -> pygame.Rect:
    """A short message near the hand (an illegal move), fading out; its bottom at ``bottom``
    when given (above the hint line)."""
    surf = render_text(text, lay.px(19), theme.CREAM, bold=True, max_width=lay.message.w
                       - lay.px(24), align="center")
    rect = surf.get_rect()
    rect.inflate_ip(lay.px(28), lay.px(14))
    rect.midbottom = lay.message.midbottom
    if bottom is not None:
        rect.bottom = min(rect.bottom, bottom)
    box = pygame.Surface(rect.size, pygame.SRCALPHA)
    a = max(0, min(255, int(235 * alpha)))
    pygame.draw.rect(box, (*TOAST_BG, a), box.get_rect(), border_radius=lay.px(12))
    pygame.draw.rect(box, (*theme.BRASS_LIGHT, a), box.get_rect(), width=2,
                     border_radius=lay.px(12))
    surface.blit(box, rect)
    if alpha < 1:
        surf = surf.copy()
        surf.set_alpha(a)
    surface.blit(surf, surf.get_rect(center=rect.center))
    return rect


def draw_glow(surface: pygame.Surface, rect: pygame.Rect, lay: TableLayout,
              color: tuple[int, int, int] = theme.BRASS_LIGHT) -> None:
    """An outline around a card (hints, the keyboard cursor)."""
    pygame.draw.rect(surface, color, rect.inflate(lay.px(6), lay.px(6)), width=max(2, lay.px(3)),
                     border_radius=max(4, rect.w // 10))


def draw_hint_text(surface: pygame.Surface, lay: TableLayout, text: str,
                   free_top: int | None = None,
                   clear_of: pygame.Rect | None = None) -> pygame.Rect:
    """The hint's explanation under the combinations (``free_top``: where they leave the area
    free), above the line saying what to do, beside a button there (``clear_of``): on a dark
    plate, as large as the table's other words, on two lines rather than smaller where there
    is room; returns the plate's rect."""
    pad, gap = lay.px(10), lay.px(8)
    bottom = lay.prompt.y - lay.px(6)
    top = lay.melds.bottom if free_top is None else max(lay.melds.y, free_top)
    area = pygame.Rect(lay.melds.x, top, lay.melds.w, max(bottom - top, lay.px(36)))
    if clear_of is not None and clear_of.bottom > area.y and clear_of.y < bottom:
        if clear_of.centerx > area.centerx:
            area.w = max(lay.px(120), clear_of.x - gap - area.x)
        else:
            area.w = max(lay.px(120), area.right - clear_of.right - gap)
            area.x = clear_of.right + gap
    surf = fit_block(text, lay.px(theme.FONT_SMALL), theme.BRASS_LIGHT, area.w - 2 * pad,
                     area.h - lay.px(6))
    plate = surf.get_rect().inflate(2 * pad, lay.px(6))
    plate.midbottom = (area.centerx, bottom)
    draw_panel(surface, plate, lay)
    surface.blit(surf, surf.get_rect(center=plate.center))
    return plate


def draw_hint_marks(surface: pygame.Surface, lay: TableLayout,
                    strips: list[pygame.Rect]) -> None:
    """A bright bar under the visible part of each hinted hand card (the overlapped hand
    stays readable: no outline over the neighbours)."""
    bar_h = max(4, lay.px(7))
    for strip in strips:
        bar = pygame.Rect(strip.x + 1, strip.bottom + lay.px(3), max(4, strip.w - 3), bar_h)
        bar.bottom = min(bar.bottom, lay.size[1] - 1)
        pygame.draw.rect(surface, theme.BRASS_LIGHT, bar, border_radius=bar_h // 2)
        pygame.draw.rect(surface, theme.INK, bar, width=1, border_radius=bar_h // 2)
        top = pygame.Rect(strip.x + 1, strip.y - lay.px(2), max(4, strip.w - 3), max(2, lay.px(3)))
        pygame.draw.rect(surface, theme.BRASS_LIGHT, top, border_radius=top.h // 2)


def badge_size(lay: TableLayout, text: str) -> tuple[int, int]:
    """The size :func:`draw_badge` gives a label."""
    surf = render_text(text, lay.px(15), theme.CREAM, bold=True)
    r = surf.get_rect().inflate(lay.px(10), lay.px(2))
    return max(r.w, r.h), r.h
