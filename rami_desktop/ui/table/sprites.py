"""Card sprites: where each visible card is, where it is going, and how it is drawn.

After every engine change the scene lists the cards to show (:class:`CardSpec`); the board
matches them to the sprites already on screen (same card in the same zone first, then the same
card anywhere) so that a card that moved slides from where it was, and a card that appears
comes from a given origin (the stock, the talaj or a player's seat).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import pygame

from rami_desktop.ui.table.animation import Tween

BACK = "back"
#: fraction of a flight, around the moment a card turns over, during which it narrows and widens
FLIP_SPAN = 0.12

_BACKINGS: dict[tuple[int, int], pygame.Surface] = {}


def staged_backing(size: tuple[int, int]) -> pygame.Surface:
    """An opaque pale card under a see-through staged card, so overlapping staged cards do not
    show through each other (cached per size)."""
    surf = _BACKINGS.get(size)
    if surf is None:
        if len(_BACKINGS) > 16:
            _BACKINGS.clear()
        surf = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(surf, (226, 236, 230), surf.get_rect(),
                         border_radius=max(2, round(size[0] * 18 / 300)))
        _BACKINGS[size] = surf
    return surf


@dataclass(frozen=True)
class CardSpec:
    """A card to show: its code (``back`` for a hidden card), zone, place and look.

    Attributes:
        code: face code or ``back``.
        zone: ``hand``, ``seat:N``, ``meld:I``, ``talaj``, ``first`` or ``stock``.
        rect: where it rests.
        tint: ``selected``, ``staged``, ``dim`` or None.
        ref: what it stands for in its zone (hand position, card index in the meld...).
    """

    code: str
    zone: str
    rect: pygame.Rect
    tint: str | None = None
    ref: Any = None


@dataclass(frozen=True)
class Origin:
    """Where the new cards of a zone come from, and how they look on the way.

    Attributes:
        point: the centre they start from.
        cover: the code shown at first (``back`` for a card leaving a hidden hand, a face for a
            card going into one), or None to show the card itself all the way.
        reveal_at: the fraction of the flight at which the card turns over to its own code.
    """

    point: tuple[float, float]
    cover: str | None = None
    reveal_at: float = 1.0


class CardSprite:
    """One card on screen (optionally covered during the first part of its flight)."""

    def __init__(self, spec: CardSpec, start: tuple[float, float] | None, duration: float,
                 cover: str | None = None, reveal_at: float = 1.0) -> None:
        self.spec = spec
        self.x, self.y = (float(spec.rect.x), float(spec.rect.y))
        self.tween: Tween | None = None
        self.held = False
        self.cover: str | None = None
        self.reveal_at = reveal_at
        if start is not None and duration > 0 and start != (self.x, self.y):
            self.x, self.y = start
            self.tween = Tween(start, (spec.rect.x, spec.rect.y), duration, smooth=True)
            self.cover = cover if cover != spec.code else None

    def shown_code(self) -> str:
        """The code drawn now: the cover until the card turns over, then its own."""
        if self.cover is not None and self.tween is not None \
                and self.tween.progress < self.reveal_at:
            return self.cover
        return self.spec.code

    def flip_width(self) -> float:
        """How wide the card looks now (1: flat; less while it turns over)."""
        if self.cover is None or self.tween is None:
            return 1.0
        gap = abs(self.tween.progress - self.reveal_at)
        return 1.0 if gap >= FLIP_SPAN else max(0.08, gap / FLIP_SPAN)

    @property
    def rect(self) -> pygame.Rect:
        """Where it is now."""
        return pygame.Rect(round(self.x), round(self.y), self.spec.rect.w, self.spec.rect.h)

    @property
    def moving(self) -> bool:
        """Whether it is sliding."""
        return self.tween is not None

    def retarget(self, spec: CardSpec, duration: float) -> None:
        """Give it a new resting place (slides there from where it is)."""
        self.spec = spec
        end = (float(spec.rect.x), float(spec.rect.y))
        if (self.x, self.y) == end or duration <= 0:
            self.x, self.y = end
            self.tween = None
        else:
            self.tween = Tween((self.x, self.y), end, duration)

    def slide_home(self, duration: float) -> None:
        """Slide back to its resting place (an invalid drop)."""
        self.held = False
        self.retarget(self.spec, duration)

    def update(self, dt: float) -> None:
        """Advance the slide."""
        if self.tween is None or self.held:
            return
        self.x, self.y = self.tween.advance(dt)
        if self.tween.done:
            self.tween = None
            self.cover = None

    def draw(self, surface: pygame.Surface, art: Any) -> None:
        """Draw with the card art (cached per width)."""
        spec = self.spec
        w = spec.rect.w
        if art is None:
            pygame.draw.rect(surface, (250, 250, 245), self.rect, border_radius=max(2, w // 12))
            return
        code = self.shown_code()
        if spec.tint and code == spec.code:
            image = art.tinted(spec.code, w, spec.tint)
            if spec.tint == "staged":
                surface.blit(staged_backing(image.get_size()), (round(self.x), round(self.y)))
        elif code == BACK:
            image = art.back(w)
        else:
            image = art.face(code, w)
        narrow = self.flip_width()
        if narrow < 1.0:  # turning over: squeezed around its middle (a few cards, mid-flight)
            fw = max(1, round(image.get_width() * narrow))
            squeezed = pygame.transform.smoothscale(image, (fw, image.get_height()))
            x = round(self.x + (image.get_width() - fw) / 2)
            surface.blit(squeezed, (x, round(self.y)))
            return
        surface.blit(image, (round(self.x), round(self.y)))


class SpriteBoard:
    """Every card sprite of the table, drawn in order (later ones on top)."""

    def __init__(self) -> None:
        self.sprites: list[CardSprite] = []

    def sync(self, specs: Iterable[CardSpec], origins: dict[str, Origin],
             default_origin: tuple[float, float] | None, duration: float) -> None:
        """Show exactly ``specs``: matched sprites slide to their new place, new ones come from
        the origin of their zone (``origins``) or ``default_origin``.
        """
        specs = list(specs)
        old = list(self.sprites)
        used = [False] * len(old)
        result: list[CardSprite | None] = [None] * len(specs)
        # 1. same card, same zone, same place in the zone first; 2. same zone; 3. anywhere
        passes = (
            lambda s, o: o.spec.code == s.code and o.spec.zone == s.zone and o.spec.ref == s.ref,
            lambda s, o: o.spec.code == s.code and o.spec.zone == s.zone,
            lambda s, o: o.spec.code == s.code,
        )
        for same in passes:
            for i, spec in enumerate(specs):
                if result[i] is not None:
                    continue
                for j, sprite in enumerate(old):
                    if not used[j] and same(spec, sprite):
                        used[j] = True
                        sprite.held = False
                        sprite.retarget(spec, duration)
                        result[i] = sprite
                        break
        for i, spec in enumerate(specs):
            if result[i] is None:
                origin = origins.get(spec.zone)
                point = origin.point if origin is not None else default_origin
                start = None
                if point is not None:
                    start = (point[0] - spec.rect.w / 2, point[1] - spec.rect.h / 2)
                if origin is not None:
                    result[i] = CardSprite(spec, start, duration, origin.cover,
                                           origin.reveal_at)
                else:
                    result[i] = CardSprite(spec, start, duration)
        self.sprites = [s for s in result if s is not None]

    def update(self, dt: float) -> bool:
        """Advance every slide; return whether a card arrived (came to rest) this frame."""
        arrived = False
        for sprite in self.sprites:
            if sprite.tween is not None:
                sprite.update(dt)
                arrived = arrived or sprite.tween is None
        return arrived

    @property
    def settled(self) -> bool:
        """Whether no card is sliding."""
        return not any(s.moving for s in self.sprites)

    def settle(self) -> None:
        """Put every card at its place at once."""
        for sprite in self.sprites:
            sprite.x, sprite.y = float(sprite.spec.rect.x), float(sprite.spec.rect.y)
            sprite.tween = None

    def in_zone(self, prefix: str) -> list[CardSprite]:
        """The sprites of a zone (or of zones starting with ``prefix``)."""
        return [s for s in self.sprites if s.spec.zone.startswith(prefix)]

    def at(self, pos: tuple[int, int], zone_prefix: str = "") -> CardSprite | None:
        """The topmost sprite under a point (optionally only in some zones)."""
        for sprite in reversed(self.sprites):
            if sprite.spec.zone.startswith(zone_prefix) and sprite.rect.collidepoint(pos):
                return sprite
        return None

    def draw(self, surface: pygame.Surface, art: Any,
             only: Callable[[CardSprite], bool] | None = None) -> None:
        """Draw the resting cards, then the moving ones, then the held ones on top (optionally
        only the sprites ``only`` accepts)."""
        sprites = self.sprites if only is None else [s for s in self.sprites if only(s)]
        still = [s for s in sprites if not s.moving and not s.held]
        moving = [s for s in sprites if s.moving and not s.held]
        held = [s for s in sprites if s.held]
        for group in (still, moving, held):
            for sprite in group:
                sprite.draw(surface, art)
