"""Many tables in one headless host: ``rami-host`` serves each on the same port, by its code.

A :class:`TableSpec` says what a table is (preset, seats, code, when it ends, policy, turn
time); :class:`Hall` opens tables from specs (the command line, a config file, or a ``create``
from a player's game holding the host's admin token), runs them all in one loop that only waits
on their mailboxes, and, given a state folder, keeps each one there through the session's own
save path (its match autosaved after every move) with its code and seat tokens, so that a host
killed mid-round starts again with every table, and its joiners take their seats back (at
the address ``table.json`` keeps). A table that ended waits for its joiners who were not there
to be told the end, even across a restart (:mod:`.table_return`). The kept tables stepped in a
pass of the loop are committed together: their journals' lines written, one flush to disk for
them all (:mod:`rami_desktop.storage.sync_batch`), then what each told leaves, in one flush of
the wire (:mod:`.pass_wire`).
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rami_desktop.play.game.config import GameConfig
from rami_desktop.play.table.clock import TableClock
from rami_desktop.storage.sync_batch import Flusher, SyncBatch
from rami_desktop.storage.table_folders import TableFiles, kept_codes, remove_ended

from ..host.host_session import HostSession
from ..transport.inbox import Inbox
from ..transport.server import Inbound, Mailbox
from ..wire.protocol import VERSION, Create, envelope
from .doorbell import Doorbell
from .expiry import Expiry
from .headless import (
    IDLE_WAIT,
    TablePlan,
    hook_table,
    next_look,
    step_table,
    table_done,
    table_summary,
)
from .pass_wire import PassWire, TableServer
from .table_return import END_WAIT, EndWait
from .table_spec import TABLE_FIELDS, TableSpec, parse_seats, table_document

log = logging.getLogger(__name__)

#: tables one host serves at most (a ``create`` past it is answered ``busy``)
MAX_TABLES = 500
@dataclass
class HostedTable:
    """A table of the hall: its session, when it ends, where it is kept (once it ended: its
    joiners still to be told it)."""

    session: HostSession
    plan: TablePlan
    files: TableFiles | None
    kept_tokens: dict[int, str]
    end_wait: EndWait | None = None
    kept_policy: str = ""


class Hall:
    """The tables of one headless host (see the module's text).

    Args:
        server: the host's WebSocket server (its ``admin_box`` takes the ``create`` requests).
        state: the folder where the tables are kept (None: nothing is kept).
        new_code: makes a new table code.
        admin_box: the ``create`` requests (the server's).
    """

    def __init__(self, server: TableServer, state: Path | None, new_code: Any,
                 admin_box: Inbox[Inbound] | None = None) -> None:
        self.server = server
        #: what the tables send (one flush a pass)
        self.wire = PassWire(server)
        self.state = state
        #: the bots' pace at every table (``off``: at once; see rami_desktop.play.table.clock;
        #: None: not said, a table resumed keeps the pace it was served at, others ``off``)
        self.pace: str | None = None
        self._paces: dict[str, str] = {}
        self._clocks: dict[str, TableClock] = {}
        self._ticked: dict[str, float] = {}
        self.new_code = new_code
        self.admin_box = admin_box
        #: wakes the loop (a stop; a ``create`` arriving sets it too)
        self.wake = admin_box.wake if admin_box is not None else threading.Event()
        #: the tables that have something to do (:mod:`.doorbell`)
        self.bell: Doorbell[str] = Doorbell(self.wake)
        self.tables: dict[str, HostedTable] = {}
        #: when the tables nobody joins close (its ``hours``: the host's ``--expire``)
        self.expiry = Expiry()
        #: the wall clock, in seconds (a test's own)
        self.wall_clock = time.time
        #: the summaries of the tables that ended, in the order they ended
        self.ended: list[dict[str, Any]] = []
        #: where the host serves (``listen``, None: every address; port), in each table.json
        self.address: tuple[str | None, int] | None = None
        #: where the tables resumed were served, as their table.json said
        self.kept_addresses: list[tuple[str | None, int | None]] = []
        #: seconds a table that ended waits for its joiners not told its end
        self.end_wait = END_WAIT
        #: how a pass's commits reach the disk together
        self.flusher = Flusher()
        #: whether a kept table is this hall's to resume (a host of several processes: each
        #: process resumes its own share, :mod:`.rooms`)
        self.owns: Callable[[str], bool] = lambda _code: True

    def open(self, spec: TableSpec) -> str:
        """Open a table; return its code.

        Raises:
            ValueError: a spec that cannot make a table, or a code already served.
        """
        config = spec.config()
        code = spec.checked_code() or self._fresh_code()
        if code in self.tables:
            raise ValueError(f"the code {code} is already a table here")
        files = TableFiles(self.state, code) if self.state is not None else None
        if files is not None and files.exists():  # kept but not resumed: never written over
            files.move_aside()
        session = self._session(code, config, files, spec.policy, spec.turn_time, spec.name,
                                spec.rounds)
        table = HostedTable(session, TablePlan(spec.rounds), files, {})
        self.tables[code] = table
        self.expiry.opened(code, self.wall_clock(), spec.expire)
        self._keep(table, force=True)
        session.commit()  # its first snapshot, and table.json if the write above failed
        return code

    def resume(self) -> list[str]:
        """Open again every table kept in the state folder; return their codes. A table that
        cannot be resumed (its ``table.json`` and backup, or its match, cannot be used) is
        moved aside whole (``<code>.unreadable-<time>``, one log line naming it): never lost,
        never written over."""
        if self.state is None:
            return []
        remove_ended(self.state)
        opened = []
        for code in kept_codes(self.state):
            if code in self.tables or not self.owns(code):
                continue
            files = TableFiles(self.state, code)
            doc, problem = files.load(functools.partial(table_document, code=code))
            if doc is None:
                log.warning("the table %s: its table.json cannot be used (%s)", code,
                            problem or "missing")
                files.move_aside()
                continue
            tokens: dict[int, str] = doc["tokens"]
            box = Mailbox(code)
            try:
                session, problem = HostSession.resume(
                    files.match, outbox=self.wire, mailbox=box, tokens=tokens,
                    policy=doc["policy"], screen=False, host_name=doc["name"],
                    turn_time=doc["turn_time"], group_commit=True, keep_end=True,
                    last_round=doc["rounds"], keep_seats=self._seats_keeper(code))
            except (TypeError, ValueError) as exc:
                session, problem = None, str(exc)
            if not isinstance(session, HostSession) and problem is None:
                log.warning("the table %s had ended (nothing of its match is kept): removed",
                            code)  # a host stopped between a match's end and its removal
                files.remove()
                continue
            if not isinstance(session, HostSession):
                log.warning("the table %s: its match cannot be resumed (%s)", code, problem)
                files.match.close()
                files.move_aside()
                continue
            session.wait_for_returns()  # its joiners come back before a bot plays for them
            if self.pace is None and doc["pace"] is not None:
                self._paces[code] = doc["pace"]  # as it was served
            hook_table(session, self.bell, code)
            self.bell.ring(code)
            self.server.add_table(box)
            table = HostedTable(session, TablePlan(doc["rounds"]), files, dict(tokens),
                                kept_policy=doc["policy"])
            self.kept_addresses.append((doc["listen"], doc["port"]))
            self.tables[code] = table
            self.expiry.opened(code, self.wall_clock(), kept=doc.get("opened"),
                               kept_hours=doc.get("expire"))
            opened.append(code)
        return opened

    def _fresh_code(self) -> str:
        while True:
            code = str(self.new_code())
            if code not in self.tables:
                return code

    def _session(self, code: str, config: GameConfig, files: TableFiles | None, policy: str,
                 turn_time: float, name: str, rounds: int | None) -> HostSession:
        box = Mailbox(code)
        session = HostSession(config, outbox=self.wire, mailbox=box, policy=policy,
                              screen=False, host_name=name, turn_time=turn_time,
                              store=files.match if files is not None else None,
                              group_commit=True, keep_end=True, last_round=rounds,
                              keep_seats=self._seats_keeper(code) if files else None)
        hook_table(session, self.bell, code)
        self.bell.ring(code)
        self.server.add_table(box)
        return session

    def _keep(self, table: HostedTable, force: bool = False) -> str | None:
        """Write the table's document when its tokens or policy changed (a seat taken);
        return None or the problem that kept it from the disk."""
        session = table.session
        tokens = dict(session.book.tokens)
        if table.files is None or (not force and tokens == table.kept_tokens
                                   and session.policy == table.kept_policy):
            return None
        listen, port = self.address or (None, None)
        problem = table.files.save({
            "code": session.code, "policy": session.policy, "turn_time": session.turn_time,
            "rounds": table.plan.rounds, "name": session.host_name,
            "tokens": {str(s): t for s, t in tokens.items()},
            **self.expiry.document(session.code), "port": port, "listen": listen,
            "pace": self.pace_of(session.code)})
        if problem is None:
            table.kept_tokens, table.kept_policy = tokens, session.policy
        return problem

    def _seats_keeper(self, code: str) -> Callable[[dict[int, str], str], str | None]:
        """What a table's session calls before the ``welcome`` giving a token leaves: its
        ``table.json`` written if its seats changed (a refusal holds the table as its
        journal's does)."""

        def keep(_tokens: dict[int, str], _policy: str) -> str | None:
            table = self.tables.get(code)
            return None if table is None else self._keep(table)

        return keep

    def serving(self, listen: str | None, port: int) -> None:
        """The host serves on ``listen`` (None: every address) and ``port``: each table's
        ``table.json`` keeps it (for a ``--resume``)."""
        self.address = (listen, port)
        for table in self.tables.values():
            self._keep(table, force=True)

    def pace_of(self, code: str) -> str:
        """The bots' pace at table ``code``."""
        return self._paces.get(code) or self.pace or "off"

    # ---- the loop ------------------------------------------------------------------------------

    def step(self, codes: Iterable[str] | None = None) -> None:
        """Make the tables asked for, and move on the tables ``codes`` (None: every one): the
        kept ones are committed together at the pass's end (one flush to disk), then what
        they told leaves (one flush of the wire)."""
        self._creates()
        self._expire_unjoined()
        now = time.monotonic()
        todo = set(self.tables) if codes is None else set(codes)
        batch = SyncBatch(self.flusher)
        with self.wire.passing():
            committed = [code for code in sorted(todo)
                         if (table := self.tables.get(code)) is not None
                         and self._step_table(code, table, now, batch)]
            if committed:
                batch.sync()  # each table's lines on disk, then what it told leaves
            for code in committed:
                table = self.tables.get(code)
                if table is not None:
                    self._look_after(code, table, now)

    def _look_after(self, code: str, table: HostedTable, now: float) -> None:
        """When to step a table again (it just moved on, and what it told left)."""
        done = table_done(table.session, table.plan)
        self.bell.at(code, now if done else next_look(table.session, self._clocks.get(code),
                                                      now))

    def _step_table(self, code: str, table: HostedTable, now: float, batch: SyncBatch) -> bool:
        """Move a table on; return whether its commit waits for ``batch``'s flush."""
        session = table.session
        if table_done(session, table.plan):
            wait = table.end_wait = table.end_wait or EndWait(now + self.end_wait)
            if wait.waiting(session, now):  # a joiner not told the end yet: it may come back
                self.bell.at(code, wait.until)
                return False
            self._end(code, table)
            self._clocks.pop(code, None)
            self._paces.pop(code, None)
            self._ticked.pop(code, None)
            self.bell.forget(code)
            return False
        clock = self._clocks.setdefault(code, TableClock(self.pace_of(code)))
        clock.tick(now - self._ticked.get(code, now))
        self._ticked[code] = now
        step_table(session, clock=clock)
        if table.files is not None:  # its lines written now, flushed with the pass's others
            session.commit(batch)
            return True
        session.commit()  # nothing kept: what it tells goes out now
        self._look_after(code, table, now)
        return False

    def run(self, stop: threading.Event, serve: bool = False,
            deadline: float | None = None) -> bool:
        """Run until every table ended (``serve``: until ``stop``), or ``stop`` is set (and
        :attr:`wake` with it), or ``deadline`` (a ``time.monotonic()``) passes; return whether
        the tables all ended. Only the tables that have something to do are stepped: those
        rung (a request, a bot's decision) or whose look is due (a pause, a turn timer)."""
        codes = self.bell.wait(0.0)  # the tables opened rang: each is looked at once first
        while not stop.is_set():
            self.step(codes)
            if not self.tables and not serve:
                return True
            now = time.monotonic()
            if deadline is not None and now > deadline:
                return False
            longest = IDLE_WAIT if deadline is None else max(0.0, min(IDLE_WAIT, deadline - now))
            codes = self.bell.wait(longest)
        return not self.tables

    def close(self) -> None:
        """The host stops: each table is told (``bye`` ``host_quit``) and kept for a resume."""
        self.flusher.close()
        for table in self.tables.values():
            table.session.flush()
            table.session.close()

    def _end(self, code: str, table: HostedTable) -> None:
        session = table.session
        session.pump()
        self.ended.append({"code": code, **table_summary(session)})
        session.close(ended=True)
        self.server.remove_table(code)
        del self.tables[code]
        self.expiry.forget(code)
        if table.files is not None:
            table.files.remove()

    def _expire_unjoined(self) -> None:
        """Close the tables nobody joined in their time (:mod:`rami_desktop.net.hall.expiry`;
        the tables are gone through only when it looks, not at every step)."""
        now = self.wall_clock()
        if not self.expiry.looking(now):
            return
        unjoined = [code for code, t in self.tables.items() if not t.session.book.tokens]
        due = self.expiry.due(unjoined, now)
        for code in due:
            table = self.tables.pop(code)
            log.warning("the table %s was joined by nobody in %g hours: closed", code,
                        self.expiry.document(code)["expire"])
            self.expiry.forget(code)
            self._clocks.pop(code, None)
            self._paces.pop(code, None)
            self._ticked.pop(code, None)
            self.bell.forget(code)
            table.session.close(ended=True)
            self.server.remove_table(code)
            if table.files is not None:
                table.files.remove()

    def _creates(self) -> None:
        if self.admin_box is None:
            return
        for item in self.admin_box.take(50):
            request = item.request
            if not isinstance(request, Create):
                continue
            if len(self.tables) >= MAX_TABLES:
                self.server.send(item.conn, envelope("error", code="busy", seq=None,
                                                     version=VERSION))
                self.server.close(item.conn, "busy")
                continue
            spec = TableSpec(preset=request.preset, seats=request.seats,
                             rounds=request.rounds, name=request.name)
            try:
                code = self.open(spec)
            except ValueError as exc:
                log.info("a create was refused: %s", exc)
                self.server.send(item.conn, envelope("error", code="bad_field", seq=None,
                                                     version=VERSION))
                self.server.close(item.conn, "left")
                continue
            self.server.send(item.conn, envelope("created", code=code))
            self.server.close(item.conn, "created")
        if not self.admin_box.empty():  # more than one step takes: look again at once
            self.wake.set()
        self.server.flush()


__all__ = ["MAX_TABLES", "TABLE_FIELDS", "Hall", "HostedTable", "TableSpec", "parse_seats",
           "table_document"]
