"""Fixtures of the i18n tests: compiled catalogs, and the language reset after each test."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator

import pytest

from rami_desktop import i18n
from rami_desktop.i18n.catalogs import compile_po, mo_is_stale, po_files
from rami_desktop.resources import locales_dir


@pytest.fixture(scope="session", autouse=True)
def compiled_catalogs() -> None:
    """Compile the .mo files (they are not committed) when missing or older than the .po."""
    for po in po_files(locales_dir()):
        if mo_is_stale(po):
            compile_po(po)
    i18n.reload_catalogs()


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Leave every test in English with the bundled catalogs."""
    yield
    i18n.set_locales_dir(None)
    i18n.set_language("en")
