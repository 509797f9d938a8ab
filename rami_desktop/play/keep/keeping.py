"""How a session keeps its game before telling it: the match's store, the commit of what
happened (one fsync), and the wait while the disk refuses.

Kept before told: what happened is on disk before anyone is told of it (a screen, a joiner).
When the disk refuses (a full disk, a folder that cannot be written), nothing of it is told and
the game *waits* (:attr:`Keeping.unkept` says why): the session takes no move, plays no bot and
deals no round (:class:`~rami_desktop.play.session.session.Session` asks :attr:`unkept`) until a
try keeps it all (:meth:`Keeping.keep_again`, on a backoff from :data:`RETRY_FIRST` to
:data:`RETRY_LONGEST` seconds); then what was held is told and play goes on by itself. A
finished round's file and statistics are written once its last action is on disk, and kept with
the match (:mod:`.round_ends`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from rami_desktop.engine.match import Match
from rami_desktop.play.game.config import GameConfig
from rami_desktop.play.game.hand_order import HandOrder
from rami_desktop.play.keep.persist import (
    NOT_SAVED_INCONSISTENT,
    RETRY_FIRST,
    RETRY_LONGEST,
    Keeper,
    MatchStore,
    StatsStore,
    game_payload,
)
from rami_desktop.play.keep.round_ends import RoundEnds, past_round_end_job, round_end_job
from rami_desktop.play.keep.round_record import RoundKeeper
from rami_desktop.storage.sync_batch import SyncBatch

log = logging.getLogger(__name__)


class Keeping:
    """The keeping of a session's game (the session's base: see the module's text).

    Args:
        store: where the match is kept (None: nothing is kept).
        verify_saves: replay every snapshot before writing it.
        group_commit: what happens is kept only at :meth:`commit`; else at once.
        clock: the time in seconds (when a refused save is tried again).
    """

    config: GameConfig
    match: Match
    orders: dict[int, HandOrder]
    version: int
    #: the finished rounds on their way to the disk, where they go, the match's id and the
    #: finished rounds kept (the session's)
    round_ends: RoundEnds
    rounds: RoundKeeper | None
    stats: StatsStore | None
    prepared: bool
    match_id: str
    rounds_kept: int
    keep_end: bool
    _ends_started: int

    def __init__(self, store: MatchStore | None, verify_saves: bool, group_commit: bool,
                 clock: Callable[[], float]) -> None:
        self.verify_saves = verify_saves
        self.store = store
        self.group_commit = group_commit
        self.clock = clock
        self._dirty = False  # something happened since the last commit
        #: why what happened is not on disk yet (None: everything is kept): the game waits
        self.unkept: str | None = None
        self._retry_at = 0.0
        self._retry_wait = RETRY_FIRST

    def keep_first(self, kept: bool) -> None:
        """Keep the game as the session starts: as it is on disk (``kept``: just loaded), or
        now (what is dealt is shown: kept first; if the disk refuses, the game waits)."""
        if self.keeper is None:
            return
        if kept:
            self.keeper.kept(self.config, self.match, self.orders)
            return
        self.keeper.keep(self.config, self.match, self.orders)
        problem = self._refused()
        if problem is not None:
            self._dirty = True
            self.unkept = problem
            self._retry_at = self.clock() + RETRY_FIRST

    @property
    def store(self) -> MatchStore | None:
        """Where the match is kept (None: nothing is kept)."""
        return self._store

    @store.setter
    def store(self, store: MatchStore | None) -> None:
        self._store: MatchStore | None = store
        self.keeper: Keeper | None = (Keeper(store, self.verify_saves, keep_end=self.keep_end)
                                      if store else None)
        if self.keeper is not None:
            self.keeper.match_id, self.keeper.rounds_kept = self.match_id, self.rounds_kept

    @property
    def save_problem(self) -> str | None:
        """Why what happened is not on disk (a problem code; the game waits meanwhile), None:
        everything is kept (or nothing is to be kept)."""
        return self.unkept

    def payload(self) -> dict[str, object]:
        """The saved document of the match (setup, match, the hands' order)."""
        return game_payload(self.config, self.match, self.orders)

    def autosave(self) -> None:
        """Keep the match now (or forget it once the match is over): on disk when it returns
        (with ``group_commit``: at the next :meth:`commit`)."""
        self._dirty = True
        if not self.group_commit:
            self.commit()

    def commit(self, batch: SyncBatch | None = None) -> None:
        """Put on disk what happened since the last commit (one fsync; nothing when nothing
        was asked to be kept), then let it be told (:meth:`release`). When the disk refuses,
        nothing is told and the game waits (:attr:`unkept`); while it waits, a commit tries
        again only once its backoff is over (:meth:`retry_due`). Given a ``batch`` (a host's
        pass), the journal's lines are written now and told once the batch flushed them."""
        if self.unkept is not None and self.clock() < self._retry_at:
            return
        self.before_keep()
        share = batch.share() if batch is not None else None
        problem = None
        if self.keeper is not None and self._dirty:
            self.keeper.keep(self.config, self.match, self.orders, share)
            problem = self._refused()
        if problem is None:
            problem = self.keep_table()
        if share is None or problem is not None:
            self._kept(problem)
        else:
            share.then(self._flushed)

    def _flushed(self, problem: str | None) -> None:
        """The batch holding this commit's lines is flushed (``problem``: it was refused)."""
        if problem is not None and self.keeper is not None:
            self.keeper.refused(problem)
        self._kept(problem)

    def _kept(self, problem: str | None) -> None:
        """What the commit wrote is on disk (None), or the disk refused it: told, or held."""
        if problem is not None:
            self._hold(problem)
            return
        self._dirty = False
        waited = self.unkept is not None
        self.unkept = None
        self._retry_wait = RETRY_FIRST
        self.release()
        self.after_kept()
        if waited:
            log.warning("what happened is kept again: play goes on")
            self.kept_again()

    def _refused(self) -> str | None:
        """What the disk refused (the keeper's problem). A snapshot that would not replay is
        a bug the keeper logs (never a state that could not be loaded again): it holds
        nothing, and the last good save stays."""
        problem = self.keeper.problem if self.keeper is not None else None
        return None if problem == NOT_SAVED_INCONSISTENT else problem

    def _hold(self, problem: str) -> None:
        """What happened could not be kept: nothing is told, the game waits, a new try is
        set on the backoff."""
        first = self.unkept is None
        self.unkept = problem
        self._retry_at = self.clock() + self._retry_wait
        self._retry_wait = min(RETRY_LONGEST, self._retry_wait * 2)
        if first:
            self.version += 1  # what the screen says changes
            self.paused()

    @property
    def rounds_problem(self) -> str | None:
        """Why a finished round's file or statistics are not kept yet (tried again at each
        commit, on a backoff; said once), None: every finished round is kept."""
        return self.round_ends.problem

    def before_keep(self) -> None:
        """The finished rounds kept since the last commit are kept with the match."""
        self.round_ends.poll()
        kept = self.round_ends.kept_through(self.rounds_kept)
        if kept != self.rounds_kept:
            self.rounds_kept = kept
            if self.keeper is not None:
                self.keeper.rounds_kept = kept
                self._dirty = True

    def after_kept(self, resumed: bool = False) -> None:
        """The rounds whose last action is now on disk: their ends are written (a resumed
        game's, again if its save does not mark them kept)."""
        finished = len(self.match.results)
        if self._ends_started >= finished:
            self._ends_started = max(self._ends_started, finished)
            return
        data: dict[str, Any] | None = None
        for number in range(self._ends_started + 1, finished + 1):
            if number == finished and self.match.round.over and not resumed:
                make = round_end_job(self.config, self.match, self.match_id)
            else:  # an earlier round (the next one dealt already, or a game resumed)
                data = data or self.match.to_dict()
                make = past_round_end_job(self.config, data, number, self.match_id)
            self.round_ends.start(number, make, None if self.prepared else self.rounds,
                                  self.stats, scan=resumed)
        self._ends_started = finished

    def keep_table(self) -> str | None:
        """Keep what else must be on disk before anything is told (a host: the seats'
        tokens); return None or a problem code."""
        return None

    def paused(self) -> None:
        """The game started waiting for the disk (a host tells its seats)."""

    def kept_again(self) -> None:
        """What the game waited for is kept: it goes on (what the screen says changes)."""
        self.version += 1

    def retry_due(self) -> float | None:
        """When the next try to keep what the disk refused is due (a time of :attr:`clock`),
        None: nothing waits."""
        return self._retry_at if self.unkept is not None else None

    def keep_again(self) -> bool:
        """Try again to keep what the disk refused, if its time came; return whether the game
        goes on (nothing waits any more)."""
        if self.unkept is not None:
            self.commit()
        return self.unkept is None

    def release(self) -> None:
        """What was kept may be told (a hosting session sends what it held back)."""


__all__ = ["Keeping"]
