"""The controls: how to play with the mouse and with the keyboard (F1 or ? at the table)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rami_desktop.i18n import N_, _
from rami_desktop.ui.help.help_page import HelpOverlay, PageBuilder

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context

#: the mouse: (what to do, what it does), msgids; every move is a click (a drag does the same)
MOUSE: tuple[tuple[str, str], ...] = (
    (N_("Click the stock"), N_("Draw its top card.")),
    (N_("Click the talaj"), N_("Take its top card (or the first card, where it may be taken).")),
    (N_("Click a card"), N_("Select it, or leave it out of the selection.")),
    (N_("Cards selected, click the table"), N_("Lay them as a new combination.")),
    (N_("Lay button"), N_("Lay the selected cards as a new combination.")),
    (N_("Cards selected, click a combination"),
     N_("Add them to it, at the end nearest the click.")),
    (N_("One card selected, click a joker"), N_("Put the card in the joker's place: the joker "
                                                "comes to your hand.")),
    (N_("One card selected, click the talaj"), N_("Discard it and end your turn.")),
    (N_("Double-click a card"), N_("Discard it and end your turn.")),
    (N_("Discard button"), N_("Discard the selected card and end your turn.")),
    (N_("Click a combination laid this turn"),
     N_("With no card selected: it comes back to your hand.")),
    (N_("Take back button"), N_("Take back the last laying, addition or swap of this turn.")),
    (N_("Cards selected, click just above the hand"), N_("Move them to that place in the hand.")),
    (N_("By suit, By rank, Group"), N_("Sort the hand.")),
    (N_("Hint"), N_("Show or hide what your hand can make.")),
    (N_("Dragging"), N_("Does the same: cards onto the table, a combination, a joker or the "
                        "talaj; a combination laid this turn down to the hand; cards to another "
                        "place in the hand.")),
)

#: the keyboard: (keys, what they do), msgids
KEYBOARD: tuple[tuple[str, str], ...] = (
    (N_("Left / Right"), N_("Move over the hand.")),
    (N_("Home / End"), N_("Go to the first or the last card.")),
    (N_("Space"), N_("Select the card, or leave it out.")),
    (N_("Shift + Left / Right"), N_("Move the card in the hand.")),
    (N_("S / F / T"), N_("Draw from the stock, take the first card, take the top card.")),
    (N_("M"), N_("Lay the selection.")),
    (N_("A, then a number"), N_("Add the selection (or the card) to that combination.")),
    (N_("W, then a number"), N_("Put the card in place of that combination's joker.")),
    (N_("B"), N_("Take back the last combination laid this turn.")),
    (N_("U"), N_("Undo the last laying, addition or swap.")),
    (N_("D or Enter"), N_("Discard the card and end the turn.")),
    (N_("G"), N_("Group the hand.")),
    (N_("H"), N_("Show or hide the hint.")),
    (N_("F1 or ?"), N_("This help.")),
    (N_("Esc"), N_("Pause: settings, rules, back to the menu.")),
    (N_("F11"), N_("Full screen on or off.")),
)


class ControlsHelpOverlay(HelpOverlay):
    """The mouse and keyboard controls of the table."""

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx, N_("Controls"))

    def build_page(self, width: int) -> pygame.Surface:
        page = PageBuilder(width, self.scale)
        page.paragraph(_("Every move can be made with clicks alone, or with the keyboard alone."))
        page.heading(_("Mouse"))
        page.pairs([(_(what), _(does)) for what, does in MOUSE])
        page.heading(_("Keyboard"))
        page.pairs([(_(keys), _(does)) for keys, does in KEYBOARD])
        return page.build()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and (event.key == pygame.K_F1
                                             or getattr(event, "unicode", "") == "?"):
            self.back()
            return
        super().handle_event(event)
