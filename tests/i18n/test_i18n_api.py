"""The translation API: language switch at once, listeners, fallback, plurals, run-time loading."""

from __future__ import annotations

import logging
import shutil
from pathlib import Path

import pytest

from rami_desktop import i18n
from rami_desktop.i18n import _, ngettext
from rami_desktop.resources import locales_dir

from .test_catalogs import PO_SAMPLE, compile_catalogs


def test_languages() -> None:
    assert i18n.LANGUAGES == {"en": "English", "fr": "Français", "ar_MA": "الدارجة"}
    assert i18n.is_rtl("ar_MA") and not i18n.is_rtl("fr") and not i18n.is_rtl("en")


def test_switch_applies_at_once() -> None:
    i18n.set_language("fr")
    assert i18n.current_language() == "fr" and not i18n.is_rtl()
    assert _("The round is over.") == "La manche est terminée."
    i18n.set_language("ar_MA")
    assert i18n.current_language() == "ar_MA" and i18n.is_rtl()
    assert _("The round is over.") == "الجولة سالات."
    i18n.set_language("en")
    assert _("The round is over.") == "The round is over."


def test_unknown_message_falls_back_to_english() -> None:
    i18n.set_language("ar_MA")
    assert _("A string nobody translated") == "A string nobody translated"
    assert ngettext("{n} thing", "{n} things", 1) == "{n} thing"
    assert ngettext("{n} thing", "{n} things", 5) == "{n} things"


def test_generation_and_listeners() -> None:
    seen: list[str] = []
    before = i18n.generation()
    i18n.add_listener(seen.append)
    try:
        i18n.set_language("fr")
        i18n.set_language("ar_MA")
    finally:
        i18n.remove_listener(seen.append)
    i18n.set_language("en")
    assert seen == ["fr", "ar_MA"]
    assert i18n.generation() == before + 3


def test_unknown_language() -> None:
    with pytest.raises(ValueError):
        i18n.set_language("xx")
    assert i18n.current_language() == "en"


def test_normalize_language(monkeypatch: pytest.MonkeyPatch) -> None:
    assert i18n.normalize_language("fr_FR.UTF-8") == "fr"
    assert i18n.normalize_language("ar") == "ar_MA"
    assert i18n.normalize_language("ary") == "ar_MA"
    assert i18n.normalize_language("en-GB") == "en"
    assert i18n.normalize_language("de_DE") is None
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_MA.UTF-8")
    assert i18n.system_language() == "fr"


def _sample_locales(tmp_path: Path) -> Path:
    folder = tmp_path / "src" / "ar_MA" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "rami.po").write_text(PO_SAMPLE, encoding="utf-8")
    compile_catalogs.compile_catalogs(tmp_path / "src", tmp_path / "locales")
    return tmp_path / "locales"


def test_six_plural_forms(tmp_path: Path) -> None:
    i18n.set_locales_dir(_sample_locales(tmp_path))
    i18n.set_language("ar_MA")
    forms = [ngettext("{n} card", "{n} cards", n).format(n=n) for n in (0, 1, 2, 3, 11, 100)]
    assert forms == ["حتى كارطة", "كارطة وحدة", "جوج كارطات", "3 كارطات", "11 كارطة", "100 كارطة"]
    assert i18n.pgettext("card", "Draw") == "سحب"
    assert i18n.npgettext("none", "{n} card", "{n} cards", 2) == "{n} cards"


def test_a_missing_or_damaged_catalog_shows_english(tmp_path: Path,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    """Only compiled catalogs are read: a language whose .mo is missing (a .po alone) or
    damaged shows the English source, says so in the log, and nothing is written."""
    target = tmp_path / "locales"
    (target / "fr" / "LC_MESSAGES").mkdir(parents=True)
    shutil.copy(ROOT / "locales" / "fr" / "LC_MESSAGES" / "rami.po",
                target / "fr" / "LC_MESSAGES" / "rami.po")
    (target / "ar_MA" / "LC_MESSAGES").mkdir(parents=True)
    (target / "ar_MA" / "LC_MESSAGES" / "rami.mo").write_bytes(b"not a catalog")
    i18n.set_locales_dir(target)
    with caplog.at_level(logging.WARNING, logger="rami_desktop.i18n"):
        for code in ("fr", "ar_MA"):
            i18n.set_language(code)
            assert _("Draw a card first.") == "Draw a card first."
    assert sum("no catalog for" in r.getMessage() for r in caplog.records) == 2
    assert sorted(p.name for p in target.rglob("*.*")) == ["rami.mo", "rami.po"]
    i18n.set_locales_dir(None)
    assert locales_dir() != target
    i18n.set_language("fr")
    assert _("Draw a card first.") == "Tire d\u2019abord une carte."


ROOT = Path(__file__).resolve().parents[2]
