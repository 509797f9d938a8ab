"""Every language loads its catalog and translates what it has translated."""

from __future__ import annotations

import struct

from .report import require

MO_MAGIC = 0x950412DE


def mo_messages(data: bytes) -> dict[str, str]:
    """The messages of a compiled (GNU ``.mo``) catalog: original to translation."""
    order = "<" if struct.unpack("<I", data[:4])[0] == MO_MAGIC else ">"
    _rev, count, originals, translations = struct.unpack(f"{order}4I", data[4:20])
    out: dict[str, str] = {}
    for i in range(count):
        olen, ooff = struct.unpack(f"{order}2I", data[originals + 8 * i:originals + 8 * i + 8])
        tlen, toff = struct.unpack(f"{order}2I",
                                   data[translations + 8 * i:translations + 8 * i + 8])
        key = data[ooff:ooff + olen].decode("utf-8")
        out[key] = data[toff:toff + tlen].decode("utf-8")
    return out


def check_languages() -> str:
    """Every language's catalog is there, compiled by the build, and translates."""
    from rami_desktop import i18n
    from rami_desktop.resources import locales_dir

    found = []
    try:
        for code in i18n.LANGUAGES:
            if code == "en":
                continue
            mo = locales_dir() / code / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
            require(mo.is_file(), f"no compiled catalog {mo} (pip install . compiles them)")
            data = mo.read_bytes()
            messages = {k: v for k, v in mo_messages(data).items()
                        if k and "\x04" not in k and "\x00" not in k}
            require(len(messages) >= 10, f"catalog {code} has only {len(messages)} messages")
            i18n.set_language(code)
            wrong = [k for k, v in messages.items() if i18n._(k) != v]
            require(not wrong, f"{code}: {len(wrong)} messages not translated, e.g. {wrong[:2]}")
            found.append(f"{code} ({len(messages)} messages)")
    finally:
        i18n.set_language("en")
    return ", ".join(found)

