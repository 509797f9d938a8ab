"""Compile the translation catalogs with Babel: ``locales/<lang>/LC_MESSAGES/rami.po`` into
``rami_desktop/locales/<lang>/LC_MESSAGES/rami.mo``, where the game reads them.

The one path for every build: ``pip install .`` (``setup.py``'s build step runs it, Babel being
a build requirement, so the wheel ships the ``.mo`` files and the tests of a source tree find
them), the bundle (``tools/build.py`` installs the game first) and the tests (``tests/conftest.py``
compiles again when a ``.po`` is newer than its ``.mo``). Like ``msgfmt``, fuzzy and
untranslated entries are left out (gettext then falls back to the English source). The ``.mo``
files are never committed.

    python tools/compile_catalogs.py      # after editing a .po by hand
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "locales"
TARGET = ROOT / "rami_desktop" / "locales"
DOMAIN = "rami"


def po_files(source: Path = SOURCE) -> list[Path]:
    """The ``<lang>/LC_MESSAGES/rami.po`` files of a locales folder."""
    return sorted(source.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def mo_path(po: Path, source: Path = SOURCE, target: Path = TARGET) -> Path:
    """Where the compiled catalog of a ``.po`` goes."""
    return target / po.relative_to(source).with_suffix(".mo")


def stale(source: Path = SOURCE, target: Path = TARGET) -> list[Path]:
    """The ``.po`` files whose ``.mo`` is missing or older."""
    out = []
    for po in po_files(source):
        mo = mo_path(po, source, target)
        if not mo.is_file() or mo.stat().st_mtime < po.stat().st_mtime:
            out.append(po)
    return out


def compile_catalogs(source: Path = SOURCE, target: Path = TARGET) -> list[Path]:
    """Compile every catalog of ``source`` into the same tree under ``target``.

    Returns:
        The ``.mo`` files written.

    Raises:
        ValueError: a ``.po`` file Babel cannot read.
    """
    from babel.messages import mofile, pofile

    written = []
    for po in po_files(source):
        with po.open("rb") as handle:
            catalog = pofile.read_po(handle, domain=DOMAIN, abort_invalid=True)
        mo = mo_path(po, source, target)
        mo.parent.mkdir(parents=True, exist_ok=True)
        partial = mo.with_name(f".{mo.name}.tmp-{os.getpid()}")
        with partial.open("wb") as handle:
            mofile.write_mo(handle, catalog, use_fuzzy=False)
        os.replace(partial, mo)
        written.append(mo)
    return written


def main() -> int:
    """Compile, and print each file written."""
    written = compile_catalogs()
    for mo in written:
        print(f"compiled {mo.relative_to(ROOT)}")
    if not written:
        print(f"compile_catalogs: no {DOMAIN}.po under {SOURCE}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
