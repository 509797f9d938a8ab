"""Many tables in one headless host: ``rami-host`` serves each on the same port, by its code.

A :class:`TableSpec` says what a table is (preset, seats, code, when it ends, policy, turn
time); :class:`Hall` opens tables from specs (the command line, a config file, or a ``create``
from a player's game holding the host's admin token), runs them all in one loop that only waits
on their mailboxes, and, given a state folder, keeps each one there through the session's own
save path (its match autosaved after every move) with its code and seat tokens, so that a host
killed mid-round starts again with every table, and its joiners take their seats back (at
the address ``table.json`` keeps). A table that ended waits for its joiners who were not there
to be told the end, even across a restart (:mod:`.table_return`).
"""

from __future__ import annotations

import dataclasses
import functools
import logging
import math
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rami_desktop.bots import levels_for
from rami_desktop.engine.rules import PRESET_NAMES, preset
from rami_desktop.play.session.config import GameConfig, Seat
from rami_desktop.play.table.clock import TableClock
from rami_desktop.storage.tables import TableFiles, kept_codes, remove_ended

from .codes import read_code
from .doorbell import Doorbell
from .expiry import MAX_HOURS, Expiry, hours_of
from .headless import (
    IDLE_WAIT,
    TablePlan,
    hook_table,
    next_look,
    step_table,
    table_done,
    table_summary,
)
from .host_session import POLICIES, TURN_TIME, HostSession
from .inbox import Inbox
from .protocol import ADMIN_LIMIT, NAME_LIMIT, VERSION, Create, envelope
from .server import HostServer, Inbound, Mailbox
from .table_return import END_WAIT, EndWait, address_fields

log = logging.getLogger(__name__)

#: tables one host serves at most (a ``create`` past it is answered ``busy``)
MAX_TABLES = 500
#: what a kept table's ``table.json`` holds
TABLE_FIELDS = frozenset({"code", "policy", "turn_time", "rounds", "name", "tokens", "opened",
                          "expire", "port", "listen"})
#: the longest table name kept, and seat token (the ``join`` message's)
MAX_TABLE_NAME = 64
MAX_TOKEN = 64
#: the most rounds a table plays (``--rounds``)
MAX_ROUNDS = 100_000


def table_document(data: Any, code: str) -> dict[str, Any]:
    """A kept table's ``table.json``, every field checked (the ``check`` of its load).

    Raises:
        ValueError: a field missing, of the wrong type or out of its range (named).
    """
    if not isinstance(data, dict):
        raise ValueError("not an object")
    unknown = set(data) - TABLE_FIELDS
    if unknown:
        raise ValueError(f"unknown fields {', '.join(sorted(map(str, unknown)))}")
    if data.get("code") != code:
        raise ValueError("its code is not its folder's")
    policy = data.get("policy", "bot")
    if policy not in POLICIES:
        raise ValueError("'policy' is neither wait nor bot")
    turn_time = data.get("turn_time", TURN_TIME)
    if (isinstance(turn_time, bool) or not isinstance(turn_time, (int, float))
            or not math.isfinite(turn_time) or not 0 <= turn_time <= 3600):
        raise ValueError("'turn_time' is not a number of seconds 0 to 3600")
    rounds = data.get("rounds")
    if rounds is not None and (isinstance(rounds, bool) or not isinstance(rounds, int)
                               or not 1 <= rounds <= MAX_ROUNDS):
        raise ValueError(f"'rounds' is not a whole number 1 to {MAX_ROUNDS}")
    name = data.get("name", "")
    if not isinstance(name, str) or len(name) > MAX_TABLE_NAME:
        raise ValueError(f"'name' is not text of {MAX_TABLE_NAME} characters at most")
    tokens = data.get("tokens", {})
    if not isinstance(tokens, dict) or len(tokens) > 6:
        raise ValueError("'tokens' is not an object of seats")
    for seat, token in tokens.items():
        if not (isinstance(seat, str) and seat.isascii() and seat.isdigit() and len(seat) == 1
                and isinstance(token, str) and 0 < len(token) <= MAX_TOKEN and token.isascii()):
            raise ValueError("'tokens' holds something other than seats' tokens")
    listen, port = address_fields(data)
    # when it was opened and its hours unjoined (:mod:`.expiry`): a value that is no time
    # counts from now, one that is no number of hours takes the host's
    return {"code": code, "policy": policy, "turn_time": float(turn_time), "rounds": rounds,
            "name": name, "tokens": {int(k): v for k, v in tokens.items()},
            "opened": data.get("opened"), "expire": data.get("expire"), "port": port,
            "listen": listen}


