"""The catalogs: complete, well-formed, fresh, and compiled by the build's one compiler
(``tools/compile_catalogs.py``, Babel) into what the game reads."""

from __future__ import annotations

import gettext
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from catalog_sources import LOCALES, PoEntry, po_path, read_po

from rami_desktop import i18n
from rami_desktop.i18n import LANGUAGES
from rami_desktop.resources import locales_dir

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import compile_catalogs  # noqa: E402  (a build tool, loaded by path like setup.py does)

sys.path.pop(0)
TRANSLATED = [code for code in LANGUAGES if code != "en"]
AR_PLURAL = ("nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : "
             "n%100>=11 ? 4 : 5);")


def _po(code: str) -> Path:
    return po_path(code)


def _messages(code: str) -> list[PoEntry]:
    return [e for e in read_po(_po(code)) if e.msgid]


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
                         f"{_po(code).relative_to(ROOT)}): {missing[:10]}")


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
    for entry in read_po(LOCALES / "rami.pot"):
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


def test_ar_ma_plural_rule(tmp_path: Path) -> None:
    header = next(e for e in read_po(_po("ar_MA")) if e.msgid == "")
    plural = re.search(r"Plural-Forms: *([^\n]*)", header.msgstr[0])
    assert plural is not None
    folder = tmp_path / "src" / "ar_MA" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "rami.po").write_text(
        f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        f'"Plural-Forms: {plural.group(1)}\\n"\n\nmsgid "{{n}} form"\nmsgid_plural "{{n}} forms"\n'
        + "".join(f'msgstr[{k}] "{k}"\n' for k in range(6)), encoding="utf-8")
    [mo] = compile_catalogs.compile_catalogs(tmp_path / "src", tmp_path / "out")
    with mo.open("rb") as handle:
        translations = gettext.GNUTranslations(handle)
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
def test_the_game_reads_what_the_build_compiled(code: str) -> None:
    """Every translated message of the source reaches the game through the compiled .mo."""
    i18n.set_language(code)
    for entry in _messages(code):
        if entry.msgid_plural is None:
            got = (i18n.pgettext(entry.msgctxt, entry.msgid) if entry.msgctxt
                   else i18n._(entry.msgid))
            assert got == entry.msgstr[0], entry.msgid
        elif entry.msgctxt:
            got = i18n.npgettext(entry.msgctxt, entry.msgid, entry.msgid_plural, 1)
            assert got in entry.msgstr, entry.msgid
        else:
            assert i18n.ngettext(entry.msgid, entry.msgid_plural, 1) in entry.msgstr


def test_no_source_left_uncompiled() -> None:
    """Each .po has its .mo in the package folder the game reads, none older than its source."""
    assert locales_dir() == ROOT / "rami_desktop" / "locales"
    assert compile_catalogs.po_files() and not compile_catalogs.stale()


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


def test_compile_sample(tmp_path: Path) -> None:
    """Fuzzy and untranslated entries are left out (English shows), contexts and plurals kept."""
    folder = tmp_path / "locales" / "ar_MA" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "rami.po").write_text(PO_SAMPLE, encoding="utf-8")
    written = compile_catalogs.compile_catalogs(tmp_path / "locales", tmp_path / "out")
    assert written == [tmp_path / "out" / "ar_MA" / "LC_MESSAGES" / "rami.mo"]
    with written[0].open("rb") as handle:
        translations = gettext.GNUTranslations(handle)
    assert translations.gettext("Hello {name}") == "سلام {name}"
    assert translations.pgettext("card", "Draw") == "سحب"
    assert translations.gettext("Draw") == "تعادل"
    assert translations.gettext("Unchecked") == "Unchecked"  # fuzzy: left out, like msgfmt
    assert translations.gettext("Empty") == "Empty"
    assert translations.gettext("Old") == "Old"
    assert translations.gettext('Quote "and" tab\t') == 'Guillemet "et" tab\t'
    assert [translations.ngettext("{n} card", "{n} cards", n) for n in (0, 1, 2, 5, 11, 100)] == [
        "حتى كارطة", "كارطة وحدة", "جوج كارطات", "{n} كارطات", "{n} كارطة", "{n} كارطة"]


def test_a_broken_po_stops_the_build(tmp_path: Path) -> None:
    folder = tmp_path / "locales" / "fr" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "rami.po").write_text('msgid "a"\nmsgstr "b"\nmsgtxt "c"\n', encoding="utf-8")
    with pytest.raises(Exception, match="keyword"):
        compile_catalogs.compile_catalogs(tmp_path / "locales", tmp_path / "out")
