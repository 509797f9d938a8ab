"""What a host reachable from the internet holds against: the limits kept per address.

Pure bookkeeping, with the time passed in (the server's network thread asks, and acts):

- :class:`Doorway`: the connections of each address that have not joined a table yet. Each
  address keeps at most :data:`PENDING_PER_ADDRESS` of them; one more closes its oldest, so idle
  connections never keep a real joiner out. A connection that has not joined within
  :data:`JOIN_DEADLINE` seconds is closed.
- :class:`Guesses`: wrong table codes (and wrong admin tokens) per address and for the whole
  host, which no message resets. An address's first :data:`FREE_GUESSES` wrong guesses are
  free; after that each one makes it wait before its next guess is even looked at, the wait
  doubling from :data:`FIRST_DELAY` up to :data:`MAX_DELAY` seconds. The host as a whole looks
  at no more than :data:`HOST_RATE` wrong guesses a second (bursts of :data:`HOST_BURST`),
  the free ones included, whatever the number of addresses: while it is at that cap every
  guess, right or wrong, is answered ``too_fast`` unread. A wrong guess is forgiven every
  :data:`FORGIVE` seconds (a player who mistyped a code is not locked out for ever).
- :class:`Handshakes`: the connections accepted that have not finished their WebSocket
  handshake yet, per address: past :data:`HANDSHAKES_PER_ADDRESS` of an address, one more
  closes its oldest once that one had :data:`HANDSHAKE_GRACE` seconds; past
  :data:`HANDSHAKES` in all, the oldest of all; each is closed after :data:`HANDSHAKE_TIME`
  seconds.

An address is an IPv4 address, or an IPv6 address's /64 (one household's network, which holds
any number of addresses): :func:`address_key`.
"""

from __future__ import annotations

import ipaddress
from collections import OrderedDict
from dataclasses import dataclass

#: connections of one address that may wait to join at once
PENDING_PER_ADDRESS = 8
#: joined connections one address may hold (a family behind one router, several tables)
JOINED_PER_ADDRESS = 48
#: seconds a connection has to join a table
JOIN_DEADLINE = 10.0
#: wrong guesses an address makes before the waits begin
FREE_GUESSES = 5
#: the first wait, in seconds, and the longest; each wrong guess past the free ones doubles it
FIRST_DELAY = 1.0
MAX_DELAY = 60.0
#: seconds after which one wrong guess of an address is forgiven
FORGIVE = 600.0
#: wrong guesses a second the whole host looks at, and in one burst
HOST_RATE = 20.0
HOST_BURST = 40
#: connections of one address in their handshake at once, of all addresses, and the seconds
#: one has to finish it (a raw TCP connection that never speaks is closed then)
HANDSHAKES_PER_ADDRESS = 8
HANDSHAKES = 1000
HANDSHAKE_TIME = 4.0
#: seconds a handshake is let be before a newer one of its address may close it (a burst of
#: real connections, a family's or a bench's, all get through)
HANDSHAKE_GRACE = 1.0


