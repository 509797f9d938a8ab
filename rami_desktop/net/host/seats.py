"""Who holds which network seat of a hosted table: the seats' tokens and the connections.

A network seat is bound to the token given to the first player who took it: for the whole
match, that token (kept in the joiner's settings) brings the same player back to the same
seat, and no one else can take it. A seat is the player's only once its ``welcome`` (with the
token) went out on a live connection: taken by a connection that closed before, it is free
again. Pure bookkeeping: the host session asks and acts.
"""

from __future__ import annotations

import hmac
import secrets
import string
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ..wire.errors import NetError

#: what a seat token is made of (``secrets.token_urlsafe``), and its lengths: 24 made here,
#: the protocol's ``token`` field holds 64 at most
TOKEN_SIGNS = frozenset(string.ascii_letters + string.digits + "-_")
TOKEN_MIN, TOKEN_MAX = 16, 64


def new_token() -> str:
    """A seat token nobody can guess."""
    return secrets.token_urlsafe(18)


def is_token(value: object) -> bool:
    """Whether a kept value is a seat token (a ``null`` read back as ``"None"``, a number, a
    short or foreign text is not: its seat is free)."""
    return (isinstance(value, str) and TOKEN_MIN <= len(value) <= TOKEN_MAX
            and TOKEN_SIGNS.issuperset(value))


@dataclass(frozen=True)
class Taken:
    """A seat taken: which, its token, whether the player came back, and the connection the
    seat was held by until now (it is replaced)."""

    seat: int
    token: str
    returned: bool
    replaced: int | None = None


class SeatBook:
    """The network seats of one table.

    Args:
        remote: the network seats, in seat order.
        tokens: the seats' tokens of a table hosted again (a resumed match).
    """

    def __init__(self, remote: Sequence[int], tokens: Mapping[int, str] | None = None) -> None:
        self.remote = tuple(remote)
        self.tokens: dict[int, str] = {s: t for s, t in (tokens or {}).items()
                                       if s in self.remote and is_token(t)}
        self._holder: dict[int, int] = {}
        self._seat: dict[int, int] = {}
        #: the connections that took a free seat (a new token), each with its seat
        self._fresh: dict[int, int] = {}

    def seat_of(self, conn: int) -> int | None:
        """The seat a connection holds."""
        return self._seat.get(conn)

    def holder(self, seat: int) -> int | None:
        """The connection holding a seat now."""
        return self._holder.get(seat)

    def present(self, seat: int) -> bool:
        """Whether a seat's player is connected."""
        return seat in self._holder

    def taken(self, seat: int) -> bool:
        """Whether a seat has its player (connected or not)."""
        return seat in self.tokens

    @property
    def connections(self) -> dict[int, int]:
        """Each connected seat's connection."""
        return dict(self._holder)

    def free(self) -> list[int]:
        """The network seats nobody took yet."""
        return [s for s in self.remote if s not in self.tokens]

    def take(self, conn: int, seat: int | None, token: str | None) -> Taken | NetError:
        """A connection asks for a seat (``seat`` None: any free one) or comes back to its own
        with its token."""
        if self.seat_of(conn) is not None:
            return NetError.SEAT_TAKEN
        mine = self._by_token(token)
        if mine is not None and seat in (None, mine):
            replaced = self._holder.get(mine)
            if replaced is not None:
                self._seat.pop(replaced, None)
            self._bind(conn, mine)
            return Taken(mine, self.tokens[mine], True, replaced)
        if seat is None:
            free = self.free()
            if not free:
                return NetError.TABLE_FULL
            seat = free[0]
        elif seat not in self.remote:
            return NetError.NO_SUCH_SEAT
        elif seat in self.tokens:
            return NetError.SEAT_TAKEN
        self.tokens[seat] = new_token()
        self._bind(conn, seat)
        self._fresh[conn] = seat
        return Taken(seat, self.tokens[seat], False)

    def drop(self, conn: int, welcomed: bool = True) -> int | None:
        """A connection closed or left; return the seat it held. A seat it took free whose
        welcome never went out (``welcomed`` False) is free again: nobody has its token."""
        seat = self._seat.pop(conn, None)
        fresh = self._fresh.pop(conn, None)
        if seat is not None and self._holder.get(seat) == conn:
            del self._holder[seat]
            if not welcomed and fresh == seat:
                del self.tokens[seat]
        return seat

    def _bind(self, conn: int, seat: int) -> None:
        self._holder[seat] = conn
        self._seat[conn] = seat

    def _by_token(self, token: str | None) -> int | None:
        if not token:
            return None
        for seat, known in self.tokens.items():
            if hmac.compare_digest(known.encode(), token.encode()):
                return seat
        return None


__all__ = ["SeatBook", "Taken", "is_token", "new_token"]
