"""Drawing: from the stock, the round's first discard, or the talaj's top card (RULES.md §4)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .cards import Card
from .errors import ErrorCode
from .rules import FirstCard, Rules

E = ErrorCode

SOURCES: tuple[str, ...] = ("stock", "first", "top")


@dataclass(frozen=True)
class DrawSituation:
    """What a draw depends on at the moment the current player asks for it.

    Attributes:
        player: the current player.
        drawn: the player already drew this turn.
        no_draw: the turn starts without a draw.
        hand_size: cards in the player's hand.
        stock_size: cards in the stock.
        first_card: the round's first discard while it can still be taken.
        first_owner: who discarded it.
        first_open: whether it may be taken now (per preset).
        turn: turns played in the round.
        n: number of players.
        top: the talaj's top card.
    """

    player: int
    drawn: bool
    no_draw: bool
    hand_size: int
    stock_size: int
    first_card: Card | None
    first_owner: int | None
    first_open: bool
    turn: int
    n: int
    top: Card | None


def first_card_open(rules: Rules, first_pos: int | None, turn: int, first_turn: int,
                    n: int) -> bool:
    """Whether the round's first discard may still be taken into the hand this turn."""
    mode = rules.first_card
    if mode is FirstCard.NONE or first_pos is None:
        return False
    if mode is FirstCard.NEXT_ONLY:
        return turn == first_turn + 1
    return turn < first_turn + n


def draw_error(rules: Rules, source: str, s: DrawSituation,
               playable: Callable[[Card], bool]) -> ErrorCode | None:
    """Return why drawing from ``source`` is refused, or None if it is allowed.

    ``playable(card)`` says whether some laying this turn can use the talaj's top card.
    """
    if s.drawn:
        return E.ALREADY_DREW
    if s.no_draw:
        return E.NO_DRAW_NOW
    locked = rules.last_card_lock and s.hand_size <= 1
    if source == "stock":
        return None if s.stock_size else E.PICKUP_FORBIDDEN
    if source == "first":
        if s.first_card is None or s.first_owner == s.player or not s.first_open:
            return E.PICKUP_FORBIDDEN
        return E.LAST_CARD_LOCK if locked else None
    if source == "top":
        if s.top is None or (rules.no_pickup_first_round and s.turn < s.n):
            return E.PICKUP_FORBIDDEN
        if locked:
            return E.LAST_CARD_LOCK
        if rules.top_card_must_lay and not playable(s.top):
            return E.UNPLAYABLE_PICKUP
        return None
    return E.PICKUP_FORBIDDEN