def parse_seats(text: str, preset: str = "talaj") -> tuple[Seat, ...]:
    """``net,net,bot:medium`` as seats.

    Raises:
        ValueError: a seat that is neither ``net`` nor ``bot:LEVEL``.
    """
    seats: list[Seat] = []
    for i, part in enumerate(p.strip().lower() for p in text.split(",")):
        if part == "net":
            seats.append(Seat(None, "net"))
        elif part.startswith("bot:") and part[4:] in levels_for(preset):
            seats.append(Seat(None, "bot", part[4:]))
        else:
            raise ValueError(f"seat {i + 1}: {part!r} is neither net nor bot:LEVEL "
                             f"({', '.join(levels_for(preset))})")
    return tuple(seats)


@dataclass(frozen=True)
class TableSpec:
    """What a table of the host is.

    Attributes:
        preset: the rules' preset.
        seats: ``net,net,bot:medium`` (see :func:`parse_seats`).
        code: its code (None: a new one).
        rounds: it ends after this many rounds (None: at the match's end).
        policy: while a joiner is away: ``wait``, or ``bot``.
        turn_time: seconds a network seat has to play (0: no timer).
        seed: the match's seed (None: drawn).
        name: the table's name.
        expire: hours after which it closes if nobody took a seat (0: never; None: the
            host's, :mod:`rami_desktop.net.expiry`).
    """

    preset: str = "talaj"
    seats: str = "net,net,bot:medium"
    code: str | None = None
    rounds: int | None = None
    policy: str = "bot"
    turn_time: float = TURN_TIME
    seed: int | None = None
    name: str = ""
    expire: float | None = None

    def config(self) -> GameConfig:
        """The match's setup.

        Raises:
            ValueError: a preset, seats or policy that cannot make a table.
        """
        if self.preset not in PRESET_NAMES:
            raise ValueError(f"no preset {self.preset!r} ({', '.join(PRESET_NAMES)})")
        if self.policy not in POLICIES:
            raise ValueError(f"policy must be wait or bot, not {self.policy!r}")
        if not 0 <= self.turn_time <= 3600:
            raise ValueError("the turn time is 0 to 3600 seconds")
        rules = preset(self.preset)
        seats = parse_seats(self.seats, self.preset)
        if not rules.min_players <= len(seats) <= rules.max_players:
            raise ValueError(f"{self.preset} takes {rules.min_players} to {rules.max_players} "
                             "seats")
        if rules.teams and len(seats) != 4:
            raise ValueError("teams need 4 seats")
        config = GameConfig(rules=rules, seats=seats, seed=self.seed)
        if not config.remote:
            raise ValueError("no net seat: nobody could join")
        return config

    def checked_code(self) -> str | None:
        """The code asked for, in its canonical form (None: a new one).

        Raises:
            ValueError: not a code by the rule (:mod:`rami_desktop.net.codes`).
        """
        if self.code is None:
            return None
        return read_code(self.code)

    @classmethod
    def from_dict(cls, data: Any) -> TableSpec:
        """A spec from a config file's table.

        Raises:
            ValueError: not an object of the spec's fields.
        """
        if not isinstance(data, dict):
            raise ValueError("a table is an object")
        fields = {f.name: f.type for f in dataclasses.fields(cls)}
        unknown = set(data) - set(fields)
        if unknown:
            shown = ", ".join(sorted(repr(k[:40]) for k in unknown)[:5])
            raise ValueError(f"unknown table fields: {shown}")
        spec = cls(**data)
        for key, limit in (("preset", 20), ("seats", ADMIN_LIMIT), ("policy", 20),
                           ("name", NAME_LIMIT)):
            value = getattr(spec, key)
            if not isinstance(value, str) or len(value) > limit or not value.isprintable():
                raise ValueError(f"{key!r} must be a text of at most {limit} printable "
                                 "characters")
        for key, low, high in (("rounds", 1, 100_000), ("seed", 0, (1 << 32) - 1)):
            value = getattr(spec, key)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or not low <= value <= high):
                raise ValueError(f"{key!r} must be a whole number {low} to {high}")
        turn = spec.turn_time
        if isinstance(turn, bool) or not isinstance(turn, (int, float)) \
                or not math.isfinite(turn) or not 0 <= turn <= 3600:
            raise ValueError("'turn_time' must be a number of seconds 0 to 3600")
        if spec.code is not None and not isinstance(spec.code, str):
            raise ValueError("'code' must be text")
        if spec.expire is not None and hours_of(spec.expire) is None:
            raise ValueError(f"'expire' must be a number of hours 0 to {MAX_HOURS:g}")
        spec.checked_code()
        return spec


