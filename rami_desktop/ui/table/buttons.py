"""The table's buttons: sorting, grouping, the hint, Lay, Redeal, Menu, and Last round (the
summary of the round before, until the new round's first move)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rami_desktop.i18n import N_, _, is_rtl
from rami_desktop.ui import theme
from rami_desktop.ui.table.control import TableControl
from rami_desktop.ui.table.layout import TableLayout
from rami_desktop.ui.widgets import Button, WidgetGroup


class TableButtons:
    """The buttons of a table and what they do.

    Args:
        control: the table's commands.
        hints: shows or hides the hint.
        pause: opens the pause menu.
        last_round: opens the last round's summary again.
    """

    def __init__(self, control: TableControl, hints: Callable[[], None],
                 pause: Callable[[], None], last_round: Callable[[], None]) -> None:
        size = theme.FONT_SMALL
        self.group = WidgetGroup()
        add = self.group.add
        self.suit = add(Button(N_("By suit"), control.sort_suit, size=size))
        self.rank = add(Button(N_("By rank"), control.sort_rank, size=size))
        self.grouping = add(Button(N_("Group"), control.group_hand, size=size))
        self.hint = add(Button(N_("Hint"), hints, style="tab", size=size))
        self.lay = add(Button(N_("Lay"), control.lay_selection, style="primary", size=size))
        self.menu = add(Button(N_("Menu"), pause, size=size))
        self.redeal = add(Button(N_("Redeal"), control.redeal, size=size))
        #: the last round's number (its summary's button says "Round 1")
        self.last_number = 0
        self.last_round = add(Button(lambda: _("Round {number}").format(
            number=self.last_number), last_round, size=size))
        self.last_round.visible = False
        self._room_for_both = True  # Last round and Redeal both fit in the side column
        self.tools = [self.suit, self.rank, self.grouping, self.hint]

    def update(self, control: TableControl, last_round: int = 0) -> None:
        """Show, hide and enable the buttons for the moment of the game (``last_round``: the
        number of the last round, whose summary may be opened again; 0: none)."""
        self.last_number = last_round
        seat = control.seat()
        has_hand = seat is not None
        for b in self.tools:
            b.visible = has_hand
        self.hint.selected = control.model.hints_on
        self.lay.visible = has_hand
        # where cards are laid only to go out (Simple), the selection is laid all at once
        self.lay.label = N_("Lay") if control.session.rules.lay_before_out else N_("Lay all")
        self.lay.enabled = control.my_turn() and control.session.shown.round.has_drawn and \
            len(control.model.selected) >= 3
        self.redeal.visible = seat is not None and control.session.can_redeal(seat)
        # in a small window Redeal takes the place (the summary is in the statistics too)
        self.last_round.visible = bool(last_round) and (self._room_for_both or
                                                        not self.redeal.visible)

    def place(self, lay: TableLayout) -> None:
        """Put the buttons in their places for a layout."""
        self.group.set_scale(lay.scale)
        tools = lay.tools
        gap = lay.px(8)
        n = len(self.tools)
        bw = (tools.w - gap * (n - 1)) // n
        order = list(reversed(self.tools)) if is_rtl() else self.tools
        for i, b in enumerate(order):
            b.rect = pygame.Rect(tools.x + i * (bw + gap), tools.y + lay.px(2), bw,
                                 tools.h - lay.px(4))
        side = lay.side
        bh = lay.px(44)
        self.lay.rect = pygame.Rect(side.x, side.y + lay.lift, side.w, bh)
        self.redeal.rect = pygame.Rect(side.x, self.lay.rect.bottom + gap, side.w, bh)
        self.menu.rect = pygame.Rect(side.x, side.bottom - bh, side.w, bh)
        self.last_round.rect = pygame.Rect(side.x, self.menu.rect.y - gap - bh, side.w, bh)
        self._room_for_both = self.last_round.rect.y >= self.redeal.rect.bottom + gap
