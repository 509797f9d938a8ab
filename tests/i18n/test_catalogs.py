"""The catalogs: complete, well-formed, fresh, and compiled the same with or without Babel."""

from __future__ import annotations

import gettext
import io
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from rami_desktop.i18n import LANGUAGES
from rami_desktop.i18n.catalogs import PoEntry, compile_all, mo_bytes, parse_po_text, read_po
from rami_desktop.resources import locales_dir

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [code for code in LANGUAGES if code != "en"]
AR_PLURAL = ("nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : "
             "n%100>=11 ? 4 : 5);")


def _po(code: str) -> Path:
    return locales_dir() / code / "LC_MESSAGES" / "rami.po"


def _messages(code: str) -> list[PoEntry]:
    return [e for e in read_po(_po(code)) if e.msgid and not e.obsolete]


def _fields(text: str) -> set[str]:
    """The named placeholders of a format string (raises on a positional or broken one)."""
    names = set()
    for _literal, name, _spec, _conv in string.Formatter().parse(text):
        if name is None:
            continue
        if name == "" or name.isdigit():
            raise AssertionError(f"positional placeholder in {text!r}: use {{name}}")
        names.add(re.split(r"[.\[]", name)[0])
    return names


def _label(entry: PoEntry) -> str:
    return f"{entry.msgctxt + ': ' if entry.msgctxt else ''}{entry.msgid!r}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated(code: str) -> None:
    missing = [_label(e) for e in _messages(code) if not e.translated or e.fuzzy]
    assert not missing, (f"{code}: {len(missing)} untranslated or fuzzy (translate them in "
                         f"{_po(code).relative_to(locales_dir().parent)}): {missing[:10]}")


@pytest.mark.parametrize("code", TRANSLATED)
def test_placeholders_match(code: str) -> None:
    problems = []
    for entry in _messages(code):
        if not entry.translated or entry.fuzzy:
            continue  # reported by test_every_message_is_translated
        if entry.msgid_plural is None:
            source = _fields(entry.msgid)
            if _fields(entry.msgstr[0]) != source:
                problems.append(_label(entry))
            continue
        allowed = _fields(entry.msgid) | _fields(entry.msgid_plural)
        *few, other = entry.msgstr
        if _fields(other) != allowed:  # the general form ("{n} cards") names everything
            problems.append(f"{_label(entry)} -> {other!r}")
        for form in few:  # a form for one number may say it in words ("one card", "two cards")
            got = _fields(form)
            if not got <= allowed or len(allowed - got) > 1:
                problems.append(f"{_label(entry)} -> {form!r}")
    assert not problems, f"{code}: placeholders differ from the English: {problems}"


def test_source_strings_use_named_placeholders() -> None:
    for entry in read_po(locales_dir() / "rami.pot"):
        _fields(entry.msgid)
        if entry.msgid_plural:
            _fields(entry.msgid_plural)


@pytest.mark.parametrize(("code", "nplurals"), [("fr", 2), ("ar_MA", 6)])
def test_plural_forms(code: str, nplurals: int) -> None:
    header = next(e for e in read_po(_po(code)) if e.msgid == "")
    found = re.search(r"Plural-Forms: *([^\n]*)", header.msgstr[0])
    assert found is not None
    forms = found.group(1).strip()
    if code == "ar_MA":
        assert forms == AR_PLURAL
    for entry in _messages(code):
        if entry.msgid_plural is not None:
            assert len(entry.msgstr) == nplurals, _label(entry)


def test_ar_ma_plural_rule() -> None:
    header = next(e for e in read_po(_po("ar_MA")) if e.msgid == "")
    forms = PoEntry("{n} form", [str(k) for k in range(6)], "{n} forms")  # each says its index
    translations = gettext.GNUTranslations(io.BytesIO(mo_bytes([header, forms])))
    assert [int(translations.ngettext("{n} form", "{n} forms", n))
            for n in (0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111)] == [
        0, 1, 2, 3, 3, 4, 4, 5, 5, 3, 4]


