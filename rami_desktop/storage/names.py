"""Player names read from files get the same filter as names typed in the setup screen, and
how a player is spoken to (she, he or unsaid) is read back only as one of those."""

from __future__ import annotations

from typing import Any

#: The longest name the setup screen's text field accepts.
MAX_NAME_LENGTH = 16
#: The characters a name (and any typed text) may hold, as inclusive code point ranges: the
#: Latin, Greek, Cyrillic and Arabic letters the game's fonts draw, with the digits and the
#: punctuation of each. The bundle's fonts are cut down to these and the game's own texts
#: (tools/prepare_assets.py), so a character outside them is refused where it is typed and
#: dropped where it is read (a file, the network), never drawn as an empty box.
NAME_RANGES: tuple[tuple[int, int], ...] = (
    (0x0020, 0x007E),  # Basic Latin
    (0x00A0, 0x024F),  # Latin-1, Latin Extended-A and -B
    (0x0370, 0x03E1), (0x03F0, 0x03FF),  # Greek (less the Coptic letters)
    (0x0400, 0x04FF),  # Cyrillic
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese among others)
    (0x0600, 0x061C), (0x061E, 0x06FF),  # Arabic (U+061D is in no font of the game)
    (0x0750, 0x077F),  # Arabic Supplement
)


#: how a player may be spoken to (``rami_desktop.i18n.gender.GENDERS``; storage sits beside
#: i18n, not above it): ``""`` (unsaid), ``she``, ``he``
GENDERS: tuple[str, ...] = ("", "she", "he")


def clean_gender(value: object) -> str:
    """A gender read from a file: one of :data:`GENDERS`, anything else unsaid (``""``)."""
    return value if isinstance(value, str) and value in GENDERS else ""


def name_character(ch: str) -> bool:
    """Whether ``ch`` (one character) may be typed or kept in a name: printable and in
    :data:`NAME_RANGES`."""
    code = ord(ch)
    return ch.isprintable() and any(lo <= code <= hi for lo, hi in NAME_RANGES)


def clean_name(value: object) -> str | None:
    """Return a player name fit to show: characters the game draws only
    (:func:`name_character`), at most 16 of them.

    Returns:
        The cleaned name, or None (the seat's default name) when ``value`` is not text or
        nothing printable is left.
    """
    if not isinstance(value, str):
        return None
    kept = "".join(" " if ch.isspace() else ch for ch in value if ch.isspace()
                   or name_character(ch))  # one line: a line break or a tab is a space
    kept = " ".join(kept.split())[:MAX_NAME_LENGTH].strip()
    return kept or None


def clean_seat_names(seats: Any) -> Any:
    """Return a saved list of seats (``[name, kind, level]`` each) with every name cleaned.

    Anything that is not a list of seats is returned unchanged, for the loader to refuse.
    """
    if not isinstance(seats, list):
        return seats
    cleaned: list[Any] = []
    for seat in seats:
        if isinstance(seat, list) and seat:
            cleaned.append([clean_name(seat[0]), *seat[1:]])
        else:
            cleaned.append(seat)
    return cleaned
