"""Saying, in words, what happened to the autosave: a save that failed during play (once, the
game keeps trying after each move) and a save that cannot be continued (a newer version)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rami_desktop.i18n import N_, _
from rami_desktop.storage import problems
from rami_desktop.ui.problems_text import problem_text
from rami_desktop.ui.routes import Route

if TYPE_CHECKING:
    from rami_desktop.ui.scene import Context

SAVE_FAILED_TITLE = N_("The match is not saved")


def save_failed_text(code: str) -> str:
    """Why the autosave failed, and that play goes on."""
    if code == problems.DISK_FULL:
        why = _("The disk is full, so the match could not be saved.")
    elif code in (problems.UNWRITABLE, problems.DATA_DIR_UNWRITABLE):
        why = _("The match could not be saved: its folder cannot be written.")
    else:
        why = problem_text(code, "save")
    return why + "\n" + _("You can keep playing: the game tries again after each move, and "
                          "says nothing more until it works.")


def newer_save_text(version: int | None = None) -> str:
    """Why Continue is disabled: the save comes from a newer Rami."""
    del version  # the number means nothing to a player
    return _("The saved match was made by a newer version of Rami: update the game to "
             "continue it.")


class SaveNotice:
    """Tells the player once when the autosave starts failing (again after it worked).

    Args:
        ctx: the game context (the message is a dialog over the table).
    """

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.problem: str | None = None
        self.told = 0  # how many times the player was told (tests)

    def check(self, problem: str | None) -> None:
        """Compare with the last save's outcome; a new failure is said once."""
        if problem == self.problem:
            return
        self.problem = problem
        if problem is None:
            return
        self.told += 1
        self.ctx.stack.push(self.ctx.scene(Route.MESSAGE, SAVE_FAILED_TITLE,
                                           lambda: save_failed_text(problem)))


__all__ = ["SAVE_FAILED_TITLE", "SaveNotice", "newer_save_text", "save_failed_text"]
