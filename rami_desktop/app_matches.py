"""A match on this computer: its session over the player's files, new or resumed, and the table
the screens are given over it.

The app imports this module when a match first starts or continues, not before: the session,
the bots, the engine's solver and the keeping of rounds are not needed by the first screen
(the language choice or the menu), and the window opens sooner without them.
"""

from __future__ import annotations

from rami_desktop.play.game.config import GameConfig
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.round_files import RoundFiles
from rami_desktop.storage.stats import StatsFiles


def new_table(config: GameConfig, paths: Paths | None) -> Table:
    """The table of a new match of ``config``, kept in the player's files (``paths`` None:
    nothing kept)."""
    if paths is None:
        return Table(Session(config))
    return Table(Session(config, store=MatchFiles(paths), stats=StatsFiles(paths),
                         rounds=RoundFiles.of(paths)))


def resume_session(paths: Paths) -> tuple[Session | None, str | None]:
    """The saved match's session (None: it cannot be resumed) and the problem code met reading
    it (see :meth:`Session.resume`)."""
    return Session.resume(MatchFiles(paths), StatsFiles(paths), rounds=RoundFiles.of(paths))


def table_of(session: Session) -> Table:
    """The table the screens are given over a session."""
    return Table(session)
