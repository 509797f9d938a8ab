"""What a bot's plan is made of: its steps, the plan itself, and the answers it remembers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine.actions import Action, Add, Discard, Lay, Swap
from ..engine.cards import Card, sort_key_rank
from ..engine.observation import Observation
from ..engine.solver import Opening, OpeningRequest
from ..engine.solver.core import HandIndex


@dataclass(frozen=True)
class Step:
    """One action of a plan, with what it expects to find.

    Attributes:
        kind: ``lay``, ``add``, ``swap`` or ``discard``.
        cards: the cards laid, added, swapped in (one) or discarded (one).
        hand_before: the hand (sorted) the step expects.
        target: the cards of the combination an addition or swap goes to, before it.
        index: that combination's number in the sandbox (a hint; the cards decide).
        target_staged: whether that combination was laid this turn.
        at: the end of a série an addition goes to (None: wherever it fits).
    """

    kind: str
    cards: tuple[Card, ...]
    hand_before: tuple[Card, ...]
    target: tuple[Card, ...] = ()
    index: int = -1
    target_staged: bool = False
    at: str | None = None

    def action(self, player: int, index: int | None = None) -> Action:
        """The action this step stands for, by ``player`` (``index``: the number of the
        combination an addition or swap goes to now; default the one it was planned on)."""
        if self.kind == "lay":
            return Lay(player, self.cards)
        if self.kind == "discard":
            return Discard(player, self.cards[0])
        meld = self.index if index is None else index
        if self.kind == "add":
            return Add(player, meld, self.cards, self.at)
        return Swap(player, meld, self.cards[0])


@dataclass
class Plan:
    """A turn's steps, ending with the discard."""

    steps: list[Step] = field(default_factory=list)
    opened: bool = False
    laid: int = 0
    out: bool = False


def near(a: Card, b: Card) -> bool:
    """Whether two cards of one suit are at most two places apart (the ace at either end)."""
    pa = (1, 14) if a.rank == 1 else (a.rank,)
    pb = (1, 14) if b.rank == 1 else (b.rank,)
    return any(abs(x - y) <= 2 for x in pa for y in pb)


def linked(a: Card, b: Card) -> bool:
    """Whether two real cards share a rank or lie near in one suit (a copy of a card too)."""
    return a.rank == b.rank or (a.suit == b.suit and near(a, b))


def could_lay(card: Card, obs: Observation) -> bool:
    """A quick necessary test that a taken card could go on the table this turn.

    True if it could form a combination with hand cards, or touches a table combination (its
    rank in a tria, its suit in a série, a joker anywhere). Used to skip planning a pickup
    that cannot work; the full check is the plan on the sandbox.
    """
    if card.is_joker or forms_meld(card, obs.hand):
        return True
    for view in obs.melds:
        m = view.meld
        if m.jokers or (m.is_tria and m.rank == card.rank) or (
                not m.is_tria and m.suit == card.suit):
            return True
    return False


def forms_meld(card: Card, hand: Sequence[Card]) -> bool:
    """A quick necessary test that ``card`` could make a new combination with cards of
    ``hand``: two other suits of its rank, neighbours in its suit, or one of them and a joker."""
    if any(c.is_joker for c in hand) and any(
            not c.is_joker and linked(c, card) for c in hand):
        return True
    suits = {c.suit for c in hand if not c.is_joker and c.rank == card.rank}
    suits.discard(card.suit)
    if len(suits) >= 2:
        return True
    pos = {p for c in hand if not c.is_joker and c.suit == card.suit for p in _positions(c)}
    return any((x - 1 in pos and x - 2 in pos) or (x - 1 in pos and x + 1 in pos) or (
        x + 1 in pos and x + 2 in pos) for x in _positions(card))


def _positions(card: Card) -> tuple[int, ...]:
    return (1, 14) if card.rank == 1 else (card.rank,)


def sorted_hand(cards: list[Card] | tuple[Card, ...]) -> tuple[Card, ...]:
    """Return cards in a canonical order."""
    return tuple(sorted(cards, key=sort_key_rank))


@dataclass
class Memo:
    """What a plan's modes share: openings found, and each hand's solver index."""

    openings: dict[tuple[tuple[Card, ...], OpeningRequest], Opening | None] = field(
        default_factory=dict)
    indexes: dict[tuple[tuple[Card, ...], Card | None, int, int], HandIndex] = field(
        default_factory=dict)