def test_catalogs_are_fresh() -> None:
    """Every string of the code is in the catalogs, translated, none fuzzy
    (tools/update_catalogs.py --check --strict)."""
    pytest.importorskip("babel")
    result = subprocess.run([sys.executable, str(ROOT / "tools" / "update_catalogs.py"), "--check",
                             "--strict"], capture_output=True, text=True, cwd=ROOT, check=False)
    assert result.returncode == 0, (
        "strings missing or untranslated; run .venv/bin/python tools/update_catalogs.py and "
        "translate the new entries\n"
        + result.stdout + result.stderr)


@pytest.mark.parametrize("code", TRANSLATED)
def test_compiler_agrees_with_babel(code: str) -> None:
    pofile = pytest.importorskip("babel.messages.pofile")
    mofile = pytest.importorskip("babel.messages.mofile")
    with _po(code).open("rb") as handle:
        catalog = pofile.read_po(handle)
    buffer = io.BytesIO()
    mofile.write_mo(buffer, catalog)
    babel = gettext.GNUTranslations(io.BytesIO(buffer.getvalue()))
    ours = gettext.GNUTranslations(io.BytesIO(mo_bytes(read_po(_po(code)))))
    for entry in _messages(code):
        if not entry.translated or entry.fuzzy:
            continue  # untranslated: we leave it out (English fallback), Babel differs
        if entry.msgid_plural is None:
            for get in (babel, ours):
                assert (get.pgettext(entry.msgctxt, entry.msgid) if entry.msgctxt
                        else get.gettext(entry.msgid)) == (entry.msgstr[0] or entry.msgid)
        else:
            for n in range(0, 30):
                assert ours.ngettext(entry.msgid, entry.msgid_plural, n) == babel.ngettext(
                    entry.msgid, entry.msgid_plural, n)


PO_SAMPLE = r'''# a comment
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"
"Plural-Forms: nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : "
"n%100>=11 ? 4 : 5);\n"

#: somewhere.py
msgid "Hello {name}"
msgstr "سلام "
"{name}"

msgctxt "card"
msgid "Draw"
msgstr "سحب"

msgid "Draw"
msgstr "تعادل"

msgid "{n} card"
msgid_plural "{n} cards"
msgstr[0] "حتى كارطة"
msgstr[1] "كارطة وحدة"
msgstr[2] "جوج كارطات"
msgstr[3] "{n} كارطات"
msgstr[4] "{n} كارطة"
msgstr[5] "{n} كارطة"

#, fuzzy
msgid "Unchecked"
msgstr "ماشي مزيان"

msgid "Empty"
msgstr ""

msgid "Quote \"and\" tab\t"
msgstr "Guillemet \"et\" tab\t"

#~ msgid "Old"
#~ msgstr "قديم"
'''


def test_parse_and_compile_sample(tmp_path: Path) -> None:
    entries = parse_po_text(PO_SAMPLE)
    assert [e.msgid for e in entries] == ["", "Hello {name}", "Draw", "Draw", "{n} card",
                                          "Unchecked", "Empty", 'Quote "and" tab\t', "Old"]
    assert entries[-1].obsolete and entries[5].fuzzy and entries[2].msgctxt == "card"
    translations = gettext.GNUTranslations(io.BytesIO(mo_bytes(entries)))
    assert translations.gettext("Hello {name}") == "سلام {name}"
    assert translations.pgettext("card", "Draw") == "سحب"
    assert translations.gettext("Draw") == "تعادل"
    assert translations.gettext("Unchecked") == "Unchecked"  # fuzzy: left out, like msgfmt
    assert translations.gettext("Empty") == "Empty"
    assert translations.gettext("Old") == "Old"
    assert translations.gettext('Quote "and" tab\t') == 'Guillemet "et" tab\t'
    assert [translations.ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2, 5, 11, 100)] == [
        "حتى كارطة", "كارطة وحدة", "جوج كارطات", "{n} كارطات", "{n} كارطة", "{n} كارطة"]
    folder = tmp_path / "locales" / "ar_MA" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "rami.po").write_text(PO_SAMPLE, encoding="utf-8")
    written = compile_all(tmp_path / "locales")
    assert written == [folder / "rami.mo"]
    with written[0].open("rb") as handle:
        assert gettext.GNUTranslations(handle).pgettext("card", "Draw") == "سحب"


def test_compile_to_another_folder(tmp_path: Path) -> None:
    written = compile_all(locales_dir(), out_dir=tmp_path)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in written) == [
        f"{code}/LC_MESSAGES/rami.mo" for code in sorted(TRANSLATED)]
