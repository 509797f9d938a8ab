"""The game as a joiner holds it: a round and a match built from its seat's view only.

The round is :meth:`RoundState.from_observation` of the seat's observation: its own hand, the
table and the talaj are the real ones, the other hands and the stock are filled with cards the
seat cannot see, dealt by a fixed generator (they are never shown: the table shows their backs),
so that the seat's own actions are checked and hinted at exactly as the host will judge them.
Once a round is over, its end as everyone sees it (the hands left, the penalties) is put in.
:class:`MirrorMatch` is the match's public record as the table's screens read it.
"""

from __future__ import annotations

import random

from rami_desktop.engine.actions import Action
from rami_desktop.engine.match import RoundResult, partner_seat, team_scores
from rami_desktop.engine.rules import Rules
from rami_desktop.engine.state import RoundState
from rami_desktop.play.view.seat_view import MatchInfo, RoundReveal, SeatView

#: the generator's seed for the cards a joiner cannot see (any fixed number: they are unknown)
UNSEEN_SEED = 0


def mirror_round(view: SeatView) -> RoundState:
    """The round as the seat holds it (see the module's text)."""
    state = RoundState.from_observation(view.observation, random.Random(UNSEEN_SEED))
    reveal = view.reveal
    if reveal is not None:
        end_round(state, reveal)
    return state


def end_round(state: RoundState, reveal: RoundReveal) -> None:
    """Put a round's public end into the seat's round: the hands left and the penalties."""
    state.hands = [list(hand) for hand in reveal.hands]
    state.over = True
    state.winner = reveal.winner
    state.penalties = reveal.penalties
    state.end_reason = reveal.reason
    state.rami_sec = reveal.rami_sec


class MirrorMatch:
    """The match's public record and the seat's round (a
    :class:`~rami_desktop.play.table.table_game.MatchView`).

    Attributes:
        logs: one empty list a round: a joiner keeps no log of the actions (the deal and the
            stock are the host's secret, so no round could be replayed from them).
        round_seed: 0: the seed is the host's secret.
    """

    def __init__(self, rules: Rules, n: int, info: MatchInfo, state: RoundState) -> None:
        self.rules = rules
        self.n = n
        self.info = info
        self.round = state
        self.seats: tuple[int, ...] = info.seats
        self.scores: list[int] = list(info.scores)
        self.start_scores: list[int] = list(info.start_scores)
        self.eliminated: list[int] = list(info.eliminated)
        self.results: list[RoundResult] = list(info.results)
        self.logs: list[list[Action]] = [[] for _ in range(info.round_number)]
        self.round_seed = 0
        self.dealer_seat = info.dealer_seat

    @property
    def round_number(self) -> int:
        """The current round, counted from 1."""
        return self.info.round_number

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        return self.info.over

    def winners(self) -> tuple[int, ...]:
        """The winning seats once the match is over."""
        return self.info.winners

    def partner(self, seat: int) -> int | None:
        """A seat's team partner, if playing in teams."""
        return partner_seat(self.rules, seat)

    def team_scores(self) -> tuple[int, int] | None:
        """The two teams' totals when playing in teams."""
        return team_scores(self.rules, self.scores)

    def active_seats(self) -> list[int]:
        """Seats still in the match."""
        return [s for s in range(self.n) if s not in self.eliminated]

    def seat_of(self, player: int) -> int:
        """The seat of a round player."""
        return self.seats[player]

    def player_of(self, seat: int) -> int | None:
        """The round player of a seat (None if out of the match)."""
        return self.seats.index(seat) if seat in self.seats else None


__all__ = ["UNSEEN_SEED", "MirrorMatch", "end_round", "mirror_round"]
