"""Overlays drawn over the scene below: message and confirm dialogs, pause, rules help."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from rami_desktop.engine.rules import PRESET_NAMES, PRESETS, Rules
from rami_desktop.ui import theme
from rami_desktop.ui.scene import WidgetScene
from rami_desktop.ui.widgets import (
    N_,
    Button,
    Label,
    Panel,
    Text,
    _,
    is_rtl,
    ngettext,
    render_text,
    tr,
)

if TYPE_CHECKING:
    from rami_desktop.app import App


OK = N_("OK")
YES = N_("Yes")
CANCEL = N_("Cancel")


def preset_title(name: str) -> str:
    """The display name of a preset, translated."""
    titles = {
        "talaj": _("Talaj"),
        "rami-talaj": _("Rami Talaj"),
        "tallage": _("Tallage"),
        "simple": _("Simple"),
    }
    return titles.get(name, name)


def _button_row(rect: pygame.Rect, buttons: list[Button], width: int, height: int,
                gap: int) -> None:
    """Place buttons centred in a row (reading order mirrored in right-to-left)."""
    order = list(reversed(buttons)) if is_rtl() else buttons
    total = len(order) * width + (len(order) - 1) * gap
    x = rect.centerx - total // 2
    for b in order:
        b.rect = pygame.Rect(x, rect.y, width, height)
        x += width + gap


class DialogScene(WidgetScene):
    """A modal panel over the dimmed scene below."""

    transparent = True

    def __init__(self, app: App, title: Text) -> None:
        self.title = title
        self.panel = Panel(title)
        super().__init__(app)

    def draw_background(self, surface: pygame.Surface) -> None:
        theme.dim(surface)


class MessageDialog(DialogScene):
    """A message with one button (OK by default)."""

    def __init__(self, app: App, title: Text, message: Text,
                 on_close: Callable[[], None] | None = None, button: Text = OK) -> None:
        self.message = message
        self.on_close = on_close
        self.button_label = button
        super().__init__(app, title)

    def build(self) -> None:
        self.group.add(self.panel)
        self.text = self.group.add(Label(self.message, theme.FONT_BODY, theme.INK, wrap=True,
                                        align="center"))
        self.ok = self.group.add(Button(self.button_label, self.close, style="primary"))
        self.group.focused = self.ok

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        w = min(theme.px(600, s), int(size[0] * 0.8))
        pad = theme.px(28, s)
        body = render_text(tr(self.message), theme.px(theme.FONT_BODY, s), theme.INK,
                           max_width=w - 2 * pad)
        h = self.panel.title_height() + body.get_height() + theme.px(130, s)
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
        self.app.stack.pop()
        if self.on_close is not None:
            self.on_close()


class ConfirmDialog(MessageDialog):
    """A question with confirm and cancel buttons; Escape cancels."""

    def __init__(self, app: App, title: Text, message: Text, on_confirm: Callable[[], None], *,
                 confirm: Text = YES, cancel: Text = CANCEL,
                 on_cancel: Callable[[], None] | None = None) -> None:
        self.on_confirm = on_confirm
        self.on_cancel = on_cancel
        self.confirm_label = confirm
        self.cancel_label = cancel
        super().__init__(app, title, message)

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
        row = pygame.Rect(self.panel.rect.x, self.panel.rect.bottom - bh - pad,
                          self.panel.rect.w, bh)
        _button_row(row, [self.cancel_button, self.ok], theme.px(180, s), bh, theme.px(20, s))

    def confirm(self) -> None:
        """Confirm: close and act."""
        self.app.stack.pop()
        self.on_confirm()

    def back(self) -> None:
        self.app.stack.pop()
        if self.on_cancel is not None:
            self.on_cancel()


class PauseOverlay(DialogScene):
    """Pause during a match: resume, settings, rules, back to the menu."""

    def __init__(self, app: App, preset: str = "talaj",
                 on_leave: Callable[[], None] | None = None) -> None:
        self.preset = preset
        self.on_leave = on_leave
        super().__init__(app, N_("Paused"))

    def build(self) -> None:
        self.group.add(self.panel)
        self.buttons = [
            Button(N_("Resume"), self.back, style="primary"),
            Button(N_("Settings"), self.open_settings),
            Button(N_("Rules"), self.open_rules),
            Button(N_("Quit to menu"), self.ask_leave),
        ]
        for b in self.buttons:
            self.group.add(b)
        self.group.focused = self.buttons[0]

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
        from rami_desktop.ui.scenes.settings import SettingsScene

        self.app.stack.push(SettingsScene(self.app, overlay=True))

    def open_rules(self) -> None:
        """Rules help for this match's preset."""
        self.app.stack.push(RulesHelpOverlay(self.app, self.preset))

    def ask_leave(self) -> None:
        """Confirm, then return to the menu."""
        self.app.stack.push(ConfirmDialog(
            self.app, N_("Quit to menu"), N_("Leave the table and return to the menu?"), self.leave,
            confirm=N_("Quit to menu")))

    def leave(self) -> None:
        """Back to the menu."""
        if self.on_leave is not None:
            self.on_leave()
        from rami_desktop.ui.scenes.menu import MenuScene

        self.app.stack.clear_to(MenuScene(self.app))


