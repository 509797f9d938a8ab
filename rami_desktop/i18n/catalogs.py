"""Gettext catalogs without Babel: read ``.po`` files and write ``.mo`` files in pure Python.

This module uses only the standard library, so the game can read its catalogs at run time
without Babel, and ``setup.py`` can load it by path to compile catalogs while building a wheel.
Like ``msgfmt``, compiling leaves out fuzzy, obsolete and untranslated entries (gettext then
falls back to the English source).
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from pathlib import Path

DOMAIN = "rami"


@dataclass
class PoEntry:
    """One message of a ``.po`` file."""

    msgid: str
    msgstr: list[str] = field(default_factory=list)
    msgid_plural: str | None = None
    msgctxt: str | None = None
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False

    @property
    def fuzzy(self) -> bool:
        """Whether the translation is marked fuzzy (unchecked)."""
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        """Whether every form has a non-empty translation."""
        return bool(self.msgstr) and all(self.msgstr)


def _unquote(text: str, path: Path, lineno: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"{path}:{lineno}: expected a quoted string")
    try:
        value = ast.literal_eval(text)
    except (SyntaxError, ValueError) as exc:
        raise ValueError(f"{path}:{lineno}: bad string {text!r}") from exc
    if not isinstance(value, str):
        raise ValueError(f"{path}:{lineno}: bad string {text!r}")
    return value


def parse_po_text(text: str, path: Path | str = "<po>") -> list[PoEntry]:
    """Parse the text of a ``.po`` file into entries (the header is the entry with msgid "")."""
    path = Path(path)
    entries: list[PoEntry] = []
    fields_: dict[str, str] = {}
    plurals: dict[int, str] = {}
    flags: set[str] = set()
    obsolete = False
    current: tuple[str, int] | None = None  # ("msgid", -1) or ("msgstr", index)

    def flush() -> None:
        nonlocal fields_, plurals, flags, obsolete, current
        if "msgid" in fields_:
            if plurals:
                msgstr = [plurals.get(i, "") for i in range(max(plurals) + 1)]
            else:
                msgstr = [fields_.get("msgstr", "")]
            entries.append(PoEntry(msgid=fields_["msgid"], msgstr=msgstr,
                                   msgid_plural=fields_.get("msgid_plural"),
                                   msgctxt=fields_.get("msgctxt"), flags=flags,
                                   obsolete=obsolete))
        fields_, plurals, flags, obsolete, current = {}, {}, set(), False, None

    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        is_obsolete = line.startswith("#~")
        if is_obsolete:
            line = line[2:].strip()
        if not line:
            if not is_obsolete:
                flush()
            continue
        if line.startswith("#"):
            if current is not None and current[0] == "msgstr":
                flush()
            if line.startswith("#,"):
                flags |= {f.strip() for f in line[2:].split(",") if f.strip()}
            continue
        keyword, _, rest = line.partition(" ")
        if line.startswith('"'):
            if current is None:
                raise ValueError(f"{path}:{lineno}: string outside an entry")
            value = _unquote(line, path, lineno)
            name, index = current
            if name == "msgstr" and index >= 0:
                plurals[index] += value
            else:
                fields_[name] = fields_.get(name, "") + value
            continue
        if keyword in ("msgctxt", "msgid") and current is not None and current[0] == "msgstr":
            flush()
        obsolete = obsolete or is_obsolete
        if keyword.startswith("msgstr[") and keyword.endswith("]"):
            index = int(keyword[7:-1])
            plurals[index] = _unquote(rest, path, lineno)
            current = ("msgstr", index)
        elif keyword in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
            fields_[keyword] = _unquote(rest, path, lineno)
            current = (keyword, -1)
        else:
            raise ValueError(f"{path}:{lineno}: unknown keyword {keyword!r}")
    flush()
    return entries


def read_po(path: Path | str) -> list[PoEntry]:
    """Read a ``.po`` file."""
    path = Path(path)
    return parse_po_text(path.read_text(encoding="utf-8"), path)


def mo_bytes(entries: list[PoEntry]) -> bytes:
    """Return the GNU ``.mo`` image of the translated, non-fuzzy entries (header always kept)."""
    pairs: dict[bytes, bytes] = {}
    for entry in entries:
        if entry.obsolete:
            continue
        is_header = entry.msgid == "" and entry.msgctxt is None
        if not is_header and (entry.fuzzy or not entry.translated):
            continue
        key = entry.msgid
        if entry.msgid_plural is not None:
            key += "\0" + entry.msgid_plural
        if entry.msgctxt is not None:
            key = entry.msgctxt + "\x04" + key
        pairs[key.encode("utf-8")] = "\0".join(entry.msgstr).encode("utf-8")
    keys = sorted(pairs)
    count = len(keys)
    header_size = 7 * 4
    ids_offset = header_size
    strs_offset = ids_offset + count * 8
    data_offset = strs_offset + count * 8
    ids_table: list[int] = []
    strs_table: list[int] = []
    blob = bytearray()
    for msgid in keys:
        ids_table += [len(msgid), data_offset + len(blob)]
        blob += msgid + b"\0"
    for msgid in keys:
        value = pairs[msgid]
        strs_table += [len(value), data_offset + len(blob)]
        blob += value + b"\0"
    head = struct.pack("<7I", 0x950412DE, 0, count, ids_offset, strs_offset, 0, data_offset)
    tables = struct.pack(f"<{4 * count}I", *ids_table, *strs_table)
    return head + tables + bytes(blob)


def compile_po(po_path: Path | str, mo_path: Path | str | None = None) -> Path:
    """Compile one ``.po`` file to ``.mo`` (next to it unless ``mo_path`` is given)."""
    po_path = Path(po_path)
    target = Path(mo_path) if mo_path is not None else po_path.with_suffix(".mo")
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(mo_bytes(read_po(po_path)))
    return target


def po_files(locales_dir: Path | str, domain: str = DOMAIN) -> list[Path]:
    """Return the ``<lang>/LC_MESSAGES/<domain>.po`` files of a locales folder."""
    return sorted(Path(locales_dir).glob(f"*/LC_MESSAGES/{domain}.po"))


def compile_all(locales_dir: Path | str, out_dir: Path | str | None = None,
                domain: str = DOMAIN) -> list[Path]:
    """Compile every catalog of ``locales_dir``.

    Args:
        locales_dir: folder holding ``<lang>/LC_MESSAGES/<domain>.po``.
        out_dir: where to write the same tree of ``.mo`` files; next to the ``.po`` if None.
        domain: the gettext domain.

    Returns:
        The ``.mo`` files written.
    """
    locales_dir = Path(locales_dir)
    written = []
    for po in po_files(locales_dir, domain):
        rel = po.relative_to(locales_dir).with_suffix(".mo")
        target = Path(out_dir) / rel if out_dir is not None else locales_dir / rel
        written.append(compile_po(po, target))
    return written


def mo_is_stale(po_path: Path | str) -> bool:
    """Whether the ``.mo`` next to a ``.po`` is missing or older than it."""
    po_path = Path(po_path)
    mo_path = po_path.with_suffix(".mo")
    return not mo_path.exists() or mo_path.stat().st_mtime < po_path.stat().st_mtime
