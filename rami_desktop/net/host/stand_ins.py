"""The bots standing in at a hosted table (the host session's part): for the seats whose player
is away (the ``bot`` policy), and the turn timer's, for a network seat that let its turn's time
pass (until its player acts again); a round's summary not read in time counts as read."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Protocol

from rami_desktop.bots import make_bot
from rami_desktop.engine.match import Match, keyed_generator
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.config import GameConfig
from rami_desktop.play.session.bot_worker import BotWorker
from rami_desktop.play.session.driver import BotDriver

log = logging.getLogger(__name__)

#: the level of a bot standing in for an absent player
STAND_IN_LEVEL = "medium"
#: seconds a table resumed by its host waits for its players to come back before a bot plays
#: the seats still empty (the ``bot`` policy): the host's restart cut them all at once
RETURN_GRACE = 60.0


class _Table(Protocol):
    """What of the host session the stand-ins read and move."""

    policy: str
    started: bool
    turn_time: float
    seed: int
    unkept: str | None
    match: Match
    config: GameConfig
    driver: BotDriver
    worker: BotWorker
    clock: Callable[[], float]
    timed_out: set[int]
    _back: set[int]
    _stand_ins: set[int]
    _ready: set[int]
    _moment_seen: tuple[int, int, int, bool] | None
    _moment_since: float
    _return_until: float

    def _stand_in_absent(self) -> None: ...

    def _timer_due(self) -> float | None: ...

    @property
    def round(self) -> RoundState:
        """The current round."""
        ...

    def absent(self) -> list[int]:
        """The network seats still in the match whose player is not connected."""
        ...

    def ready_for(self) -> list[int]:
        """The connected seats whose summary the next deal waits for."""
        ...

    def _broadcast_seats(self) -> None: ...

    def _stand_in(self, seat: int) -> None: ...

    def _stand_down(self, seat: int) -> None: ...

    def _timed_moment(self) -> tuple[int, int, int, bool]: ...


class StandIns:
    """The stand-ins of a host session (its base: see the module's text)."""

    #: the moment the turn timer looks at (round, turn, redeals, over), and since when
    _moment_seen: tuple[int, int, int, bool] | None
    _moment_since: float
    #: until when (a time of ``clock``) no bot plays an absent seat: a table resumed waits
    #: :data:`RETURN_GRACE` seconds for its players (0: it does not wait)
    _return_until = 0.0

    def wait_for_returns(self: _Table) -> None:
        """The table was just resumed by its host: its players, all cut at once, have
        :data:`RETURN_GRACE` seconds to come back before a bot plays their seats."""
        self._return_until = self.clock() + RETURN_GRACE

    def _stand_in_absent(self: _Table) -> None:
        if self.policy != "bot" or not self.started or self.clock() < self._return_until:
            return
        for seat in self.absent():
            if seat not in self._stand_ins:
                self._stand_in(seat)

    def _stand_in(self: _Table, seat: int) -> None:
        self.driver.bots[seat] = make_bot(STAND_IN_LEVEL)
        key = self.match.key
        self.driver.rngs[seat] = (random.Random(f"{self.seed}/stand-in/{seat}") if key is None
                                  else keyed_generator(key, f"stand-in/{seat}"))
        self._stand_ins.add(seat)

    def _watch_time(self: _Table) -> None:
        """The turn timer: a network seat that lets its time pass is played by a bot (until
        its player acts again); a summary not read in time counts as read. A resumed table's
        wait for its players ends: the seats still empty are played by a bot."""
        if self._return_until and self.clock() >= self._return_until:
            self._return_until = 0.0
            self._stand_in_absent()
            self._broadcast_seats()
        if not self.turn_time or not self.started or self.match.over or self.unkept:
            return
        r = self.round
        moment = self._timed_moment()
        now = self.clock()
        if moment != self._moment_seen:
            self._moment_seen, self._moment_since = moment, now
            back = self.timed_out & self._back
            for seat in back:
                self._stand_down(seat)
            if back:
                self._broadcast_seats()
            return
        if now - self._moment_since < self.turn_time:
            return
        if r.over:
            self._ready.update(self.ready_for())
            return
        seat = self.match.seat_of(r.current)
        if seat in self.config.remote and seat not in self._stand_ins:
            log.info("seat %s let its turn's time pass: a bot plays it", seat)
            self._stand_in(seat)
            self.timed_out.add(seat)
            self._broadcast_seats()

    def _timed_moment(self: _Table) -> tuple[int, int, int, bool]:
        r = self.round
        return self.match.round_number, r.turn, r.redeals, r.over

    def time_due(self: _Table) -> float | None:
        """When the turn timer next has something to do (a time of :attr:`clock`; now: a
        moment it has not seen yet), or a resumed table's wait for its players ends; None:
        nothing until something else happens."""
        due = self._timer_due()
        if self._return_until and self.policy == "bot" and self.absent():
            return self._return_until if due is None else min(due, self._return_until)
        return due

    def _timer_due(self: _Table) -> float | None:
        if not self.turn_time or not self.started or self.match.over or self.unkept:
            return None
        if self._timed_moment() != self._moment_seen:
            return self.clock()
        r = self.round
        if r.over:
            waiting = bool(self.ready_for())
        else:
            seat = self.match.seat_of(r.current)
            waiting = seat in self.config.remote and seat not in self._stand_ins
        return self._moment_since + self.turn_time if waiting else None

    def _stand_down(self: _Table, seat: int) -> None:
        self.timed_out.discard(seat)
        self._back.discard(seat)
        self._stand_ins.discard(seat)
        self.driver.bots.pop(seat, None)
        self.driver.rngs.pop(seat, None)
        self.worker.cancel()


__all__ = ["STAND_IN_LEVEL", "StandIns"]
