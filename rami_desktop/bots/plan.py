"""What a bot's plan is made of: its steps, the plan itself, and the answers it remembers."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.cards import Card, sort_key_rank
from ..engine.solver import Opening, OpeningRequest
from ..engine.solver_core import HandIndex


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
    """

    kind: str
    cards: tuple[Card, ...]
    hand_before: tuple[Card, ...]
    target: tuple[Card, ...] = ()
    index: int = -1
    target_staged: bool = False


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


