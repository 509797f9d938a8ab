"""Where the bundled read-only files (assets, locales) are: installed, bundled or in the source."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


@cache  # where the program's files are does not change while it runs
def _find(name: str, source_tree: bool = True) -> Path:
    candidates = [_PACKAGE / name]
    if source_tree:
        candidates.append(_PACKAGE.parent / name)
    meipass = getattr(sys, "_MEIPASS", None)
    if meipass:
        candidates.insert(0, Path(meipass) / "rami_desktop" / name)
        candidates.insert(1, Path(meipass) / name)
    for path in candidates:
        if path.is_dir():
            return path
    return candidates[-1]


def assets_dir() -> Path:
    """Return the folder holding cards, sounds and fonts."""
    return _find("assets")


def locales_dir() -> Path:
    """Return the folder holding the compiled gettext catalogs (``<code>/LC_MESSAGES/rami.mo``,
    made by the build inside the package; the source tree's ``locales/`` holds only ``.po``)."""
    return _find("locales", source_tree=False)


def asset(*parts: str) -> Path:
    """Return the path of one asset, e.g. ``asset("fonts", "NotoSans-Regular.ttf")``."""
    return assets_dir().joinpath(*parts)
