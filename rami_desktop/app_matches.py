"""A match on this computer: its session over the player's files, new or resumed, and the table
the screens are given over it (a saved match with players on the network goes to the lobby,
where its table is hosted again).

The app imports this module when a match first starts or continues, not before: the session,
the bots, the engine's solver and the keeping of rounds are not needed by the first screen
(the language choice or the menu), and the window opens sooner without them.
"""

from __future__ import annotations

import logging

from rami_desktop.i18n import N_
from rami_desktop.play.game.config import GameConfig
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.round_files import RoundFiles
from rami_desktop.storage.stats import StatsFiles
from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import Context
from rami_desktop.ui.words.problems_text import STARTUP_TITLE, startup_message

log = logging.getLogger(__name__)


def new_table(config: GameConfig, paths: Paths | None) -> Table:
    """The table of a new match of ``config``, kept in the player's files (``paths`` None:
    nothing kept)."""
    if paths is None:
        return Table(Session(config))
    return Table(Session(config, store=MatchFiles(paths), stats=StatsFiles(paths),
                         rounds=RoundFiles.of(paths)))


def continue_saved(ctx: Context, paths: Paths) -> bool:
    """Resume the saved match in ``paths`` on the table (or, with players on the network, open
    the lobby that hosts it again); returns whether it could. A save that cannot be used, or
    was repaired, is said in words."""
    session, problem = Session.resume(MatchFiles(paths), StatsFiles(paths),
                                      rounds=RoundFiles.of(paths))
    if session is not None and session.config.remote:
        session.close()  # a match with players on the network: its table is hosted again
        ctx.stack.clear_to(ctx.scene(Route.NET_LOBBY, None))
        return True
    if session is None:
        log.warning("the saved match could not be resumed (%s)", problem)
        ctx.stack.push(ctx.scene(Route.MESSAGE, N_("Continue"),
                                 N_("The saved match could not be loaded.")))
        return False
    ctx.stack.clear_to(ctx.scene(Route.TABLE, Table(session)))
    if problem:
        ctx.stack.push(ctx.scene(Route.MESSAGE, STARTUP_TITLE,
                                 lambda: startup_message([f"save:{problem}"])))
    return True