def fallback_rules_help(preset: str) -> list[tuple[str, str]]:
    """A short rules summary built from the rules object (until the full help exists)."""
    rules: Rules = PRESETS.get(preset, PRESETS["talaj"])
    out = [
        (_("The cards"), _("Two 52-card decks and 4 jokers. A tria is 3 or 4 cards of one rank in "
                           "different suits; a série is 3 or more cards in a row of one suit.")
         + " " + ngettext("At most {jokers} joker in a combination.",
                          "At most {jokers} jokers in a combination.",
                          rules.jokers_per_meld).format(jokers=rules.jokers_per_meld)),
        (_("A turn"), _("Draw one card, lay combinations if you can, then discard one card on "
                        "the talaj. The last card is always discarded, never laid.")),
        (_("The opening"), _("Your first laying must reach {threshold} points with clean "
                             "combinations, including a clean tria and a clean série.").format(
                                 threshold=rules.threshold)),
    ]
    if rules.rising_bar:
        out.append((_("The bar"), _("After someone opens with some points, every later opening "
                                    "in that round needs at least one point more.")))
    if rules.penalty.value == "per_card":
        out.append((_("Penalties"), _("When someone goes out, the others pay {card} a card and "
                                      "{joker} a joker, or {never} if they never opened.").format(
                                          card=rules.card_penalty, joker=rules.joker_penalty,
                                          never=rules.never_down_penalty)))
    else:
        out.append((_("Penalties"), _("When someone goes out, the others pay the value of the "
                                      "cards left in their hand.")))
    if rules.match_end.value == "elimination":
        out.append((_("The match"), _("Reaching {target} points eliminates a player; the last "
                                      "one left wins.").format(target=rules.target)))
    else:
        out.append((_("The match"), _("The match stops when someone reaches {target} points; "
                                      "the lowest total wins.").format(target=rules.target)))
    return out


def rules_help_sections(preset: str) -> list[tuple[str, str]]:
    """The help sections of a preset, from :mod:`rami_desktop.i18n.rules_help` if present."""
    try:
        from rami_desktop.i18n import rules_help as module
    except ImportError:
        return fallback_rules_help(preset)
    fn = getattr(module, "rules_help", None)
    if fn is None:
        return fallback_rules_help(preset)
    try:
        return [(str(t), str(p)) for t, p in fn(preset)]
    except Exception:
        return fallback_rules_help(preset)


