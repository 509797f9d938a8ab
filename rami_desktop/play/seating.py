"""Who sits where and who may see what: the seats of a session, read from its match.

:class:`Seating` is the part of a :class:`~rami_desktop.play.session.Session` that answers
questions about the seats (names, bots and humans, whose turn it is) and the rule of the screen:
who may see which hand (:meth:`Seating.face_up`), and each seat's hand in its screen order.
"""

from __future__ import annotations

from collections.abc import Mapping

from rami_desktop.bots import Bot
from rami_desktop.engine.cards import Card
from rami_desktop.engine.match import Match
from rami_desktop.engine.observation import Observation
from rami_desktop.engine.rules import Rules
from rami_desktop.engine.state import RoundState
from rami_desktop.i18n import _

from .config import GameConfig
from .driver import BotDriver, DriverStats
from .hand_order import HandOrder
from .seat_view import view_of
from .shown import Shown, shown_of
from .story import Told, round_story, tell_for


class Seating:
    """The seats of a match and who may see which hand.

    Args:
        config: the match's setup.
        match: the match.
        driver: the bot driver (it holds the bot of each bot seat).
        orders: the hands' screen order, by seat.
    """

    def __init__(self, config: GameConfig, match: Match, driver: BotDriver,
                 orders: Mapping[int, HandOrder] | None = None) -> None:
        self.config = config
        self.match = match
        self.driver = driver
        self._orders: dict[int, HandOrder] = dict(orders or {})
        self._revealed: int | None = None
        self._at_screen: int | None = None
        self._shown: tuple[tuple[int, int | None], Shown] | None = None
        #: counts the changes of the game: the session bumps it at every change (a move, a
        #: redeal, a deal), and what the screen shows is built again when it moved
        self.version = 0

    # ---- the seats -----------------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The match's rules."""
        return self.match.rules

    @property
    def round(self) -> RoundState:
        """The current round (the whole state: never shown as it is)."""
        return self.match.round

    @property
    def bots(self) -> Mapping[int, Bot]:
        """The bot of each bot seat."""
        return self.driver.bots

    @property
    def driver_stats(self) -> DriverStats:
        """What the bot driver counted (refusals, rescues, decision times)."""
        return self.driver.stats

    def name(self, seat: int) -> str:
        """A seat's name (a seat without one gets its default name, in the language now)."""
        s = self.config.seats[seat]
        if s.name is not None:
            return s.name
        text = _("Bot {number}") if s.is_bot else _("Player {number}")
        return text.format(number=seat + 1)

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays a seat."""
        return self.config.seats[seat].is_bot

    def is_remote(self, seat: int) -> bool:
        """Whether a player at another computer plays a seat (over the network)."""
        return self.config.seats[seat].is_remote

    def plays_here(self, seat: int) -> bool:
        """Whether a human at this screen plays a seat."""
        return not self.is_bot(seat) and not self.is_remote(seat)

    @property
    def human_seats(self) -> list[int]:
        """The seats of the humans at this screen still in the match."""
        active = self.match.active_seats()
        return [s for s in range(self.config.players) if s in active and self.plays_here(s)]

    @property
    def shared_screen(self) -> bool:
        """Whether two or more humans share the screen (pass-and-play)."""
        return sum(1 for s in range(self.config.players) if self.plays_here(s)) >= 2

    @property
    def pass_and_play(self) -> bool:
        """Whether two or more humans share the screen."""
        return self.shared_screen

    @property
    def all_bots(self) -> bool:
        """Whether bots hold every seat."""
        return len(self.driver.bots) == self.config.players

    def seat_of(self, player: int) -> int:
        """The seat of a round player."""
        return self.match.seat_of(player)

    def story(self) -> list[Told]:
        """The current round's moves so far (replayed from its deal), as the screen may tell
        them now (:meth:`viewer_player`)."""
        return [tell_for(t, self.viewer_player(), self.shared_screen)
                for t in round_story(self.match)]

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
        """What a seat may see of the round (bots see nothing else)."""
        return self.match.observation(seat)

    def action_player(self, seat: int) -> int:
        """The round player number of a seat, for building its actions."""
        player = self.player_of(seat)
        if player is None:
            raise ValueError(f"seat {seat} is out of the match")
        return player

    # ---- who may see what ----------------------------------------------------------------------

    @property
    def shown(self) -> Shown:
        """What the screen shows now: the view of the seat whose hand may be face up
        (:meth:`face_up`), else the public view (no hand). Built again when the game
        (:attr:`version`) or the viewer changed."""
        viewer = self.face_up()
        key = (self.version, viewer)
        if self._shown is None or self._shown[0] != key:
            self._shown = (key, shown_of(view_of(self.match, viewer), viewer,
                                         self.config.players))
        return self._shown[1]

    def viewer_player(self) -> int | None:
        """The round player whose hand the screen may show now (None: nobody's)."""
        seat = self.face_up()
        return None if seat is None else self.player_of(seat)

    def face_up(self) -> int | None:
        """The seat whose hand may be face up on the screen now, if any.

        One human: theirs, always. Two or more sharing the screen: the hand of the human to
        play, once they said they are at the screen, until they discard; at the end of a round
        every hand may be seen (the bottom seat's is shown).
        """
        humans = self.human_seats
        if not humans:
            return None
        if not self.shared_screen:
            return humans[0]
        if self.round.over:
            return self.bottom_seat()
        seat = self.human_to_play()
        return seat if seat is not None and seat == self._revealed else None

    def bottom_seat(self) -> int | None:
        """The seat placed at the bottom of the screen: the hand face up, else the last human
        who held the screen (their cards face down), else the first human."""
        humans = self.human_seats
        if not humans:
            return None
        if not self.shared_screen:
            return humans[0]
        if self._at_screen in humans:
            return self._at_screen
        return humans[0]

    def privacy_due(self) -> int | None:
        """The human to play who must first say they are at the screen, if any."""
        if not self.shared_screen:
            return None
        seat = self.human_to_play()
        return seat if seat is not None and seat != self._revealed else None

    def reveal(self, seat: int) -> None:
        """``seat``'s player says they are at the screen (the privacy screen was passed)."""
        if self.privacy_due() == seat:
            self._revealed = self._at_screen = seat

    def hand(self, seat: int) -> tuple[Card, ...]:
        """A seat's cards in the engine's order (for its own view only)."""
        player = self.player_of(seat)
        return () if player is None else tuple(self.round.hands[player])

    def hand_order(self, seat: int) -> HandOrder:
        """A seat's hand in its screen order (the seat's arrangement, kept with the match)."""
        hand = self.hand(seat)
        order = self._orders.get(seat)
        if order is None or sorted(order.cards) != sorted(hand):
            order = HandOrder.from_dict(order.to_dict() if order else None, hand)
            self._orders[seat] = order
        return order

