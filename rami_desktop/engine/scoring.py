"""What each player pays when a round is won (RULES.md §5), card by card.

:func:`penalty_breakdown` gives the reason, each card counted with its value, and any doubling;
the round's penalties are the breakdowns' totals, and the round summary only translates them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .cards import Card
from .melds import hand_value
from .rules import Penalty, Rules


class PenaltyReason(str, Enum):
    """Why a player pays what they pay."""

    WINNER = "winner"  # went out: pays nothing
    PARTNER_OF_WINNER = "partner_of_winner"  # the winner's team partner: pays nothing
    NO_WINNER = "no_winner"  # the round has no winner (yet, or the stock ran out): nothing
    RAMI_SEC = "rami_sec"  # the winner laid the whole hand before anyone was down: a flat sum
    NEVER_DOWN = "never_down"  # per-card presets: a player never down pays a flat sum
    HAND_VALUE = "hand_value"  # the value of each card in hand
    CARD_COUNT = "card_count"  # so much a card and a joker (maybe doubled)


@dataclass(frozen=True)
class CardValue:
    """One card of a losing hand and what it costs."""

    card: Card
    value: int


@dataclass(frozen=True)
class PenaltyBreakdown:
    """What one player pays for the round, and why.

    Attributes:
        player: the seat.
        reason: which rule applies.
        cards: each card counted with its value (empty for a flat sum or no penalty).
        subtotal: the sum before doubling (the flat sum, or the cards' values).
        doubled: the winner went out on a joker and the rules double the penalty.
        total: what the player pays.
    """

    player: int
    reason: PenaltyReason
    cards: tuple[CardValue, ...]
    subtotal: int
    doubled: bool
    total: int

    @property
    def joker_points(self) -> int:
        """What the jokers left in the hand cost (doubled with the penalty)."""
        jokers = sum(v.value for v in self.cards if v.card.is_joker)
        return jokers * (2 if self.doubled else 1)


def penalty_breakdown(rules: Rules, player: int, hand: Sequence[Card], down: bool,
                      winner: int | None, winner_partner: int | None, rami_sec: bool,
                      last_discard: Card | None) -> PenaltyBreakdown:
    """Work out what ``player`` pays, holding ``hand`` when ``winner`` went out.

    Args:
        rules: the rules in force.
        player: the seat asked about.
        hand: the cards left in that player's hand.
        down: whether that player is down.
        winner: the seat that went out (None: no winner).
        winner_partner: the winner's team partner, if any.
        rami_sec: whether the winner made a Rami sec.
        last_discard: the winner's last discard (a joker may double the penalties).
    """

    def flat(reason: PenaltyReason, amount: int = 0) -> PenaltyBreakdown:
        return PenaltyBreakdown(player, reason, (), amount, False, amount)

    if winner is None:
        return flat(PenaltyReason.NO_WINNER)
    if player == winner:
        return flat(PenaltyReason.WINNER)
    if player == winner_partner:
        return flat(PenaltyReason.PARTNER_OF_WINNER)
    if rami_sec:
        return flat(PenaltyReason.RAMI_SEC, rules.rami_sec_penalty)
    if rules.penalty is Penalty.HAND_VALUE:
        cards = tuple(CardValue(c, hand_value(c, rules.ace_value, rules.joker_penalty))
                      for c in hand)
        subtotal = sum(v.value for v in cards)
        return PenaltyBreakdown(player, PenaltyReason.HAND_VALUE, cards, subtotal, False,
                                subtotal)
    if not down:
        return flat(PenaltyReason.NEVER_DOWN, rules.never_down_penalty)
    cards = tuple(CardValue(c, rules.joker_penalty if c.is_joker else rules.card_penalty)
                  for c in hand)
    subtotal = sum(v.value for v in cards)
    doubled = rules.joker_out_doubles and last_discard is not None and last_discard.is_joker
    return PenaltyBreakdown(player, PenaltyReason.CARD_COUNT, cards, subtotal, doubled,
                            subtotal * 2 if doubled else subtotal)
