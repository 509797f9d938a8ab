"""Parts of the setup screen: the seats' and the bottom bar's places, one text size down the
seats' columns, and the target the setup proposes where a preset's own target ends an evening
too soon.

Tallage plays to 201, as its sources say: one Rami sec (200 to each other player) nearly ends
the match. The setup keeps the preset's rule and proposes a longer match in one click, a house
choice (docs/RULES.md §5).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rami_desktop.i18n import _
from rami_desktop.i18n.preset_names import preset_title
from rami_desktop.play.view.terms import PRESETS, Rules
from rami_desktop.ui.kit import theme
from rami_desktop.ui.pieces.seat_row import SeatRow
from rami_desktop.ui.widgets import Button, Choice, Widget, blit_aligned, fit_text

#: the target the setup proposes, by preset, while the preset's own stands (a house choice)
PROPOSED_TARGETS: dict[str, int] = {"tallage": 500}


def place_seat_rows(rows: list[SeatRow], first: pygame.Rect, scale: float
                    ) -> list[pygame.Rect]:
    """The seats one under the other from ``first`` (the first row's place): the face with its
    number on a tab at its corner, the name, human or bot, the level (or she/he in its place);
    return the tabs' places."""
    x0, y, row_h = first.x, first.y, first.h
    face_w = row_h
    tab = max(theme.px(17, scale), row_h * 2 // 5)
    fields_w = first.w - face_w - theme.px(6, scale)
    name_w = int(fields_w * 0.32)  # a name is short: the choices take the rest
    kind_w = int(fields_w * 0.34)
    level_w = fields_w - name_w - kind_w
    tabs = []
    for row in rows:
        row.face.rect = pygame.Rect(x0, y, face_w, row_h)
        tabs.append(pygame.Rect(x0 - tab // 4, y + row_h - tab + tab // 6, tab, tab))
        x = x0 + face_w + theme.px(6, scale)
        row.name.rect = pygame.Rect(x, y, name_w, row_h)
        row.kind.rect = pygame.Rect(x + name_w, y, kind_w, row_h)
        row.level.rect = pygame.Rect(x + name_w + kind_w, y, level_w, row_h)
        row.gender.rect = row.level.rect.copy()
        row.kind_widths = (kind_w, kind_w + level_w)
        y += row_h
    return tabs


def option_place(widget: Widget, place: pygame.Rect, scale: float) -> pygame.Rect:
    """A rule option's place in the list: its row, higher where one of a choice's values
    needs two lines ("Anyone but the dealer" at a large interface scale), never cut."""
    widget.scale = scale
    if not isinstance(widget, Choice):
        return place
    grown = place.copy()
    widget.rect = grown
    while widget.value_clipped() and grown.h < 2 * place.h:
        grown.h += theme.px(4, scale)
    return grown if not widget.value_clipped() else place


def share_text_sizes(rows: list[SeatRow]) -> None:
    """One text size down each column of the seats' choices (human or bot; the level, or
    she/he in its place), and one for their names."""
    for column in ([r.kind for r in rows], [c for r in rows for c in (r.level, r.gender)]):
        for choice in column:
            choice.size_group = list(column)
    names = [r.name for r in rows]
    for name in names:
        name.size_group = names


def place_bottom_bar(bar: pygame.Rect, scale: float, code: tuple[Widget, Button, Button],
                     buttons: tuple[Button, Button]) -> None:
    """The setup's bottom bar: Back and Start at the end, each as wide as its words; the deal
    code's field (300 at most) and its two buttons at the start, in what they leave."""
    field, apply_code, paste_code = code
    back, start = buttons
    gap = theme.px(20, scale)
    start_w = max(theme.px(210, scale), start.natural_width())
    start.rect = pygame.Rect(bar.right - start_w, bar.y, start_w, bar.h)
    back_w = max(theme.px(150, scale), back.natural_width())
    back.rect = pygame.Rect(start.rect.x - gap - back_w, bar.y, back_w, bar.h)
    apply_w = max(theme.px(130, scale), apply_code.natural_width())
    paste_w = max(theme.px(110, scale), paste_code.natural_width())
    grow = theme.px(8, scale)
    room = back.rect.x - gap - bar.x - apply_w - paste_w - theme.px(10, scale)
    code_w = max(theme.px(120, scale), min(theme.px(300, scale), room))
    field.rect = pygame.Rect(bar.x - grow // 2, bar.y - grow // 2, code_w, bar.h + grow)
    apply_code.rect = pygame.Rect(field.rect.right + theme.px(2, scale), bar.y, apply_w, bar.h)
    paste_code.rect = pygame.Rect(apply_code.rect.right + theme.px(8, scale), bar.y, paste_w,
                                  bar.h)


def proposed_target(rules: Rules) -> int | None:
    """The target the setup proposes for these rules (None: the target chosen stands)."""
    proposed = PROPOSED_TARGETS.get(rules.preset)
    preset = PRESETS.get(rules.preset)
    if proposed is None or preset is None or rules.target != preset.target:
        return None
    return proposed


class TargetProposal:
    """The line and the button proposing a longer match.

    Args:
        take: sets the target (the setup's option change).
    """

    def __init__(self, take: Callable[[int], None]) -> None:
        self.take = take
        self.target = 0
        self.rules: Rules | None = None
        self.button = Button(lambda: _("Play to {target}").format(target=self.target),
                             self._take, size=theme.FONT_SMALL)
        self.button.visible = False
        self.text_rect = pygame.Rect(0, 0, 0, 0)

    def update(self, rules: Rules) -> bool:
        """Follow the rules chosen; return whether the proposal came or went."""
        self.rules = rules
        target = proposed_target(rules)
        shown = target is not None
        self.target = target or 0
        changed = shown != self.button.visible
        self.button.visible = shown
        return changed

    def _take(self) -> None:
        if self.target:
            self.take(self.target)

    def text(self) -> str:
        """Why a longer match is proposed."""
        rules = self.rules
        if rules is None:
            return ""
        return _("{preset} plays to {target}: one Rami sec ({penalty}) can end the "
                 "match.").format(preset=preset_title(rules.preset), target=rules.target,
                                  penalty=rules.rami_sec_penalty)

    def taken_text(self) -> str:
        """What the setup says once the proposal is taken (before the target changes)."""
        usual = self.rules.target if self.rules is not None else 0
        return _("Match to {target}, a house choice (the rules say {usual}).").format(
            target=self.target, usual=usual)

    def place(self, row: pygame.Rect, scale: float, rtl: bool) -> None:
        """The button at the end of a row, the line before it."""
        gap = theme.px(12, scale)
        bw = min(self.button.natural_width(), row.w // 2)
        self.button.rect = pygame.Rect(row.x if rtl else row.right - bw, row.y, bw, row.h)
        self.text_rect = pygame.Rect(row.x + (bw + gap if rtl else 0), row.y,
                                     row.w - bw - gap, row.h)

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        """The line (the button is one of the screen's widgets)."""
        if not self.button.visible:
            return
        text = fit_text(self.text(), theme.px(theme.FONT_SMALL - 2, scale), theme.CREAM,
                        self.text_rect.w)
        blit_aligned(surface, text, self.text_rect, "end")
