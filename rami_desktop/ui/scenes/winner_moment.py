"""The winner's moment at a round's end, over the table: the winner's face on its ring of
stars, who went out, confetti; a click or a key ends it at once, and it closes by itself
(:mod:`rami_desktop.ui.pieces.celebration`). Then ``on_done`` (the round's summary)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from rami_desktop.ui.kit import theme
from rami_desktop.ui.pieces.celebration import Celebration, moment_length
from rami_desktop.ui.stage.scene import Scene
from rami_desktop.ui.widgets import Text, fit_text, tr

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context

#: the veil over the table, at its darkest
VEIL = 120


class WinnerMoment(Scene):
    """A round's winner, celebrated (see the module's text).

    Args:
        ctx: the game context.
        face: the winner's face.
        text: who went out, in words (a msgid or a callable).
        on_done: called once the moment closed (skipped or over).
        duration: seconds (default: the moment's length at the pace of the settings).
    """

    transparent = True

    def __init__(self, ctx: Context, face: str, text: Text,
                 on_done: Callable[[], None] | None = None,
                 duration: float | None = None) -> None:
        super().__init__(ctx)
        self.face = face
        self.text = text
        self.on_done = on_done
        pace = str(ctx.settings.get("animation_speed", "normal"))
        self.moment = Celebration(moment_length(pace) if duration is None else duration)
        self.closed = False
        self.sounded = False
        self.scale = theme.scale_for(ctx.size)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.scale = theme.scale_for(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.moment.skip()

    def update(self, dt: float) -> None:
        if not self.sounded:
            self.sounded = True
            self.ctx.play("win")
        self.moment.update(dt)
        if self.moment.done and not self.closed:
            self.closed = True
            self.ctx.stack.pop()
            if self.on_done is not None:
                self.on_done()

    def needs_redraw(self) -> bool:
        """Every frame while the moment lasts; nothing once over (it closes then)."""
        return not self.moment.done

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, h = surface.get_size()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((0, 0, 0, round(VEIL * min(1.0, self.moment.t / 0.3))))
        surface.blit(veil, (0, 0))
        size = min(theme.px(200, s), h // 3)
        center = (w // 2, h // 2 - size // 4)
        face = self.moment.draw_face(surface, self.face, center, size, s)
        words = fit_text(tr(self.text), theme.px(theme.FONT_HEADING, s), theme.CREAM,
                         int(w * 0.9), bold=True)
        band = words.get_rect(midtop=(w // 2, face.bottom + theme.px(40, s)))
        box = band.inflate(theme.px(40, s), theme.px(16, s))
        pygame.draw.rect(surface, theme.ACCENT_DARK, box, border_radius=box.h // 2)
        pygame.draw.rect(surface, theme.BRASS_LIGHT, box, width=max(2, theme.px(3, s)),
                         border_radius=box.h // 2)
        surface.blit(words, band)
        self.moment.draw_confetti(surface, s)


__all__ = ["WinnerMoment"]
