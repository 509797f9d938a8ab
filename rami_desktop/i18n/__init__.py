"""Translation: gettext catalogs with English as the source and fallback.

Every user-facing string goes through :func:`_` (or :func:`ngettext`), with named placeholders
only: ``_("{name} draws").format(name=...)``. Call ``_()`` at draw time, never at import time,
so that :func:`set_language` shows at once; mark module-level strings with :func:`N_` and
translate them with ``_()`` where they are drawn.

Catalogs are written as ``locales/<code>/LC_MESSAGES/rami.po`` and compiled by the build
(``tools/compile_catalogs.py``, Babel) into ``.mo`` files in the package, found through
:func:`rami_desktop.resources.locales_dir`; a language without its ``.mo`` shows in English.
"""

from __future__ import annotations

import contextlib
import gettext
import locale
import logging
import os
from collections.abc import Callable, Sequence
from pathlib import Path

__all__ = [
    "LANGUAGES",
    "N_",
    "RTL_LANGUAGES",
    "_",
    "add_listener",
    "current_language",
    "generation",
    "is_rtl",
    "ngettext",
    "normalize_language",
    "npgettext",
    "pgettext",
    "reload_catalogs",
    "remove_listener",
    "set_language",
    "set_locales_dir",
    "system_language",
]

#: Language code -> name shown to the user, in that language. English is the source language.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "fr": "Français",
    "ar_MA": "الدارجة",
}
#: Languages written right to left.
RTL_LANGUAGES: frozenset[str] = frozenset({"ar_MA"})

_ALIASES = {"ar": "ar_MA", "ary": "ar_MA", "ary_MA": "ar_MA", "darija": "ar_MA"}

_current = "en"
_translations: gettext.NullTranslations = gettext.NullTranslations()
_cache: dict[str, gettext.NullTranslations] = {}
_generation = 0
_listeners: list[Callable[[str], None]] = []
_locales_override: Path | None = None

DOMAIN = "rami"
log = logging.getLogger(__name__)


def normalize_language(code: str | None) -> str | None:
    """Return the supported language code for ``code`` ("fr_FR.UTF-8" -> "fr"), or None."""
    if not code:
        return None
    code = code.split(".")[0].split("@")[0].replace("-", "_")
    if code in LANGUAGES:
        return code
    if code in _ALIASES:
        return _ALIASES[code]
    base = code.split("_")[0].lower()
    if base in LANGUAGES:
        return base
    return _ALIASES.get(base)


def system_language() -> str:
    """Return the supported language closest to the system locale ("en" if none)."""
    candidates = [os.environ.get(name) for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    with contextlib.suppress(ValueError):
        candidates.append(locale.getlocale()[0])
    for value in candidates:
        for part in (value or "").split(":"):
            code = normalize_language(part)
            if code:
                return code
    return "en"


def _locales_dir() -> Path:
    if _locales_override is not None:
        return _locales_override
    from rami_desktop.resources import locales_dir

    return locales_dir()


def set_locales_dir(path: Path | str | None) -> None:
    """Read catalogs from another folder (tests, tools); None restores the bundled one."""
    global _locales_override
    _locales_override = Path(path) if path is not None else None
    reload_catalogs()


def _load(code: str) -> gettext.NullTranslations:
    """Return the translations of a language, English (the msgids) where a message is missing."""
    if code == "en":
        return gettext.NullTranslations()
    mo = _locales_dir() / code / "LC_MESSAGES" / f"{DOMAIN}.mo"
    try:
        with mo.open("rb") as handle:
            translations: gettext.NullTranslations = gettext.GNUTranslations(handle)
    except (OSError, ValueError, UnicodeDecodeError) as exc:
        log.warning("no catalog for %s (%s): the game shows English", code, exc)
        return gettext.NullTranslations()
    translations.add_fallback(gettext.NullTranslations())
    return translations


def reload_catalogs() -> None:
    """Forget loaded catalogs and reload the current language (after a catalog changed)."""
    global _translations, _generation
    _cache.clear()
    _translations = _translations_for(_current)
    _generation += 1
    _notify()


def _translations_for(code: str) -> gettext.NullTranslations:
    if code not in _cache:
        _cache[code] = _load(code)
    return _cache[code]


def _notify() -> None:
    for listener in list(_listeners):
        listener(_current)


def set_language(code: str) -> None:
    """Switch the language at once (no restart); listeners are called, the generation grows.

    Raises:
        ValueError: the language is not one of :data:`LANGUAGES`.
    """
    global _current, _translations, _generation
    normal = normalize_language(code)
    if normal is None:
        raise ValueError(f"unknown language {code!r}")
    _translations = _translations_for(normal)
    _current = normal
    _generation += 1
    _notify()


def current_language() -> str:
    """Return the current language code (a key of :data:`LANGUAGES`)."""
    return _current


def is_rtl(code: str | None = None) -> bool:
    """Whether a language (the current one by default) is written right to left."""
    return (code or _current) in RTL_LANGUAGES


def generation() -> int:
    """Return a counter that grows at each language change: put it in cache keys of text."""
    return _generation


def add_listener(listener: Callable[[str], None]) -> None:
    """Call ``listener(code)`` after each language change."""
    if listener not in _listeners:
        _listeners.append(listener)


def remove_listener(listener: Callable[[str], None]) -> None:
    """Stop calling a listener added by :func:`add_listener`."""
    if listener in _listeners:
        _listeners.remove(listener)


def _(message: str) -> str:
    """Translate a message into the current language."""
    return _translations.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message with a plural form chosen by ``n`` (format ``{n}`` yourself)."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Translate a message in a context (the same English word with two meanings)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """Translate a plural message in a context."""
    return _translations.npgettext(context, singular, plural, n)


def every_translation(message: str, contexts: Sequence[str | None] = (None,)
                      ) -> frozenset[str]:
    """A message in each language of the game, English included, in each of ``contexts``
    (None: no context), to recognise a text the game wrote in another language, such as a
    seat's default name."""
    out = {message}
    for code in LANGUAGES:
        translations = _translations_for(code)
        out |= {translations.gettext(message) if context is None
                else translations.pgettext(context, message) for context in contexts}
    return frozenset(out)


def N_(message: str) -> str:
    """Mark a message for extraction without translating it now (translate it at draw time)."""
    return message
