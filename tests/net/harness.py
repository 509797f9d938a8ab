"""Tables over loopback for the network tests: a host session, in-process joiners, and the
leak tap that checks every message sent to each seat against the host's true state."""

from __future__ import annotations

import json
import random
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from rami_desktop.bots import make_bot
from rami_desktop.engine.cards import full_deck
from rami_desktop.engine.rules import Rules
from rami_desktop.net.hall.headless import TablePlan, end_table, run_tables
from rami_desktop.net.host.host_session import HostSession
from rami_desktop.net.host.hosting import Hosting
from rami_desktop.net.join.joiner_loop import run_joiner
from rami_desktop.net.join.joining import Joining, Welcome
from rami_desktop.net.join.remote import RemoteSession
from rami_desktop.net.transport.server import Outbox
from rami_desktop.net.wire.delta import FollowedView
from rami_desktop.net.wire.view import seat_view_from_dict
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.view.seat_view import observation_for

#: seconds a whole test table may take at most (a bound, never reached when all is well)
TABLE_LIMIT = 120.0


CODES = {c.code for c in full_deck()}
#: cards of the stock in a row that must never appear in that order in a message
RUN = 4


@dataclass
class Parts:
    """A JSON value taken apart: its keys, its card codes, its lists, the stock counts."""

    keys: set[str] = field(default_factory=set)
    cards: list[str] = field(default_factory=list)
    lists: list[list[Any]] = field(default_factory=list)
    stocks: list[Any] = field(default_factory=list)


def parts_of(data: Any, parts: Parts | None = None) -> Parts:
    """Walk a JSON value once."""
    parts = parts or Parts()
    stack = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            parts.keys.update(value)
            if "stock" in value:
                parts.stocks.append(value["stock"])
            stack.extend(value.values())
        elif isinstance(value, list):
            parts.lists.append(value)
            stack.extend(value)
        elif isinstance(value, str) and value in CODES:
            parts.cards.append(value)
    return parts


@dataclass
class LeakTap:
    """An outbox in front of the server that checks, at the moment each message is made, that
    it tells its seat nothing hidden from it (the host's state is the truth then): a message
    held until what it tells is kept (:meth:`follow`) is checked as it is held, not as it leaves
    (the game may have moved on meanwhile: a move of another seat handled in the same pass).

    The checks: the view's observation (a delta: the view it makes of the connection's last)
    is exactly the seat's observation; no card code appears in the message (a delta's too)
    that is neither the seat's own, nor public this round (talaj, table, discards, cards taken
    from the talaj), nor (once the round is over) in the hands shown at its end; a card another
    player drew from the stock is null; no stock, seed or log is named; no run of four stock
    cards in their order appears.
    """

    inner: Outbox
    session: HostSession | None = None
    messages: dict[int, list[str]] = field(default_factory=dict)
    failures: list[str] = field(default_factory=list)
    checked: int = 0
    cards_checked: int = 0
    #: updates that told their view as a delta
    deltas: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: cards seen on the table this round (a take-back returns them to a hand: still known)
    seen: set[str] = field(default_factory=set)
    seen_round: tuple[int, int] = (0, 0)
    #: each connection's view as the messages made it (a welcome's, then deltas applied)
    views: dict[int, FollowedView] = field(default_factory=dict)
    #: the messages checked as they were held, by identity, once per holding (kept alive: an
    #: id is never reused; one text may be held for several connections)
    held: dict[int, list[str]] = field(default_factory=dict)

    def follow(self, session: HostSession) -> None:
        """Check what ``session`` sends against its state, each message as it is held."""
        self.session = session
        hold = session.outbox.send

        def send(conn: int, text: str) -> None:
            self._check_now(conn, text)
            with self.lock:
                self.held.setdefault(id(text), []).append(text)
            hold(conn, text)

        session.outbox.send = send  # type: ignore[method-assign]

    def send(self, conn: int, text: str) -> None:
        """Check (unless it was as it was held), record and pass on."""
        with self.lock:
            same = self.held.get(id(text))
            checked = bool(same) and same[-1] is text
            if checked:
                same.pop()
                if not same:
                    del self.held[id(text)]
        if not checked:
            self._check_now(conn, text)
        with self.lock:
            self.messages.setdefault(conn, []).append(text)
        self.inner.send(conn, text)

    def _check_now(self, conn: int, text: str) -> None:
        session = self.session
        if session is not None:
            seat = session.book.seat_of(conn)
            try:
                if seat is not None:
                    self._check(session, conn, seat, text)
            except Exception as exc:  # the test reads the failures
                self.failures.append(f"seat {seat}: {exc!r} in {text[:300]}")

    def close(self, conn: int, reason: str = "host_quit") -> None:
        """Pass on."""
        self.inner.close(conn, reason)

    def flush(self) -> None:
        """Pass on."""
        self.inner.flush()

    def _check(self, session: HostSession, conn: int, seat: int, text: str) -> None:
        data = json.loads(text)
        self.checked += 1
        match = session.match
        r = match.round
        player = match.player_of(seat)
        parts = parts_of(data)
        named = parts.keys
        assert not named & {"seed", "log", "logs", "round_seed", "deck", "key", "key_from"}, named
        assert match.key is None or match.key.hex() not in text, "the match's key sent"
        assert all(isinstance(v, int) for v in parts.stocks), "stock cards named"
        if data["type"] not in ("update", "welcome"):
            assert not parts.cards, data
            return
        if data["type"] == "welcome":
            self.views[conn] = FollowedView()
        self.deltas += data.get("delta") is not None
        view = self.views[conn].take(data, dict)  # a delta: the view it makes
        assert seat_view_from_dict(view).observation == observation_for(match, seat)
        moment = (id(r), r.redeals)
        if moment != self.seen_round:
            self.seen_round, self.seen = moment, set()
        for m in r.melds:
            if m.meld is not None:
                self.seen.update(c.code for c in m.meld.cards)
        if "hands" in named:
            assert r.over and view["reveal"] is not None
        allowed: Counter[str] = Counter()
        allowed.update(c.code for c in (r.hands[player] if player is not None else ()))
        allowed.update(c.code for c in r.talaj)
        for m in r.melds:
            if m.meld is not None:
                allowed.update(c.code for c in m.meld.cards)
        allowed.update(c.code for _p, c in r.discards)
        allowed.update(c.code for _p, c in r.taken)
        if r.over:
            for hand in r.hands:
                allowed.update(c.code for c in hand)
        hidden = {c.code for q, hand in enumerate(r.hands) if q != player for c in hand}
        hidden |= {c.code for c in r.stock}
        hidden -= set(allowed) | self.seen
        self.cards_checked += len(parts.cards)
        leaked = hidden.intersection(parts.cards)
        assert not leaked, f"{sorted(leaked)} hidden from seat {seat}"
        for h in data.get("happenings", []):
            for e in h["events"]:
                if e["e"] == "drew" and e["source"] == "stock" and e["player"] != player:
                    assert e["card"] is None, e
        stock = [c.code for c in r.stock]
        runs = {tuple(stock[i:i + RUN]) for i in range(len(stock) - RUN + 1)}
        for value in parts.lists:
            codes = [v for v in value if isinstance(v, str)]
            for i in range(len(codes) - RUN + 1):
                assert tuple(codes[i:i + RUN]) not in runs, f"stock order in {value}"


