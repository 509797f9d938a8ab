"""Extract the game's strings with Babel and update the translation catalogs.

Usage (from the project root)::

    .venv/bin/python tools/update_catalogs.py           # extract, update .pot and .po, compile .mo
    .venv/bin/python tools/update_catalogs.py --check   # exit 1 if a string of the code is missing
                                                        # from the catalogs (nothing is written)
    .venv/bin/python tools/update_catalogs.py --check --strict   # also fail on untranslated/fuzzy
    .venv/bin/python tools/update_catalogs.py --compile # only compile the .mo files (into
                                                        # rami_desktop/locales, as the build does)

After an update, translate the new entries (empty ``msgstr``) of ``locales/fr/LC_MESSAGES/rami.po``
and ``locales/ar_MA/LC_MESSAGES/rami.po``, and remove any ``#, fuzzy`` line once checked.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog, Message

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
TEMPLATE = LOCALES / "rami.pot"
MAPPING = ROOT / "babel.cfg"
DOMAIN = "rami"
LANGS = ("fr", "ar_MA")
KEYWORDS = ("_", "ngettext:1,2", "pgettext:1c,2", "npgettext:1c,2,3", "N_")
#: messages whose words follow the gender of who is addressed (``rami_desktop.i18n.gender``):
#: each is written three times, in the contexts of :data:`GENDER_CONTEXTS` and without one
GENDER_KEYWORDS = ("gendered:2", "ngendered:2,3", "G_")
GENDER_CONTEXTS = ("she", "he")
WIDTH = 100
#: (nplurals, plural expression) per catalog. Babel does not know darija ("ary"): the catalog is
#: ar_MA, with Arabic's six plural forms.
PLURAL_FORMS = {
    "fr": (2, "(n > 1)"),
    "ar_MA": (6, "(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : "
                 "n%100>=11 ? 4 : 5)"),
}
HEADER = """\
# {language} translations of Rami (Moroccan rummy).
# This file is distributed under the same license as the Rami project.
# Update with: .venv/bin/python tools/update_catalogs.py
#"""
LANGUAGE_NAMES = {"fr": "French", "ar_MA": "Moroccan Arabic (darija)"}

sys.path.insert(0, str(ROOT))


def _babel() -> tuple[ModuleType, ModuleType, type[Catalog]]:
    try:
        from babel.messages import extract, pofile
        from babel.messages.catalog import Catalog
    except ImportError:
        sys.exit("update_catalogs: Babel is needed (pip install babel)")
    return extract, pofile, Catalog


def _keywords(specs: tuple[str, ...]) -> dict[str, object]:
    """Babel's keywords from ``name:1c,2`` specs (``c``: the context's argument)."""
    keywords: dict[str, object] = {}
    for spec in specs:
        name, _sep, args = spec.partition(":")
        if not args:
            keywords[name] = None
            continue
        parts: list[object] = []
        for arg in args.split(","):
            parts.append((int(arg[:-1]), "c") if arg.endswith("c") else int(arg))
        keywords[name] = tuple(parts)
    return keywords


def extract_template() -> Catalog:
    """Return a Babel catalog of every marked string under rami_desktop/ (a message marked as
    following the gender once without a context and once in each of :data:`GENDER_CONTEXTS`)."""
    extract, _pofile, Catalog = _babel()
    catalog = Catalog(project="Rami", version="0.1", charset="utf-8", fuzzy=False)
    from babel.messages.frontend import parse_mapping_cfg

    with MAPPING.open(encoding="utf-8") as handle:
        method_map, options_map = parse_mapping_cfg(handle, str(MAPPING))
    for specs, contexts in ((KEYWORDS, None), (GENDER_KEYWORDS, GENDER_CONTEXTS)):
        for filename, lineno, message, comments, context in extract.extract_from_dir(
                str(ROOT), method_map=method_map, options_map=options_map,
                keywords=_keywords(specs), comment_tags=("TRANSLATORS:",),
                strip_comment_tags=True):
            # the line is not written (include_lineno=False): a file appears once per message
            for each in (context, *(contexts or ())):
                catalog.add(message, None, [(filename, lineno)], auto_comments=comments,
                            context=each)
    return catalog


