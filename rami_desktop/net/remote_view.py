"""The game as a joiner's screen holds it: its seat, the table's seats and the seat's view.

:class:`RemoteView` is the part of a :class:`~rami_desktop.net.remote.RemoteSession` that
answers what the screens read (names, seats, the round and the match as the seat sees them,
its hand in its order), from the host's last view only (:mod:`rami_desktop.play.shown`).
"""

from __future__ import annotations

import logging

from rami_desktop.engine.cards import Card
from rami_desktop.engine.observation import Observation
from rami_desktop.engine.rules import Rules
from rami_desktop.engine.state import RoundState
from rami_desktop.i18n import _
from rami_desktop.play.config import GameConfig, Seat
from rami_desktop.play.findings import Finding
from rami_desktop.play.hand_order import HandOrder
from rami_desktop.play.mirror import MirrorMatch
from rami_desktop.play.replay import Replay
from rami_desktop.play.seat_view import RoundReveal, SeatView
from rami_desktop.play.shown import Shown, shown_of
from rami_desktop.play.story import Told

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
        self._set_view(welcome.view)
        self._order = HandOrder.from_dict(welcome.view.order, self.hand(self.seat))
        #: the round's last moves as the host told them at the welcome (emptied at a new deal)
        self._story: list[Told] = list(welcome.story)
        self._record: tuple[RoundReveal, dict[str, object] | None] | None = None
        #: the host's review of the round just over for this seat (None while it is on)
        self._review: tuple[Finding, ...] | None = welcome.review

    # ---- the view ------------------------------------------------------------------------------

    @staticmethod
    def _config(table: TableInfo, rules: Rules) -> GameConfig:
        return GameConfig(rules=rules, seats=tuple(Seat(s.name, s.kind) for s in table.seats))

    def _set_view(self, view: SeatView) -> None:
        self.view = view
        seat = self.seat if self.seat in view.match.seats else None
        self._shown = shown_of(view, seat, self.config.players)
        self._round = self._shown.round
        self._match = self._shown.match

    @property
    def shown(self) -> Shown:
        """What this screen shows: its seat's view, as the host sent it last."""
        return self._shown

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
    def shared_screen(self) -> bool:
        """False: a joiner's screen is its own player's only."""
        return False

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

    def story(self) -> list[Told]:
        """The round's moves this seat was told when it sat down (the journal's first lines)."""
        return list(self._story)

    def review(self) -> tuple[Finding, ...] | None:
        """The review of the round just over for this seat, as the host worked it out and
        sent it with the round's end (the deal it replays is never told to a joiner); None
        while the round is on."""
        if not self._round.over:
            return None
        return () if self._review is None else self._review

    def player_of(self, seat: int) -> int | None:
        """The round player of a seat (None if out of the match)."""
        return self._match.player_of(seat)

    def round_record(self) -> dict[str, object] | None:
        """The record of the round just over, from the shared record the host sent at its end
        (:mod:`rami_desktop.play.round_record`): None while it is on, when the host sent none
        (a reshuffle, a redeal), or when it does not end with the hands the host showed."""
        reveal = self.view.reveal
        if reveal is None or reveal.record is None:
            return None
        if self._record is not None and self._record[0] is reveal:
            return self._record[1]
        obs = self.view.observation
        seats = self.view.match.seats
        config = GameConfig(self.rules, tuple(self.config.seats[s] for s in seats))
        record: dict[str, object] | None = {
            "config": config.to_dict(), "shared": reveal.record, "dealer": obs.dealer,
            "partners": list(obs.partners),
            "round": {"number": self.view.match.round_number, "seats": list(seats)}}
        try:
            end = Replay.of_record(record).states[-1]
        except Exception as exc:  # boundary: the host's data, whatever it holds
            log.warning("the host's record of the round does not replay: %s", exc)
            record = None
        else:
            if [list(h) for h in end.hands] != [list(h) for h in reveal.hands]:
                log.warning("the host's record of the round does not end as it showed")
                record = None
        self._record = (reveal, record)
        return record

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

    def observation(self, seat: int) -> Observation:
        """What this seat sees of the round (the host's last word).

        Raises:
            ValueError: another seat: its view is not known here.
        """
        if seat != self.seat:
            raise ValueError(f"seat {seat} is not this screen's")
        return self.view.observation

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


__all__ = ["RemoteView"]
