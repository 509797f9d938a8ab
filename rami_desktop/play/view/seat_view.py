"""What one seat may know of the game at one moment: the only place a game becomes a view.

A :class:`SeatView` is everything a seat may know: its observation of the round (its own hand,
the table, the talaj, the sizes of the others' hands and of the stock), the match's public record
(scores, round results, who is out) and, once a round is over, the hands it ended with (every
player sees them on the round's summary). :func:`view_of` builds it from a match, for a seat or
for nobody (the public view: no hand at all). A shared screen draws the view of the seat whose
owner is at the screen, a network host sends each joiner its seat's view: the same function.

:func:`redact_events` is the same rule for the events a move made: a card drawn from the stock is
seen by the player who drew it only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rami_desktop.engine.cards import Card
from rami_desktop.engine.match import Match, RoundResult
from rami_desktop.engine.observation import Observation
from rami_desktop.engine.position import own_of, shared_of
from rami_desktop.play.view.story import ToldEvent, tell

#: the player number of a view that plays no hand (a seat out of the match, or nobody)
SPECTATOR = -1


@dataclass(frozen=True)
class MatchInfo:
    """The match's public record.

    Attributes:
        serial: which match of the table this is (a rematch counts one more).
        round_number: the current round, from 1.
        seats: the seats playing the round, in its player order.
        dealer_seat: the round's dealer.
        scores, start_scores: each seat's total now and at the start.
        eliminated: the seats out of the match, in the order they went out.
        results: how each finished round ended.
        over: whether the match has ended; winners: its winning seats.
    """

    serial: int
    round_number: int
    seats: tuple[int, ...]
    dealer_seat: int
    scores: tuple[int, ...]
    start_scores: tuple[int, ...]
    eliminated: tuple[int, ...]
    results: tuple[RoundResult, ...]
    over: bool
    winners: tuple[int, ...]


@dataclass(frozen=True)
class RoundReveal:
    """A finished round's end, as its summary shows it to everyone.

    Attributes:
        hands: the cards each player (round order) ended with.
        winner: the round player who went out (None: the stock ran out).
        penalties: what each round player pays.
        reason: ``out`` or ``stock_exhausted``.
        rami_sec: whether the winner laid the whole hand at once before anyone was down.
        record: the round's shared record, for a joiner's replay
            (:func:`~rami_desktop.play.keep.round_record.shared_record`; None: none was sent).
    """

    hands: tuple[tuple[Card, ...], ...]
    winner: int | None
    penalties: tuple[int, ...]
    reason: str
    rami_sec: bool
    record: dict[str, Any] | None = None


@dataclass(frozen=True)
class SeatView:
    """One seat's view of the game at one moment (see the module's text).

    Attributes:
        observation: the seat's observation (``player`` :data:`SPECTATOR`: no hand).
        match: the match's public record.
        reveal: the round's end once it is over.
        order: the seat's hand order as JSON (a joiner's welcome), else None.
    """

    observation: Observation
    match: MatchInfo
    reveal: RoundReveal | None
    order: dict[str, Any] | None = None


def redact_events(events: Sequence[ToldEvent], viewer: int | None) -> tuple[ToldEvent, ...]:
    """The events as round player ``viewer`` may see them (None: nobody's hand).

    A card drawn from the stock is seen by the player who drew it only; everything else an
    event says happened in front of everyone at the table (a talaj card taken, cards laid,
    taken back or discarded, the penalties of a round's end). A shared screen also keeps the
    faces of a take-back from the next player (:func:`~rami_desktop.play.view.story.tell`).
    """
    return tell(events, viewer, shared=False)


#: what one player's observation holds of its own (each as a spectator's is): everything else
#: in it is the same for every seat of the round
OWN_FIELDS: dict[str, Any] = {"player": SPECTATOR, "hand": (), "has_drawn": False,
                              "pickup": None, "own_turn": None, "may_redeal": False}


def own_fields(match: Match, seat: int) -> dict[str, Any]:
    """What a seat in the round sees of its own: the :data:`OWN_FIELDS` of its observation
    (:func:`observation_for`), worked out alone.

    Raises:
        ValueError: the seat is out of the match.
    """
    player = match.player_of(seat)
    if player is None:
        raise ValueError(f"seat {seat} is out of the match")
    return own_of(match.round, player)


def observation_for(match: Match, seat: int | None) -> Observation:
    """A seat's observation of the current round; a seat out of the match, or nobody
    (None), watches as a spectator (no hand, nothing of anyone's turn but the table)."""
    player = None if seat is None else match.player_of(seat)
    if seat is not None and player is not None:
        return match.observation(seat)
    return Observation(**shared_of(match.round, match.round_scores()), **OWN_FIELDS)


def match_info(match: Match, serial: int = 0) -> MatchInfo:
    """The match's public record now."""
    return MatchInfo(serial, match.round_number, tuple(match.seats), match.dealer_seat,
                     tuple(match.scores), tuple(match.start_scores), tuple(match.eliminated),
                     tuple(match.results), match.over, tuple(match.winners()))


def round_reveal(match: Match) -> RoundReveal | None:
    """The current round's end as everyone sees it (None while it is played)."""
    r = match.round
    if not r.over or r.penalties is None:
        return None
    return RoundReveal(tuple(tuple(h) for h in r.hands), r.winner, tuple(r.penalties),
                       r.end_reason or "out", r.rami_sec)


def view_of(match: Match, seat: int | None, serial: int = 0) -> SeatView:
    """What ``seat`` may know of the game now (None: the public view, no hand)."""
    return SeatView(observation_for(match, seat), match_info(match, serial), round_reveal(match))


__all__ = ["OWN_FIELDS", "SPECTATOR", "MatchInfo", "RoundReveal", "SeatView", "match_info",
           "observation_for", "own_fields", "redact_events", "round_reveal",
           "view_of"]
