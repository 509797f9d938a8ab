"""Inviting someone far away to a table hosted here: the host's own certificate (kept, so the
invite survives a restart and a Continue), one more listening port with TLS 1.3, the door in
the home router (:mod:`.router.door`), and the invite's line once the door is open.

The game's loop reads :attr:`Inviting.state` (asking, the invite, or why not); nothing here
waits on the network from the game's thread but the opening of the listening port. The door
is the hosting's: it is given back when the hosting stops (the table left or ended, the game
quitting), and a game that crashes leaves it to its lease.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..router import ways
from ..router.door import ASKING, CLOSED, LEASE, Door, Opened
from ..router.ways import Router, Trouble
from ..trust.host_key import host_identity
from ..wire.invite import Invite, invite_text
from .hosting import Hosting

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Invited:
    """The door is open: the invite's line, and the door it goes through."""

    text: str
    invite: Invite
    door: Opened


InviteState = Invited | Trouble | str


class Inviting:
    """The invite of one hosted table (see the module's text).

    Args:
        hosting: the table's hosting (its server listens once more, with TLS).
        data_dir: where the host's key and certificate are kept.
        port: the port to listen on for joiners far away (0: any; one taken: any other).
        outside: the router's port to ask for (None: the same as the one listened on).
        find: how the router is found (None: by UPnP, then NAT-PMP; the tour and tests give
            their own).
        lease: seconds the router keeps the door unless renewed.
    """

    def __init__(self, hosting: Hosting, data_dir: Path, port: int = 0,
                 outside: int | None = None,
                 find: Callable[[], Router | None] | None = None, lease: int = LEASE) -> None:
        self.hosting = hosting
        self.data_dir = data_dir
        self.port = port
        self.outside = outside
        self.find = find
        self.lease = lease
        self.pin: bytes | None = None
        self._local: Trouble | None = None

    def start(self) -> None:
        """Listen with TLS and ask the router for a door (on the door's thread)."""
        try:
            identity = host_identity(self.data_dir)
            self.port = self.hosting.listen_far(identity, self.port)
        except OSError as exc:
            log.warning("no listening for joiners far away: %s", exc)
            self._local = Trouble.LOCAL
            return
        self.pin = identity.pin
        self.hosting.open_door(Door(self.port, self.outside, self.lease,
                                    self.find or ways.find_router))

    @property
    def state(self) -> InviteState:
        """``asking``, :class:`Invited`, a :class:`Trouble` (why not), or ``closed``."""
        if self._local is not None:
            return self._local
        door = self.hosting.door
        if door is None:
            return ASKING
        state = door.state
        if not isinstance(state, Opened):
            return state
        assert self.pin is not None
        invite = Invite(state.address, state.port, self.hosting.code, self.pin)
        return Invited(invite_text(invite), invite, state)


__all__ = ["ASKING", "CLOSED", "InviteState", "Invited", "Inviting"]