@dataclass
class HostedTable:
    """A table of the hall: its session, when it ends, where it is kept (once it ended: its
    joiners still to be told it)."""

    session: HostSession
    plan: TablePlan
    files: TableFiles | None
    kept_tokens: dict[int, str]
    end_wait: EndWait | None = None


class Hall:
    """The tables of one headless host (see the module's text).

    Args:
        server: the host's WebSocket server (its ``admin_box`` takes the ``create`` requests).
        state: the folder where the tables are kept (None: nothing is kept).
        new_code: makes a new table code.
        admin_box: the ``create`` requests (the server's).
    """

    def __init__(self, server: HostServer, state: Path | None, new_code: Any,
                 admin_box: Inbox[Inbound] | None = None) -> None:
        self.server = server
        self.state = state
        #: the bots' pace at every table (``off``: at once; see rami_desktop.play.table.clock)
        self.pace = "off"
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
        session.commit()
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
            if code in self.tables:
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
                    files.match, outbox=self.server, mailbox=box, tokens=tokens,
                    policy=doc["policy"], screen=False, host_name=doc["name"],
                    turn_time=doc["turn_time"], group_commit=True, keep_end=True,
                    last_round=doc["rounds"])
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
            hook_table(session, self.bell, code)
            self.bell.ring(code)
            self.server.add_table(box)
            table = HostedTable(session, TablePlan(doc["rounds"]), files, dict(tokens))
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
        session = HostSession(config, outbox=self.server, mailbox=box, policy=policy,
                              screen=False, host_name=name, turn_time=turn_time,
                              store=files.match if files is not None else None,
                              group_commit=True, keep_end=True, last_round=rounds)
        hook_table(session, self.bell, code)
        self.bell.ring(code)
        self.server.add_table(box)
        return session

    def _keep(self, table: HostedTable, force: bool = False) -> None:
        """Write the table's document when its tokens changed (a seat taken)."""
        session = table.session
        if table.files is None or (not force and session.book.tokens == table.kept_tokens):
            return
        table.kept_tokens = dict(session.book.tokens)
        listen, port = self.address or (None, None)
        table.files.save({"code": session.code, "policy": session.policy,
                          "turn_time": session.turn_time, "rounds": table.plan.rounds,
                          "name": session.host_name,
                          "tokens": {str(s): t for s, t in session.book.tokens.items()},
                          **self.expiry.document(session.code), "port": port,
                          "listen": listen})

    def serving(self, listen: str | None, port: int) -> None:
        """The host serves on ``listen`` (None: every address) and ``port``: each table's
        ``table.json`` keeps it (for a ``--resume``)."""
        self.address = (listen, port)
        for table in self.tables.values():
            self._keep(table, force=True)

    # ---- the loop ------------------------------------------------------------------------------

    def step(self, codes: Iterable[str] | None = None) -> None:
        """Make the tables asked for, and move on the tables ``codes`` (None: every one)."""
        self._creates()
        self._expire_unjoined()
        now = time.monotonic()
        for code in sorted(self.tables) if codes is None else sorted(codes):
            table = self.tables.get(code)
            if table is not None:
                self._step_table(code, table, now)

    def _step_table(self, code: str, table: HostedTable, now: float) -> None:
        session = table.session
        if table_done(session, table.plan):
            wait = table.end_wait = table.end_wait or EndWait(now + self.end_wait)
            if wait.waiting(session, now):  # a joiner not told the end yet: it may come back
                self.bell.at(code, wait.until)
                return
            self._end(code, table)
            self._clocks.pop(code, None)
            self._ticked.pop(code, None)
            self.bell.forget(code)
            return
        clock = self._clocks.setdefault(code, TableClock(self.pace))
        clock.tick(now - self._ticked.get(code, now))
        self._ticked[code] = now
        step_table(session, clock=clock)
        self._keep(table)
        session.commit()  # one fsync for the table's pass; then what it tells goes out
        done = table_done(session, table.plan)
        self.bell.at(code, now if done else next_look(session, clock, now))

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
        """Close the tables nobody joined in their time (:mod:`rami_desktop.net.expiry`)."""
        unjoined = [code for code, t in self.tables.items() if not t.session.book.tokens]
        for code in self.expiry.due(unjoined, self.wall_clock()):
            table = self.tables.pop(code)
            log.warning("the table %s was joined by nobody in %g hours: closed", code,
                        self.expiry.document(code)["expire"])
            self.expiry.forget(code)
            self._clocks.pop(code, None)
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
