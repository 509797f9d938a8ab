"""Whether the screens drawn fit their window: every control whole and inside it (a button's
label too), no two controls on top of each other, every face-up card at least half inside with
its index corner (rank and suit) whole, no text drawn cut.

A screen fits in a :class:`Look`: a window size with the player's interface scale and card size.
The game promises :data:`PROMISED` (800x600 at 100 %, a laptop's 1366x768 at 150 %); the full
check tries :data:`EVERY` look, small windows at a large scale included (the screens then
scroll, wrap or put fewer things on a row, never cut).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pygame

from rami_desktop.storage.settings import INTERFACE_SCALES
from rami_desktop.ui.table.layout import index_rect
from rami_desktop.ui.table.sprites import BACK
from rami_desktop.ui.widgets import (
    Button,
    Widget,
    WidgetGroup,
    cut_texts,
    forget_cut_texts,
    tr,
)


@dataclass(frozen=True)
class Look:
    """A window size, the interface scale in percent and whether the cards are larger."""

    size: tuple[int, int]
    scale: int = 100
    large_cards: bool = False

    def __str__(self) -> str:
        cards = "+cards" if self.large_cards else ""
        return f"{self.size[0]}x{self.size[1]}@{self.scale}{cards}"


#: where every screen fits, promised: the smallest window, and a laptop at the largest text
PROMISED: tuple[Look, ...] = (Look((800, 600)), Look((1366, 768), 150))
#: the window sizes of the full check (a netbook, laptops, full HD)
SIZES: tuple[tuple[int, int], ...] = ((800, 600), (1024, 600), (1280, 720), (1280, 800),
                                      (1366, 768), (1920, 1080))
#: every look of the full check: each size at each scale, larger cards at the smallest and
#: the largest scale
EVERY: tuple[Look, ...] = tuple(
    Look(size, scale, cards) for size in SIZES for scale in INTERFACE_SCALES
    for cards in (False, True) if not cards or scale != 125)


def wear(app: Any, look: Look) -> None:
    """Give an app's window a look: its interface scale, its cards, then its size (every
    screen laid out again)."""
    if app.settings.get("interface_scale") != look.scale:
        app.update_setting("interface_scale", look.scale)
    if bool(app.settings.get("large_cards")) != look.large_cards:
        app.update_setting("large_cards", look.large_cards)
    app.resize(look.size)


def _controls(group: WidgetGroup) -> Iterator[Widget]:
    """The group's visible controls (what a player clicks or focuses), containers opened."""
    for w in group.widgets:
        if not w.visible:
            continue
        kids = w.children()
        if kids:
            yield from (k for k in kids if k.visible and k.focusable)
        elif w.focusable:
            yield w


def _name(widget: Widget) -> str:
    label = getattr(widget, "label", None)
    text = tr(label) if label else ""
    return f"{type(widget).__name__} {text!r}" if text else type(widget).__name__


def _control_misfits(where: str, group: WidgetGroup, window: pygame.Rect) -> list[str]:
    out: list[str] = []
    free: list[Widget] = []
    for w in _controls(group):
        if w.clip is not None:  # in a scroll area: the area must fit, the control scrolls
            if not window.contains(w.clip):
                out.append(f"{where}: the scroll area {tuple(w.clip)} of {_name(w)} is cut")
            continue
        if w.rect.w <= 0 or w.rect.h <= 0:
            out.append(f"{where}: {_name(w)} has no size")
        elif not window.contains(w.rect):
            out.append(f"{where}: {_name(w)} at {tuple(w.rect)} is outside the window")
        elif isinstance(w, Button) and w.label_clipped():
            out.append(f"{where}: the label of {_name(w)} is cut ({w.rect.w} px wide)")
        free.append(w)
    for i, a in enumerate(free):
        for b in free[i + 1:]:
            if a.rect.colliderect(b.rect):
                out.append(f"{where}: {_name(a)} {tuple(a.rect)} and {_name(b)} "
                           f"{tuple(b.rect)} overlap")
    return out


def _card_misfits(where: str, cards: list[tuple[str, pygame.Rect]],
                  window: pygame.Rect) -> list[str]:
    out = []
    for code, rect in cards:
        if code == BACK:
            continue
        shown = rect.clip(window)
        if not window.contains(index_rect(rect)):
            out.append(f"{where}: the index of {code} at {tuple(rect)} is outside the window")
        elif shown.w * shown.h * 2 < rect.w * rect.h:
            out.append(f"{where}: less than half of {code} at {tuple(rect)} shows")
    return out


def scene_misfits(scene: Any, window: pygame.Rect) -> list[str]:
    """What of one scene does not fit the window (see the module's text)."""
    where = type(scene).__name__
    out: list[str] = []
    for group in (getattr(scene, "group", None),
                  getattr(getattr(scene, "buttons", None), "group", None)):
        if isinstance(group, WidgetGroup):
            out += _control_misfits(where, group, window)
    board = getattr(scene, "board", None)
    if board is not None:
        out += _card_misfits(where, [(s.spec.code, s.rect) for s in board.sprites], window)
    drawn = getattr(scene, "card_rects", None)
    if drawn:
        out += _card_misfits(where, [(code, rect) for _seat, code, rect in drawn], window)
    bubble = getattr(getattr(scene, "bubble", None), "rect", None)
    if isinstance(bubble, pygame.Rect) and bubble.w > 0 and not window.contains(bubble):
        out.append(f"{where}: the coach's bubble at {tuple(bubble)} is outside the window")
    inner = getattr(scene, "table", None)
    if inner is not None and hasattr(inner, "board"):
        out += scene_misfits(inner, window)
    return out


def misfits(app: Any) -> list[str]:
    """What of the screens shown now in an app's window does not fit it (they are drawn once
    more, to see the texts cut)."""
    window = pygame.Rect((0, 0), app.size)
    out: list[str] = []
    for scene in app.stack.visible():
        out += scene_misfits(scene, window)
    forget_cut_texts()
    app.draw()
    out += [f"the text {text!r} is cut" for text in cut_texts()]
    return out
