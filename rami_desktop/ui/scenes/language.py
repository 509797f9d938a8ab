"""The language choice shown at first start (never guessed from the system locale)."""

from __future__ import annotations

from functools import partial

import pygame

from rami_desktop.i18n import LANGUAGES, N_
from rami_desktop.play.tutorial.progress import TUTORIAL_OFFERED
from rami_desktop.ui.kit import theme
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import Button, Panel, render_text

# The question is shown in all three languages at once, before any language is chosen.
PROMPTS: tuple[str, ...] = (
    "Choose your language",
    "Choisissez votre langue",
    "نختارو اللغة",
)


class LanguageScene(WidgetScene):
    """Three big buttons, one per language, each written in its own language."""

    def build(self) -> None:
        self.panel = self.group.add(Panel())
        self.buttons: list[Button] = []
        for code, name in LANGUAGES.items():
            button = Button(partial(str, name), partial(self.choose, code), style="secondary",
                            size=theme.FONT_SUBHEADING)
            self.buttons.append(self.group.add(button))
        self.group.focused = self.buttons[0]

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale
        bw, bh, gap = theme.px(360, s), theme.px(64, s), theme.px(16, s)
        pad = theme.px(30, s)
        prompt_h = theme.px(40, s) * len(PROMPTS)
        ph = pad + theme.px(70, s) + prompt_h + pad + len(self.buttons) * (bh + gap) - gap + pad
        pw = bw + 2 * pad + theme.px(120, s)
        self.panel.rect = pygame.Rect(0, 0, pw, ph)
        self.panel.rect.center = (w // 2, h // 2)
        self.prompt_top = self.panel.rect.y + pad + theme.px(70, s)
        y = self.prompt_top + prompt_h + pad
        for b in self.buttons:
            b.rect = pygame.Rect(0, y, bw, bh)
            b.rect.centerx = self.panel.rect.centerx
            y += bh + gap

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        s = self.scale
        cx = self.panel.rect.centerx
        star_y = self.panel.rect.y + theme.px(30, s) + theme.px(26, s)
        theme.draw_star(surface, theme.ACCENT, (cx, star_y), theme.px(28, s))
        theme.draw_star(surface, theme.BRASS_LIGHT, (cx, star_y), theme.px(11, s))
        y = self.prompt_top
        for line in PROMPTS:
            surf = render_text(line, theme.px(theme.FONT_SUBHEADING, s), theme.INK)
            surface.blit(surf, surf.get_rect(midtop=(cx, y)))
            y += theme.px(40, s)

    def choose(self, code: str) -> None:
        """Set the language and go on to the menu."""
        self.ctx.set_language(code)
        self.ctx.stack.replace(self.ctx.scene(Route.MENU))
        if not self.ctx.settings.get(TUTORIAL_OFFERED):
            self.ctx.update_setting(TUTORIAL_OFFERED, True)
            self.ctx.stack.push(self.ctx.scene(
                Route.CONFIRM, N_("Learn to play"),
                N_("New to Rami? A few short lessons show you how to play, in about five "
                   "minutes."),
                lambda: self.ctx.stack.push(self.ctx.scene(Route.LEARN)),
                confirm=N_("Learn to play"), cancel=N_("Not now")))

    def back(self) -> None:
        """Escape: keep English and go on."""
        self.choose("en")
