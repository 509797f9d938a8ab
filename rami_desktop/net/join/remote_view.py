"""The game as a joiner's screen holds it: its seat, the table's seats and the seat's view.

:class:`RemoteView` is the part of a :class:`~rami_desktop.net.join.remote.RemoteSession` that holds
what the host said last: the table's seats, the seat's view (the only game a joiner has), its
hand's order, the round's story told at the welcome and the review of the round just over. The
table (:class:`~rami_desktop.play.table.table.Table`) reads it as it reads a local session.
"""

from __future__ import annotations

import logging

from rami_desktop.engine.actions import Action
from rami_desktop.engine.cards import Card
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.observation import Observation
from rami_desktop.engine.rules import Rules
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.game.hand_order import HandOrder
from rami_desktop.play.review.replay import Replay
from rami_desktop.play.view.findings import Finding
from rami_desktop.play.view.mirror import mirror_round
from rami_desktop.play.view.seat_view import RoundReveal, SeatView
from rami_desktop.play.view.story import Told

from .joining import TableInfo, Welcome

log = logging.getLogger(__name__)


class RemoteView:
    """A joiner's seat and its view of the game (see the module's text).

    Args:
        welcome: the host's welcome.
    """

    def __init__(self, welcome: Welcome) -> None:
        self.seat = welcome.seat
        self.token = welcome.token
        self.code = welcome.code
        self.table: TableInfo = welcome.table
        self.config = self._config(welcome.table, welcome.view.observation.rules)
        self.serial = welcome.serial
        #: ``joined`` (playing), ``down`` (the link is trying again) or ``closed``
        self.status = "joined"
        #: counts the host's views: what the screen shows is built again when it moved
        self.version = 0
        #: a joiner keeps no round's statistics (the host and each joiner's own files do)
        self.rounds_problem: str | None = None
        self._set_view(welcome.view)
        #: the seat's hand order (the host keeps it too)
        self.orders: dict[int, HandOrder] = {
            self.seat: HandOrder.from_dict(welcome.view.order, self.hand())}
        #: the round's last moves as the host told them at the welcome (emptied at a new deal)
        self._story: list[Told] = list(welcome.story)
        self._record: tuple[RoundReveal, dict[str, object] | None] | None = None
        #: the host's review of the round just over for this seat (None while it is on)
        self._review: tuple[Finding, ...] | None = welcome.review

    # ---- the view ------------------------------------------------------------------------------

    def _config(self, table: TableInfo, rules: Rules) -> GameConfig:
        """The seats as this screen sees them: its own is played here (``human``), every other
        human seat at another screen (``net``); each with the gender, the face and a bot's
        level the host gave it (a host that sends no face: the seat's default, worked out
        here; no level: the default level)."""
        seats = tuple(Seat(s.name, "human" if i == self.seat else
                           ("bot" if s.kind == "bot" else "net"), s.level or Seat().level,
                           s.gender, s.face)
                      for i, s in enumerate(table.seats))
        return GameConfig(rules=rules, seats=seats)

    def _set_view(self, view: SeatView) -> None:
        self.view = view
        self._round = mirror_round(view)
        self.version += 1

    def seat_view(self, seat: int | None) -> SeatView:
        """The seat's view, as the host sent it last (the only one this screen has; the table
        reads the public parts of it for anyone but its seat)."""
        return self.view

    @property
    def round_state(self) -> RoundState:
        """The round as the seat holds it (the others' hands and the stock are unknown)."""
        return self._round

    @property
    def match_ended(self) -> bool:
        """Whether the match has ended (as the host said)."""
        return self.view.match.over

    @property
    def save_problem(self) -> str | None:
        """A joiner saves nothing (the host keeps the match): None."""
        return None

    def deal_code(self) -> str | None:
        """None: the deal is the host's secret."""
        return None

    @property
    def started(self) -> bool:
        """Whether the host lets the match be played."""
        return self.table.started

    def own_player(self) -> int | None:
        """The round player of this screen's seat (None if out of the match)."""
        seats = self.view.match.seats
        return seats.index(self.seat) if self.seat in seats else None

    def to_play(self) -> int:
        """The seat to play."""
        return self.view.match.seats[self._round.current]

    def journal(self) -> list[Told]:
        """The round's moves this seat was told when it sat down (the journal's first lines)."""
        return list(self._story)

    def findings(self) -> tuple[Finding, ...] | None:
        """The review of the round just over for this seat, as the host worked it out and
        sent it with the round's end (the deal it replays is never told to a joiner)."""
        return () if self._review is None else self._review

    def replay(self) -> Replay | None:
        """The round just over played again from the record the host sent at its end
        (:meth:`round_record`; a new replay at its start each time), None when there is none."""
        record = self.round_record()
        return None if record is None else Replay.of_record(record)

    def round_record(self) -> dict[str, object] | None:
        """The record of the round just over, from the shared record the host sent at its end
        (:mod:`rami_desktop.play.keep.round_record`): None while it is on, when the host sent
        none (a reshuffle, a redeal), or when it does not end with the hands the host showed."""
        reveal = self.view.reveal
        if reveal is None or reveal.record is None:
            return None
        if self._record is not None and self._record[0] is reveal:
            return self._record[1]
        obs = self.view.observation
        seats = self.view.match.seats
        config = GameConfig(self.config.rules, tuple(self.config.seats[s] for s in seats))
        sent: dict[str, object] = {
            "config": config.to_dict(), "shared": reveal.record, "dealer": obs.dealer,
            "partners": list(obs.partners),
            "round": {"number": self.view.match.round_number, "seats": list(seats)}}
        record: dict[str, object] | None = sent
        try:
            end = Replay.of_record(sent).final
        except Exception as exc:  # boundary: the host's data, whatever it holds
            log.warning("the host's record of the round does not replay: %s", exc)
            record = None
        else:
            if [list(h) for h in end.hands] != [list(h) for h in reveal.hands]:
                log.warning("the host's record of the round does not end as it showed")
                record = None
        self._record = (reveal, record)
        return record

    def observation(self, seat: int) -> Observation:
        """What this seat sees of the round (the host's last word).

        Raises:
            ValueError: another seat: its view is not known here.
        """
        if seat != self.seat:
            raise ValueError(f"seat {seat} is not this screen's")
        return self.view.observation

    def hand(self) -> tuple[Card, ...]:
        """This seat's cards (no other hand is known)."""
        player = self.own_player()
        return () if player is None else tuple(self._round.hands[player])

    def order(self) -> HandOrder:
        """This seat's hand in its screen order."""
        hand = self.hand()
        order = self.orders.get(self.seat, HandOrder())
        if sorted(order.cards) != sorted(hand):
            order = HandOrder.from_dict(order.to_dict(), hand)
        self.orders[self.seat] = order
        return order

    def check(self, action: Action) -> ErrorCode | None:
        """The code the seat's round refuses an action with (as the host will), None if it
        accepts it."""
        return self._round.check(action)


__all__ = ["RemoteView"]
