"""A rule option declared once, on its field of :class:`~rami_desktop.engine.rules.Rules`.

Each field but ``preset`` carries an :class:`Option` in its metadata (written with
:func:`option`): its label and the labels of its values, its range and step, where the rules help
tells it, its number in deal codes, and the first protocol and save versions that know it. The
rules check, the setup, the rules help, the deal codes, the network host and the autosave all
read it from there (``docs/dev/adding-a-rule-option.md``).

The engine never translates: :func:`N_` only marks the words for the catalogs; the screens
translate them where they show them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, dataclass, field
from enum import Enum
from typing import Any

#: the metadata key of an option's declaration on its field
KEY = "rami_option"


def N_(message: str) -> str:
    """Mark words for the catalogs; they are translated where they are shown."""
    return message


@dataclass(frozen=True)
class Option:
    """What the game knows of one rule option besides its value.

    Attributes:
        label: its name in the setup (English, marked for the catalogs).
        code: its number in deal codes: never changed, never given to another option (old codes
            keep their meaning).
        help: the key of the rules help's section that tells it
            (:data:`rami_desktop.i18n.rules_help.SECTION_KEYS`).
        lo: a number's least value (the rules refuse less; the setup's stepper starts there).
        hi: a number's greatest value.
        step: a number's step in the setup.
        values: the usual values the setup's stepper goes through (None: every step).
        choices: the label of each value of a choice.
        told: the sentence its help section adds when a switch is on (None: the section's own
            words tell it); a number or a choice is named by its field, ``{target}``.
        since: the first protocol version that knows it (``net/wire/protocol.py``).
        saved: the first save version that knows it (``storage/saves.py``).
        first: its place among the options the setup shows first (0: under "All rules").
        needs: a switch without which it means nothing (the setup hides it then).
    """

    label: str
    code: int
    help: str
    lo: int | None = None
    hi: int | None = None
    step: int = 1
    values: tuple[int, ...] | None = None
    choices: Mapping[Enum, str] = field(default_factory=dict)
    told: str | None = None
    since: int = 1
    saved: int = 1
    first: int = 0
    needs: str | None = None

    def bounds(self) -> tuple[int, int]:
        """A number's (least, greatest) value.

        Raises:
            ValueError: the option declares no range (it is no number).
        """
        if self.lo is None or self.hi is None:
            raise ValueError(f"option {self.label!r} has no range")
        return self.lo, self.hi

    def label_of(self, value: Enum) -> str:
        """The label of a choice's value (its own value when it has none)."""
        return self.choices.get(value, str(value.value))


def option(label: str, *, code: int, help: str, lo: int | None = None, hi: int | None = None,
           step: int = 1, values: tuple[int, ...] | None = None,
           choices: Mapping[Enum, str] | None = None, told: str | None = None, since: int = 1,
           saved: int = 1, first: int = 0, needs: str | None = None) -> dict[str, Any]:
    """The metadata of a rule option's field (see :class:`Option`)."""
    if (lo is None) != (hi is None) or (lo is not None and hi is not None and lo > hi):
        raise ValueError(f"option {label!r}: a range needs lo <= hi")
    return {KEY: Option(label, code, help, lo, hi, step, values, dict(choices or {}), told,
                        since, saved, first, needs)}


def option_of(f: Field[Any]) -> Option | None:
    """The declaration on a field (None: the field is no rule option)."""
    found = f.metadata.get(KEY)
    return found if isinstance(found, Option) else None
