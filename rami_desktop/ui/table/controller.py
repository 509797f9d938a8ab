"""The game controller: the engine match of a table, its seats, autosave and statistics.

Pure logic, no drawing. The UI never decides a rule: it builds a candidate action, hands it to
:meth:`GameController.apply`, and the engine applies it or raises :class:`RuleError`.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from rami_desktop.engine.actions import Action, Discard, Discarded, Event, Redeal, RoundEnded
from rami_desktop.engine.cards import Card
from rami_desktop.engine.errors import RuleError
from rami_desktop.engine.match import Match
from rami_desktop.engine.observation import Observation
from rami_desktop.engine.opening import OpeningStatus
from rami_desktop.engine.state import RoundState
from rami_desktop.i18n import _
from rami_desktop.play.config import GameConfig
from rami_desktop.storage import saves, stats
from rami_desktop.storage.deal_code import encode, format_code

log = logging.getLogger(__name__)

SEED_LIMIT = 1 << 32


class GameController:
    """One match at the table.

    Args:
        config: the seats and rules (its seed is the match's seed).
        match: an existing match (resumed from a save), else a new one is dealt.
        paths: the storage paths (None: no autosave nor statistics).
    """

    def __init__(self, config: GameConfig, match: Match | None = None, paths: Any = None) -> None:
        if config.seed is None:
            config = dataclasses.replace(config, seed=random.SystemRandom().randrange(SEED_LIMIT))
        self.config = config
        self.paths = paths
        assert config.seed is not None
        self.match = match if match is not None else Match(config.rules, config.players,
                                                           config.seed)
        self.rules = self.match.rules
        self.save_problem: str | None = None
        self.round_recorded = len(self.match.results)
        self.match_recorded = False
        self._writer: ThreadPoolExecutor | None = None
        self._writes: list[Future[Any]] = []
        self._draws_for: tuple[RoundState, int, bool, int] | None = None
        self._talaj_open = False

    # ---- who is who --------------------------------------------------------------------------

    @property
    def round(self) -> RoundState:
        """The current round (full state: never shown as is)."""
        return self.match.round

    @property
    def seed(self) -> int:
        """The match's seed."""
        assert self.config.seed is not None
        return self.config.seed

    def name(self, seat: int) -> str:
        """A seat's name (a seat without one gets its default name, worded here)."""
        s = self.config.seats[seat]
        if s.name is not None:
            return s.name
        text = _("Bot {number}") if s.is_bot else _("Player {number}")
        return text.format(number=seat + 1)

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays a seat."""
        return self.config.seats[seat].is_bot

    def level(self, seat: int) -> str:
        """A bot seat's level."""
        return self.config.seats[seat].level

    @property
    def human_seats(self) -> list[int]:
        """Human seats still in the match."""
        active = self.match.active_seats()
        return [s for s in self.config.humans if s in active]

    @property
    def pass_and_play(self) -> bool:
        """Whether two or more humans share the screen."""
        return self.config.pass_and_play

    def seat_of(self, player: int) -> int:
        """The seat of a round player."""
        return self.match.seat_of(player)

    def player_of(self, seat: int) -> int | None:
        """The round player of a seat (None if out of the match)."""
        return self.match.player_of(seat)

    @property
    def current_seat(self) -> int:
        """The seat to play."""
        return self.match.seat_of(self.round.current)

    @property
    def round_over(self) -> bool:
        """Whether the current round has ended."""
        return self.round.over

    @property
    def match_over(self) -> bool:
        """Whether the match has ended."""
        return self.match.over

    def human_to_play(self) -> int | None:
        """The human seat to play now, if any."""
        if self.round.over:
            return None
        seat = self.current_seat
        return None if self.is_bot(seat) else seat

    def observation(self, seat: int) -> Observation:
        """What a seat may see (bots and hand drawing use only this)."""
        return self.match.observation(seat)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's own cards (only for the seat's own view)."""
        player = self.player_of(seat)
        return () if player is None else tuple(self.round.hands[player])

    # ---- actions -----------------------------------------------------------------------------

    def action_player(self, seat: int) -> int:
        """The round player number of a seat, for building actions."""
        player = self.player_of(seat)
        if player is None:
            raise ValueError(f"seat {seat} is out of the match")
        return player

    def check(self, action: Action) -> str | None:
        """The error code the engine would give, or None if legal (the state is not changed)."""
        code = self.round.check(action)
        return None if code is None else code.value

    def apply(self, action: Action) -> list[Event]:
        """Apply an action through the engine; autosave after each action of a human (a card
        drawn, a combination staged: Continue resumes exactly there), a turn or a round.

        Raises:
            RuleError: the engine refused it (nothing changed).
        """
        seats = self.match.seats
        human = 0 <= action.player < len(seats) and not self.is_bot(seats[action.player])
        events = self.match.apply(action)
        if human or isinstance(action, Redeal) or any(
                isinstance(e, Discarded | RoundEnded) for e in events):
            self.autosave()
        if self.round.over:
            self._round_finished()
        return events

    def try_apply(self, *actions: Action) -> tuple[list[Event] | None, str | None]:
        """Apply the first of several candidate actions the engine accepts.

        Returns:
            ``(events, None)`` when one was applied, else ``(None, code of the first refusal)``.
        """
        first: str | None = None
        for action in actions:
            try:
                return self.apply(action), None
            except RuleError as err:
                first = first or err.code.value
        return None, first or "invalid_meld"

    def talaj_open(self) -> bool:
        """Whether the player to play may take a talaj card now (the engine's legal draws,
        asked once per moment of the turn)."""
        r = self.round
        key = (r, r.turn, r.has_drawn, len(r.talaj))
        if self._draws_for is None or self._draws_for[0] is not r or self._draws_for[1:] != key[1:]:
            self._draws_for = key
            self._talaj_open = any(d.source != "stock" for d in r.legal_draws())
        return self._talaj_open

    def next_round(self) -> None:
        """Deal the next round and save."""
        self.match.next_round()
        self.autosave()

    # ---- redeal ------------------------------------------------------------------------------

    def can_redeal(self, seat: int) -> bool:
        """Whether a seat may ask for a new deal now (the engine decides)."""
        player = self.player_of(seat)
        return player is not None and self.round.can_redeal(player)

    # ---- the opening -------------------------------------------------------------------------

    def opening_status(self) -> OpeningStatus:
        """The engine's account of the opening of the player to play."""
        return self.round.opening_status()

    def turns_of(self, seat: int) -> int:
        """Turns a seat has ended (by discarding) in the current round."""
        player = self.player_of(seat)
        if player is None:
            return 0
        return sum(1 for a in self.round.log if isinstance(a, Discard) and a.player == player)

    # ---- saving and statistics ---------------------------------------------------------------

    def save_payload(self) -> dict[str, Any]:
        """The autosave document's match part."""
        return {"config": self.config.to_dict(), "match": self.match.to_dict()}

    def _in_background(self, job: Callable[[], Any]) -> None:
        """Run a file job on the writer thread (in order), so no frame waits for the disk."""
        if self._writer is None:
            self._writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rami-save")
        self._writes = [f for f in self._writes if not f.done()]
        self._writes.append(self._writer.submit(job))

    def flush(self) -> None:
        """Wait until every save and statistics update asked for is written."""
        for future in self._writes:
            try:
                future.result()
            except Exception:  # boundary: file writing (the save thread)
                log.exception("a save failed")
        self._writes = []

    def close(self) -> None:
        """Finish the pending writes and stop the writer thread."""
        self.flush()
        if self._writer is not None:
            self._writer.shutdown(wait=True)
            self._writer = None

    def autosave(self) -> None:
        """Save the match (or clear the save once it is over); the data is taken now, the file
        is written on the writer thread."""
        if self.paths is None:
            return
        paths = self.paths
        if self.match.over:
            self._in_background(lambda: saves.clear_match(paths))
            return
        payload = self.save_payload()

        def write() -> None:
            self.save_problem = saves.save_match(paths, payload)

        self._in_background(write)

    def _round_finished(self) -> None:
        if len(self.match.results) <= self.round_recorded:
            return
        self.round_recorded = len(self.match.results)
        result = self.match.results[-1]
        humans = self.config.humans
        if self.paths is not None and len(humans) == 1:
            seat = humans[0]
            paths, preset = self.paths, self.rules.preset
            played = seat in result.seats
            won_round, turns = result.winner == seat, self.turns_of(seat)
            opening = result.openings[seat]
            match_done = self.match.over and not self.match_recorded
            self.match_recorded = self.match_recorded or match_done
            won_match, rounds = seat in self.match.winners(), self.match.round_number

            def record() -> None:
                if played:
                    stats.record_round(paths, preset, won=won_round, turns=turns,
                                       opening_points=opening)
                if match_done:
                    stats.record_match(paths, preset, won=won_match, rounds=rounds)

            self._in_background(record)
        if self.match.over:
            self.autosave()

    # ---- the deal code -----------------------------------------------------------------------

    def deal_code(self) -> str | None:
        """The current round's deal code: the setup screen starts the same deal from it."""
        try:
            return format_code(encode(self.match.round_seed, self.rules, len(self.match.seats)))
        except ValueError:  # rules a deal code cannot carry
            log.info("no deal code for these rules")
            return None

    # ---- loading -----------------------------------------------------------------------------

    @classmethod
    def from_payload(cls, data: dict[str, Any], paths: Any = None) -> GameController:
        """Rebuild from :meth:`save_payload` data (replays the match through the engine).

        Raises:
            ValueError: a malformed or impossible save.
        """
        if not isinstance(data, dict) or "config" not in data or "match" not in data:
            raise ValueError("not a table save")
        config = GameConfig.from_dict(data["config"])
        match = Match.from_dict(data["match"])
        if match.n != config.players:
            raise ValueError("the seats do not match the match")
        if config.seed is None or config.seed != match.seed:
            config = dataclasses.replace(config, seed=match.seed)
        return cls(config, match, paths)
