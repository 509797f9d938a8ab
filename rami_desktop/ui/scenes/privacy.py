"""Pass-and-play: between two humans' turns, a screen that hides every hand until the named
player is at the screen and clicks."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from rami_desktop.i18n import _
from rami_desktop.i18n.gender import UNSAID, gendered
from rami_desktop.ui.kit import theme
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import WidgetScene
from rami_desktop.ui.widgets import Button, Label, Panel

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context


#: the keys that say "I am at the screen" (with a click on the button): never Space, the key that
#: lets the game go on after a bot's move ("wait for me")
READY_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
#: seconds before the button and Enter work: a second click or key meant for the screen before
#: (the summary's Next, a double tap) must not pass this one
ARM_TIME = 0.6


class PrivacyScene(WidgetScene):
    """An opaque screen: "Pass the screen to {name}"; the hand shows only after the click.

    Only a click on the button, or Enter pressed and released while this screen is up, shows
    the hand, and neither in the screen's first :data:`ARM_TIME` seconds: a key already held
    whenever the screen comes to the front (first, back from the pause or an overlay, or when
    the window gets the focus: the key that closed the pause menu), a key's repeat, a second
    tap meant for the screen before, and Space (which lets the game go on) do nothing.

    Args:
        ctx: the game context.
        name: the next player's name.
        on_ready: called when that player says they are at the screen.
        gender: how the next player is spoken of (she, he or unsaid).
    """

    transparent = False

    def __init__(self, ctx: Context, name: str, on_ready: Callable[[], None],
                 gender: str = UNSAID) -> None:
        self.name = name
        self.gender = gender
        self.on_ready = on_ready
        super().__init__(ctx)

    def build(self) -> None:
        self.panel = self.group.add(Panel(lambda: gendered(self.gender, "Next player")))
        self.text = self.group.add(Label(
            lambda: _("Pass the screen to {name}").format(name=self.name),
            theme.FONT_HEADING, theme.INK, align="center", bold=True))
        self.note = self.group.add(Label(
            lambda: _("Every hand stays hidden until {name} is ready.").format(name=self.name),
            theme.FONT_BODY, theme.INK_SOFT, align="center", wrap=True))
        self.ready = self.group.add(Button(
            lambda: _("I am {name}: show my cards").format(name=self.name), self.go,
            style="primary"))
        self.group.focused = self.ready
        #: Enter went down while this screen was up (its release then means "ready")
        self._enter_down = False
        #: keys already held when this screen came (ignored until released)
        self._held: set[int] = set()
        #: seconds this screen has been up (its button works from ARM_TIME on)
        self.age = 0.0
        self._armed_now = False
        self.ready.enabled = False

    @property
    def armed(self) -> bool:
        """Whether the button and Enter work yet."""
        return self.age >= ARM_TIME

    def update(self, dt: float) -> None:
        was = self.armed
        self.age += dt
        if self.armed != was:
            self.ready.enabled = True
            self.group.focused = self.ready
            self._armed_now = True
        super().update(dt)

    def needs_redraw(self) -> bool:
        """Drawn again once when the button starts to work, else as any widget screen."""
        armed_now, self._armed_now = self._armed_now, False
        return armed_now or super().needs_redraw()

    def on_enter(self) -> None:
        super().on_enter()
        self._to_front()

    def on_resume(self) -> None:
        super().on_resume()
        self._to_front()

    def _to_front(self) -> None:
        """The screen comes to the front (first, or back from the pause or an overlay): every
        key held now is ignored until it is released."""
        self._held = self.ctx.keys.held((*READY_KEYS, pygame.K_SPACE))
        self._enter_down = False

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWFOCUSLOST):
            self._to_front()  # a key pressed elsewhere must not count here
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in (
                *READY_KEYS, pygame.K_SPACE):
            if event.type == pygame.KEYUP:
                if event.key in READY_KEYS and self._enter_down \
                        and event.key not in self._held:
                    self._enter_down = False
                    self.go()
                self._held.discard(event.key)
            elif self.ctx.keys.repeat or event.key in self._held:
                self._held.add(event.key)  # a repeat, or a key held: never a press
            elif event.key in READY_KEYS and self.armed:
                self._enter_down = True
            return
        super().handle_event(event)

    def layout(self, size: tuple[int, int]) -> None:
        s = self.scale
        w = min(theme.px(640, s), int(size[0] * 0.86))
        h = theme.px(300, s)
        self.panel.rect = pygame.Rect(0, 0, w, h)
        self.panel.rect.center = (size[0] // 2, size[1] // 2)
        pad = theme.px(28, s)
        top = self.panel.rect.y + self.panel.title_height() + pad // 2
        self.text.rect = pygame.Rect(self.panel.rect.x + pad, top, w - 2 * pad, theme.px(56, s))
        below = self.text.rect.bottom + theme.px(6, s)
        self.note.rect = pygame.Rect(self.panel.rect.x + pad, below, w - 2 * pad, theme.px(60, s))
        bh = theme.px(54, s)
        self.ready.rect = pygame.Rect(0, self.panel.rect.bottom - pad - bh,
                                      min(w - 2 * pad, theme.px(420, s)), bh)
        self.ready.rect.centerx = self.panel.rect.centerx

    def go(self) -> None:
        """The player is ready: back to the table, their hand shown."""
        self.ctx.stack.pop()
        self.on_ready()

    def back(self) -> None:
        """Escape opens the pause menu (the hands stay hidden: only the named player's click
        shows them)."""
        self.ctx.stack.push(self.ctx.scene(Route.PAUSE))
