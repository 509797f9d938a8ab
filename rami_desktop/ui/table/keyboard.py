"""Keyboard play: every table action has a key.

Left/Right move the cursor over the hand, Space selects, Shift+Left/Right move the card,
S/F/T draw from the stock, the first card or the top card, M lays the selection, A then a number
adds the selection (or the cursor card) to that combination, W then a number swaps the cursor
card for that combination's joker, B takes back the last combination laid this turn, U undoes,
D or Enter discards the cursor card, G groups the hand, H toggles hints, Esc pauses.
"""

from __future__ import annotations

from typing import Protocol

import pygame


class KeyTarget(Protocol):
    """The game commands the keyboard drives (the table scene)."""

    def draw_from(self, source: str) -> None: ...
    def lay_selection(self) -> None: ...
    def add_to(self, number: int) -> None: ...
    def swap_into(self, number: int) -> None: ...
    def take_back_last(self) -> None: ...
    def undo(self) -> None: ...
    def discard_cursor(self) -> None: ...
    def toggle_hints(self) -> None: ...
    def pause(self) -> None: ...
    def rtl(self) -> bool: ...


class HandTarget(Protocol):
    """The screen order of the hand the keyboard drives (the table's view)."""

    def move_cursor(self, delta: int) -> None: ...
    def move_card(self, delta: int) -> None: ...
    def toggle_select(self, index: int | None = None) -> None: ...
    def group_hand(self) -> None: ...
    def meld_count(self) -> int: ...


_DIGITS = {getattr(pygame, f"K_{i}"): i for i in range(10)}
_DIGITS.update({getattr(pygame, f"K_KP{i}"): i for i in range(10)})


class KeyboardControl:
    """Turns key presses into table commands; remembers a pending A or W awaiting a number."""

    def __init__(self, target: KeyTarget, hand: HandTarget) -> None:
        self.target = target
        self.hand = hand
        self.pending: str | None = None  # "add" or "swap" awaiting a combination number
        self.digits = ""
        self.used = False  # a key was used since the last mouse move (shows the cursor)

    def handle(self, event: pygame.event.Event) -> bool:
        """Handle a KEYDOWN; return True when it was a table key."""
        if event.type != pygame.KEYDOWN:
            return False
        t, h = self.target, self.hand
        key = event.key
        self.used = True
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if self.pending is not None:
            if key in _DIGITS:
                self.digits += str(_DIGITS[key])
                if len(self.digits) >= 2 or not self._more_possible():
                    self._finish()
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.digits:
                self._finish()
                return True
            self.pending, self.digits = None, ""
            if key == pygame.K_ESCAPE:
                return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            delta = 1 if key == pygame.K_RIGHT else -1
            if t.rtl():
                delta = -delta
            if shift:
                h.move_card(delta)
            else:
                h.move_cursor(delta)
            return True
        if key == pygame.K_HOME:
            h.move_cursor(-99)
            return True
        if key == pygame.K_END:
            h.move_cursor(99)
            return True
        if key == pygame.K_SPACE:
            h.toggle_select()
            return True
        simple = {
            pygame.K_s: lambda: t.draw_from("stock"),
            pygame.K_f: lambda: t.draw_from("first"),
            pygame.K_t: lambda: t.draw_from("top"),
            pygame.K_m: t.lay_selection,
            pygame.K_b: t.take_back_last,
            pygame.K_u: t.undo,
            pygame.K_d: t.discard_cursor,
            pygame.K_RETURN: t.discard_cursor,
            pygame.K_KP_ENTER: t.discard_cursor,
            pygame.K_h: t.toggle_hints,
            pygame.K_g: h.group_hand,
            pygame.K_ESCAPE: t.pause,
        }
        if key in simple:
            simple[key]()
            return True
        if key in (pygame.K_a, pygame.K_w):
            self.pending = "add" if key == pygame.K_a else "swap"
            self.digits = ""
            return True
        return False

    def _more_possible(self) -> bool:
        count = self.hand.meld_count()
        return int(self.digits) * 10 <= count

    def _finish(self) -> None:
        number = int(self.digits) if self.digits else 0
        kind = self.pending
        self.pending, self.digits = None, ""
        if kind == "add":
            self.target.add_to(number)
        elif kind == "swap":
            self.target.swap_into(number)
