"""Fixtures of the i18n tests: the language reset after each test."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator

import pytest

from rami_desktop import i18n


@pytest.fixture(autouse=True)
def english_after() -> Iterator[None]:
    """Leave every test in English with the bundled catalogs."""
    yield
    i18n.set_locales_dir(None)
    i18n.set_language("en")
