"""The game's assets as the bundle ships them: ``python tools/prepare_assets.py OUT``.

``build.spec`` calls :func:`prepare` at every build (``tools/build.py``,
``tools/build_windows.py``); the result is kept under ``build/assets`` and made again only when
a source changed. From ``assets/`` it makes the same tree, with:

- the fonts cut down (fontTools' subsetter, the ``build`` extra) to the characters a name may
  hold (:data:`rami_desktop.storage.names.NAME_RANGES`) and every character of the game's own
  texts (its catalogs, its code, the tutorial's lessons), all layout features kept (Arabic
  shaping), hinting instructions dropped (pygame's FreeType renders them the same);
- every PNG recompressed losslessly by oxipng (``pyoxipng``, the ``build`` extra): the same
  pixels, fewer bytes (``tests/test_prepare_assets.py`` compares them);
- a card picture of a style's folder left out where it is the same file as the base style's
  in the folder of the same size (``cards/four-normal/5H.png`` as ``cards/classic-normal/5H.png``:
  the four-colour deck's hearts and spades, 0.5 MB), which the card art then reads
  (:func:`rami_desktop.ui.kit.card_art.card_file`);
- everything else copied as it is.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
#: what the game's own texts are read from
TEXT_SOURCES = (("locales", "*.po"), ("rami_desktop", "*.py"), ("rami_desktop", "*.json"))
#: the recompression's effort (oxipng's presets, 0-6): 2 makes the cards 5% bigger than 4 in a
#: seventh of the time (0.05 s of CPU a card)
PNG_LEVEL = 2
#: bumped when the way files are made changes, so a kept result is made again
RECIPE = 2
#: the card style whose pictures the others share: rami_desktop.ui.kit.card_art.BASE_STYLE (not
#: imported: that module needs pygame; tests/test_prepare_assets.py checks they agree)
BASE_STYLE = "classic"


def shared_card(name: str, source: Path) -> bool:
    """Whether ``name`` (relative, with "/") is a card picture of another style than the base
    one that is the same file as the base style's picture in the folder of the same size."""
    parts = name.split("/")
    if len(parts) != 3 or parts[0] != "cards" or "-" not in parts[1]:
        return False
    style, _, size = parts[1].partition("-")
    base = source / "cards" / f"{BASE_STYLE}-{size}" / parts[2]
    return (style != BASE_STYLE and base.is_file()
            and base.read_bytes() == (source / name).read_bytes())


def name_code_points() -> set[int]:
    """Every code point a name may hold (NAME_RANGES; imported from this tree)."""
    sys.path.insert(0, str(ROOT))
    try:
        from rami_desktop.storage.names import NAME_RANGES
    finally:
        sys.path.pop(0)
    return {code for lo, hi in NAME_RANGES for code in range(lo, hi + 1)}


def text_code_points(root: Path = ROOT) -> set[int]:
    """Every code point of the game's own texts: catalogs, code, lessons."""
    points: set[int] = set()
    for folder, pattern in TEXT_SOURCES:
        for path in sorted((root / folder).rglob(pattern)):
            points.update(ord(ch) for ch in path.read_text(encoding="utf-8"))
    return {p for p in points if p >= 0x20}


def font_code_points() -> list[int]:
    """What the fonts keep: the names' characters and the game's texts'."""
    return sorted(name_code_points() | text_code_points())


def subset_font(source: Path, target: Path, code_points: Iterable[int]) -> None:
    """Write ``source`` cut down to ``code_points`` (those it has) into ``target``."""
    from fontTools import subset

    options = subset.Options()
    options.layout_features = ["*"]  # Arabic's joining forms and ligatures, kerning
    options.hinting = False
    options.name_IDs = ["*"]  # the names and the licence's notice stay
    options.name_languages = ["*"]
    options.notdef_outline = True
    font = subset.load_font(str(source), options)
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=list(code_points))
    subsetter.subset(font)
    subset.save_font(font, str(target), options)


def recompress_png(source: Path, target: Path) -> None:
    """Write ``source`` recompressed losslessly (the same pixels) into ``target``; the source
    as it is when that is not smaller."""
    import oxipng

    data = source.read_bytes()
    smaller = oxipng.optimize_from_memory(data, level=PNG_LEVEL)
    target.write_bytes(smaller if len(smaller) < len(data) else data)


def _files(folder: Path) -> list[tuple[str, Path]]:
    """The files under ``folder`` by their relative names, with "/", in code point order."""
    return sorted((p.relative_to(folder).as_posix(), p) for p in folder.rglob("*") if p.is_file())


def sources_digest(source: Path) -> str:
    """A digest of the assets, the texts and this recipe: what the result depends on."""
    digest = hashlib.sha256(f"recipe {RECIPE}\n".encode())
    for name, path in _files(source):  # the same on every system (Windows sorts by case)
        digest.update(name.encode() + b"\0" + path.read_bytes())
    digest.update(bytes(str(font_code_points()), "ascii"))
    return digest.hexdigest()


def prepare(target: Path, source: Path = ASSETS) -> Path:
    """Make the shipped assets from ``source`` into ``target`` (kept when up to date);
    return ``target``."""
    digest = sources_digest(source)
    stamp = target.with_name(target.name + ".json")  # beside it: not shipped
    if stamp.is_file() and json.loads(stamp.read_text(encoding="utf-8")).get("digest") == digest:
        return target
    stamp.unlink(missing_ok=True)  # a tree left half made (a failed build) is never kept
    if target.exists():
        shutil.rmtree(target)
    points = font_code_points()
    before = after = 0
    for name, path in _files(source):
        out = target / name
        before += path.stat().st_size
        if shared_card(name, source):
            continue
        out.parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".ttf":
            subset_font(path, out, points)
        elif path.suffix == ".png":
            recompress_png(path, out)
        else:
            shutil.copy2(path, out)
        after += out.stat().st_size
    stamp.write_text(json.dumps({"digest": digest, "bytes": [before, after]}), encoding="utf-8")
    print(f"[prepare-assets] {source} -> {target}: {before / 1e6:.2f} MB -> "
          f"{after / 1e6:.2f} MB", flush=True)
    return target


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: prepare_assets.py OUT")
    prepare(Path(sys.argv[1]).resolve())