def address_key(address: str) -> str:
    """Whom a connection's address counts for: an IPv4 address (an IPv4 address seen through
    a dual-stack socket too), or the /64 network of an IPv6 address."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def delay_after(wrong: int) -> float:
    """Seconds an address waits before its next guess is looked at, after ``wrong`` wrong
    guesses."""
    if wrong < FREE_GUESSES:
        return 0.0
    return min(MAX_DELAY, FIRST_DELAY * 2.0 ** (wrong - FREE_GUESSES))


def most_guesses(seconds: float) -> int:
    """The most guesses one address can have looked at in ``seconds`` (the schedule of
    :func:`delay_after`; what the tests and docs/dev/protocol.md hold the host to)."""
    count, elapsed = 0, 0.0
    while True:
        wait = delay_after(count)
        if elapsed + wait > seconds:
            return count
        elapsed += wait
        count += 1


@dataclass
class _Record:
    wrong: int = 0
    next_at: float = 0.0
    stamp: float = 0.0


class Guesses:
    """Wrong guesses per address and for the whole host (see the module's text)."""

    def __init__(self) -> None:
        self._by_address: dict[str, _Record] = {}
        self._tokens = float(HOST_BURST)
        self._stamp: float | None = None
        #: guesses looked at (right or wrong) and guesses refused unread, for the figures
        self.looked = 0
        self.refused = 0

    def may_guess(self, address: str, now: float) -> bool:
        """Whether a guess of ``address`` may be looked at now (False: answer ``too_fast``
        without looking)."""
        record = self._record(address, now)
        if now < record.next_at:
            self.refused += 1
            return False
        since = 0.0 if self._stamp is None else max(0.0, now - self._stamp)
        self._tokens = min(float(HOST_BURST), self._tokens + since * HOST_RATE)
        self._stamp = now
        if self._tokens < 1.0:  # the host's cap: every guess waits, free or not, right or not
            self.refused += 1
            return False
        self.looked += 1
        return True

    def wrong(self, address: str, now: float) -> None:
        """A guess of ``address`` (just let through by :meth:`may_guess`) was wrong: it takes
        its place under the host's cap."""
        record = self._record(address, now)
        record.wrong += 1
        record.next_at = now + delay_after(record.wrong)
        self._tokens -= 1.0

    def wrong_count(self, address: str, now: float) -> int:
        """The wrong guesses of an address still counted."""
        return self._record(address, now).wrong

    def _record(self, address: str, now: float) -> _Record:
        record = self._by_address.get(address)
        if record is None:
            if len(self._by_address) > 100_000:  # forget the forgiven ones
                self._by_address = {a: r for a, r in self._by_address.items()
                                    if r.wrong and now - r.stamp < FORGIVE}
            record = self._by_address[address] = _Record(stamp=now)
        if record.wrong and now - record.stamp >= FORGIVE:
            forgiven = int((now - record.stamp) // FORGIVE)
            record.wrong = max(0, record.wrong - forgiven)
            record.stamp += forgiven * FORGIVE
        elif not record.wrong:
            record.stamp = now
        return record


class Handshakes:
    """The connections in their handshake, per address (see the module's text); each is a
    handle the server chose."""

    def __init__(self) -> None:
        self._pending: dict[str, OrderedDict[int, float]] = {}
        self._address: dict[int, str] = {}

    def arrive(self, address: str, handle: int, now: float) -> list[int]:
        """A connection was accepted; return the handles to close to make room (the oldest of
        its address, or of all)."""
        evict: list[int] = []
        waiting = self._pending.setdefault(address, OrderedDict())
        if len(waiting) >= HANDSHAKES_PER_ADDRESS:
            first, since = next(iter(waiting.items()))
            if now - since >= HANDSHAKE_GRACE:
                evict.append(first)
        if not evict and len(self._address) >= HANDSHAKES:
            oldest = min((next(iter(w.items())) for w in self._pending.values() if w),
                         key=lambda item: item[1], default=None)
            if oldest is not None:
                evict.append(oldest[0])
        for handle_out in evict:
            self.done(handle_out)
        self._pending.setdefault(address, OrderedDict())[handle] = now
        self._address[handle] = address
        return evict

    def done(self, handle: int) -> None:
        """A connection finished its handshake, or closed."""
        address = self._address.pop(handle, None)
        if address is None:
            return
        waiting = self._pending.get(address)
        if waiting is not None:
            waiting.pop(handle, None)
            if not waiting:
                del self._pending[address]

    def late(self, now: float) -> list[int]:
        """The connections past :data:`HANDSHAKE_TIME` (each is told once)."""
        out: list[int] = []
        for waiting in list(self._pending.values()):
            for handle, since in list(waiting.items()):
                if now - since < HANDSHAKE_TIME:
                    break
                out.append(handle)
        for handle in out:
            self.done(handle)
        return out

    def count(self, address: str | None = None) -> int:
        """How many connections are in their handshake (of one address, or of all)."""
        if address is None:
            return len(self._address)
        return len(self._pending.get(address, ()))

    def handles(self) -> list[int]:
        """Every connection in its handshake."""
        return list(self._address)


class Doorway:
    """The connections waiting to join, per address (see the module's text)."""

    def __init__(self) -> None:
        self._pending: dict[str, OrderedDict[int, float]] = {}
        self._joined: dict[str, set[int]] = {}

    def arrive(self, address: str, conn: int, now: float) -> int | None:
        """A connection opened; return the connection of the same address to close to make
        room (its oldest waiting one), if any."""
        waiting = self._pending.setdefault(address, OrderedDict())
        evict = None
        if len(waiting) >= PENDING_PER_ADDRESS:
            evict, _since = waiting.popitem(last=False)
        waiting[conn] = now
        return evict

    def may_join(self, address: str) -> bool:
        """Whether an address may hold one more joined connection."""
        return len(self._joined.get(address, ())) < JOINED_PER_ADDRESS

    def joined(self, address: str, conn: int) -> None:
        """A connection took a seat (it no longer waits)."""
        waiting = self._pending.get(address)
        if waiting is not None:
            waiting.pop(conn, None)
        self._joined.setdefault(address, set()).add(conn)

    def left(self, address: str, conn: int) -> None:
        """A connection closed."""
        waiting = self._pending.get(address)
        if waiting is not None:
            waiting.pop(conn, None)
            if not waiting:
                del self._pending[address]
        joined = self._joined.get(address)
        if joined is not None:
            joined.discard(conn)
            if not joined:
                del self._joined[address]

    def late(self, now: float) -> list[int]:
        """The connections that did not join in time (each is told once)."""
        out: list[int] = []
        for waiting in self._pending.values():
            while waiting:
                conn, since = next(iter(waiting.items()))
                if now - since < JOIN_DEADLINE:
                    break
                waiting.popitem(last=False)
                out.append(conn)
        return out

    def oldest_waiting(self) -> int | None:
        """The connection that has waited longest to join, of any address."""
        best: tuple[float, int] | None = None
        for waiting in self._pending.values():
            if waiting:
                conn, since = next(iter(waiting.items()))
                if best is None or since < best[0]:
                    best = (since, conn)
        return best[1] if best is not None else None

    def waiting(self) -> int:
        """How many connections wait to join."""
        return sum(len(w) for w in self._pending.values())


__all__ = ["FIRST_DELAY", "FORGIVE", "FREE_GUESSES", "HANDSHAKES", "HANDSHAKES_PER_ADDRESS",
           "HANDSHAKE_GRACE", "HANDSHAKE_TIME", "HOST_BURST", "HOST_RATE", "JOINED_PER_ADDRESS",
           "JOIN_DEADLINE", "MAX_DELAY", "PENDING_PER_ADDRESS", "Doorway", "Guesses",
           "Handshakes", "address_key", "delay_after", "most_guesses"]
