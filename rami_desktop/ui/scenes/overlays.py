"""Overlays drawn over the scene below: message and confirm dialogs, pause (the rules help is
:mod:`rami_desktop.ui.scenes.rules_guide`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from rami_desktop.i18n import N_, is_rtl
from rami_desktop.play.view.terms import Rules
from rami_desktop.ui.kit import theme
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import Button, Label, Panel, Text, render_text, tr

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context


OK = N_("OK")
YES = N_("Yes")
CANCEL = N_("Cancel")


def _button_row(rect: pygame.Rect, buttons: list[Button], width: int, height: int,
                gap: int) -> None:
    """Place buttons centred in a row (reading order mirrored in right-to-left), each at least
    ``width`` and as wide as the longest label asks, as far as the row allows."""
    room = (rect.w - gap * (len(buttons) + 1)) // max(1, len(buttons))
    width = min(room, max(width, *(b.natural_width() for b in buttons)))
    order = list(reversed(buttons)) if is_rtl() else buttons
    total = len(order) * width + (len(order) - 1) * gap
    x = rect.centerx - total // 2
    for b in order:
        b.rect = pygame.Rect(x, rect.y, width, height)
        x += width + gap


class DialogScene(WidgetScene):
    """A modal panel over the dimmed scene below."""

    transparent = True

    def __init__(self, ctx: Context, title: Text) -> None:
        self.title = title
        self.panel = Panel(title)
        super().__init__(ctx)

    def draw_background(self, surface: pygame.Surface) -> None:
        theme.dim(surface)


class MessageDialog(DialogScene):
    """A message with one button (OK by default)."""

    def __init__(self, ctx: Context, title: Text, message: Text,
                 on_close: Callable[[], None] | None = None, button: Text = OK) -> None:
        self.message = message
        self.on_close = on_close
        self.button_label = button
        super().__init__(ctx, title)

    def build(self) -> None:
        self.group.add(self.panel)
        self.text = self.group.add(Label(self.message, theme.FONT_BODY, theme.INK, wrap=True,
                                        align="center"))
        self.ok = self.group.add(Button(self.button_label, self.close, style="primary"))
        self.group.focused = self.ok

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        pad = theme.px(28, s)
        # a long message (the closing page of the lessons) widens the dialog, then takes a
        # smaller type, rather than running off the window
        fits = [(min(theme.px(width, s), int(size[0] * share)), font)
                for font in (theme.FONT_BODY, theme.FONT_BODY - 2, theme.FONT_SMALL)
                for width, share in ((600, 0.8), (820, 0.86), (1000, 0.92))]
        for w, font in fits:
            body = render_text(tr(self.message), theme.px(font, s), theme.INK,
                               max_width=w - 2 * pad)
            h = self.panel.title_height() + body.get_height() + theme.px(130, s)
            if h <= size[1] * 0.96:
                break
        self.text.size = font
        self.panel.rect = pygame.Rect(0, 0, w, h)
        self.panel.rect.center = (size[0] // 2, size[1] // 2)
        self.text.rect = pygame.Rect(self.panel.rect.x + pad,
                                     self.panel.rect.y + self.panel.title_height() + pad // 2,
                                     w - 2 * pad, body.get_height())
        bh = theme.px(52, s)
        row = pygame.Rect(self.panel.rect.x, self.panel.rect.bottom - bh - pad, w, bh)
        _button_row(row, [self.ok], theme.px(180, s), bh, pad)

    def close(self) -> None:
        """Close the dialog."""
        self.ctx.stack.pop()
        if self.on_close is not None:
            self.on_close()


class ConfirmDialog(MessageDialog):
    """A question with confirm and cancel buttons; Escape cancels."""

    def __init__(self, ctx: Context, title: Text, message: Text, on_confirm: Callable[[], None], *,
                 confirm: Text = YES, cancel: Text = CANCEL,
                 on_cancel: Callable[[], None] | None = None) -> None:
        self.on_confirm = on_confirm
        self.on_cancel = on_cancel
        self.confirm_label = confirm
        self.cancel_label = cancel
        super().__init__(ctx, title, message)

    def build(self) -> None:
        self.group.add(self.panel)
        self.text = self.group.add(Label(self.message, theme.FONT_BODY, theme.INK, wrap=True,
                                        align="center"))
        self.cancel_button = self.group.add(Button(self.cancel_label, self.back))
        self.ok = self.group.add(Button(self.confirm_label, self.confirm, style="primary"))
        self.group.focused = self.cancel_button

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        s = self.scale
        bh = theme.px(52, s)
        pad = theme.px(28, s)
        gap = theme.px(20, s)
        # the panel wider when its buttons' words ask for it ("Apprendre à jouer" whole)
        buttons = [self.cancel_button, self.ok]
        bw = max([theme.px(180, s)] + [b.natural_width() for b in buttons])
        need = min(size[0] - theme.px(24, s), 2 * bw + 3 * gap + 2 * pad)
        if self.panel.rect.w < need:
            center = self.panel.rect.center
            self.panel.rect.w = need
            self.panel.rect.center = center
            self.text.rect.centerx = self.panel.rect.centerx
        row = pygame.Rect(self.panel.rect.x + pad, self.panel.rect.bottom - bh - pad,
                          self.panel.rect.w - 2 * pad, bh)
        _button_row(row, buttons, theme.px(180, s), bh, gap)

    def confirm(self) -> None:
        """Confirm: close and act."""
        self.ctx.stack.pop()
        self.on_confirm()

    def back(self) -> None:
        self.ctx.stack.pop()
        if self.on_cancel is not None:
            self.on_cancel()


class PauseOverlay(DialogScene):
    """Pause during a match: resume, settings, rules, controls, back to the menu."""

    def __init__(self, ctx: Context, preset: Rules | str = "talaj",
                 on_leave: Callable[[], None] | None = None) -> None:
        self.rules = preset  # the table's rules: the rules help shows them
        self.preset = preset.preset if isinstance(preset, Rules) else preset
        self.on_leave = on_leave
        super().__init__(ctx, N_("Paused"))

    def build(self) -> None:
        self.group.add(self.panel)
        self.buttons = [
            Button(N_("Resume"), self.back, style="primary"),
            Button(N_("Settings"), self.open_settings),
            Button(N_("Rules"), self.open_rules),
            Button(N_("Controls"), self.open_controls),
            Button(N_("Quit to menu"), self.ask_leave),
        ]
        for b in self.buttons:
            self.group.add(b)
        self.group.focused = self.buttons[0]
        self.group.hover_focus = True  # Enter presses the button under the pointer

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        bw, bh, gap, pad = theme.px(320, s), theme.px(54, s), theme.px(14, s), theme.px(28, s)
        h = self.panel.title_height() + pad * 2 + len(self.buttons) * (bh + gap) - gap
        self.panel.rect = pygame.Rect(0, 0, bw + 2 * pad + theme.px(40, s), h)
        self.panel.rect.center = (size[0] // 2, size[1] // 2)
        y = self.panel.rect.y + self.panel.title_height() + pad
        for b in self.buttons:
            b.rect = pygame.Rect(0, y, bw, bh)
            b.rect.centerx = self.panel.rect.centerx
            y += bh + gap

    def open_settings(self) -> None:
        """Settings over the table."""
        self.ctx.stack.push(self.ctx.scene(Route.SETTINGS, overlay=True))

    def open_rules(self) -> None:
        """Rules help for this match's rules."""
        self.ctx.stack.push(self.ctx.scene(Route.RULES_HELP, self.rules))

    def open_controls(self) -> None:
        """The mouse and keyboard controls of the table."""
        self.ctx.stack.push(self.ctx.scene(Route.CONTROLS_HELP))

    def ask_leave(self) -> None:
        """Confirm, then return to the menu."""
        self.ctx.stack.push(self.ctx.scene(
            Route.CONFIRM, N_("Quit to menu"), N_("Leave the table and return to the menu?"),
            self.leave, confirm=N_("Quit to menu")))

    def leave(self) -> None:
        """Back to the menu."""
        if self.on_leave is not None:
            self.on_leave()
        self.ctx.stack.clear_to(self.ctx.scene(Route.MENU))
