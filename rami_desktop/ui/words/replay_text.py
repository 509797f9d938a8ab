"""What a round file that cannot be replayed is told in words (the storage's problem codes of
:mod:`rami_desktop.storage.round_files`)."""

from __future__ import annotations

from rami_desktop.i18n import N_, _
from rami_desktop.storage import round_files

_TEXTS = {
    round_files.MISSING: N_("The round file is not there any more."),
    round_files.NOT_A_FILE: N_("This is not a round file (a folder or a device)."),
    round_files.TOO_LARGE: N_("The round file is too large to be a round."),
    round_files.DAMAGED: N_("The round file is damaged: it cannot be replayed."),
    round_files.UNREADABLE: N_("The round file cannot be read (its permissions?)."),
    round_files.NEWER: N_("The round was kept by a newer version of Rami."),
}


def round_problem_text(problem: str | None) -> str:
    """A round file's problem in words (any unknown code reads as a damaged file)."""
    return _(_TEXTS.get(problem or "", _TEXTS[round_files.DAMAGED]))


__all__ = ["round_problem_text"]
