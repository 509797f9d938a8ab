"""The host's game: the one session of a table some of whose seats play from other computers.

:class:`HostSession` is a :class:`~rami_desktop.play.session.session.Session` whose ``net`` seats
are played by joiners. It decides everything: a joiner's action is applied by the session exactly
as a move made at the host's screen, and every happening is sent on to each connected joiner,
as that seat may see it (:mod:`.redact`), once it is on disk: what it sends is held (:mod:`.held`)
until its commit is (:meth:`HostSession.commit`; ``rami-host``: one flush a pass, every table).
The requests arrive, checked, in the table's mailbox; :meth:`HostSession.pump` takes them
(the host's loop calls it; it never waits). A seat whose player dropped is waited for, or
played by a bot until the player comes back (the table's ``policy``). The next round is dealt
once everyone at a screen read the round's summary.

When what happened cannot be kept (a full disk), nothing of it is told: the table waits (the
session's pause), every seat is told why at once (``seats`` with ``paused``: the problem's
code, words on each joiner's screen), the moves that arrive meanwhile wait for their turn, and
once a new try keeps it all (on a bounded backoff) what was held goes out and play goes on.
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Mapping
from typing import Any

from rami_desktop.engine.actions import Action
from rami_desktop.engine.match import Match
from rami_desktop.engine.rules import options_unknown_to
from rami_desktop.play.game.config import GameConfig, Seat, seat_faces
from rami_desktop.play.game.hand_order import HandOrder
from rami_desktop.play.game.people import known_face
from rami_desktop.play.session.session import Session
from rami_desktop.play.view.findings import Finding
from rami_desktop.play.view.happening import Happening
from rami_desktop.storage.log_limit import LogLimit
from rami_desktop.storage.names import clean_name

from ..join.net_game import NetState
from ..transport.server import Inbound, Mailbox, Outbox
from ..wire.delta import Sent
from ..wire.errors import Code, NetError
from ..wire.protocol import (
    POLICY_NAMES,
    VERSION,
    Act,
    Info,
    Join,
    Leave,
    Order,
    Ready,
    Request,
    Resync,
    envelope,
)
from ..wire.review_findings import findings_to_json
from ..wire.view import SeatInfo
from .held import HeldOutbox
from .hosting import Stoppable
from .redact import Fanout, review_for, story_for, update_text, welcome_view
from .seats import SeatBook
from .stand_ins import STAND_IN_LEVEL, StandIns

log = logging.getLogger(__name__)
#: a request that fails says one line a minute per kind, with its count, never a traceback
_quiet = LogLimit(log)

POLICIES = POLICY_NAMES
#: seconds a network seat has to play its turn (or to read a round's summary) before a bot
#: stands in for it, until its player acts again (0: no timer)
TURN_TIME = 90.0


class HostSession(StandIns, Session):
    """One hosted match (see the module's text).

    Args:
        config: the match's setup: its ``net`` seats are the joiners'.
        match: a match to resume (default: a new one).
        outbox: where messages to the joiners go (each once what it tells is kept).
        mailbox: the table's requests.
        tokens: the seats' tokens of a table hosted again.
        policy: ``wait`` or ``bot`` (see :data:`POLICIES`).
        screen: whether the host plays at a screen (its reading of the round's summary is
            awaited too); a headless host is not.
        serial: which match of the table this is (a rematch counts one more).
        host_name: the name the table is shown under.
        hosting: stopped when the session closes (None: someone else stops it).
        turn_time: seconds a network seat has to play its turn before a bot stands in for
            it (and to read a round's summary before the next deal; 0: no timer).
        clock: the time, in seconds (a test's own clock).
        last_round: the table ends after this many rounds (a headless host's ``--rounds``):
            no deal after them (None: the match's end).
        keep_seats: keeps the seats' tokens and the policy where the table is hosted again
            from (the game's settings, the headless host's ``table.json``), called whenever
            they changed before what was held goes out: a ``welcome`` leaves once its token is
            kept; it returns None or a problem code (nothing is told then: the table waits
            as for its journal).
        options: the :class:`Session` options.
    """

    def __init__(self, config: GameConfig, match: Match | None = None, *, outbox: Outbox,
                 mailbox: Mailbox, tokens: Mapping[int, str] | None = None,
                 policy: str = "wait", screen: bool = True, serial: int = 0,
                 host_name: str = "", hosting: Stoppable | None = None,
                 turn_time: float = TURN_TIME, clock: Callable[[], float] = time.monotonic,
                 keep_seats: Callable[[dict[int, str], str], str | None] | None = None,
                 last_round: int | None = None, **options: Any) -> None:
        if policy not in POLICIES:
            raise ValueError(f"policy must be wait or bot, not {policy!r}")
        #: the moves that arrived while the table waited for the disk (played once it goes on)
        self.deferred: list[Inbound] = []
        super().__init__(config, match, clock=clock, **options)
        #: where the messages go, once released
        self.wire = outbox
        self.outbox = HeldOutbox(outbox)
        self.keep_seats = keep_seats
        self._seats_kept: tuple[dict[int, str], str] | None = None
        self.mailbox = mailbox
        self.book = SeatBook(config.remote, tokens)
        self.policy = policy
        self.screen = screen
        self.serial = serial
        self.host_name = host_name
        self.hosting = hosting
        #: joiners may play (the host said start)
        self.started = False
        self._ready: set[int] = set()
        self._here_ready = False
        self._stand_ins: set[int] = set()
        self._acking: tuple[int, int] | None = None
        self._handed_over = False
        self.turn_time = turn_time
        self.last_round = last_round
        self.clock = clock
        #: the seats a bot plays because their player let the time pass
        self.timed_out: set[int] = set()
        self._back: set[int] = set()
        self._moment_seen: tuple[int, int, int, bool] | None = None
        self._moment_since = 0.0
        self._reviews: dict[tuple[int, int, int], tuple[Finding, ...] | None] = {}
        #: the view each connection was sent last (its next update's delta is against it)
        self._sent: dict[int, Sent] = {}
        self._fanout = Fanout()  # every seat's update, what they share written once
        #: each seated connection's protocol version (its join's): what it is sent is
        #: written for it
        self.versions: dict[int, int] = {}

    @property
    def code(self) -> str:
        """The table's code."""
        return self.mailbox.code

    @property
    def port(self) -> int:
        """The port the table listens on (0: not known here)."""
        return self.hosting.port if self.hosting is not None else 0

    # ---- the table's state for everyone ------------------------------------------------------

    def seat_infos(self) -> list[SeatInfo]:
        """Every seat as the joiners see it, with the face the host's screen shows it with (and
        a bot's level)."""
        faces = seat_faces(self.config)
        return [SeatInfo(s.name, s.kind, self.book.taken(i), self.book.present(i),
                         i in self._stand_ins, s.gender, faces[i], s.level if s.is_bot else None)
                for i, s in enumerate(self.config.seats)]

    def absent(self) -> list[int]:
        """The network seats still in the match whose player is not connected."""
        return [s for s in self.config.remote
                if not self.book.present(s) and self.match.player_of(s) is not None]

    def waiting_for(self) -> list[int]:
        """The absent seats the table waits for (none when bots stand in)."""
        return [s for s in self.absent() if s not in self._stand_ins]

    def _seats_fields(self, version: int = VERSION) -> dict[str, Any]:
        """The table's fields as a joiner of ``version`` reads them."""
        return {"seats": [s.to_dict(version) for s in self.seat_infos()],
                "started": self.started, "policy": self.policy, "host": self.host_name,
                "paused": self.unkept}

    def _seats_texts(self) -> dict[int, str]:
        """The ``seats`` message for each seated connection, written for its version."""
        texts: dict[int, str] = {}
        out: dict[int, str] = {}
        for conn in self.book.connections.values():
            version = self.versions.get(conn, VERSION)
            if version not in texts:
                texts[version] = envelope("seats", **self._seats_fields(version))
            out[conn] = texts[version]
        return out

    def _broadcast_seats(self) -> None:
        if self.hosting is not None:
            self.hosting.set_free(len(self.book.free()))
        for conn, text in self._seats_texts().items():
            self.outbox.send(conn, text)
        self.outbox.flush()

    def net_state(self) -> NetState:
        """Where the table stands, for the host's screen."""
        return NetState(hosting=True, code=self.code, started=self.started,
                        waiting_for=tuple(self.waiting_for()),
                        stand_ins=tuple(sorted(self._stand_ins)),
                        summary_wait=tuple(self.ready_for()) if self.round.over else (),
                        policy=self.policy, paused=self.unkept)

    def take_refusals(self) -> list[tuple[Code, Action | None]]:
        """None: the host's own moves are refused at once, by :meth:`play`."""
        return []

    # ---- the host's choices --------------------------------------------------------------------

    def start(self) -> None:
        """Let the match be played (the joiners are told)."""
        self.started = True
        self._stand_in_absent()
        self._broadcast_seats()
        self.autosave()

    def set_policy(self, policy: str) -> None:
        """Wait for absent players, or let bots play their seats until they return."""
        if policy not in POLICIES:
            raise ValueError(f"policy must be wait or bot, not {policy!r}")
        self.policy = policy
        if policy == "wait":
            for seat in sorted(self._stand_ins):
                self._stand_down(seat)
        self._stand_in_absent()
        self._broadcast_seats()
        self.autosave()

    # ---- the requests --------------------------------------------------------------------------

    def pump(self, limit: int = 500) -> int:
        """Handle the requests waiting (at most ``limit``); return how many there were."""
        items = self.mailbox.take(limit)
        if self.deferred and self.unkept is None:  # what waited for the disk comes first
            items, self.deferred = self.deferred + items, []
        for item in items:
            if self.unkept is not None and isinstance(item.request, Act):
                self._defer(item)
                continue
            try:
                self._handle(item)
            except Exception as exc:  # boundary: one bad request never stops the table
                _quiet.warning(f"request:{type(exc).__name__}", "a %s of connection %s failed: "
                               "%r", type(item.request).__name__, item.conn, exc)
                self._error(item.conn, NetError.BAD_FIELD)
        self._watch_time()
        self._maybe_deal()
        if items:
            self.autosave()  # a new order of a hand, a name: kept too
        elif not self.group_commit:
            self.commit()  # what the clock's watch sent; a try again while the disk refuses
        return len(items)

    def _defer(self, item: Inbound) -> None:
        """A move that arrives while the table waits for the disk waits too (one a
        connection: a joiner waits for its answer before its next move; more are refused)."""
        if any(d.conn == item.conn for d in self.deferred) or len(self.deferred) >= 64:
            self._error(item.conn, NetError.NOT_KEPT, getattr(item.request, "seq", None))
            return
        self.deferred.append(item)

    def _handle(self, item: Inbound) -> None:
        request: Request | None = item.request
        conn = item.conn
        if request is None or isinstance(request, Leave):
            self._gone(conn, item.welcomed)
            if request is not None:
                self.outbox.close(conn, "left")
            return
        if isinstance(request, Info | Join) and (
                unknown := options_unknown_to(self.config.rules, request.version)):
            _quiet.warning("version:rules", "a joiner of protocol version %s was refused: it "
                           "does not know %s", request.version, ", ".join(unknown))
            self._error(conn, NetError.VERSION_NEWER)  # told to update, as by a newer host
            return
        if isinstance(request, Info):
            self.outbox.send(conn, envelope("table", code_needed=True,
                                            **self._seats_fields(request.version)))
            return
        if isinstance(request, Join):
            self._join(conn, request)
            return
        seat = self.book.seat_of(conn)
        if seat in self.timed_out:
            self._back.add(seat)  # its player is there again: it plays from its next move
        if seat is None:
            self._error(conn, NetError.NOT_JOINED, getattr(request, "seq", None))
        elif isinstance(request, Act):
            self._act(conn, seat, request)
        elif isinstance(request, Order):
            self.orders[seat] = HandOrder.from_dict(request.order, self.hand(seat))
        elif isinstance(request, Ready):
            self._ready.add(seat)
        elif isinstance(request, Resync):
            _quiet.warning(f"resync:{request.reason}", "a joiner resyncs (%s)", request.reason)
            self._update(conn, seat, None, None, whole=True)

    def _error(self, conn: int, code: NetError | str, seq: int | None = None) -> None:
        value = code.value if isinstance(code, NetError) else code
        self.outbox.send(conn, envelope("error", code=value, seq=seq, version=VERSION))

    def _join(self, conn: int, request: Join) -> None:
        taken = self.book.take(conn, request.seat, request.token)
        if isinstance(taken, NetError):
            self._error(conn, taken)
            return
        if taken.replaced is not None:
            self._error(taken.replaced, NetError.REPLACED)
            self.outbox.close(taken.replaced, NetError.REPLACED.value)
            self._sent.pop(taken.replaced, None)
            self.versions.pop(taken.replaced, None)
        self.versions[conn] = request.version
        seats, old = list(self.config.seats), self.config.seats[taken.seat]
        face = known_face(request.face)
        if not taken.returned:  # a new player: their name (if they gave one), gender and face
            seats[taken.seat] = Seat(clean_name(request.name) or old.name, "net", old.level,
                                     request.gender, face)
        elif face is not None:  # back with a face chosen: theirs now (else the one kept)
            seats[taken.seat] = old._replace(face=face)
        self.config = dataclasses.replace(self.config, seats=tuple(seats))
        if taken.seat in self._stand_ins:
            self._stand_down(taken.seat)
        seated = self.match.player_of(taken.seat) is not None
        order = self.kept_order(taken.seat) if seated else None
        view, self._sent[conn] = welcome_view(self.match, taken.seat, self.serial, order)
        self.outbox.send(conn, envelope(
            "welcome", seat=taken.seat, token=taken.token, code=self.code,
            serial=self.serial, **view, story=story_for(self.match, taken.seat),
            **self._review_field(taken.seat), **self._seats_fields(request.version)))
        self._broadcast_seats()

    def _gone(self, conn: int, welcomed: bool = True) -> None:
        self._sent.pop(conn, None)
        self.versions.pop(conn, None)
        seat = self.book.drop(conn, welcomed)
        if seat is None:
            return
        self._ready.discard(seat)
        self._stand_in_absent()
        self._broadcast_seats()

    def _act(self, conn: int, seat: int, request: Act) -> None:
        if seat in self.timed_out:  # its player is back: the bot stands down
            self.timed_out.discard(seat)
            self._stand_down(seat)
            self._broadcast_seats()
        if not self.started:
            self._error(conn, NetError.NOT_STARTED, request.seq)
            return
        if request.action.player != self.match.player_of(seat):
            self._error(conn, NetError.NOT_YOUR_SEAT, request.seq)
            return
        self._acking = (seat, request.seq)
        try:
            played = self.play(seat, request.action, picked=request.picked)
        finally:
            self._acking = None
        if not played.ok:
            self._error(conn, played.code.value if played.code else NetError.BAD_FIELD,
                        request.seq)

    # ---- happenings go out ---------------------------------------------------------------------

    def record(self, happening: Happening) -> None:
        """Queue a happening for the host's screen and send it to every joiner, as each seat
        may see it."""
        super().record(happening)
        if happening.kind == "deal":
            self._ready.clear()
            self._here_ready = False
        acking = self._acking
        conns = self.book.connections
        texts = self._fanout.update_texts(self.match, self.serial, happening, [
            (seat, acking[1] if acking is not None and acking[0] == seat else None,
             self._review_of(seat), self._sent.get(conn)) for seat, conn in conns.items()])
        for conn, (text, self._sent[conn]) in zip(conns.values(), texts, strict=True):
            self.outbox.send(conn, text)
        self.outbox.flush()

    def _update(self, conn: int, seat: int, happening: Happening | None, ack: int | None,
                whole: bool = False) -> None:
        """Send a connection its seat's update (the view's delta, or ``whole``: the view)."""
        text, self._sent[conn] = update_text(self.match, seat, self.serial, happening, ack,
                                             self._review_of(seat), self._sent.get(conn),
                                             whole)
        self.outbox.send(conn, text)

    def keep_table(self) -> str | None:
        """Keep the seats' tokens and the policy (if they changed) before anything is told."""
        seats = (dict(self.book.tokens), self.policy)
        if self.keep_seats is None or seats == self._seats_kept:
            return None
        problem = self.keep_seats(*seats)
        if problem is None:
            self._seats_kept = seats
        return problem

    def release(self) -> None:
        """What was kept may be told: the messages held go out."""
        self.outbox.release()

    def paused(self) -> None:
        """Tell every seat at once why the table waits (nothing held is sent)."""
        log.warning("the table %s waits: what happened could not be kept (%s)", self.code,
                    self.unkept)
        by_text: dict[str, list[int]] = {}
        for conn, text in self._seats_texts().items():
            by_text.setdefault(text, []).append(conn)
        for text, conns in by_text.items():
            self.outbox.tell_now(conns, text)

    def kept_again(self) -> None:
        """What was held went out: every seat is told play goes on, the turn timer starts
        afresh, the moves that waited are taken."""
        self._moment_seen = None
        super().kept_again()
        self._broadcast_seats()
        self.outbox.release()

    def _review_of(self, seat: int) -> tuple[Finding, ...] | None:
        """A joiner's review of the round just over (worked out once a seat and round)."""
        if not self.round.over:
            return None
        key = (self.serial, self.match.round_number, seat)
        if key not in self._reviews:
            self._reviews = {k: v for k, v in self._reviews.items() if k[:2] == key[:2]}
            self._reviews[key] = review_for(self.match, seat)
        return self._reviews[key]

    def _review_field(self, seat: int) -> dict[str, Any]:
        review = self._review_of(seat)
        return {} if review is None else {"review": findings_to_json(review)}

    # ---- rounds and the end --------------------------------------------------------------------

    def next_round(self) -> None:
        """The host's screen read the round's summary: the next round is dealt once every
        joiner did too."""
        self._here_ready = True
        self._maybe_deal()

    def ready_for(self) -> list[int]:
        """The connected seats whose summary the next deal waits for."""
        return [s for s in self.book.connections if s not in self._ready]

    def _maybe_deal(self) -> None:
        if not self.round.over or self.match.over:
            return
        if self.last_round is not None and len(self.match.results) >= self.last_round:
            return  # the table's last round: it ends, nothing more is dealt
        if self.screen and not self._here_ready:
            return
        if self.ready_for():
            return
        super().next_round()

    def rematch(self) -> HostSession:
        """A new match at the same table: the same seats, tokens and connections."""
        config = dataclasses.replace(self.config, seed=None)
        other = HostSession(config, outbox=self.wire, mailbox=self.mailbox,
                            tokens=self.book.tokens, policy=self.policy, screen=self.screen,
                            serial=self.serial + 1, host_name=self.host_name,
                            hosting=self.hosting, store=self.store,
                            stats=self.stats, turn_time=self.turn_time, clock=self.clock,
                            keep_seats=self.keep_seats)
        for conn_seat, conn in self.book.connections.items():
            other.book.take(conn, conn_seat, self.book.tokens[conn_seat])
        other.versions = dict(self.versions)
        self._handed_over = True
        other.start()
        other.record(Happening("deal", None))
        return other

    def close(self, ended: bool = False) -> None:
        """Tell the joiners the host has left (unless a rematch goes on), stop the threads.

        Args:
            ended: the table played what it was to play (the joiners' normal end), rather than
                the host quitting.
        """
        super().close()
        if self.unkept is not None:
            self.outbox.discard()  # never kept: never told
        if self._handed_over:
            return
        reason = "end" if ended else NetError.HOST_QUIT.value
        for conn in self.book.connections.values():
            self.outbox.close(conn, reason)  # the server says bye, then closes
        self.outbox.release()
        if self.hosting is not None:
            self.hosting.stop()


__all__ = ["POLICIES", "STAND_IN_LEVEL", "TURN_TIME", "HostSession"]
