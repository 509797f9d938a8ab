"""What leaves the host for one seat: the only place the host's game becomes a joiner's view.

Every game message the host sends a seat is built here, from the seat's observation and the
public events: never another hand (until a round's end shows them all, as its summary does),
never the stock, its order or the seed. :func:`redact_events` hides the card another player drew
from the stock; :func:`seat_view` is the seat's view; :func:`update_text` and
:func:`welcome_view` are the messages; :func:`story_for` the round's last moves told again to a
seat taken again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from rami_desktop.engine.actions import Drew, Event
from rami_desktop.engine.match import Match
from rami_desktop.engine.observation import Observation
from rami_desktop.play.hand_order import HandOrder
from rami_desktop.play.session import Happening
from rami_desktop.play.story import STORY_MOVES, Told, round_story

from .codec import (
    JSON,
    codes,
    event_to_dict,
    observation_to_dict,
    result_to_dict,
    told_to_dict,
)
from .protocol import envelope

#: the player number of a seat that watches a round it does not play (out of the match)
SPECTATOR = -1


def redact_events(events: Sequence[Event], viewer: int | None) -> tuple[Event, ...]:
    """The events as round player ``viewer`` may see them (None: a spectator).

    A card drawn from the stock is seen by the player who drew it only; everything else an
    event says happened in front of everyone (a talaj card taken, cards laid, taken back or
    discarded, the penalties of a round's end).
    """
    return tuple(
        dataclasses.replace(e, card=None)
        if isinstance(e, Drew) and e.source == "stock" and e.player != viewer else e
        for e in events)


def observation_for(match: Match, seat: int) -> Observation:
    """A seat's observation of the current round; a seat out of the match watches as a
    spectator (no hand, nothing of anyone's turn but what is on the table)."""
    player = match.player_of(seat)
    if player is not None:
        return match.observation(seat)
    seen = match.observation(match.seats[0])
    return dataclasses.replace(seen, player=SPECTATOR, hand=(), has_drawn=False, pickup=None,
                               own_turn=None, may_redeal=False)


def seat_view(match: Match, seat: int, serial: int, order: HandOrder | None = None) -> JSON:
    """The JSON of a seat's view of the game now (read back by
    :func:`rami_desktop.net.view.seat_view_from_dict`)."""
    r = match.round
    reveal = None
    if r.over and r.penalties is not None:
        reveal = {"hands": [codes(h) for h in r.hands], "winner": r.winner,
                  "penalties": list(r.penalties), "reason": r.end_reason or "out",
                  "rami_sec": r.rami_sec}
    return {
        "observation": observation_to_dict(observation_for(match, seat)),
        "match": {"serial": serial, "round_number": match.round_number,
                  "seats": list(match.seats), "dealer_seat": match.dealer_seat,
                  "scores": list(match.scores), "start_scores": list(match.start_scores),
                  "eliminated": list(match.eliminated),
                  "results": [result_to_dict(x) for x in match.results], "over": match.over,
                  "winners": list(match.winners())},
        "reveal": reveal,
        "order": order.to_dict() if order is not None else None,
    }


def happening_for(match: Match, seat: int, happening: Happening) -> JSON:
    """A happening as a seat may be told it (the events redacted for its player)."""
    return {"kind": happening.kind, "seat": happening.seat, "by_bot": happening.by_bot,
            "events": [event_to_dict(e) for e in
                       redact_events(happening.events, match.player_of(seat))]}


def update_text(match: Match, seat: int, serial: int, happening: Happening | None,
                ack: int | None = None) -> str:
    """The ``update`` message for a seat after a happening (``ack``: the seat's own action
    that caused it), with the seat's view after it."""
    told = [] if happening is None else [happening_for(match, seat, happening)]
    return envelope("update", ack=ack, happenings=told, view=seat_view(match, seat, serial))


def story_for(match: Match, seat: int) -> list[JSON]:
    """The current round's last moves (at most :data:`STORY_MOVES`) as a seat may be told them,
    for the journal of a seat taken again."""
    player = match.player_of(seat)
    return [told_to_dict(Told(redact_events(t.events, player), t.melds))
            for t in round_story(match)[-STORY_MOVES:]]


def welcome_view(match: Match, seat: int, serial: int, order: HandOrder | None) -> JSON:
    """The view a seat is welcomed (or welcomed back) with: its hand's order too."""
    return seat_view(match, seat, serial, order)


__all__ = ["SPECTATOR", "happening_for", "observation_for", "redact_events", "seat_view",
           "story_for", "update_text", "welcome_view"]
