"""How a player is spoken to: a seat's gender, ``she``, ``he`` or unsaid (``locales/README.md``).

Where a sentence addresses a player or names one, its words follow the player: in the form for
her, for him, or, when nobody said (the default), in words that fit a woman and a man alike.
"""

from __future__ import annotations

SHE = "she"
HE = "he"
#: nobody said: the gender-free words
UNSAID = ""
#: every value a seat's gender may take, the default first
GENDERS: tuple[str, ...] = (UNSAID, SHE, HE)


def clean_gender(value: object) -> str:
    """A gender read from a file or a message: one of :data:`GENDERS`, anything else unsaid."""
    return value if isinstance(value, str) and value in GENDERS else UNSAID


__all__ = ["GENDERS", "HE", "SHE", "UNSAID", "clean_gender"]
