"""Settings: language, sound, animation speed, text size, card size, deck style, card index,
hints, fullscreen.

Every change applies at once (and is saved) through :meth:`App.update_setting`. The rows scroll
when the window (or a large text size) leaves no room for all of them.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from rami_desktop.i18n import LANGUAGES, N_, _
from rami_desktop.storage.settings import INTERFACE_SCALES
from rami_desktop.ui.kit import theme
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import Button, Choice, Panel, ScrollArea, Slider, Toggle, Widget

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context


class SettingsScene(WidgetScene):
    """The settings screen (or an overlay over the table with ``overlay=True``)."""

    def __init__(self, ctx: Context, overlay: bool = False) -> None:
        self.transparent = overlay
        super().__init__(ctx)

    def build(self) -> None:
        st = self.ctx.settings
        self.panel = self.group.add(Panel(N_("Settings")))
        languages = [(code, partial(str, name)) for code, name in LANGUAGES.items()]
        self.language = Choice(N_("Language"), languages, st.get("language") or "en",
                               self._setter("language"))
        self.volume = Slider(N_("Sound volume"), float(st.get("sound_volume", 0.8)),
                             self._setter("sound_volume"))
        self.mute = Toggle(N_("Mute"), bool(st.get("muted")), self._setter("muted"))
        self.animation = Choice(N_("Animation speed"), [
            ("slow", N_("Slow")), ("normal", N_("Normal")), ("fast", N_("Fast")),
            ("off", N_("Off"))],
            st.get("animation_speed", "normal"), self._setter("animation_speed"))
        scales = [(percent, partial(_percent, percent)) for percent in INTERFACE_SCALES]
        self.text_size = Choice(N_("Text size"), scales,
                                st.get("interface_scale", 100), self._setter("interface_scale"))
        self.large_cards = Toggle(N_("Larger cards"), bool(st.get("large_cards")),
                                  self._setter("large_cards"))
        self.deck = Choice(N_("Deck style"), [
            ("classic", N_("Classic")), ("four", N_("Four colours"))],
            st.get("deck_style", "classic"), self._setter("deck_style"))
        self.large_index = Toggle(N_("Large card index"), bool(st.get("large_index")),
                                  self._setter("large_index"))
        self.hints = Toggle(N_("Hints"), bool(st.get("hints", True)), self._setter("hints"))
        self.wait_for_me = Toggle(N_("Wait for me after each bot's discard"),
                                  bool(st.get("wait_for_me")), self._setter("wait_for_me"))
        self.fullscreen = Toggle(N_("Fullscreen"), bool(self.ctx.fullscreen),
                                 self._setter("fullscreen"))
        self.rows: list[Widget] = [self.language, self.text_size, self.large_cards,
                                   self.volume, self.mute, self.animation, self.wait_for_me,
                                   self.deck, self.large_index, self.hints, self.fullscreen]
        self.area = self.group.add(ScrollArea())
        self.done = self.group.add(Button(N_("Back"), self.back, style="primary"))

    def _setter(self, key: str) -> Any:
        def apply(value: Any) -> None:
            self.ctx.update_setting(key, value)
        return apply

    def on_resume(self) -> None:
        self.fullscreen.value = bool(self.ctx.fullscreen)
        super().on_resume()

    def layout(self, size: tuple[int, int]) -> None:
        w, h = size
        s = self.scale
        pw = min(theme.px(760, s), int(w * 0.9))
        rh = theme.px(52, s)
        pad = theme.px(26, s)
        bh = theme.px(52, s)
        ring = theme.px(8, s)  # room for the focus ring inside the scrolled area
        ph = self.panel.title_height() + pad + len(self.rows) * rh + 2 * ring + pad + bh + pad
        ph = min(ph, h - theme.px(20, s))
        self.panel.rect = pygame.Rect(0, 0, pw, ph)
        self.panel.rect.center = (w // 2, h // 2)
        top = self.panel.rect.y + self.panel.title_height() + pad // 2
        bottom = self.panel.rect.bottom - pad - bh - pad // 2
        self.area.rect = pygame.Rect(self.panel.rect.x + pad // 2, top, pw - pad, bottom - top)
        self.area.set_content([(row, pygame.Rect(pad // 2, ring + k * rh, pw - 2 * pad, rh))
                               for k, row in enumerate(self.rows)],
                              len(self.rows) * rh + 2 * ring)
        self.done.rect = pygame.Rect(0, self.panel.rect.bottom - pad - bh, theme.px(200, s), bh)
        self.done.rect.centerx = self.panel.rect.centerx

    def draw_background(self, surface: pygame.Surface) -> None:
        if self.transparent:
            theme.dim(surface)
        else:
            super().draw_background(surface)


def _percent(percent: int) -> str:
    """A percentage as the language writes it ("150 %")."""
    # TRANSLATORS: a size in percent; French "{percent} %" with a no-break space
    return _("{percent}%").format(percent=percent)
