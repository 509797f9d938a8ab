"""The catalogs' sources as the tests read them: Babel's ``.po`` reader, one entry a message."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from babel.messages import pofile

ROOT = Path(__file__).resolve().parent.parent
#: the sources of the catalogs (the game reads the ``.mo`` files the build compiles from them)
LOCALES = ROOT / "locales"


@dataclass
class PoEntry:
    """One message of a ``.po`` file (the header is the entry whose msgid is "")."""

    msgid: str
    msgstr: list[str] = field(default_factory=list)
    msgid_plural: str | None = None
    msgctxt: str | None = None
    fuzzy: bool = False

    @property
    def translated(self) -> bool:
        """Whether every form has a non-empty translation."""
        return bool(self.msgstr) and all(self.msgstr)


def po_path(code: str) -> Path:
    """The catalog source of a language."""
    return LOCALES / code / "LC_MESSAGES" / "rami.po"


def read_po(path: Path) -> list[PoEntry]:
    """The messages of a ``.po`` or ``.pot`` file, the header first (obsolete ones left out)."""
    with path.open("rb") as handle:
        catalog = pofile.read_po(handle)
    out = []
    for message in catalog:
        ids = message.id if isinstance(message.id, (tuple, list)) else (message.id,)
        strings = (list(message.string) if isinstance(message.string, (tuple, list))
                   else [message.string or ""])
        if message.id == "":
            strings = ["".join(f"{k}: {v}\n" for k, v in catalog.mime_headers)]
        out.append(PoEntry(ids[0], strings, ids[1] if len(ids) > 1 else None, message.context,
                           message.fuzzy and message.id != ""))
    return out
