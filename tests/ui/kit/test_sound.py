"""Sound effects: the generated WAV files and a player that never raises."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import contextlib
import wave
from array import array
from pathlib import Path

import pygame
import pytest

from rami_desktop.resources import asset
from rami_desktop.ui.kit import sound as sound_module
from rami_desktop.ui.kit.sound import SOUND_NAMES, Sounds


@pytest.fixture(autouse=True)
def _fresh_mixer() -> object:
    yield None
    with contextlib.suppress(pygame.error):
        pygame.mixer.quit()


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_wav_is_valid_and_short(name: str) -> None:
    path = asset("sounds", f"{name}.wav")
    with wave.open(str(path), "rb") as wav:
        assert wav.getnchannels() == 1
        assert wav.getsampwidth() == 2
        assert wav.getframerate() in (22050, 44100)
        seconds = wav.getnframes() / wav.getframerate()
        assert 0.05 < seconds <= 1.5
        data = array("h", wav.readframes(wav.getnframes()))
    peak = max(abs(v) for v in data)
    assert 3000 < peak < 32767  # audible, not clipped


def test_all_names_play_without_raising() -> None:
    sounds = Sounds()
    for name in SOUND_NAMES:
        assert sounds.play(name) in (True, False)
    assert sounds.play("no-such-sound") is False


def test_mute_and_volume() -> None:
    sounds = Sounds(volume=0.5)
    assert sounds.volume == 0.5
    sounds.preload()
    sounds.volume = 2.0
    assert sounds.volume == 1.0
    sounds.volume = -1
    assert sounds.volume == 0.0
    sounds.volume = float("nan")
    assert sounds.volume == 0.0
    sounds.volume = 0.3
    sounds.muted = True
    assert sounds.play("win") is False
    sounds.muted = False
    sounds.play("win")
    sounds.stop()


def test_sounds_load_when_the_mixer_works() -> None:
    sounds = Sounds()
    if not sounds.available:
        pytest.skip("no audio mixer on this machine")
    sounds.preload()
    for name in SOUND_NAMES:
        loaded = sounds._sounds[name]
        assert loaded is not None
        assert 0.05 < loaded.get_length() <= 1.5


def test_silent_when_the_mixer_cannot_start(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", broken)
    sounds = Sounds()
    assert sounds.available is False
    assert sounds.play("draw") is False
    sounds.preload()
    sounds.volume = 0.7
    sounds.stop()


def test_silent_when_files_are_missing(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(sound_module, "asset", lambda *parts: tmp_path.joinpath(*parts))
    sounds = Sounds()
    assert sounds.play("shuffle") is False
