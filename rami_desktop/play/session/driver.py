"""The one bot driver: ask a bot for its action, apply it, and keep every turn moving.

Every game plays its bots through :class:`BotDriver`, inside the one session
(:class:`rami_desktop.play.session.session.Session`, which plays whole turns and rounds with it).
The engine answers every question: who may ask for a new deal (``RoundState.redeal_candidates``)
and how to end a turn that a bot cannot finish
(:func:`rami_desktop.engine.rescue.finishing_actions`, which works from any point of a turn,
also after a talaj top card was taken that must be laid).

Asking and applying are separate steps, so that a table can ask in a worker thread and apply on
its own thread: :func:`decide` touches no state; :meth:`BotDriver.submit` applies, counts the
refused actions and rescues the turn when a bot is stuck (too many refusals, too many actions)
or failed (:meth:`BotDriver.fail`).
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Protocol

from rami_desktop.bots import Bot
from rami_desktop.engine.actions import Action, Event, Redeal
from rami_desktop.engine.cards import Card
from rami_desktop.engine.errors import ErrorCode, RuleError
from rami_desktop.engine.observation import Observation
from rami_desktop.engine.rescue import finishing_actions
from rami_desktop.engine.state import RoundState

log = logging.getLogger(__name__)

#: actions a bot may play in one turn before the driver ends the turn for it
ACTIONS_PER_TURN = 200
#: refused actions in one turn before the driver ends the turn for the bot
REFUSALS_PER_TURN = 3
#: turns after which a round played by bots alone stops without a winner
TURNS_PER_ROUND = 1000
#: new deals in a row the driver asks for at most (the engine says who may ask)
MAX_REDEALS = 16


class Table(Protocol):
    """Where a driver plays: a round, what each seat sees of it, and how actions are applied.

    :class:`~rami_desktop.engine.match.Match` is one (seats are match seats; the session's);
    a lone round is one through :class:`RoundTable`.
    """

    @property
    def round(self) -> RoundState:
        """The current round."""
        ...

    def apply(self, action: Action) -> list[Event]:
        """Apply an action (players numbered as in the round); raise RuleError if refused."""
        ...

    def observation(self, seat: int) -> Observation:
        """What a seat sees of the current round."""
        ...

    def seat_of(self, player: int) -> int:
        """The seat of a round player."""
        ...


class RoundTable:
    """A lone round as a :class:`Table`: seats are the round's players."""

    def __init__(self, state: RoundState) -> None:
        self._state = state

    @property
    def round(self) -> RoundState:
        """The round."""
        return self._state

    def apply(self, action: Action) -> list[Event]:
        """Apply an action to the round."""
        return self._state.apply(action)

    def observation(self, seat: int) -> Observation:
        """What a player sees."""
        return self._state.observation(seat)

    def seat_of(self, player: int) -> int:
        """The seat of a player: the player itself."""
        return player


@dataclass(frozen=True)
class Limits:
    """When the driver steps in.

    Attributes:
        actions_per_turn: actions of one bot turn after which the driver ends the turn.
        refusals_per_turn: refused actions of one turn after which the driver ends the turn.
        turns_per_round: turns after which :meth:`BotDriver.play_round` stops (a cap hit).
    """

    actions_per_turn: int = ACTIONS_PER_TURN
    refusals_per_turn: int = REFUSALS_PER_TURN
    turns_per_round: int = TURNS_PER_ROUND


@dataclass
class DriverStats:
    """What the driver saw: every bot action refused is a bug of the bots.

    Attributes:
        applied: bot actions the engine accepted.
        illegal: bot actions the engine refused.
        illegal_codes: refusals by ``ActionType:code``.
        failures: decisions that raised an exception.
        rescues: turns the driver ended for a bot.
        redeals: new deals the bots asked for.
        turn_cap_hits: rounds stopped at the turn cap.
        decision_ms: time of each decision (actions and redeal questions), by seat.
    """

    applied: int = 0
    illegal: int = 0
    illegal_codes: dict[str, int] = field(default_factory=dict)
    failures: int = 0
    rescues: int = 0
    redeals: int = 0
    turn_cap_hits: int = 0
    decision_ms: dict[int, list[float]] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """What one submitted bot action led to.

    Attributes:
        applied: the actions applied, in order: the bot's own, or the rescue's.
        events: the engine's events for them.
        refused: the code the engine refused the bot's action with, if it did.
        rescued: whether the driver ended the turn for the bot.
    """

    applied: tuple[Action, ...] = ()
    events: tuple[Event, ...] = ()
    refused: ErrorCode | None = None
    rescued: bool = False


def decide(bot: Bot, obs: Observation, rng: random.Random) -> Action:
    """Ask a bot for its next action. Touches no state: safe in a worker thread."""
    return bot.act(obs, rng)


class BotDriver:
    """Plays the bot seats of a table, one action at a time or whole turns and rounds.

    Args:
        table: where the bots play.
        bots: the bot of each bot seat.
        rngs: each bot seat's seeded generator.
        limits: when the driver steps in.
    """

    def __init__(self, table: Table, bots: Mapping[int, Bot],
                 rngs: Mapping[int, random.Random], limits: Limits | None = None) -> None:
        missing = [seat for seat in bots if seat not in rngs]
        if missing:
            raise ValueError(f"no generator for the bots of seats {missing}")
        self.table = table
        self.bots = dict(bots)
        self.rngs = dict(rngs)
        self.limits = limits or Limits()
        self.stats = DriverStats()
        self._turn: tuple[RoundState, int] | None = None
        self._actions = 0
        self._refusals = 0
        self._asked: tuple[RoundState, tuple[tuple[Card, ...], ...]] | None = None

    # ---- who plays -----------------------------------------------------------------------------

    def bot_seat(self) -> int | None:
        """The seat of the bot to play now, or None (the round is over, or a human plays)."""
        st = self.table.round
        if st.over:
            return None
        seat = self.table.seat_of(st.current)
        return seat if seat in self.bots else None

    def observation(self, seat: int) -> Observation:
        """What a seat sees now (hand it to :func:`decide`)."""
        return self.table.observation(seat)

    # ---- redeal --------------------------------------------------------------------------------

    def ask_redeals(self) -> list[int]:
        """Before the first move, ask the bots the engine lets ask for a new deal.

        The first bot that wants one gets it; the new deal is asked about again. A deal is
        asked about once, however often this is called (a table may call it every frame).

        Returns:
            The seats that asked for a new deal, in order.
        """
        asked: list[int] = []
        for _ in range(MAX_REDEALS):
            st = self.table.round
            if st.started or st.over or not st.rules.redeal:
                break  # nobody may ask any more in this round (its first action was played)
            deal = (st, tuple(tuple(hand) for hand in st.hands))
            if self._asked is not None and self._asked[0] is st and self._asked[1] == deal[1]:
                break
            self._asked = deal
            player = self._wanting_redeal(st)
            if player is None:
                break
            self.table.apply(Redeal(player))
            self.stats.redeals += 1
            asked.append(self.table.seat_of(player))
        return asked

    def _wanting_redeal(self, st: RoundState) -> int | None:
        for player in st.redeal_candidates():
            seat = self.table.seat_of(player)
            bot = self.bots.get(seat)
            if bot is None:
                continue
            t0 = time.perf_counter()
            wants = bot.wants_redeal(self.table.observation(seat), self.rngs[seat])
            self._timed(seat, t0)
            if wants:
                return player
        return None

    # ---- one action ----------------------------------------------------------------------------

    def step(self) -> Outcome:
        """Ask the bot to play now for its next action and apply it.

        Raises:
            ValueError: no bot is to play.
        """
        seat = self.bot_seat()
        if seat is None:
            raise ValueError("no bot is to play")
        obs = self.table.observation(seat)
        t0 = time.perf_counter()
        action = decide(self.bots[seat], obs, self.rngs[seat])
        self._timed(seat, t0)
        return self.submit(seat, action)

    def submit(self, seat: int, action: Action) -> Outcome:
        """Apply the action a seat's bot decided (the turn must still be that seat's).

        A refusal is counted and told to the bot; after too many refusals or actions in the
        turn, the driver ends the turn itself (:meth:`rescue`).
        """
        st = self._sync_turn()
        if st.over or self.table.seat_of(st.current) != seat:
            raise ValueError(f"it is not seat {seat}'s turn")
        self._actions += 1
        turn = st.turn
        try:
            events = self.table.apply(action)
        except RuleError as err:
            self._refused(seat, action, err.code)
            if self._refusals >= self.limits.refusals_per_turn:
                return self.rescue(err.code)
            return Outcome(refused=err.code)
        self.stats.applied += 1
        done = Outcome((action,), tuple(events))
        if (self._actions >= self.limits.actions_per_turn and not st.over and st.turn == turn
                and self.table.round is st):
            rescue = self.rescue()
            return Outcome(done.applied + rescue.applied, done.events + rescue.events,
                           rescued=True)
        return done

    def fail(self, seat: int, error: BaseException) -> Outcome:
        """A seat's bot raised instead of deciding: log it, count it and end its turn."""
        log.error("the bot of seat %s failed: %r", seat, error)
        self.stats.failures += 1
        st = self.table.round
        if st.over or self.table.seat_of(st.current) != seat:
            return Outcome()
        return self.rescue()

    def rescue(self, refused: ErrorCode | None = None) -> Outcome:
        """End the current turn legally, the engine's way, from wherever it stands."""
        st = self.table.round
        seat = self.table.seat_of(st.current)
        actions = tuple(finishing_actions(st))
        events: list[Event] = []
        for action in actions:
            events += self.table.apply(action)
        self.stats.rescues += 1
        log.warning("the driver ended the turn of seat %s: %s", seat, actions)
        self._turn = None
        return Outcome(actions, tuple(events), refused, rescued=True)

    # ---- bookkeeping ---------------------------------------------------------------------------

    def _sync_turn(self) -> RoundState:
        st = self.table.round
        if self._turn is None or self._turn[0] is not st or self._turn[1] != st.turn:
            self._turn = (st, st.turn)
            self._actions = 0
            self._refusals = 0
        return st

    def _refused(self, seat: int, action: Action, code: ErrorCode) -> None:
        self._refusals += 1
        self.stats.illegal += 1
        name = f"{type(action).__name__}:{code.value}"
        self.stats.illegal_codes[name] = self.stats.illegal_codes.get(name, 0) + 1
        log.warning("the bot of seat %s was refused %s: %r", seat, code.value, action)
        self.bots[seat].refused(action, code)

    def _timed(self, seat: int, t0: float) -> None:
        ms = (time.perf_counter() - t0) * 1000
        self.stats.decision_ms.setdefault(seat, []).append(ms)
