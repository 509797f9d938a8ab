"""Sound effects: a lazily started mixer that falls silent, never fails, when there is no audio."""

from __future__ import annotations

import contextlib
import logging
import math

import pygame

from rami_desktop.resources import asset

log = logging.getLogger(__name__)

SOUND_NAMES: tuple[str, ...] = ("shuffle", "draw", "lay", "discard", "error", "win", "turn",
                               "celebrate")


class Sounds:
    """Play the game's short sound effects.

    The mixer is started on the first :meth:`play` (or :meth:`preload`); if it cannot start, or a
    file is missing, the game simply stays silent.

    Args:
        volume: 0.0 (silent) to 1.0 (full).
        muted: start muted.
    """

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        self._volume = _clamp(volume)
        self.muted = bool(muted)
        self._ready: bool | None = None  # None: mixer not tried yet
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}

    @property
    def volume(self) -> float:
        """The effects volume, 0.0 to 1.0."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = _clamp(value)
        for sound in self._sounds.values():
            if sound is not None:
                with contextlib.suppress(pygame.error):  # audio must never break the game
                    sound.set_volume(self._volume)

    @property
    def available(self) -> bool:
        """Whether sound can actually be heard (starts the mixer if not tried yet)."""
        return self._start()

    def play(self, name: str) -> bool:
        """Play one effect by name (e.g. ``"draw"``); return whether it started. Never raises."""
        try:
            if self.muted or self._volume <= 0.0:
                return False
            sound = self._load(name)
            if sound is None:
                return False
            sound.set_volume(self._volume)
            return sound.play() is not None
        except pygame.error:  # audio must never break the game
            log.warning("sound %s could not play", name, exc_info=True)
            return False

    def preload(self) -> None:
        """Load every effect now (avoids a tiny delay on the first play)."""
        for name in SOUND_NAMES:
            self._load(name)

    def stop(self) -> None:
        """Stop every sound that is playing."""
        if self._ready:
            with contextlib.suppress(pygame.error):
                pygame.mixer.stop()

    def _start(self) -> bool:
        if self._ready is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
                self._ready = bool(pygame.mixer.get_init())
            except (pygame.error, NotImplementedError):  # no device, driver or mixer module
                log.info("no sound: the mixer could not start", exc_info=True)
                self._ready = False
        return self._ready

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name in self._sounds:
            return self._sounds[name]
        sound: pygame.mixer.Sound | None = None
        if name in SOUND_NAMES and self._start():
            try:
                sound = pygame.mixer.Sound(str(asset("sounds", f"{name}.wav")))
                sound.set_volume(self._volume)
            except (pygame.error, OSError):  # boundary: a missing or unreadable file
                log.warning("sound %s could not load", name, exc_info=True)
                sound = None
        self._sounds[name] = sound
        return sound


def _clamp(value: float) -> float:
    try:
        v = float(value)
    except (TypeError, ValueError):
        return 0.0
    if math.isnan(v):
        return 0.0
    return min(1.0, max(0.0, v))
