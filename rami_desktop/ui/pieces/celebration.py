"""A winner's moment, drawn: the winner's face popping in on a ring of turning brass stars,
confetti in the colours of the zellige falling across the window, then stillness.

Time based (advanced by each frame's ``dt``: tests step it), over in :data:`DURATION` seconds
at the normal pace (a slow or fast pace stretches or shortens it; none when animations are off)
and at once when skipped; once over it draws its last frame, and asks for no more.
"""

from __future__ import annotations

import math
import random

import pygame

from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.faces import draw_portrait, portrait

#: seconds the moment lasts at the normal pace
DURATION = 2.6
#: how long it lasts for each pace setting (relative to normal; off: no moment)
PACE: dict[str, float] = {"off": 0.0, "slow": 1.3, "normal": 1.0, "fast": 0.6}
#: the confetti's colours: terracotta, saffron, zellige blue, mint, brass, cream
CONFETTI: tuple[theme.Color, ...] = ((196, 98, 66), (232, 178, 76), theme.ZELLIGE,
                                     (120, 190, 150), theme.BRASS_LIGHT, theme.CREAM)
#: how many pieces of confetti fall
PIECES = 56
#: the ring of stars around a face: its radius and each star's, in the face's radii
RING = 1.2
STAR = 0.17
#: how far the face and its ring reach from the face's centre, in faces' sizes
REACH = (RING + STAR) / 2


def moment_length(pace: str) -> float:
    """The moment's seconds for a pace setting (normal if unknown)."""
    return DURATION * PACE.get(pace, 1.0)


class Celebration:
    """The moving parts of a winner's moment (see the module's text).

    Args:
        duration: seconds it lasts (0: it is over before it starts).
        seed: where the confetti starts (the same moment looks the same).
    """

    def __init__(self, duration: float, seed: int = 7) -> None:
        self.duration = max(0.0, duration)
        self.t = 0.0
        rng = random.Random(seed)
        #: per piece: x (0..1), delay, fall speed, sway, spin, size, colour
        self.pieces = [(rng.random(), rng.uniform(0.0, 1.3), rng.uniform(0.35, 0.65),
                        rng.uniform(0.01, 0.04), rng.uniform(-6.0, 6.0), rng.uniform(0.6, 1.0),
                        CONFETTI[k % len(CONFETTI)]) for k in range(PIECES)]

    @property
    def done(self) -> bool:
        """Whether the moment is over."""
        return self.t >= self.duration

    def skip(self) -> None:
        """A click or a key: over at once."""
        self.t = self.duration

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""
        self.t = min(self.duration, self.t + max(0.0, dt))

    @property
    def progress(self) -> float:
        """How far along, 0..1 (1 once over)."""
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)

    def pop(self) -> float:
        """The face's size as a share of its last one: grows with a little bounce."""
        k = min(1.0, self.t / 0.45) if not self.done else 1.0
        return 0.55 + 0.45 * (1 - (1 - k) ** 3) + 0.08 * math.sin(math.pi * k) * (1 - k)

    def draw_face(self, surface: pygame.Surface, face: str, center: tuple[int, int],
                  size: int, scale: float) -> pygame.Rect:
        """The winner's face at ``center`` (``size`` pixels once grown) on its ring of stars;
        returns the rect of the face as it ends."""
        turn = self.progress * math.pi / 2
        r = size * 0.5
        for k in range(8):  # the ring of eight-pointed stars, turning while the moment lasts
            a = turn + k * math.pi / 4
            at = (center[0] + math.cos(a) * r * RING, center[1] + math.sin(a) * r * RING)
            theme.draw_star(surface, theme.BRASS_LIGHT, at, r * STAR, rotation=turn * 2)
            theme.draw_star(surface, theme.BRASS, at, r * STAR, width=max(1, theme.px(2, scale)),
                            rotation=turn * 2)
        grown = max(8, round(size * self.pop()))
        ring = max(3, theme.px(5, scale))
        if grown == size:
            draw_portrait(surface, face, center, size, theme.BRASS_LIGHT, ring)
        else:  # growing: scaled from the picture of its last size (a few frames only)
            picture = pygame.transform.smoothscale(portrait(face, size), (grown, grown))
            surface.blit(picture, picture.get_rect(center=center))
            pygame.draw.circle(surface, theme.BRASS_LIGHT, center, grown // 2 + ring // 2, ring)
        return pygame.Rect(center[0] - size // 2, center[1] - size // 2, size, size)

    def draw_confetti(self, surface: pygame.Surface, scale: float) -> None:
        """The confetti falling across ``surface`` (none once over)."""
        if self.done:
            return
        w, h = surface.get_size()
        side = theme.px(14, scale)
        for x, delay, speed, sway, spin, size, color in self.pieces:
            t = self.t - delay * self.duration / DURATION
            if t <= 0:
                continue
            y = -side + t * speed * h * (DURATION / max(self.duration, 0.01))
            if y > h + side:
                continue
            cx = (x + sway * math.sin(t * 4 + x * 9)) * w
            a = spin * t
            half = side * size / 2
            corners = [(cx + math.cos(a + q) * half, y + math.sin(a + q) * half * 0.55)
                       for q in (0.6, math.pi - 0.6, math.pi + 0.6, -0.6)]
            pygame.draw.polygon(surface, color, corners)


__all__ = ["DURATION", "REACH", "Celebration", "moment_length"]
