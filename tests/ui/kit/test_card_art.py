"""Card art: the generated files, scaling, caching, French letters and the fallbacks."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from pathlib import Path

import pygame
import pytest

from rami_desktop.resources import asset
from rami_desktop.ui.kit import card_art
from rami_desktop.ui.kit.card_art import CardArt

SUITS = ("S", "H", "D", "C")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
VARIANTS = ("classic-normal", "classic-large", "four-normal", "four-large")


@pytest.fixture(autouse=True, scope="module")
def _pygame() -> object:
    pygame.init()
    yield None
    pygame.quit()


def expected_files(variant: str) -> list[str]:
    names = [f"{r}{s}.png" for s in SUITS for r in RANKS] + ["JK.png"]
    names += [f"{r}{s}.fr.png" for s in SUITS for r in ("J", "Q", "K")]
    return names


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_card_file_exists(variant: str) -> None:
    folder = asset("cards", variant)
    names = expected_files(variant)
    assert len(names) == 65
    missing = [n for n in names if not (folder / n).is_file()]
    assert missing == []


def test_back_and_master_size() -> None:
    assert asset("cards", "back.png").is_file()
    for path in (asset("cards", "back.png"), asset("cards", "four-large", "10D.png")):
        img = pygame.image.load(str(path))
        assert img.get_size() == (300, 420)
        # rounded corners: the very corner pixel is transparent, the centre opaque
        assert img.get_at((0, 0)).a == 0
        assert img.get_at((150, 210)).a == 255


def test_cards_folder_is_small() -> None:
    total = sum(p.stat().st_size for p in Path(asset("cards")).rglob("*.png"))
    assert total < 12 * 1024 * 1024


@pytest.mark.parametrize("width", [40, 90, 141, 300])
def test_face_scales_to_width_with_ratio(width: int) -> None:
    art = CardArt()
    surf = art.face("10H", width)
    assert surf.get_size() == art.size_for_width(width) == (width, round(width * 7 / 5))
    assert art.back(width).get_size() == (width, round(width * 7 / 5))


def test_cache_returns_same_object_for_the_same_request() -> None:
    art = CardArt(style="four", large_index=True)
    first = art.face("QD", 90)
    assert art.face("QD", 90) is first
    assert art.face("qd", 90) is first
    assert art.face("QD", 91) is not first
    assert art.back(90) is art.back(90)
    art.clear()
    again = art.face("QD", 90)
    assert pygame.image.tobytes(again, "RGBA") == pygame.image.tobytes(first, "RGBA")


def test_a_new_card_art_decodes_and_scales_nothing_seen_before() -> None:
    CardArt("classic", lang="fr").face("KH", 77)
    decoded, scaled = card_art._master.cache_info(), card_art._scaled.cache_info()
    again = CardArt("classic", lang="fr")
    again.face("KH", 77)
    assert card_art._master.cache_info().misses == decoded.misses
    assert card_art._scaled.cache_info().misses == scaled.misses
    assert CardArt("classic", lang="en").face("KH", 77).get_size() == (77, 108)


def test_the_program_wide_picture_caches_stay_bounded() -> None:
    art = CardArt("four")
    for width in range(20, 20 + card_art.SCALED_KEPT // 4 + 2):
        for code in ("AS", "KD", "JK", "back"):
            art.face(code, width)
    assert card_art._scaled.cache_info().currsize <= card_art.SCALED_KEPT
    assert card_art._master.cache_info().currsize <= card_art.MASTERS_KEPT


def test_variants_differ() -> None:
    classic = CardArt("classic").face("5D", 120)
    four = CardArt("four").face("5D", 120)
    large = CardArt("classic", large_index=True).face("5D", 120)
    raw = [pygame.image.tobytes(s, "RGBA") for s in (classic, four, large)]
    assert len(set(raw)) == 3


@pytest.mark.parametrize("code", ["JS", "QH", "KD", "KC"])
def test_french_court_cards_differ_from_english(code: str) -> None:
    en = CardArt(lang="en").face(code, 150)
    fr = CardArt(lang="fr").face(code, 150)
    assert pygame.image.tobytes(en, "RGBA") != pygame.image.tobytes(fr, "RGBA")
    assert CardArt(lang="fr_FR").path_for(code).name == f"{code}.fr.png"
    assert CardArt(lang="ar").path_for(code).name == f"{code}.png"


def test_french_number_cards_are_the_english_ones() -> None:
    en = CardArt(lang="en").face("AS", 100)
    fr = CardArt(lang="fr").face("AS", 100)
    assert pygame.image.tobytes(en, "RGBA") == pygame.image.tobytes(fr, "RGBA")


def test_tinted_variants_are_cached_and_different() -> None:
    art = CardArt()
    plain = art.face("7C", 100)
    for kind in ("selected", "staged", "dim"):
        tinted = art.tinted("7C", 100, kind)
        assert tinted.get_size() == plain.get_size()
        assert art.tinted("7C", 100, kind) is tinted
        assert pygame.image.tobytes(tinted, "RGBA") != pygame.image.tobytes(plain, "RGBA")
    assert art.tinted("7C", 100, "staged").get_at((50, 70)).a < 255
    assert art.tinted("7C", 100, "nonsense") is plain
    assert art.tinted("back", 100, "dim").get_size() == plain.get_size()


def test_missing_files_fall_back_to_placeholder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(card_art, "asset", lambda *parts: tmp_path.joinpath(*parts))
    art = CardArt()
    assert art.face("AS", 80).get_size() == (80, 112)
    assert art.back(80).get_size() == (80, 112)
    assert art.tinted("KH", 80, "selected").get_size() == (80, 112)


def test_unknown_code_gives_placeholder() -> None:
    art = CardArt(style="no-such-style")
    assert art.style == "classic"
    assert art.face("ZZ", 60).get_size() == (60, 84)
    assert art.face("../back", 60).get_size() == (60, 84)


def test_zero_width_does_not_crash() -> None:
    assert CardArt().face("AS", 0).get_size() == (1, 1)


def test_convert_alpha_with_a_display() -> None:
    pygame.display.set_mode((200, 200))
    try:
        art = CardArt()
        surf = art.face("JK", 90)
        assert surf.get_size() == (90, 126)
        assert surf.get_flags() & pygame.SRCALPHA
    finally:
        pygame.display.quit()
        pygame.display.init()
