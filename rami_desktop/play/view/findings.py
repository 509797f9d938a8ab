"""What a round's review found, as data: :class:`Finding` (the screens word it; the network
sends it to the seat it is about)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from rami_desktop.engine.cards import Card, codes


class FindingKind(str, Enum):
    """What a finding tells."""

    NEVER_OPENED = "never_opened"  # the hand could open and the player never did
    MISSED_OPENING = "missed_opening"  # the hand could open; the player opened only later
    FED_OPEN = "fed_open"  # the discard let the next player open
    FED_OUT = "fed_out"  # the discard let the next player go out
    MISSED_OUT = "missed_out"  # the player could have gone out this turn
    JOKER_DISCARDED = "joker_discarded"  # the player discarded a joker
    JOKERS_HELD = "jokers_held"  # jokers left in the hand at the end, counted in the penalty
    POINTS_LEFT = "points_left"  # cards left in hand that could have been laid


@dataclass(frozen=True)
class Finding:
    """One thing the review found (plain fields: it is sent over the network as they are).

    Attributes:
        kind: what it tells.
        seat: the match seat it is about (a round file's player).
        turn: the player's own turn it happened in, from 1 (0: the round's end).
        cards: the cards it names: the discard (a feed, a joker), the opening or the way out,
            the jokers held, the cards that could have been laid.
        points: what it cost in penalty points (jokers held, points left) or the opening's
            points (an opening missed).
        round_turn: the round's turn it happened in, from 1 (0: the round's end).
        take: the talaj card to take first (an opening or a way out through it).
        melds: the combinations to lay (an opening, a way out, points left).
        adds: the cards to add to the table's combinations (a way out, points left).
        onto: for each of ``adds``, the table combination it goes onto (as it was then).
        swaps: the jokers to win back first: each the card put in a joker's place and the
            table combination that joker is in (as it was then).
    """

    kind: FindingKind
    seat: int
    turn: int = 0
    cards: tuple[Card, ...] = ()
    points: int = 0
    round_turn: int = 0
    take: Card | None = None
    melds: tuple[tuple[Card, ...], ...] = ()
    adds: tuple[tuple[Card, ...], ...] = ()
    onto: tuple[tuple[Card, ...], ...] = ()
    swaps: tuple[tuple[Card, tuple[Card, ...]], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """The finding as JSON-ready data (cards as their codes)."""
        return {"kind": self.kind.value, "seat": self.seat, "turn": self.turn,
                "cards": codes(self.cards), "points": self.points,
                "round_turn": self.round_turn,
                "take": None if self.take is None else self.take.code,
                "melds": [codes(m) for m in self.melds], "adds": [codes(a) for a in self.adds],
                "onto": [codes(m) for m in self.onto],
                "swaps": [[card.code, codes(meld)] for card, meld in self.swaps]}


__all__ = ["Finding", "FindingKind"]
