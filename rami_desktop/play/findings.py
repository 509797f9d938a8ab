"""What a round's review found, as data: :class:`Finding` (the screens word it; the network
sends it to the seat it is about)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from rami_desktop.engine.cards import Card


class FindingKind(str, Enum):
    """What a finding tells."""

    FED_OPEN = "fed_open"  # the discard let the next player open
    FED_OUT = "fed_out"  # the discard let the next player go out
    MISSED_OUT = "missed_out"  # the player could have gone out this turn
    JOKERS_HELD = "jokers_held"  # jokers left in the hand at the end


@dataclass(frozen=True)
class GoingOut:
    """A way out the player missed: the talaj card to take (if any), then the combinations to
    lay and the cards to add to the table."""

    take: Card | None = None
    lays: tuple[tuple[Card, ...], ...] = ()
    adds: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True)
class Finding:
    """One thing the review found.

    Attributes:
        kind: what it tells.
        player: the round player it is about.
        turn: the round's turn it happened in, from 1 (0: the round's end).
        card: the discard (a feed).
        way: how the player could have gone out (a missed going-out).
        count: the jokers held (jokers held).
        points: what they cost (jokers held).
    """

    kind: FindingKind
    player: int
    turn: int = 0
    card: Card | None = None
    way: GoingOut | None = None
    count: int = 0
    points: int = 0


__all__ = ["Finding", "FindingKind", "GoingOut"]
