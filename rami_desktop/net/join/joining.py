"""Getting to a table from a joiner's side: asking what it is, and taking a seat.

:class:`Asking` asks a host what its table is (rules, seats, which are free: no code needed).
:class:`Joining` connects, sends the table's code and the player's name (or a seat's token, to
come back), and waits for the ``welcome``; a join answered ``too_fast`` (the host at its cap of
guesses, docs/dev/protocol.md "Limits") is sent again every :data:`RETRY_EVERY` seconds for
:data:`PATIENCE` seconds. Both are polled by the screen or the headless loop; neither waits.
The welcomed link is then the remote session's.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from rami_desktop.i18n.gender import UNSAID
from rami_desktop.play.view.findings import Finding
from rami_desktop.play.view.story import Told

from ..transport.client import ClientLink, LinkEvent
from ..wire.codec import JSON, told_of
from ..wire.errors import Code, NetError, code_of
from ..wire.protocol import Info, Join, request_text
from ..wire.review_findings import findings_from_json
from ..wire.schema import TableWire, WelcomeWire, read
from ..wire.view import SeatInfo, SeatView, seat_info_of, seat_view_from_dict

#: seconds a join answered ``too_fast`` keeps being sent again, and between two sends (fewer
#: than the host's 20 refusals in a row that close a connection)
PATIENCE = 30.0
RETRY_EVERY = 2.0


@dataclass(frozen=True)
class TableInfo:
    """What a table is: its host's name, its seats, whether play has begun, the policy, and
    why its game waits (the host's disk refused to keep it: a storage problem code; None: it
    does not wait)."""

    host: str
    seats: tuple[SeatInfo, ...]
    started: bool
    policy: str
    paused: str | None = None

    def free(self) -> list[int]:
        """The network seats nobody took yet."""
        return [i for i, s in enumerate(self.seats) if s.kind == "net" and not s.taken]


def table_info_from(data: JSON) -> TableInfo:
    """A ``table`` or ``seats`` message's fields.

    Raises:
        ValueError: they are not.
    """
    return _table_of(read(data, TableWire))


def _table_of(wire: TableWire) -> TableInfo:
    return TableInfo(wire.host, tuple(seat_info_of(s) for s in wire.seats), wire.started,
                     wire.policy, wire.paused)


@dataclass(frozen=True)
class Welcome:
    """A seat given: which, its token, the table's code, the match's serial, the table, the
    seat's view of the game, the round's last moves (its journal) and, when the round is over,
    the seat's review of it; the view as it came and its number (the host's next updates tell
    what changed since: :mod:`.delta`)."""

    seat: int
    token: str
    code: str
    serial: int
    table: TableInfo
    view: SeatView
    story: tuple[Told, ...]
    review: tuple[Finding, ...] | None = None
    number: int = 0
    view_data: JSON | None = None


def welcome_from(data: JSON) -> Welcome:
    """A ``welcome`` message's fields.

    Raises:
        ValueError: they are not.
    """
    wire = read(data, WelcomeWire)
    if not wire.seat < len(wire.seats):
        raise ValueError("'seat' must be one of the table's")
    return Welcome(wire.seat, wire.token, wire.code, wire.serial, _table_of(wire),
                   seat_view_from_dict(wire.view), tuple(told_of(t) for t in wire.story),
                   None if wire.review is None else findings_from_json(wire.review),
                   wire.number, wire.view)


def review_from(data: JSON) -> tuple[Finding, ...] | None:
    """The seat's review a message carries (a round's end), else None.

    Raises:
        ValueError: it is not a list of findings.
    """
    return None if data.get("review") is None else findings_from_json(data["review"])


@dataclass(frozen=True)
class Trouble:
    """Why getting to a table failed: a code, and the other side's version for a version's."""

    code: Code
    version: int | None = None


def trouble_of(event: LinkEvent) -> Trouble | None:
    """The trouble a link event tells, if it ends the attempt."""
    if event.kind == "closed":
        return Trouble(event.code or NetError.LOST, event.version)
    if event.kind == "refused" and event.code in (NetError.VERSION_NEWER,
                                                  NetError.VERSION_OLDER):
        # the host's message is of another version: its newer side is the host's if ours is
        # older, said from the joiner's side
        theirs = NetError.VERSION_NEWER if event.code is NetError.VERSION_OLDER \
            else NetError.VERSION_OLDER
        return Trouble(theirs, event.version)
    if event.kind == "message" and event.data is not None and event.data["type"] == "error":
        try:
            code = code_of(event.data.get("code"))
        except ValueError:
            code = NetError.MALFORMED
        version = event.data.get("version")
        return Trouble(code, version if isinstance(version, int) else None)
    return None


class Asking:
    """Asks a host what its table is (see the module's text).

    Args:
        url: the host's address.
        cafile: certificates for a ``wss`` host.
        pin: the pin of the host's certificate (an invite's).
    """

    def __init__(self, url: str, cafile: str | None = None, pin: bytes | None = None) -> None:
        self.link = ClientLink(url, cafile, retry_for=0.0, pin=pin)
        self.link.start(request_text(Info()))
        self.answer: TableInfo | Trouble | None = None

    def poll(self) -> TableInfo | Trouble | None:
        """The table, or why not, once known (None: not yet)."""
        if self.answer is not None:
            return self.answer
        for event in self.link.take():
            if event.kind == "message" and event.data is not None \
                    and event.data["type"] == "table":
                try:
                    self.answer = table_info_from(event.data)
                except ValueError:
                    self.answer = Trouble(NetError.MALFORMED)
            else:
                self.answer = trouble_of(event)
            if self.answer is not None:
                self.link.stop(0.5)
                break
        return self.answer

    def cancel(self) -> None:
        """Stop asking."""
        self.link.stop(0.5)


class Joining:
    """Connects to a table and asks for a seat (see the module's text).

    Args:
        url: the host's address.
        code: the table's code.
        name: the player's name.
        seat: the seat asked for (None: any free one).
        token: a seat's token, to come back to it.
        cafile: certificates for a ``wss`` host.
        gender: how the player is spoken to (``she``, ``he`` or unsaid).
        pin: the pin of the host's certificate (an invite's).
        face: the portrait the player chose (None: the seat's default, the host's choice).
    """

    def __init__(self, url: str, code: str, name: str, seat: int | None = None,
                 token: str | None = None, cafile: str | None = None,
                 gender: str = UNSAID, pin: bytes | None = None,
                 face: str | None = None) -> None:
        self.link = ClientLink(url, cafile, pin=pin)
        self.request = Join(code, name, seat, token, gender, face)
        self.link.start(request_text(self.request))
        self.answer: Welcome | Trouble | None = None
        self.patient_until = time.monotonic() + PATIENCE
        self._again_at: float | None = None

    def poll(self) -> Welcome | Trouble | None:
        """The welcome, or why not, once known (None: not yet). After a welcome, the link is
        the remote session's to use; after a trouble it is stopped."""
        while self.answer is None:
            if self._again_at is not None:  # the host was at its cap: the join again, later
                if time.monotonic() < self._again_at:
                    break
                self._again_at = None
                self.link.send(request_text(self.request))
            events = self.link.take(1)  # one at a time: what follows a welcome is the game's
            if not events:
                break
            event = events[0]
            if event.kind == "message" and event.data is not None \
                    and event.data["type"] == "welcome":
                try:
                    self.answer = welcome_from(event.data)
                except ValueError:
                    self.answer = Trouble(NetError.MALFORMED)
            else:
                trouble = trouble_of(event)
                if trouble is not None and trouble.code is NetError.TOO_FAST \
                        and time.monotonic() + RETRY_EVERY < self.patient_until:
                    self._again_at = time.monotonic() + RETRY_EVERY
                    continue
                self.answer = trouble
            if isinstance(self.answer, Trouble):
                self.link.stop(0.5)
        return self.answer

    def cancel(self) -> None:
        """Stop trying."""
        self.link.stop(0.5)


__all__ = ["Asking", "Joining", "TableInfo", "Trouble", "Welcome", "table_info_from",
           "trouble_of", "welcome_from"]
