"""Saying, in words, what happened to the autosave: a game that waits because what happened
could not be kept (a full disk: one sentence on the table until a new try keeps it), and a save
that cannot be continued (a newer version)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rami_desktop.i18n import N_, _
from rami_desktop.storage import problems

if TYPE_CHECKING:
    from rami_desktop.ui.stage.scene import Context


def paused_text(code: str) -> str:
    """The one sentence the table says while its game waits for the disk (this screen's
    game: the player's last move is not kept yet)."""
    if code == problems.DISK_FULL:
        return _("Disk full: waiting to save the last move…")
    return _("Saving failed: waiting to save the last move…")


def host_paused_text(code: str) -> str:
    """The sentence a joiner's table says while the host's game waits for the host's disk."""
    if code == problems.DISK_FULL:
        return _("The host's disk is full: the game waits until the host can save it.")
    return _("The host cannot save the game: it waits until the host can.")


#: the title of what says a finished round could not be kept
ROUND_NOT_KEPT_TITLE = N_("The round is not kept yet")


def round_not_kept_text(code: str) -> str:
    """Why a finished round is not in Past rounds and the statistics yet (said once)."""
    if code == problems.DISK_FULL:
        why = _("The disk is full: the round just played is not in Past rounds and the "
                "statistics yet.")
    else:
        why = _("The round just played could not be written to Past rounds and the "
                "statistics yet.")
    return why + "\n" + _("The game tries again by itself and keeps it as soon as it can.")


def newer_save_text(version: int | None = None) -> str:
    """Why Continue is disabled: the save comes from a newer Rami."""
    del version  # the number means nothing to a player
    return _("The saved match was made by a newer version of Rami: update the game to "
             "continue it.")


class SaveNotice:
    """Notices when the game starts waiting for the disk (its sentence is on the table for as
    long as it waits; a sound says it once) and when it goes on.

    Args:
        ctx: the game context (its sounds).
    """

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.problem: str | None = None
        self.told = 0  # how many times the game started waiting (tests)

    def check(self, problem: str | None) -> bool:
        """Compare with the save's state now; return whether it changed (the table's line is
        drawn again)."""
        if problem == self.problem:
            return False
        if problem is not None and self.problem is None:
            self.told += 1
            self.ctx.play("error")
        self.problem = problem
        return True


__all__ = ["ROUND_NOT_KEPT_TITLE", "SaveNotice", "host_paused_text", "newer_save_text",
           "paused_text", "round_not_kept_text"]
