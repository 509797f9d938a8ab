"""The widgets of a scene: event routing and keyboard focus."""

from __future__ import annotations

from typing import Any

import pygame

from rami_desktop.i18n import is_rtl
from rami_desktop.ui.widgets.base import Widget
from rami_desktop.ui.widgets.scroll import ScrollArea


class WidgetGroup:
    """The widgets of a scene, in focus order, with keyboard navigation.

    Tab / Shift+Tab and Up / Down move the focus; Left / Right adjust the focused control (or
    move the focus when it has nothing to adjust); Enter / Space activate. Escape is left to the
    scene. The focus ring shows only after a key was used.
    """

    def __init__(self) -> None:
        self.widgets: list[Widget] = []
        self.focused: Widget | None = None
        self.keyboard = False
        self.scale = 1.0
        #: the focus follows the pointer (a menu: Enter presses the button under it)
        self.hover_focus = False
        #: widgets first in the focus order, in this order (the others follow as added)
        self.first: list[Widget] = []

    def add(self, widget: Widget) -> Any:
        """Add a widget (returned, for chaining)."""
        self.widgets.append(widget)
        widget.scale = self.scale
        return widget

    def set_scale(self, scale: float) -> None:
        """Set the UI scale of every widget."""
        self.scale = scale
        for w in self._all():
            w.scale = scale

    def _all(self) -> list[Widget]:
        out: list[Widget] = []
        for w in self.widgets:
            out.append(w)
            out.extend(w.children())
        return out

    def _parent(self, widget: Widget) -> Widget | None:
        for w in self.widgets:
            if widget in w.children():
                return w
        return None

    def focus_order(self) -> list[Widget]:
        """Focusable widgets in order (:attr:`first` first, then containers' children in
        place)."""
        out: list[Widget] = []
        for w in self.widgets:
            kids = w.children()
            if kids:
                if w.visible:
                    out.extend(k for k in kids if k.can_focus())
            elif w.can_focus():
                out.append(w)
        if self.first:
            rank = {id(w): i for i, w in enumerate(self.first)}
            out.sort(key=lambda w: rank.get(id(w), len(rank)))
        return out

    def focus(self, widget: Widget | None) -> None:
        """Give the focus to a widget (scrolling it into view)."""
        self.focused = widget
        if widget is not None:
            parent = self._parent(widget)
            if isinstance(parent, ScrollArea):
                parent.ensure_visible(widget)

    def move_focus(self, delta: int) -> None:
        """Move the focus forward (+1) or back (-1), wrapping."""
        order = self.focus_order()
        if not order:
            self.focused = None
            return
        if self.focused in order:
            i = (order.index(self.focused) + delta) % len(order)
        else:
            i = 0 if delta > 0 else len(order) - 1
        self.focus(order[i])

    def focus_visible(self) -> Widget | None:
        """The focused widget if the ring is to be shown (keyboard mode), else None."""
        if self.focused is not None and not self.focused.can_focus():
            return None
        if self.focused is not None and self.focused.captures_text:
            return self.focused  # a text field shows its caret whatever the input
        return self.focused if self.keyboard else None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Route an event; return True when a widget or the navigation consumed it."""
        if self.focused is not None and not self.focused.can_focus():
            self.focused = None
        if event.type == pygame.MOUSEMOTION:
            self.keyboard = False
            consumed = False
            for w in self.widgets:
                consumed = w.handle_event(event) or consumed
            # a window opening (or moved) under a pointer at rest tells a motion that did not
            # move: it shows the hover, but the keyboard's focus stays where it was
            if self.hover_focus and tuple(getattr(event, "rel", (1, 1))) != (0, 0):
                under = next((w for w in self.focus_order() if w.hovered), None)
                if under is not None:
                    self.focused = under
            return consumed
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            hit: Widget | None = None
            for w in reversed(self.widgets):
                if w.handle_event(event):
                    hit = w
                    break
            if hit is not None and event.type == pygame.MOUSEBUTTONDOWN:
                target = getattr(hit, "_last_hit", None) if hit.children() else hit
                if target is not None and target.can_focus():
                    self.focused = target
                elif self.focused is not None and self.focused.captures_text:
                    self.focused = None
            elif event.type == pygame.MOUSEBUTTONDOWN and self.focused is not None \
                    and self.focused.captures_text:
                self.focused = None
            # a release elsewhere clears the pressed state of every widget
            if event.type == pygame.MOUSEBUTTONUP:
                for w in self._all():
                    w.release()
            return hit is not None
        if event.type == pygame.TEXTINPUT:
            if self.focused is not None and self.focused.captures_text:
                return self.focused.handle_key(event)
            return False
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        self.keyboard = True
        if key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        f = self.focused
        if f is not None and f.captures_text and key == pygame.K_ESCAPE:
            self.focused = None  # Escape leaves a text field before leaving the screen
            return True
        if f is not None and f.handle_key(event):
            return True
        if key in (pygame.K_DOWN,):
            self.move_focus(1)
            return True
        if key in (pygame.K_UP,):
            self.move_focus(-1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            direction = 1 if key == pygame.K_RIGHT else -1
            if is_rtl():
                direction = -direction
            if f is not None and f.adjust(direction):
                return True
            self.move_focus(direction)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if f is None:
                self.move_focus(1)
                return True
            if f.captures_text:
                self.move_focus(1)
                return True
            f.activate()
            return True
        return False

    def update(self, dt: float) -> None:
        """Advance every widget."""
        for w in self._all():
            w.update(dt)

    def wants_redraw(self) -> bool:
        """Whether a widget changed on its own since it was drawn (see
        :meth:`Widget.wants_redraw`)."""
        return any(w.wants_redraw() for w in self._all() if w.visible)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw every widget in order."""
        focus = self.focus_visible()
        for w in self.widgets:
            w.draw(surface, focus)
