"""The table's buttons: sorting, grouping, the hint, Lay or Take back, Discard, Redeal, Menu,
Last round (the summary of the round before, until the new round's first move), and the
"F1: controls" hint of the first rounds.

The column beside the hand holds three buttons, one under the other: Lay (Take back in its
place once this turn laid something and fewer than three cards are selected), Discard (Redeal
or Last round in its place before the draw, when they may be asked for), and Menu.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rami_desktop.i18n import N_, _, is_rtl
from rami_desktop.i18n.gender import UNSAID, gendered
from rami_desktop.ui.kit import theme
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
        controls: opens the controls' help.
    """

    def __init__(self, control: TableControl, hints: Callable[[], None],
                 pause: Callable[[], None], last_round: Callable[[], None],
                 controls: Callable[[], None] | None = None) -> None:
        size = theme.FONT_SMALL
        self.group = WidgetGroup()
        add = self.group.add
        self.suit = add(Button(N_("By suit"), control.sort_suit, size=size))
        self.rank = add(Button(N_("By rank"), control.sort_rank, size=size))
        self.grouping = add(Button(N_("Group"), control.group_hand, size=size))
        self.hint = add(Button(N_("Hint"), hints, style="tab", size=size))
        #: how the player whose hand is face up is spoken to (the words of Lay, Take back and
        #: Discard are hers or his); whether the preset lays before going out (else Lay all)
        self.gender = UNSAID
        self.lay_before_out = True
        self.lay = add(Button(self._lay_label, control.lay_selection, style="primary", size=size))
        self.take_back = add(Button(lambda: gendered(self.gender, "Take back"), control.undo,
                                    size=size))
        self.discard = add(Button(lambda: gendered(self.gender, "Discard"),
                                  control.discard_selection, size=size))
        self.menu = add(Button(N_("Menu"), pause, size=size))
        self.redeal = add(Button(N_("Redeal"), control.redeal, size=size))
        #: the last round's number (its summary's button says "Round 1")
        self.last_number = 0
        self.last_round = add(Button(lambda: _("Round {number}").format(
            number=self.last_number), last_round, size=size))
        self.last_round.visible = False
        # TRANSLATORS: a button on the table in the first rounds: F1 (or a click) opens the
        # mouse and keyboard controls
        self.controls = add(Button(N_("F1: controls"), controls, size=size))
        self.controls.visible = False
        self.tools = [self.suit, self.rank, self.grouping, self.hint]

    def _lay_label(self) -> str:
        return (gendered(self.gender, "Lay") if self.lay_before_out
                else gendered(self.gender, "Lay all"))

    def update(self, control: TableControl, last_round: int = 0,
               controls_hint: bool = False) -> None:
        """Show, hide and enable the buttons for the moment of the game (``last_round``: the
        number of the last round, whose summary may be opened again, 0: none;
        ``controls_hint``: the "F1: controls" button is wanted, where it covers nothing)."""
        self.last_number = last_round
        seat = control.seat()
        has_hand = seat is not None
        for b in self.tools:
            b.visible = has_hand
        self.hint.selected = control.model.hints_on
        selected = len(control.model.selected)
        # where cards are laid only to go out (Simple), the selection is laid all at once
        self.lay_before_out = control.session.rules.lay_before_out
        self.gender = UNSAID if seat is None else control.session.gender(seat)
        self.lay.enabled = control.may_discard() and selected >= 3
        self.take_back.visible = has_hand and control.can_take_back() and selected < 3
        self.lay.visible = has_hand and not self.take_back.visible
        self.redeal.visible = has_hand and seat is not None and control.session.can_redeal(seat)
        self.last_round.visible = bool(last_round) and not self.redeal.visible
        self.discard.visible = has_hand and not (self.redeal.visible or self.last_round.visible)
        self.discard.enabled = control.may_discard() and selected == 1
        self.controls.visible = controls_hint and self._clear(control)

    def _clear(self, control: TableControl) -> bool:
        """Whether the controls' button covers no combination."""
        flow = control.view.flow
        rect = self.controls.rect
        return rect.w > 0 and (flow is None or not any(
            rect.colliderect(place.rect) for place in flow.places))

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
        top = side.y + lay.lift
        bh = min(lay.px(44), (side.bottom - top - 2 * gap) // 3)
        first = pygame.Rect(side.x, top, side.w, bh)
        last = pygame.Rect(side.x, side.bottom - bh, side.w, bh)
        middle = pygame.Rect(side.x, (first.bottom + last.y - bh) // 2, side.w, bh)
        self.lay.rect = first.copy()
        self.take_back.rect = first.copy()
        for b in (self.discard, self.redeal, self.last_round):
            b.rect = middle.copy()
        self.menu.rect = last
        self._place_controls(lay)

    def _place_controls(self, lay: TableLayout) -> None:
        """The controls' button: in the top corner on the reading end when the opponents' row
        leaves room, else in the end corner of the combinations' area, at its foot."""
        b = self.controls
        bh = lay.px(34)
        bw = b.natural_width()
        w = lay.size[0]
        m = lay.margin
        boxes = [box.rect for box in lay.seats.values()]
        rtl = is_rtl()
        if boxes:
            row = boxes[0].unionall(boxes[1:])
            room = row.x - 2 * m if rtl else w - row.right - 2 * m
        else:
            room = w - 2 * m
        if room >= bw:
            b.rect = pygame.Rect(m if rtl else w - m - bw, m, bw, bh)
            return
        area = lay.melds
        bw = min(bw, area.w)
        b.rect = pygame.Rect(area.x if rtl else area.right - bw, area.bottom - bh, bw, bh)
