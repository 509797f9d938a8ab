"""Keyboard play: every table action has a key.

Left/Right move the cursor over the hand, Space selects, Shift+Left/Right move the card,
S/F/T draw from the stock, the first card or the top card, M lays the selection, A then a number
adds the selection (or the cursor card) to that combination, W then a number swaps the cursor
card for that combination's joker, B takes back the last combination laid this turn, U undoes,
D or Enter discards the cursor card, G groups the hand, H toggles hints, Esc pauses.
"""

from __future__ import annotations

import pygame

from rami_desktop.ui.table.control import TableControl

#: what a key asks of the screen itself (not of the game): pause, or show or hide the hint
PAUSE = "pause"
HINTS = "hints"


#: the keys that only move the cursor or a card within the hand (nothing at rest changes)
CURSOR_KEYS = frozenset({pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END})
_DIGITS = {getattr(pygame, f"K_{i}"): i for i in range(10)}
_DIGITS.update({getattr(pygame, f"K_KP{i}"): i for i in range(10)})


class KeyboardControl:
    """Turns key presses into table commands; remembers a pending A or W awaiting a number."""

    def __init__(self) -> None:
        self.pending: str | None = None  # "add" or "swap" awaiting a combination number
        self.digits = ""

    def handle(self, event: pygame.event.Event, control: TableControl) -> str | None:
        """Handle a KEYDOWN for the table's commands; return :data:`PAUSE` or :data:`HINTS`
        when the key asks that of the screen."""
        if event.type != pygame.KEYDOWN:
            return None
        t = h = control
        key = event.key
        control.model.keys_used = True
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if self.pending is not None:
            if key in _DIGITS:
                self.digits += str(_DIGITS[key])
                if len(self.digits) >= 2 or not self._more_possible(control):
                    self._finish(control)
                return None
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.digits:
                self._finish(control)
                return None
            self.pending, self.digits = None, ""
            if key == pygame.K_ESCAPE:
                return None
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            # cards are held left to right in every language: the arrows follow the cards
            delta = 1 if key == pygame.K_RIGHT else -1
            if shift:
                h.move_card(delta)
            else:
                h.move_cursor(delta)
            return None
        if key == pygame.K_HOME:
            h.move_cursor(-99)
            return None
        if key == pygame.K_END:
            h.move_cursor(99)
            return None
        if key == pygame.K_SPACE:
            h.toggle_select()
            return None
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
            pygame.K_g: h.group_hand,
        }
        if key == pygame.K_h:
            return HINTS
        if key == pygame.K_ESCAPE:
            return PAUSE
        if key in simple:
            simple[key]()
            return None
        if key in (pygame.K_a, pygame.K_w):
            self.pending = "add" if key == pygame.K_a else "swap"
            self.digits = ""
        return None

    def _more_possible(self, control: TableControl) -> bool:
        return int(self.digits) * 10 <= control.meld_count()

    def _finish(self, control: TableControl) -> None:
        number = int(self.digits) if self.digits else 0
        kind = self.pending
        self.pending, self.digits = None, ""
        if kind == "add":
            control.add_to(number)
        elif kind == "swap":
            control.swap_into(number)
