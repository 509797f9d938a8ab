"""Arranging a handful of cards: the combination they make, the ends they extend, what is wrong.

The table hands the engine cards in the order they were dropped; these helpers find the order a
:class:`~rami_desktop.engine.actions.Lay` or :class:`~rami_desktop.engine.actions.Add` needs
(jokers placed where they stand), or say precisely why no order works (:class:`MeldFault`, for
the UI to put into words). They decide nothing the engine does not: every answer is checked with
:func:`~rami_desktop.engine.melds.make_meld` or :func:`~rami_desktop.engine.melds.extend`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from .cards import JOKER, Card
from .errors import ErrorCode
from .melds import MAX_SERIE, MAX_TRIA, Meld, extend, make_meld, rank_at
from .rules import Rules


class MeldFault(str, Enum):
    """Why a handful of cards makes no combination (or does not extend one)."""

    TOO_FEW = "too_few"  # fewer than 3 cards
    ONLY_JOKERS = "only_jokers"  # no real card
    TOO_MANY_JOKERS = "too_many_jokers"  # more jokers than a combination may hold
    TRIA_SAME_SUIT = "tria_same_suit"  # one rank, but a suit twice
    TRIA_TOO_LONG = "tria_too_long"  # more than 4 cards of one rank
    TRIA_MIXED_RANKS = "tria_mixed_ranks"  # mostly one rank, but not all
    SERIE_MIXED_SUITS = "serie_mixed_suits"  # mostly one suit, but not all
    SERIE_SAME_RANK = "serie_same_rank"  # one suit, but a rank twice
    SERIE_GAP = "serie_gap"  # one suit, but not consecutive (not enough jokers for the gaps)
    SERIE_WRAP = "serie_wrap"  # runs through the ace both ways (K-A-2)
    SERIE_TOO_LONG = "serie_too_long"  # more than 13 cards, or past the ace
    WRONG_RANK = "wrong_rank"  # addition to a tria: a card of another rank
    WRONG_SUIT = "wrong_suit"  # addition to a série: a card of another suit
    NOT_AT_END = "not_at_end"  # addition to a série: the cards do not join either end


# ---------------------------------------------------------------------------------------------
# a new combination


def _serie_order(real: Sequence[Card], jokers: int, ace_high: bool,
                 prefer_low: bool = False) -> tuple[Card, ...] | None:
    """Return the ascending order of a série of these cards with the jokers placed (gaps first,
    then the high end, then the low end; ``prefer_low`` swaps the two ends), or None."""
    def pos(c: Card) -> int:
        return 14 if (c.rank == 1 and ace_high) else c.rank
    ordered = sorted(real, key=pos)
    positions = [pos(c) for c in ordered]
    if len(set(positions)) != len(positions):
        return None
    lo, hi = positions[0], positions[-1]
    gaps = hi - lo + 1 - len(positions)
    extra = jokers - gaps
    if extra < 0:
        return None
    room_low, room_high = lo - 1, 14 - hi
    if prefer_low:
        low = min(extra, room_low)
        high = extra - low
    else:
        high = min(extra, room_high)
        low = extra - high
    if low > room_low or high > room_high:
        return None
    out: list[Card] = [JOKER] * low
    for k, c in enumerate(ordered):
        if k:
            out.extend([JOKER] * (positions[k] - positions[k - 1] - 1))
        out.append(c)
    out.extend([JOKER] * high)
    return tuple(out)


def arrange_meld(cards: Sequence[Card], rules: Rules) -> Meld | None:
    """Return the combination a handful of cards makes, in the order a Lay needs, or None.

    The order given is tried first (a série with jokers where the player put them); then a
    tria; then the série with the real cards ascending (ace low, then high) and the jokers in
    the gaps, then at the high end, then at the low end.

    Args:
        cards: the cards, in any order.
        rules: gives the jokers allowed per combination.
    """
    maxj = rules.jokers_per_meld
    meld = make_meld(cards, maxj)
    if meld is not None:
        return meld
    real = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(real)
    if not real:
        return None
    meld = make_meld(real + [JOKER] * jokers, maxj)
    if meld is not None:
        return meld
    for ace_high in (False, True):
        for prefer_low in (False, True):
            order = _serie_order(real, jokers, ace_high, prefer_low)
            if order is not None:
                meld = make_meld(order, maxj)
                if meld is not None:
                    return meld
    return None


def meld_fault(cards: Sequence[Card], rules: Rules) -> MeldFault | None:
    """Return why a handful of cards makes no combination, or None if it makes one.

    The joker rule is named only when jokers are involved: the real cards would make a
    combination with as many jokers as given, but a combination may not hold that many.
    """
    if arrange_meld(cards, rules) is not None:
        return None
    if len(cards) < 3:
        return MeldFault.TOO_FEW
    real = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(real)
    if not real:
        return MeldFault.ONLY_JOKERS
    if jokers > rules.jokers_per_meld and arrange_meld(
            cards, replace(rules, jokers_per_meld=min(4, jokers))) is not None:
        return MeldFault.TOO_MANY_JOKERS
    ranks = Counter(c.rank for c in real)
    suits = Counter(c.suit for c in real)
    if len(ranks) == 1:
        if len(cards) > MAX_TRIA:
            return MeldFault.TRIA_TOO_LONG
        return MeldFault.TRIA_SAME_SUIT
    if len(suits) == 1:
        return _serie_fault(real, jokers)
    if max(ranks.values()) >= max(suits.values()):
        return MeldFault.TRIA_MIXED_RANKS
    return MeldFault.SERIE_MIXED_SUITS


def _serie_fault(real: Sequence[Card], jokers: int) -> MeldFault:
    """Why real cards of one suit (and some jokers) make no série."""
    if len(real) + jokers > MAX_SERIE:
        return MeldFault.SERIE_TOO_LONG
    ranks = [c.rank for c in real]
    if len(set(ranks)) != len(ranks):
        return MeldFault.SERIE_SAME_RANK
    # neither ace low nor ace high works: a run that fits round the corner (K-A-2) wraps
    for first in range(1, 14):
        shifted = sorted((r - first) % 13 for r in ranks)
        if shifted[-1] - shifted[0] + 1 - len(ranks) <= jokers:
            return MeldFault.SERIE_WRAP
    return MeldFault.SERIE_GAP


def refusal(cards: Sequence[Card], rules: Rules) -> ErrorCode | None:
    """Return the code a Lay of these cards is refused with (shape only), or None if valid.

    CONFORMANCE.md has one code for every shape fault, ``invalid_meld``; :func:`meld_fault`
    gives the finer reason.
    """
    return None if arrange_meld(cards, rules) is not None else ErrorCode.INVALID_MELD


# ---------------------------------------------------------------------------------------------
# adding to a combination


def addition_order(meld: Meld, cards: Sequence[Card], rules: Rules, at: str | None
                   ) -> tuple[Card, ...] | None:
    """Return the cards in the order an Add at ``at`` needs (jokers placed), or None.

    Args:
        meld: the combination on the table.
        cards: the cards to add, in any order.
        rules: gives the jokers allowed per combination.
        at: ``"low"`` or ``"high"`` (a série's end), or None (a tria, or real cards at both
            ends of a série).
    """
    maxj = rules.jokers_per_meld
    cards = tuple(cards)
    if not cards:
        return None
    if meld.is_tria:
        return cards if at is None and extend(meld, cards, None, maxj) is not None else None
    if extend(meld, cards, at, maxj) is not None:
        return cards
    real = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(real)
    if at is None or not real:  # real cards at both ends go as given; jokers alone were tried
        return None
    for ace_high in (False, True):
        def pos(c: Card, ace_high: bool = ace_high) -> int:
            return 14 if (c.rank == 1 and ace_high) else c.rank
        ordered = sorted(real, key=pos)
        positions = [pos(c) for c in ordered]
        if len(set(positions)) != len(positions):
            continue
        if at == "high":
            if positions[0] <= meld.end:
                continue
            filled = list(range(meld.end + 1, positions[-1] + 1))
        else:
            if positions[-1] >= meld.start:
                continue
            filled = list(range(positions[0], meld.start))
        missing = len(filled) - len(positions)
        if missing < 0 or missing > jokers:
            continue
        extra = jokers - missing
        by_pos = {p: c for p, c in zip(positions, ordered, strict=True)}
        body = [by_pos.get(p, JOKER) for p in filled]
        order = (*body, *[JOKER] * extra) if at == "high" else (*[JOKER] * extra, *body)
        if extend(meld, order, at, maxj) is not None:
            return tuple(order)
    return None


def addition_options(meld: Meld, cards: Sequence[Card], rules: Rules
                     ) -> tuple[str | None, ...]:
    """Return the ``at`` values for which these cards extend ``meld`` (see :func:`addition_order`).

    A tria gives ``(None,)`` or ``()``; a série any of ``"low"``, ``"high"`` (the ends the cards
    join), then None when real cards join both ends at once.
    """
    if meld.is_tria:
        return (None,) if addition_order(meld, cards, rules, None) is not None else ()
    out: list[str | None] = [end for end in ("low", "high")
                             if addition_order(meld, cards, rules, end) is not None]
    if not out and addition_order(meld, cards, rules, None) is not None:
        out.append(None)
    return tuple(out)


def best_addition(meld: Meld, cards: Sequence[Card], rules: Rules, near: str | None = None
                  ) -> tuple[tuple[Card, ...], str | None] | None:
    """Return (cards in order, ``at``) for an Add of these cards to ``meld``, or None.

    Args:
        meld: the combination the cards were dropped on.
        cards: the cards, in any order.
        rules: gives the jokers allowed per combination.
        near: ``"low"`` or ``"high"``: the end nearest the drop, tried first.
    """
    options = addition_options(meld, cards, rules)
    if not options:
        return None
    at = near if near in options else options[0]
    order = addition_order(meld, cards, rules, at)
    return None if order is None else (order, at)


def addition_fault(meld: Meld, cards: Sequence[Card], rules: Rules) -> MeldFault | None:
    """Return why these cards do not extend ``meld``, or None if they do at some end."""
    if not cards or addition_options(meld, cards, rules):
        return None
    real = [c for c in cards if not c.is_joker]
    jokers = len(cards) - len(real)
    if meld.jokers + jokers > rules.jokers_per_meld:
        return MeldFault.TOO_MANY_JOKERS
    if meld.is_tria:
        if any(c.rank != meld.rank for c in real):
            return MeldFault.WRONG_RANK
        if len(meld.cards) + len(cards) > MAX_TRIA:
            return MeldFault.TRIA_TOO_LONG
        return MeldFault.TRIA_SAME_SUIT
    if any(c.suit != meld.suit for c in real):
        return MeldFault.WRONG_SUIT
    if len(meld.cards) + len(cards) > MAX_SERIE:
        return MeldFault.SERIE_TOO_LONG
    ranks = [c.rank for c in real]
    if len(set(ranks)) != len(ranks):
        return MeldFault.SERIE_SAME_RANK
    return MeldFault.NOT_AT_END


@dataclass(frozen=True)
class Extension:
    """Cards of a hand that extend a combination: a série's low and high parts (ascending,
    jokers placed), or a tria's cards (in ``high``, added with ``at`` None)."""

    low: tuple[Card, ...]
    high: tuple[Card, ...]

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the extension."""
        return self.low + self.high


def _end_parts(meld: Meld, have: Counter[Card], jokers: int, low: bool
               ) -> list[tuple[tuple[Card, ...], int]]:
    """Return each part (ascending) the hand can put at one end of a série, with its jokers."""
    out: list[tuple[tuple[Card, ...], int]] = [((), 0)]
    frontier: list[tuple[tuple[Card, ...], int]] = [((), 0)]
    room = meld.start - 1 if low else 14 - meld.end
    room = min(room, MAX_SERIE - len(meld.cards))
    for step in range(1, room + 1):
        p = meld.start - step if low else meld.end + step
        real = Card(rank_at(p), meld.suit)
        nxt: list[tuple[tuple[Card, ...], int]] = []
        for part, j in frontier:
            choices: list[tuple[Card, int]] = []
            if have[real]:
                choices.append((real, j))
            if j < jokers:
                choices.append((JOKER, j + 1))
            for card, jj in choices:
                nxt.append(((card, *part) if low else (*part, card), jj))
        if not nxt:
            break
        out.extend(nxt)
        frontier = nxt
    return out


def extensions(meld: Meld, hand: Sequence[Card], max_jokers: int) -> list[Extension]:
    """Return every non-empty way cards of ``hand`` extend ``meld`` (jokers within the limit).

    A série takes a part at each end (each position a real card of the hand or a joker); a
    tria takes cards of its missing suits and jokers, up to 4 cards.
    """
    have = Counter(c for c in hand if not c.is_joker)
    hand_jokers = sum(1 for c in hand if c.is_joker)
    free = max(0, min(max_jokers - meld.jokers, hand_jokers))
    out: list[Extension] = []
    if meld.is_tria:
        suits = [s for s in meld.missing_suits() if have[Card(meld.rank, s)]]
        room = MAX_TRIA - len(meld.cards)
        for bits in range(1 << len(suits)):
            chosen = tuple(Card(meld.rank, s) for k, s in enumerate(suits) if bits >> k & 1)
            for j in range(free + 1):
                if 1 <= len(chosen) + j <= room:
                    out.append(Extension((), chosen + (JOKER,) * j))
        return out
    lows = _end_parts(meld, have, free, low=True)
    highs = _end_parts(meld, have, free, low=False)
    for low, jl in lows:
        for high, jh in highs:
            if (low or high) and jl + jh <= free and (
                    len(meld.cards) + len(low) + len(high) <= MAX_SERIE):
                out.append(Extension(low, high))
    return out


__all__ = [
    "Extension",
    "MeldFault",
    "addition_fault",
    "addition_options",
    "addition_order",
    "arrange_meld",
    "best_addition",
    "extensions",
    "meld_fault",
    "refusal",
]
