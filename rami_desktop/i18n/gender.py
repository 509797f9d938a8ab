"""Words that follow who is addressed: a message in the form for her, for him, or gender-free.

A seat says how its player is spoken to: :data:`SHE`, :data:`HE` or :data:`UNSAID` (the
default: nobody chose). A message whose words change with that (darija's «سحب / سحبي»)
is marked with :func:`G_` (module level) or translated with :func:`gendered`; the catalogs then
hold it three times: in the context ``she``, in the context ``he``, and without a context, the
gender-free form an unsaid seat reads (``locales/README.md``). :func:`gendered` falls back to the
message without a context, so it may be called on any message.
"""

from __future__ import annotations

from rami_desktop.i18n import _, ngettext, npgettext, pgettext

SHE = "she"
HE = "he"
#: nobody said: the gender-free words
UNSAID = ""
#: every value a seat's gender may take, the default first
GENDERS: tuple[str, ...] = (UNSAID, SHE, HE)


def clean_gender(value: object) -> str:
    """A gender read from a file or a message: one of :data:`GENDERS`, anything else unsaid."""
    return value if isinstance(value, str) and value in GENDERS else UNSAID


def gendered(gender: str, message: str) -> str:
    """``message`` in the current language, in the form for ``gender`` (see the module)."""
    if gender in (SHE, HE):
        text = pgettext(gender, message)
        if text != message:
            return text
    return _(message)


def ngendered(gender: str, singular: str, plural: str, n: int) -> str:
    """A plural message in the form for ``gender`` (format ``{n}`` yourself)."""
    if gender in (SHE, HE):
        text = npgettext(gender, singular, plural, n)
        if text not in (singular, plural):
            return text
    return ngettext(singular, plural, n)


def G_(message: str) -> str:
    """Mark a message whose words follow the gender, without translating it now (translate it
    with :func:`gendered` where it is shown)."""
    return message


__all__ = ["GENDERS", "G_", "HE", "SHE", "UNSAID", "clean_gender", "gendered", "ngendered"]
