"""What a network game adds to a table's game, for the screens that show it.

:class:`NetGame` is a :class:`~rami_desktop.play.table.table_game.TableGame` with a network face,
:attr:`NetGame.net` (a :class:`NetLink`): it takes the network's messages
(:meth:`NetLink.pump`, every frame: it never waits) and says where the table stands
(:class:`NetState`). :class:`NetTable` is one: the one table
(:class:`~rami_desktop.play.table.table. Table`) over a network source, the host's session or a
joiner's remote session.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from rami_desktop.engine.actions import Action
from rami_desktop.engine.observation import Observation
from rami_desktop.play.table.source import TableSource
from rami_desktop.play.table.table import Table
from rami_desktop.play.table.table_game import TableGame

from ..wire.errors import Code
from .joining import Trouble


@dataclass(frozen=True)
class NetState:
    """Where a network table stands, for the screen to say.

    Attributes:
        hosting: this screen hosts the table.
        code: the table's code.
        started: the host let the match be played.
        connected: the link to the host is up (always, for the host).
        closed: the game stopped: ``trouble`` says why (None: the table ended normally).
        trouble: why it stopped.
        waiting_for: the absent players' seats the table waits for.
        stand_ins: the seats a bot plays until their players come back.
        summary_wait: the seats whose reading of the round's summary the next deal waits for.
        policy: ``wait`` or ``bot``.
        paused: why the host's game waits (a storage problem code: its disk is full...),
            None: it does not.
    """

    hosting: bool
    code: str
    started: bool
    connected: bool = True
    closed: bool = False
    trouble: Trouble | None = None
    waiting_for: tuple[int, ...] = ()
    stand_ins: tuple[int, ...] = ()
    summary_wait: tuple[int, ...] = ()
    policy: str = "wait"
    paused: str | None = None


class NetLink(Protocol):
    """The network face of a table's game (see the module's text)."""

    @property
    def serial(self) -> int:
        """Which match of the table this is (a rematch counts one more)."""
        ...

    def observation(self, seat: int) -> Observation:
        """What a seat of this screen sees of the round."""
        ...

    def pump(self, limit: int = 500) -> int:
        """Take the messages waiting; return how many there were."""
        ...

    def net_state(self) -> NetState:
        """Where the table stands."""
        ...

    def take_refusals(self) -> list[tuple[Code, Action | None]]:
        """The refusals the network brought since the last call."""
        ...

    def rematch(self) -> NetSource:
        """The source of the next match at this table (the host deals it now; a joiner's is
        itself: it waits for it)."""
        ...


class NetSource(TableSource, NetLink, Protocol):
    """A table's source that is also a network link: the host's session, a joiner's."""


class NetGame(TableGame, Protocol):
    """A table's game played over the network (see the module's text)."""

    @property
    def net(self) -> NetLink:
        """The network face of the game."""
        ...


class NetTable(Table):
    """The table of a network game: the one table, and its source's network face.

    Args:
        source: the host's session, or a joiner's remote session.
    """

    def __init__(self, source: NetSource) -> None:
        super().__init__(source)
        self._link = source

    @property
    def net(self) -> NetLink:
        """The network face of the game (messages, where the table stands, refusals)."""
        return self._link


__all__ = ["NetGame", "NetLink", "NetSource", "NetState", "NetTable"]
