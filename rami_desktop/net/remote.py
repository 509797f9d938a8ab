"""A joiner's game: the table at the host, shown and played from another computer.

:class:`RemoteSession` is a :class:`~rami_desktop.play.table_game.TableGame`: the table,
the round summary and the match's end show it as they show a local session. It holds the game
as its seat sees it (:mod:`rami_desktop.net.mirror`), from the host's messages only. A move is
checked on that round first (a refusal is said at once, in this screen's language); a move the
round accepts is sent, and the host's answer (the move's happening, or its refusal's code)
comes back through :meth:`RemoteSession.pump`, which the screen calls every frame and which
never waits. A bot may play the seat (the headless joiner): it thinks on a worker thread.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from typing import Any

from rami_desktop.bots import Bot
from rami_desktop.engine.actions import Action, Discarded, Drew, Redeal
from rami_desktop.engine.cards import Card
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.rescue import finishing_actions
from rami_desktop.engine.rules import Rules
from rami_desktop.engine.state import RoundState
from rami_desktop.i18n import _
from rami_desktop.play.bot_worker import BotWorker
from rami_desktop.play.config import GameConfig, Seat
from rami_desktop.play.driver import decide
from rami_desktop.play.hand_order import HandOrder
from rami_desktop.play.session import Happening, Played

from .client import ClientLink, LinkEvent
from .codec import JSON, event_from_dict, field_bool, field_int, field_list
from .errors import Code, NetError, code_of
from .joining import TableInfo, Trouble, Welcome, table_info_from, trouble_of, welcome_from
from .mirror import MirrorMatch, mirror_round
from .protocol import Act, Join, Leave, Order, Ready, request_text
from .view import SeatView, seat_view_from_dict

log = logging.getLogger(__name__)

#: refused actions in one turn after which a joiner's bot ends the turn the engine's way
BOT_REFUSALS = 3


class RemoteSession:
    """One joiner's game (see the module's text).

    Args:
        link: the welcomed link to the host (the session's from now on).
        welcome: the host's welcome.
        name: the player's name (sent again when the link comes back).
        bot: a bot playing the seat (None: the player at the screen).
        rng: the bot's generator.
    """

    def __init__(self, link: ClientLink, welcome: Welcome, name: str = "",
                 bot: Bot | None = None, rng: random.Random | None = None) -> None:
        self.link = link
        self.seat = welcome.seat
        self.token = welcome.token
        self.code = welcome.code
        self.player_name = name
        self.bot = bot
        self.rng = rng or random.Random()
        self.worker = BotWorker()
        #: ``joined`` (playing), ``down`` (the link is trying again) or ``closed``
        self.status = "joined"
        #: why the game stopped (``closed``; None: the table ended normally)
        self.problem: Trouble | None = None
        self.table: TableInfo = welcome.table
        self.config = self._config(welcome.table, welcome.view.observation.rules)
        self.serial = welcome.serial
        self._set_view(welcome.view)
        self._order = HandOrder.from_dict(welcome.view.order, self.hand(self.seat))
        self._sent_order: Any = self._order.to_dict()
        self._happenings: list[Happening] = []
        self._refusals: list[tuple[Code, Action | None]] = []
        self._seq = 0
        self._pending: tuple[int, Action, tuple[int, ...]] | None = None
        self._ready_for = 0
        self._moment = 0
        self._bot_refusals = 0
        self._asked_redeal = -1
        self.link.greet_with(request_text(Join(self.code, name, self.seat, self.token)))

    # ---- the view ------------------------------------------------------------------------------

    @staticmethod
    def _config(table: TableInfo, rules: Rules) -> GameConfig:
        return GameConfig(rules=rules, seats=tuple(Seat(s.name, s.kind) for s in table.seats))

    def _set_view(self, view: SeatView) -> None:
        self.view = view
        self._round = mirror_round(view)
        self._match = MirrorMatch(view.observation.rules, self.config.players, view.match,
                                  self._round)

    @property
    def match(self) -> MirrorMatch:
        """The match's public record and the seat's round."""
        return self._match

    @property
    def round(self) -> RoundState:
        """The round as the seat holds it (the others' hands and the stock are unknown)."""
        return self._round

    @property
    def rules(self) -> Rules:
        """The match's rules."""
        return self.view.observation.rules

    @property
    def round_over(self) -> bool:
        """Whether the current round has ended."""
        return self._round.over

    @property
    def match_over(self) -> bool:
        """Whether the match has ended."""
        return self.view.match.over

    @property
    def save_problem(self) -> str | None:
        """A joiner saves nothing (the host keeps the match): None."""
        return None

    def deal_code(self) -> str | None:
        """None: the deal is the host's secret."""
        return None

    # ---- the seats -----------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """A seat's name (a seat without one gets its default name, in this screen's
        language)."""
        s = self.config.seats[seat]
        if s.name is not None:
            return s.name
        text = _("Bot {number}") if s.is_bot else _("Player {number}")
        return text.format(number=seat + 1)

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays a seat."""
        return self.config.seats[seat].is_bot

    def plays_here(self, seat: int) -> bool:
        """Whether the player at this screen plays a seat: its own only."""
        return seat == self.seat

    @property
    def human_seats(self) -> list[int]:
        """This screen's seat, while it is in the match."""
        return [self.seat] if self.player_of(self.seat) is not None else []

    @property
    def current_seat(self) -> int:
        """The seat to play."""
        return self._match.seat_of(self._round.current)

    def seat_of(self, player: int) -> int:
        """The seat of a round player."""
        return self._match.seat_of(player)

    def player_of(self, seat: int) -> int | None:
        """The round player of a seat (None if out of the match)."""
        return self._match.player_of(seat)

    def action_player(self, seat: int) -> int:
        """The round player number of a seat, for building its actions."""
        player = self.player_of(seat)
        if player is None:
            raise ValueError(f"seat {seat} is out of the match")
        return player

    @property
    def started(self) -> bool:
        """Whether the host lets the match be played."""
        return self.table.started

    def human_to_play(self) -> int | None:
        """The human seat to play now (this one's only once the host answered its last move)."""
        if self._round.over:
            return None
        seat = self.current_seat
        if self.is_bot(seat):
            return None
        if seat == self.seat and (self._pending is not None or self.status != "joined"
                                  or not self.started):
            return None
        return seat

    def face_up(self) -> int | None:
        """This screen's seat: its hand is always its player's to see."""
        return self.seat if self.player_of(self.seat) is not None else None

    def bottom_seat(self) -> int | None:
        """This screen's seat, at the bottom."""
        return self.face_up()

    def privacy_due(self) -> int | None:
        """None: nobody else plays at this screen."""
        return None

    def reveal(self, seat: int) -> None:
        """Nothing to do: a joiner's screen is its own player's only."""

    def hand(self, seat: int) -> tuple[Card, ...]:
        """This seat's cards (no other hand is known)."""
        player = self.player_of(seat)
        if seat != self.seat or player is None:
            return ()
        return tuple(self._round.hands[player])

    def hand_order(self, seat: int) -> HandOrder:
        """This seat's hand in its screen order (kept by the host too)."""
        if seat != self.seat:
            return HandOrder()
        hand = self.hand(seat)
        if sorted(self._order.cards) != sorted(hand):
            self._order = HandOrder.from_dict(self._order.to_dict(), hand)
        return self._order

    def can_redeal(self, seat: int) -> bool:
        """Whether this seat may ask for a new deal now."""
        player = self.player_of(seat)
        return (seat == self.seat and player is not None and self.status == "joined"
                and self._round.can_redeal(player))

    def talaj_open(self) -> bool:
        """Whether this seat, to play, may take a talaj card now."""
        return any(d.source != "stock" for d in self._round.legal_draws())

    # ---- moves ---------------------------------------------------------------------------------

    def play(self, seat: int, *candidates: Action, picked: Sequence[int] = ()) -> Played:
        """This seat's move: the first candidate the seat's round accepts is sent to the host
        (the table changes when its answer comes); a refusal is said at once."""
        if not candidates:
            return Played(None, ErrorCode.INVALID_MELD)
        redeal = all(isinstance(a, Redeal) for a in candidates)
        if seat != self.seat or (not redeal and self.human_to_play() != seat) \
                or self._pending is not None or self.status != "joined":
            late = ErrorCode.ROUND_OVER if self._round.over else ErrorCode.NOT_YOUR_TURN
            return Played(None, late, candidates[0])
        first: tuple[ErrorCode, Action] | None = None
        for action in candidates:
            code = self._round.check(action)
            if code is not None:
                first = first or (code, action)
                continue
            self._seq += 1
            self._pending = (self._seq, action, tuple(picked))
            self.link.send(request_text(Act(self._seq, action, tuple(picked))))
            return Played((), None, action)
        assert first is not None
        return Played(None, first[0], first[1])

    @property
    def waiting_answer(self) -> bool:
        """Whether a move was sent and its answer has not come yet."""
        return self._pending is not None

    def take_happenings(self) -> list[Happening]:
        """What happened since the last call, oldest first."""
        out, self._happenings = self._happenings, []
        return out

    def take_refusals(self) -> list[tuple[Code, Action | None]]:
        """The host's refusals since the last call (a move, or a request of the table)."""
        out, self._refusals = self._refusals, []
        return out

    def next_round(self) -> None:
        """The round's summary was read: the host is told (it deals when everyone read it)."""
        number = self._match.round_number + 1000 * self.serial
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
        self.link.stop(1.0)

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
        if self.status == "joined" and self.player_of(self.seat) is not None:
            order = self.hand_order(self.seat).to_dict()
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
        self.config = self._config(table, self.rules)

    def _welcome_back(self, data: JSON) -> None:
        welcome = welcome_from(data)
        self.status = "joined"
        self._seats(welcome.table)
        self._new_view(welcome.view, welcome.serial)
        self._order = HandOrder.from_dict(welcome.view.order, self.hand(self.seat))
        self._sent_order = self._order.to_dict()
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
        view = seat_view_from_dict(data.get("view"))
        told = [_happening(h) for h in field_list(data, "happenings", 10)]
        ack = data.get("ack")
        pending = self._pending if self._pending is not None and ack == self._pending[0] \
            else None
        if view.match.serial != self.serial:
            self._order = HandOrder()
        self._new_view(view, view.match.serial)
        hand = self.hand(self.seat)
        for happening in told:
            if happening.kind in ("deal", "redeal"):
                self._order = HandOrder.of(hand)
            elif happening.seat == self.seat and self.player_of(self.seat) is not None:
                drawn = next((e.card for e in happening.events
                              if isinstance(e, Drew) and e.card is not None), None)
                self._order.follow(hand, pending[2] if pending else (), drawn)
                if any(isinstance(e, Discarded) for e in happening.events):
                    self._order.end_turn()
            self._happenings.append(happening)
        self._sent_order = self.hand_order(self.seat).to_dict()  # the host followed it too
        if pending is not None:
            self._pending = None

    # ---- a bot at this seat (the headless joiner) ----------------------------------------------

    def bot_to_play(self) -> int | None:
        """This seat, when its bot is to play now."""
        if self.bot is None or self._round.over or self.status != "joined":
            return None
        if self._pending is not None or not self.started or self.current_seat != self.seat:
            return None
        return self.seat

    def ask_redeals(self) -> list[int]:
        """The seat's bot is asked once a deal whether it wants a new one (the request is
        sent: the host's answer is the redeal's happening); returns no seat."""
        if self.bot is None or not self.can_redeal(self.seat) or self._pending is not None:
            return []
        if self._asked_redeal == self._moment:
            return []
        self._asked_redeal = self._moment
        if self.bot.wants_redeal(self.view.observation, self.rng):
            self.play(self.seat, Redeal(self.action_player(self.seat)))
        return []

    @property
    def thinking(self) -> bool:
        """Whether the bot is deciding on the worker thread."""
        return self.worker.busy

    def think(self) -> bool:
        """Start the bot's decision (if not started yet); return whether it is thinking."""
        if self.bot_to_play() is None or self.bot is None:
            self.worker.cancel()
            return False
        if not self.worker.busy:
            self.worker.start(self.bot, self.view.observation, self.rng, (self.serial,
                                                                          self._moment))
        return True

    def poll(self) -> bool:
        """Send the bot's decision if it is ready and still timely; return whether it was."""
        tag, action, error = self.worker.poll()
        if tag is None or tag != (self.serial, self._moment) or self.bot_to_play() is None:
            return False
        return self._submit(action, error)

    def step_bot(self) -> bool:
        """Let the bot decide here and now and send its action (headless play); return
        whether it was to play."""
        if self.bot_to_play() is None or self.bot is None:
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
        played = self.play(self.seat, action)
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
        return bool(actions) and self.play(self.seat, actions[0]).ok


def _happening(data: Any) -> Happening:
    if not isinstance(data, dict):
        raise ValueError("a happening must be an object")
    kind = data.get("kind")
    if kind not in ("move", "redeal", "deal"):
        raise ValueError("'kind' must be move, redeal or deal")
    seat = None if data.get("seat") is None else field_int(data, "seat", 0, 5)
    return Happening(kind, seat, tuple(event_from_dict(e) for e in field_list(data, "events")),
                     field_bool(data, "by_bot"))


__all__ = ["BOT_REFUSALS", "RemoteSession"]