@dataclass
class Table:
    """A hosted table on loopback, its tap and its host thread."""

    hosting: Hosting
    session: HostSession
    tap: LeakTap
    url: str
    thread: threading.Thread | None = None
    finished: list[bool] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    def run(self, plan: TablePlan | None = None) -> None:
        """Run the host's loop on a thread until the table ends (or the limit)."""
        deadline = time.monotonic() + TABLE_LIMIT

        def loop() -> None:
            done = run_tables([self.session], plan or TablePlan(), self.hosting.mailbox.wake,
                              self.stop, deadline)
            self.finished.append(done)
            if done:
                end_table(self.session)

        self.thread = threading.Thread(target=loop, daemon=True)
        self.thread.start()

    def join_thread(self) -> None:
        """Wait for the host's loop to end."""
        assert self.thread is not None
        self.thread.join(TABLE_LIMIT + 10)
        assert not self.thread.is_alive(), "the host's loop did not end"

    def close(self) -> None:
        """Stop everything."""
        self.stop.set()
        self.hosting.mailbox.wake.set()
        if self.thread is not None:
            self.thread.join(10)
        self.session.close()


def host_table(config: GameConfig, code: str = "TESTABCDEF", policy: str = "wait",
               key: bytes | None = None) -> Table:
    """A headless table on loopback, every message through a leak tap (``key``: the match's,
    for a test that plays the same match again)."""
    hosting = Hosting(code)
    port = hosting.start(0, "127.0.0.1")
    tap = LeakTap(hosting.server)
    session = HostSession(config, outbox=tap, mailbox=hosting.mailbox, policy=policy,
                          screen=False, hosting=hosting, key=key)
    tap.follow(session)
    return Table(hosting, session, tap, f"ws://127.0.0.1:{port}/")


def welcome(joining: Joining, limit: float = 20.0) -> Welcome:
    """Wait for a joining's welcome."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        answer = joining.poll()
        if answer is not None:
            assert isinstance(answer, Welcome), answer
            return answer
        joining.link.wait(0.05)
    raise AssertionError("no welcome")


def join_bot(table: Table, name: str, level: str = "easy", seed: int = 0,
             seat: int | None = None, token: str | None = None) -> RemoteSession:
    """A joiner whose seat a bot plays (its generator seeded)."""
    joining = Joining(table.url, table.session.code, name, seat, token)
    return RemoteSession(joining.link, welcome(joining), name, make_bot(level),
                         random.Random(seed))


def play_joiners(joiners: list[RemoteSession]) -> list[bool]:
    """Run each joiner's loop on a thread until its game ends; return how each ended."""
    results: list[bool] = [False] * len(joiners)
    deadline = time.monotonic() + TABLE_LIMIT

    def one(i: int) -> None:
        results[i] = run_joiner(joiners[i], deadline)

    threads = [threading.Thread(target=one, args=(i,), daemon=True) for i in range(len(joiners))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(TABLE_LIMIT + 10)
    return results


def seats(*kinds: str, level: str = "easy") -> tuple[Seat, ...]:
    """Seats from kinds: ``net`` or ``bot``."""
    return tuple(Seat(None, k, level) for k in kinds)


def config_of(rules: Rules, *kinds: str, seed: int = 11) -> GameConfig:
    """A table's setup."""
    return GameConfig(rules=rules, seats=seats(*kinds), seed=seed)