def _write(catalog: Catalog, path: Path, lang: str | None = None) -> None:
    _extract, pofile, _Catalog = _babel()
    if lang in PLURAL_FORMS:
        # Babel keeps these private; the header's Plural-Forms line is made from them.
        number, expression = PLURAL_FORMS[lang]
        vars(catalog).update(_num_plurals=number, _plural_expr=expression)
        catalog.header_comment = HEADER.format(language=LANGUAGE_NAMES[lang])
    buffer = io.BytesIO()
    pofile.write_po(buffer, catalog, width=WIDTH, include_lineno=False, ignore_obsolete=True,
                    omit_header=False)
    text = buffer.getvalue().decode("utf-8")
    if path.exists() and _undated(path.read_text(encoding="utf-8")) == _undated(text):
        return  # only the dates would change: keep the file as it is
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _undated(text: str) -> str:
    return "\n".join(line for line in text.splitlines()
                     if not line.startswith(('"POT-Creation-Date:', '"PO-Revision-Date:')))


def _read(path: Path, locale: str | None = None) -> Catalog:
    _extract, pofile, _Catalog = _babel()
    with path.open("rb") as handle:
        return pofile.read_po(handle, locale=locale)


def _ids(catalog: Catalog) -> set[tuple[str | None, str]]:
    ids = set()
    for message in catalog:
        if not message.id:
            continue
        msgid = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
        ids.add((message.context, msgid))
    return ids


def _po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def update() -> None:
    """Extract strings, rewrite the template and merge it into each language's catalog."""
    _extract, _pofile, Catalog = _babel()
    template = extract_template()
    _write(template, TEMPLATE)
    for lang in LANGS:
        path = _po_path(lang)
        if path.exists():
            catalog = _read(path, lang)
        else:
            catalog = Catalog(locale=lang, project="Rami",
                              version="0.1", charset="utf-8", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True)  # guesses were noise for short labels
        catalog.revision_date = template.creation_date
        _write(catalog, path, lang)
        todo = sum(1 for m in catalog if m.id and (m.fuzzy or not _is_translated(m)))
        print(f"{path.relative_to(ROOT)}: {len(_ids(catalog))} messages, {todo} to translate")
    compile_mo()


def _is_translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, (tuple, list)) else [message.string]
    return bool(strings) and all(strings)


def check(strict: bool) -> int:
    """Return 1 if a string of the code is missing from a catalog (or, if strict, untranslated)."""
    code_ids = _ids(extract_template())
    status = 0
    catalogs = [(TEMPLATE, None)] + [(_po_path(lang), lang) for lang in LANGS]
    for path, lang in catalogs:
        name = path.relative_to(ROOT)
        if not path.exists():
            print(f"{name}: missing")
            status = 1
            continue
        catalog = _read(path, lang)
        missing = code_ids - _ids(catalog)
        for context, msgid in sorted(missing, key=lambda item: (item[0] or "", item[1])):
            where = f" (context {context!r})" if context else ""
            print(f"{name}: missing {msgid!r}{where}")
        if missing:
            status = 1
        if lang is not None:
            todo = [m.id for m in catalog if m.id and (m.fuzzy or not _is_translated(m))]
            if todo:
                print(f"{name}: {len(todo)} untranslated or fuzzy")
                if strict:
                    status = 1
    if status:
        print("catalogs are not up to date: run  .venv/bin/python tools/update_catalogs.py")
    else:
        print("catalogs are up to date")
    return status


def compile_mo() -> None:
    """Compile every .po into the package (the build's compiler; .mo files are not committed)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        from compile_catalogs import compile_catalogs
    finally:
        sys.path.pop(0)
    for path in compile_catalogs():
        print(f"compiled {path.relative_to(ROOT)}")


def main(argv: list[str] | None = None) -> int:
    """Run the tool."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a string of the code is not in a catalog")
    parser.add_argument("--strict", action="store_true",
                        help="with --check: also fail on untranslated or fuzzy entries")
    parser.add_argument("--compile", action="store_true", help="only compile the .mo files")
    args = parser.parse_args(argv)
    if args.check:
        return check(args.strict)
    if args.compile:
        compile_mo()
        return 0
    update()
    return 0


if __name__ == "__main__":
    sys.exit(main())
