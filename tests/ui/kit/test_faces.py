"""The portraits: one PNG a face, drawn by ``tools/make_portraits.py`` as committed, small,
round; scaled once per size; a plain disc where a file is missing."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from rami_desktop.play.game.people import FACES, HE, SHE
from rami_desktop.resources import asset
from rami_desktop.ui.kit import faces

ROOT = Path(__file__).resolve().parents[3]
#: the portraits' folder stays small in the bundle (every face together)
FOLDER_LIMIT = 200 * 1024


@pytest.fixture(autouse=True, scope="module")
def _pygame() -> object:
    pygame.init()
    yield None
    pygame.quit()


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_portraits",
                                                  ROOT / "tools" / "make_portraits.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["make_portraits"] = module
    spec.loader.exec_module(module)
    return module


def test_every_face_has_its_round_portrait() -> None:
    for face in FACES:
        img = pygame.image.load(str(asset("faces", f"{face.id}.png")))
        size = img.get_size()
        assert size == (128, 128), face.id
        assert img.get_at((0, 0)).a == 0 and img.get_at((127, 127)).a == 0  # a disc
        assert img.get_at((64, 64)).a == 255  # the face itself opaque


def test_the_faces_are_women_and_men_with_and_without_a_headscarf() -> None:
    script = _script()
    assert set(script.LOOKS) == {f.id for f in FACES}
    looks = {f.id: (f.gender, script.LOOKS[f.id]) for f in FACES}
    women = [look for gender, look in looks.values() if gender == SHE]
    men = [look for gender, look in looks.values() if gender == HE]
    assert len(women) >= 6 and len(men) >= 6
    assert any(look.scarf for look in women) and any(not look.scarf for look in women)
    assert any(look.old for look in women) and any(look.old for look in men)
    assert any(look.young for look in women) and any(look.young for look in men)
    assert len({look.skin for _g, look in looks.values()}) >= 4


def test_the_script_draws_the_files_committed() -> None:
    """Drawn again, every portrait is the committed picture (at most a rounding's difference
    a channel, from another build of the scaler)."""
    script = _script()
    for face in FACES:
        drawn = script.portrait(script.LOOKS[face.id])
        kept = pygame.image.load(str(asset("faces", f"{face.id}.png")))
        assert drawn.get_size() == kept.get_size()
        worst = 0
        for y in range(0, 128, 3):
            for x in range(0, 128, 3):
                a, b = drawn.get_at((x, y)), kept.get_at((x, y))
                worst = max(worst, *(abs(a[k] - b[k]) for k in range(4)))
        assert worst <= 3, face.id


def test_the_portraits_are_small() -> None:
    total = sum(p.stat().st_size for p in Path(asset("faces")).glob("*.png"))
    assert 0 < total < FOLDER_LIMIT


def test_a_portrait_is_scaled_once_per_size() -> None:
    face = FACES[0].id
    first = faces.portrait(face, 48)
    assert first.get_size() == (48, 48)
    assert faces.portrait(face, 48) is first
    assert faces.portrait(face, 60).get_size() == (60, 60)


def test_a_missing_or_unknown_face_is_a_plain_disc(monkeypatch: pytest.MonkeyPatch,
                                                    tmp_path: Path) -> None:
    plain = faces.portrait("no-such-face", 40)
    assert plain.get_size() == (40, 40) and plain.get_at((0, 0)).a == 0
    faces._master.cache_clear()
    faces._scaled.cache_clear()
    monkeypatch.setattr(faces, "face_path", lambda face: str(tmp_path / f"{face}.png"))
    try:
        missing = faces.portrait(FACES[1].id, 40)
        assert missing.get_size() == (40, 40) and missing.get_at((20, 20)).a > 240
    finally:
        faces._master.cache_clear()
        faces._scaled.cache_clear()
