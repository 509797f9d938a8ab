"""Player names read from files get the same filter as names typed in the setup screen."""

from __future__ import annotations

from typing import Any

#: The longest name the setup screen's text field accepts.
MAX_NAME_LENGTH = 16


def clean_name(value: object) -> str | None:
    """Return a player name fit to show: printable characters only, at most 16 of them.

    Returns:
        The cleaned name, or None (the seat's default name) when ``value`` is not text or
        nothing printable is left.
    """
    if not isinstance(value, str):
        return None
    kept = "".join(" " if ch.isspace() else ch for ch in value if ch.isspace()
                   or ch.isprintable())  # one line: a line break or a tab is a space
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
