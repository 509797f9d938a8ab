"""The one rule for table codes, wherever a code is typed, read or made (``rami-host --code``,
``join --code``, a config file's ``code``, the codes the host makes; docs/dev/protocol.md,
"Limits").

A code is :data:`CODE_LENGTH` to :data:`CODE_MAX` signs of :data:`CODE_ALPHABET` (no 0/O,
1/I/L: read aloud and typed without mistakes). As typed, spaces and hyphens between the signs
are dropped and small letters read as capitals; anything else is refused, never repaired.
"""

from __future__ import annotations

#: the table code's signs (no 0/O, 1/I/L)
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
#: the shortest code: 31**10 codes, so that guessing at the host's cap takes thousands of years
#: (docs/dev/protocol.md, "Limits"); the host makes codes of this length
CODE_LENGTH = 10
#: the longest code
CODE_MAX = 16
#: what may stand between the signs as typed
SEPARATORS = " -"
#: the rule in words (``--help``, the refusals)
CODE_RULE = (f"{CODE_LENGTH} to {CODE_MAX} of {CODE_ALPHABET} (no 0, O, 1, I or L; "
             "spaces, hyphens and small letters are read)")

_SIGNS = frozenset(CODE_ALPHABET)


def read_code(text: str) -> str:
    """A table code as typed, in its canonical form.

    Raises:
        ValueError: not a code by the rule (the message says why, its characters escaped).
    """
    code = "".join(c for c in text if c not in SEPARATORS).upper()
    bad = sorted({c for c in code if c not in _SIGNS})
    if bad:
        shown = "".join(bad[:3]).encode("unicode_escape").decode("ascii")
        raise ValueError(f"the code holds {shown!r}: a code is {CODE_RULE}")
    if not CODE_LENGTH <= len(code) <= CODE_MAX:
        raise ValueError(f"the code has {len(code)} signs: a code is {CODE_RULE}")
    return code


__all__ = ["CODE_ALPHABET", "CODE_LENGTH", "CODE_MAX", "CODE_RULE", "read_code"]
