"""Whether the screens drawn fit their window: every control whole and inside it (a button's
label too), no two controls on top of each other, every face-up card at least half inside with
its index corner (rank and suit) whole."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame

from rami_desktop.ui.table.layout import index_rect
from rami_desktop.ui.table.sprites import BACK
from rami_desktop.ui.widgets import Button, Widget, WidgetGroup, tr


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
    """What of the screens drawn now in an app's window does not fit it."""
    window = pygame.Rect((0, 0), app.size)
    out: list[str] = []
    for scene in app.stack.visible():
        out += scene_misfits(scene, window)
    return out