class RulesHelpOverlay(DialogScene):
    """The rules of each preset in a scrolling panel with a tab per preset."""

    def __init__(self, app: App, preset: str = "talaj") -> None:
        self.preset = preset if preset in PRESET_NAMES else "talaj"
        self.scroll = 0
        self.content: pygame.Surface | None = None
        self.view = pygame.Rect(0, 0, 0, 0)
        super().__init__(app, N_("Rules"))

    def build(self) -> None:
        self.group.add(self.panel)
        self.tabs: list[Button] = []
        for name in PRESET_NAMES:
            tab = Button(lambda n=name: preset_title(n), lambda n=name: self.select(n),
                         style="tab", size=theme.FONT_SMALL)
            self.tabs.append(self.group.add(tab))
        self.close_button = self.group.add(Button(N_("Close"), self.back, style="primary"))
        self._mark_tabs()
        self.group.focused = self.tabs[PRESET_NAMES.index(self.preset)]

    def _mark_tabs(self) -> None:
        for name, tab in zip(PRESET_NAMES, self.tabs, strict=True):
            tab.selected = name == self.preset

    def select(self, preset: str) -> None:
        """Show another preset."""
        self.preset = preset
        self.scroll = 0
        self._mark_tabs()
        self._render_content()

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        w = min(theme.px(900, s), int(size[0] * 0.9))
        h = int(size[1] * 0.9)
        self.panel.rect = pygame.Rect(0, 0, w, h)
        self.panel.rect.center = (size[0] // 2, size[1] // 2)
        pad = theme.px(24, s)
        th = theme.px(44, s)
        top = self.panel.rect.y + self.panel.title_height() + theme.px(8, s)
        gap = theme.px(8, s)
        tw = (w - 2 * pad - gap * (len(self.tabs) - 1)) // len(self.tabs)
        order = list(reversed(self.tabs)) if is_rtl() else self.tabs
        for i, tab in enumerate(order):
            tab.rect = pygame.Rect(self.panel.rect.x + pad + i * (tw + gap), top, tw, th)
        bh = theme.px(50, s)
        self.close_button.rect = pygame.Rect(0, self.panel.rect.bottom - pad - bh,
                                             theme.px(180, s), bh)
        self.close_button.rect.centerx = self.panel.rect.centerx
        self.view = pygame.Rect(self.panel.rect.x + pad, top + th + pad,
                                w - 2 * pad, self.close_button.rect.y - pad - (top + th + pad))
        self._render_content()

    def _render_content(self) -> None:
        s = self.scale
        width = self.view.w - theme.px(20, s)
        parts: list[tuple[pygame.Surface, int]] = []
        for title, paragraph in rules_help_sections(self.preset):
            parts.append((render_text(title, theme.px(theme.FONT_SUBHEADING, s), theme.ACCENT_DARK,
                                      bold=True, max_width=width), theme.px(6, s)))
            parts.append((render_text(paragraph, theme.px(theme.FONT_BODY, s), theme.INK,
                                      max_width=width), theme.px(18, s)))
        height = sum(p.get_height() + gap for p, gap in parts) or 1
        content = pygame.Surface((max(1, width), height), pygame.SRCALPHA)
        y = 0
        for part, gap in parts:
            x = width - part.get_width() if is_rtl() else 0
            content.blit(part, (x, y))
            y += part.get_height() + gap
        self.content = content
        self.set_scroll(self.scroll)

    def max_scroll(self) -> int:
        """How far the text can scroll."""
        if self.content is None:
            return 0
        return max(0, self.content.get_height() - self.view.h)

    def set_scroll(self, value: int) -> None:
        """Scroll the text (clamped)."""
        self.scroll = max(0, min(self.max_scroll(), int(value)))

    def handle_event(self, event: pygame.event.Event) -> None:
        line = theme.px(40, self.scale)
        if event.type == pygame.MOUSEWHEEL:
            self.set_scroll(self.scroll - event.y * line)
            return
        if event.type == pygame.KEYDOWN:
            moves = {pygame.K_DOWN: line, pygame.K_UP: -line, pygame.K_PAGEDOWN: self.view.h,
                     pygame.K_PAGEUP: -self.view.h, pygame.K_HOME: -10**6, pygame.K_END: 10**6}
            if event.key in moves:
                self.set_scroll(self.scroll + moves[event.key])
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and self.group.focused in self.tabs:
                direction = 1 if event.key == pygame.K_RIGHT else -1
                if is_rtl():
                    direction = -direction
                i = (PRESET_NAMES.index(self.preset) + direction) % len(PRESET_NAMES)
                self.select(PRESET_NAMES[i])
                self.group.keyboard = True
                self.group.focused = self.tabs[i]
                return
        super().handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.content is None:
            return
        s = self.scale
        old = surface.get_clip()
        surface.set_clip(self.view)
        x = self.view.right - self.content.get_width() if is_rtl() else self.view.x
        surface.blit(self.content, (x, self.view.y - self.scroll))
        surface.set_clip(old)
        if self.max_scroll() > 0:
            w = theme.px(8, s)
            bx = self.view.x if is_rtl() else self.view.right - w
            track = pygame.Rect(bx, self.view.y, w, self.view.h)
            h = max(theme.px(30, s), self.view.h * self.view.h // self.content.get_height())
            y = self.view.y + (self.view.h - h) * self.scroll // self.max_scroll()
            pygame.draw.rect(surface, theme.CREAM_DARK, track, border_radius=w // 2)
            pygame.draw.rect(surface, theme.INK_SOFT, pygame.Rect(bx, y, w, h),
                             border_radius=w // 2)
