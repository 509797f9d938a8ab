"""The assets as the bundle ships them (``tools/prepare_assets.py``): the same pictures, fonts
that still draw every name a player can type, and nothing else changed."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pygame
import pytest

from rami_desktop.storage.names import NAME_RANGES, name_character
from rami_desktop.ui.kit.text import FONT_FILES, coverage

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
CARD_SAMPLE = ("classic-normal/AS.png", "four-large/KH.fr.png")


@pytest.fixture
def tool(tools_script: Callable[[str], ModuleType]) -> ModuleType:
    """``tools/prepare_assets.py`` as a module."""
    return tools_script("prepare_assets")


def _letters() -> list[int]:
    return [c for lo, hi in NAME_RANGES for c in range(lo, hi + 1)
            if name_character(chr(c)) and not chr(c).isspace()]


def _pixels(path: Path) -> tuple[tuple[int, int], bytes]:
    surf = pygame.image.load(str(path))
    return surf.get_size(), pygame.image.tobytes(surf, "RGBA")


def _check_pictures(tool: ModuleType, sources: list[Path], out: Path) -> None:
    for source in sources:
        target = out / source.name
        tool.recompress_png(source, target)
        assert _pixels(target) == _pixels(source), source
        assert target.stat().st_size <= source.stat().st_size


def test_recompressed_cards_have_the_same_pixels(tool: ModuleType, tmp_path: Path) -> None:
    sources = [ASSETS / "cards" / name for name in CARD_SAMPLE]
    assert all(p.is_file() for p in sources)
    _check_pictures(tool, sources, tmp_path)


@pytest.mark.slow
def test_every_recompressed_picture_has_the_same_pixels(tool: ModuleType,
                                                        tmp_path: Path) -> None:
    sources = sorted(ASSETS.rglob("*.png"))
    for i, source in enumerate(sources):
        folder = tmp_path / str(i)
        folder.mkdir()
        _check_pictures(tool, [source], folder)


def test_the_fonts_keep_every_name_character_and_every_text_of_the_game(
        tool: ModuleType) -> None:
    kept = set(tool.font_code_points())
    assert set(_letters()) <= kept
    catalog = (ROOT / "locales" / "ar_MA" / "LC_MESSAGES" / "rami.po").read_text("utf-8")
    assert {ord(ch) for ch in catalog if ord(ch) >= 0x20} <= kept
    assert {ord(ch) for ch in "♠♥♦♣×—«»’"} <= kept


def test_the_source_fonts_draw_every_name_character() -> None:
    letters = _letters()
    for files in FONT_FILES.values():
        covered = frozenset().union(*(coverage(str(ASSETS / "fonts" / n)) for n in files))
        assert [f"U+{c:04X}" for c in letters if c not in covered] == []


@pytest.mark.slow
def test_the_cut_down_fonts_draw_every_name_character(tool: ModuleType,
                                                      tmp_path: Path) -> None:
    points = tool.font_code_points()
    letters = _letters()
    for files in FONT_FILES.values():
        covered: frozenset[int] = frozenset()
        for name in files:
            tool.subset_font(ASSETS / "fonts" / name, tmp_path / name, points)
            assert (tmp_path / name).stat().st_size < (ASSETS / "fonts" / name).stat().st_size
            covered |= coverage(str(tmp_path / name))
        assert [f"U+{c:04X}" for c in letters if c not in covered] == []


def test_prepare_makes_the_tree_once_and_again_when_a_source_changes(
        tool: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "assets"
    (source / "cards").mkdir(parents=True)
    (source / "cards" / "back.png").write_bytes((ASSETS / "cards" / "back.png").read_bytes())
    (source / "LICENSES.md").write_text("licences\n", encoding="utf-8")
    made: list[str] = []
    real = tool.recompress_png
    monkeypatch.setattr(tool, "font_code_points", lambda: [0x41])  # no fonts here
    monkeypatch.setattr(tool, "recompress_png",
                        lambda a, b: (made.append(a.name), real(a, b))[-1])
    out = tool.prepare(tmp_path / "out", source)
    assert (out / "LICENSES.md").read_text(encoding="utf-8") == "licences\n"
    assert _pixels(out / "cards" / "back.png") == _pixels(ASSETS / "cards" / "back.png")
    assert not (out / "out.json").exists() and (tmp_path / "out.json").is_file()
    tool.prepare(tmp_path / "out", source)
    assert made == ["back.png"]  # kept: nothing changed
    (source / "LICENSES.md").write_text("changed\n", encoding="utf-8")
    tool.prepare(tmp_path / "out", source)
    assert made == ["back.png", "back.png"]
    assert (out / "LICENSES.md").read_text(encoding="utf-8") == "changed\n"
    # a build that fails half way leaves no stamp: the next one makes the tree again, whole
    (source / "LICENSES.md").write_text("again\n", encoding="utf-8")

    def fail(_a: Path, _b: Path) -> None:
        raise ImportError("no oxipng here")

    monkeypatch.setattr(tool, "recompress_png", fail)
    with pytest.raises(ImportError):
        tool.prepare(tmp_path / "out", source)
    assert not (tmp_path / "out.json").exists()
    monkeypatch.setattr(tool, "recompress_png", real)
    tool.prepare(tmp_path / "out", source)
    assert (out / "cards" / "back.png").is_file() and (out / "LICENSES.md").is_file()


def test_a_card_picture_two_styles_share_is_shipped_once_and_still_found(
        tool: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from rami_desktop.ui.kit import card_art

    assert tool.BASE_STYLE == card_art.BASE_STYLE
    same = (ASSETS / "cards" / "classic-normal" / "5H.png").read_bytes()
    other = (ASSETS / "cards" / "classic-normal" / "5D.png").read_bytes()
    source = tmp_path / "assets"
    for folder, name, data in (("classic-normal", "5H.png", same), ("four-normal", "5H.png", same),
                               ("classic-normal", "5D.png", other),
                               ("four-normal", "5D.png", same),  # another picture there
                               ("four-large", "5H.png", same)):  # no classic-large/5H.png
        (source / "cards" / folder).mkdir(parents=True, exist_ok=True)
        (source / "cards" / folder / name).write_bytes(data)
    monkeypatch.setattr(tool, "font_code_points", lambda: [0x41])
    monkeypatch.setattr(tool, "recompress_png", lambda a, b: b.write_bytes(a.read_bytes()))
    out = tool.prepare(tmp_path / "out", source)
    shipped = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.png"))
    assert shipped == ["cards/classic-normal/5D.png", "cards/classic-normal/5H.png",
                       "cards/four-large/5H.png", "cards/four-normal/5D.png"]
    # the card art reads the base style's picture where the style's own is left out
    monkeypatch.setattr(card_art, "asset", lambda *parts: out.joinpath(*parts))
    assert card_art.card_file("four-normal", "5H.png") == out / "cards/classic-normal/5H.png"
    assert card_art.card_file("four-normal", "5D.png") == out / "cards/four-normal/5D.png"
    assert card_art.card_file("classic-normal", "9H.png") == out / "cards/classic-normal/9H.png"
    art = card_art.CardArt("four", False, "en")
    assert art.path_for("5H") == out / "cards/classic-normal/5H.png"


def test_the_shipped_four_colour_deck_shares_its_hearts_and_spades(tool: ModuleType) -> None:
    shared = [name for name, _ in tool._files(ASSETS) if tool.shared_card(name, ASSETS)]
    assert shared and all(n.startswith("cards/four-") for n in shared)
    suits = {n.split("/")[2].split(".")[0][-1] for n in shared}  # "KH.fr.png": H
    assert suits <= {"H", "S", "K"}  # hearts, spades, the joker: diamonds and clubs differ
