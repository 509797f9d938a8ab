"""A joiner's game: the table at the host, shown and played from another computer.

:class:`RemoteSession` is the remote source of a :class:`~rami_desktop.play.table.table.Table`
(:class:`~rami_desktop.play.table.source.TableSource`): the table, the round summary and the match's
end show it as they show a local session. It holds the game as its seat sees it, from the
host's messages only (its seat view). A move is checked on that round first (a refusal is said
at once, in this screen's language); a move the round accepts is sent, and the host's answer
(the move's happening, or its refusal's code) comes back through :meth:`RemoteSession.pump`,
which the screen calls every frame and which never waits. A bot may play the seat (the
headless joiner): it thinks on a worker thread.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from typing import Any

from rami_desktop.bots import Bot
from rami_desktop.engine.actions import Action, Discarded, Drew, Redeal
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.rescue import finishing_actions
from rami_desktop.play.game.hand_order import HandOrder
from rami_desktop.play.keep.round_record import RoundKeeper
from rami_desktop.play.session.bot_worker import BotTurn, BotWorker
from rami_desktop.play.session.driver import decide
from rami_desktop.play.view.happening import Happening, Played

from ..transport.client import ClientLink, LinkEvent
from ..wire.codec import JSON, event_of
from ..wire.delta import FollowedView, MissedDelta
from ..wire.errors import Code, NetError, code_of
from ..wire.protocol import Act, Join, Leave, Order, Ready, Resync, request_text
from ..wire.schema import Happenings, HappeningWire, read
from ..wire.view import SeatView, seat_view_from_dict
from .joining import (
    TableInfo,
    Trouble,
    Welcome,
    review_from,
    table_info_from,
    trouble_of,
    welcome_from,
)
from .net_game import NetState
from .remote_view import RemoteView
from .seat_lock import SeatLock

log = logging.getLogger(__name__)

#: refused actions in one turn after which a joiner's bot ends the turn the engine's way
BOT_REFUSALS = 3


class RemoteSession(RemoteView):
    """One joiner's game (see the module's text).

    Args:
        link: the welcomed link to the host (the session's from now on).
        welcome: the host's welcome.
        name: the player's name (sent again when the link comes back).
        bot: a bot playing the seat (None: the player at the screen).
        rng: the bot's generator.
        rounds: where each finished round is kept, from the record the host sends at its end
            (None: nowhere).
        seat_lock: the lock of the seat kept for this table, let go at ``close``.
    """

    def __init__(self, link: ClientLink, welcome: Welcome, name: str = "",
                 bot: Bot | None = None, rng: random.Random | None = None,
                 rounds: RoundKeeper | None = None, seat_lock: SeatLock | None = None) -> None:
        super().__init__(welcome)
        self.rounds = rounds
        self._kept: tuple[int, int] | None = None
        self.seat_lock = seat_lock
        self.link = link
        self.player_name = name
        self.bot = bot
        self.rng = rng or random.Random()
        self.worker = BotWorker()
        #: why the game stopped (``closed``; None: the table ended normally)
        self.problem: Trouble | None = None
        self._sent_order: Any = self.order().to_dict()
        self._happenings: list[Happening] = []
        self._refusals: list[tuple[Code, Action | None]] = []
        self._seq = 0
        self._pending: tuple[int, Action, tuple[int, ...]] | None = None
        self._ready_for = 0
        self._moment = 0
        self._bot_refusals = 0
        self._asked_redeal = -1
        #: the view as the host's messages made it (deltas are applied to it)
        self._followed = FollowedView(welcome.view_data, welcome.number)
        self._resyncing = False
        self.link.greet_with(request_text(Join(self.code, name, self.seat, self.token)))

    def holds(self, seat: int) -> bool:
        """Whether this seat's move is held back now: its last move's answer is awaited, the
        link is not up, the host has not started the match or its game waits for its disk."""
        return seat == self.seat and (self._pending is not None or self.status != "joined"
                                      or not self.started or self.table.paused is not None)

    def takes(self, seat: int) -> bool:
        """Whether a move of ``seat`` may be sent now: this screen's seat only, over a link that
        is up, with no answer awaited."""
        return seat == self.seat and self._pending is None and self.status == "joined"

    # ---- moves ---------------------------------------------------------------------------------

    def submit(self, seat: int, action: Action, picked: Sequence[int] = ()) -> Played:
        """Send this seat's move to the host (:meth:`check` it first); the table changes when
        its answer comes."""
        self._seq += 1
        self._pending = (self._seq, action, tuple(picked))
        self.link.send(request_text(Act(self._seq, action, tuple(picked))))
        return Played((), None, action)

    def _send(self, action: Action) -> Played:
        """The seat's bot's move: sent if the seat's round accepts it now."""
        code = self.check(action) if self.takes(self.seat) else ErrorCode.NOT_YOUR_TURN
        if code is not None:
            return Played(None, code, action)
        return self.submit(self.seat, action)

    def net_state(self) -> NetState:
        """Where the table stands, as the host last said."""
        seats = self.table.seats
        waiting = tuple(i for i, s in enumerate(seats) if s.kind == "net" and not s.present
                        and not s.stand_in and i in self.view.match.seats)
        return NetState(hosting=False, code=self.code, started=self.started,
                        connected=self.status == "joined", closed=self.status == "closed",
                        trouble=self.problem, waiting_for=waiting,
                        stand_ins=tuple(i for i, s in enumerate(seats) if s.stand_in),
                        policy=self.table.policy, paused=self.table.paused)

    def rematch(self) -> RemoteSession:
        """This game: the host deals the next match, it comes here."""
        return self

    @property
    def waiting_answer(self) -> bool:
        """Whether a move was sent and its answer has not come yet."""
        return self._pending is not None

    def new_happenings(self) -> list[Happening]:
        """What happened since the last call, oldest first."""
        out, self._happenings = self._happenings, []
        return out

    def take_refusals(self) -> list[tuple[Code, Action | None]]:
        """The host's refusals since the last call (a move, or a request of the table)."""
        out, self._refusals = self._refusals, []
        return out

    def next_round(self) -> None:
        """The round's summary was read: the host is told (it deals when everyone read it)."""
        number = self.view.match.round_number + 1000 * self.serial
        if self._round.over and self._ready_for != number:
            self._ready_for = number
            self.link.send(request_text(Ready()))

    def autosave(self) -> None:
        """Nothing to save here: the host keeps the match (the seat's token is in the
        settings)."""

    def close(self) -> None:
        """Leave the table (the seat's token still brings the player back) and stop."""
        if self.status != "closed":
            self.link.send(request_text(Leave()))
        self.status = "closed"
        self.worker.shutdown()
        self.link.stop(0.3)  # the goodbye leaves on the link's thread; no long wait here
        if self.seat_lock is not None:
            self.seat_lock.release()

    # ---- the host's messages -------------------------------------------------------------------

    def pump(self, limit: int = 200) -> int:
        """Take what the host sent (at most ``limit`` events); return how many there were.
        The hand's order is sent when the player changed it."""
        events = self.link.take(limit)
        for event in events:
            if self.status == "closed":
                break  # nothing after the end counts
            try:
                self._event(event)
            except (ValueError, KeyError, IndexError) as exc:  # boundary: the host's data
                log.warning("a message of the host could not be read: %s", exc)
        if self.status == "joined" and self.own_player() is not None:
            order = self.order().to_dict()
            if order != self._sent_order:
                self._sent_order = order
                self.link.send(request_text(Order(order)))
        return len(events)

    def _event(self, event: LinkEvent) -> None:
        if event.kind == "down":
            self.status = "down"
            self._pending = None
            return
        if event.kind != "message" or event.data is None:
            trouble = trouble_of(event)
            if trouble is not None:
                self._stop(trouble)
            return
        data = event.data
        kind = data["type"]
        if kind == "update":
            self._update(data)
        elif kind == "welcome":
            self._welcome_back(data)
        elif kind == "seats":
            self._seats(table_info_from(data))
        elif kind == "error":
            self._error(data)
        elif kind == "bye":
            self._stop(None if data.get("reason") == "end" else Trouble(NetError.HOST_QUIT))

    def _stop(self, trouble: Trouble | None) -> None:
        self.status = "closed"
        self.problem = trouble
        self._pending = None
        self.link.stop(0.0)

    def _seats(self, table: TableInfo) -> None:
        self.table = table
        self.config = self._config(table, self.view.observation.rules)

    def _welcome_back(self, data: JSON) -> None:
        welcome = welcome_from(data)
        self.status = "joined"
        self._followed = FollowedView(welcome.view_data, welcome.number)
        self._resyncing = False
        self._seats(welcome.table)
        self._new_view(welcome.view, welcome.serial)
        self.orders[self.seat] = HandOrder.from_dict(welcome.view.order, self.hand())
        self._sent_order = self.order().to_dict()
        self._story = list(welcome.story)
        self._review = welcome.review
        self._happenings.append(Happening("deal", None))

    def _new_view(self, view: SeatView, serial: int) -> None:
        self.serial = serial
        self._set_view(view)
        self._moment += 1
        self._bot_refusals = 0

    def _error(self, data: JSON) -> None:
        code = code_of(data.get("code"))
        seq = data.get("seq")
        action = None
        if self._pending is not None and (seq == self._pending[0]
                                          or code is NetError.TOO_FAST):
            action = self._pending[1]  # (too fast: the move may have been dropped unread)
            self._pending = None
        if code is NetError.REPLACED:
            self._stop(Trouble(code))
            return
        self._refusals.append((code, action))

    def _update(self, data: JSON) -> None:
        told = [_happening(h) for h in read(data.get("happenings"), Happenings)]
        review = review_from(data)
        ack = data.get("ack")
        pending = self._pending if self._pending is not None and ack == self._pending[0] \
            else None
        try:
            view = self._followed.take(data, seat_view_from_dict)
        except ValueError as exc:  # a delta not followed: the whole view is asked for, once
            if pending is not None:
                self._pending = None  # the move was played: the whole view will show it
            self._resync(exc)
            return
        self._resyncing = self._resyncing and data.get("delta") is not None
        if view.match.serial != self.serial:
            self.orders[self.seat] = HandOrder()
        self._review = review
        self._new_view(view, view.match.serial)
        hand = self.hand()
        for happening in told:
            if happening.kind in ("deal", "redeal"):
                self.orders[self.seat] = HandOrder.of(hand)
                if happening.kind == "deal":
                    self._story = []
            elif happening.seat == self.seat and self.own_player() is not None:
                drawn = next((e.card for e in happening.events
                              if isinstance(e, Drew) and e.card is not None), None)
                order = self.order()
                order.follow(hand, pending[2] if pending else (), drawn)
                if any(isinstance(e, Discarded) for e in happening.events):
                    order.end_turn()
            self._happenings.append(happening)
        self._sent_order = self.order().to_dict()  # the host followed it too
        if pending is not None:
            self._pending = None
        self._keep_round()

    def _resync(self, problem: ValueError) -> None:
        """Ask the host for the whole view (once until it comes): an update could not be
        followed."""
        if self._resyncing:
            return
        self._resyncing = True
        reason = "missed" if isinstance(problem, MissedDelta) else "bad_field"
        log.warning("an update of the host could not be followed (%s): the whole view is "
                    "asked for", problem)
        self.link.send(request_text(Resync(reason)))

    def _keep_round(self) -> None:
        """Keep the round just over once (written on the worker thread; a failure is only
        logged)."""
        keeper, moment = self.rounds, (self.serial, self.view.match.round_number)
        if keeper is None or self.view.reveal is None or self._kept == moment:
            return
        self._kept = moment
        record = self.round_record()
        if record is not None:
            self.worker.job(lambda: keeper.keep(dict(record)))

    # ---- a bot at this seat (the headless joiner) ----------------------------------------------

    def _bot_seat(self) -> int | None:
        """This seat, when its bot is to play now."""
        if self.bot is None or self._round.over or self.status != "joined":
            return None
        if self._pending is not None or not self.started or self.to_play() != self.seat:
            return None
        return self.seat

    def bot_turn(self) -> BotTurn | None:
        """This seat's bot, when it is to play now."""
        if self._bot_seat() is None or self.bot is None:
            return None
        return BotTurn(self.seat, self.bot, self.view.observation, self.rng,
                       (self.serial, self._moment))

    def bot_move(self, seat: int, action: Action | None, error: BaseException | None) -> bool:
        """Send the bot's decision (None: it failed with ``error``); return whether a move
        went."""
        return self._submit(action, error)

    def ask_redeals(self) -> list[int]:
        """The seat's bot is asked once a deal whether it wants a new one (the request is
        sent: the host's answer is the redeal's happening); returns no seat."""
        player = self.own_player()
        if self.bot is None or player is None or not self.view.observation.may_redeal \
                or not self.takes(self.seat):
            return []
        if self._asked_redeal == self._moment:
            return []
        self._asked_redeal = self._moment
        if self.bot.wants_redeal(self.view.observation, self.rng):
            self._send(Redeal(player))
        return []

    def step_bot(self) -> bool:
        """Let the bot decide here and now and send its action (headless play); return
        whether it was to play."""
        if self._bot_seat() is None or self.bot is None:
            return False
        try:
            action: Action | None = decide(self.bot, self.view.observation, self.rng)
            error: BaseException | None = None
        except Exception as exc:  # boundary: a bot's failure ends its turn, not the game
            action, error = None, exc
        return self._submit(action, error)

    def _submit(self, action: Action | None, error: BaseException | None) -> bool:
        if action is None:
            log.error("the bot of seat %s failed: %r", self.seat, error)
            return self._rescue()
        played = self._send(action)
        if played.ok or played.code is None or self.bot is None:
            return played.ok
        self.bot.refused(action, played.code)
        self._bot_refusals += 1
        if self._bot_refusals >= BOT_REFUSALS:
            return self._rescue()
        self._moment += 1  # ask again
        return True

    def _rescue(self) -> bool:
        """End the turn the engine's way from where the seat's round stands."""
        actions = finishing_actions(self._round)
        return bool(actions) and self._send(actions[0]).ok


def _happening(wire: HappeningWire) -> Happening:
    return Happening(wire.kind, wire.seat, tuple(event_of(e) for e in wire.events), wire.by_bot)


__all__ = ["BOT_REFUSALS", "RemoteSession"]
