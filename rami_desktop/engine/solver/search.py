"""The solver's searches: the best opening, the least penalty, and helpers for bots.

Every search works on card counts (two copies of each card, jokers apart) with memoisation; see
:mod:`rami_desktop.engine.solver.core`. Import them from :mod:`rami_desktop.engine.solver`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..cards import JOKER, Card, sort_key_rank
from ..melds import Meld, hand_value, make_meld
from ..rules import Penalty, Rules
from .core import INF, NEG, HandIndex, Option, split_hand

GAIN = 64  # value = points * GAIN + cards laid (at most 19 cards)


@dataclass(frozen=True)
class Opening:
    """A set of combinations to lay.

    Attributes:
        points: opening points of the franche combinations.
        melds: the combinations (séries ascending).
        rest: the cards left in hand.
    """

    points: int
    melds: tuple[Meld, ...]
    rest: tuple[Card, ...]


@dataclass(frozen=True)
class Arrangement:
    """The hand split into combinations and the cards left, with the penalty of those cards."""

    melds: tuple[Meld, ...]
    rest: tuple[Card, ...]
    penalty: int


@dataclass(frozen=True)
class OpeningRequest:
    """What an opening must satisfy.

    Attributes:
        min_points: the franche combinations' points must reach this (ignored if serie_only).
        need_tria_and_serie: at least one franche tria and one franche série of own cards.
        clean_exclude: one copy of this card (the talaj top card) may not be in the condition's
            tria or série; another copy in the hand still counts as own.
        must_use: this card (one copy; the tagged one if it equals ``clean_exclude``) must be laid.
            A joker means at least one joker must be laid.
        max_jokers: jokers per combination (combinations with a joker count 0 points).
        keep: cards that must stay in hand.
        going_out: exactly ``keep`` cards stay in hand.
        serie_only: the condition is one franche série of own cards, no tria, no threshold.
        ace_value: points of an ace in a tria or high série.
        has_tria: the condition's tria is already laid (staged this turn): none is needed.
        has_serie: the condition's série is already laid: none is needed.
    """

    min_points: int = 0
    need_tria_and_serie: bool = True
    clean_exclude: Card | None = None
    must_use: Card | None = None
    max_jokers: int = 1
    keep: int = 1
    going_out: bool = False
    serie_only: bool = False
    ace_value: int = 10
    has_tria: bool = False
    has_serie: bool = False


def _meld_of(opt: Option, max_jokers: int) -> Meld:
    meld = make_meld(opt.cards, max(max_jokers, opt.jokers))
    if meld is None:  # pragma: no cover - the options are built valid
        raise AssertionError(f"invalid combination {[c.code for c in opt.cards]}")
    return meld


def _rest(idx: HandIndex, state: int, jokers: int) -> tuple[Card, ...]:
    out: list[Card] = []
    for i, c in enumerate(idx.slot_cards):
        out.extend([c] * ((state >> (2 * i)) & 3))
    out.sort(key=sort_key_rank)
    out.extend([JOKER] * jokers)
    return tuple(out)


def _m5(n: int) -> int:
    return int("01" * max(n, 1), 2)


# ---------------------------------------------------------------------------------------------
# the opening search


def opening_search(idx: HandIndex, jokers: int, req: OpeningRequest, must_slot: int = -1
                    ) -> tuple[int, list[Option], int, int] | None:
    """Return (value, options laid, state left, jokers left) of the best opening, or None.

    ``must_slot`` (if not -1) is a slot that must be laid, instead of ``req.must_use``.
    """
    n = idx.n
    m5 = _m5(n)
    need_t = req.need_tria_and_serie and not req.serie_only and not req.has_tria
    need_s = (req.need_tria_and_serie or req.serie_only) and not req.has_serie
    must_mask = 0
    must_joker = False
    if must_slot >= 0:
        must_mask = 3 << (2 * must_slot)
    elif req.must_use is not None:
        if req.must_use.is_joker:
            if jokers == 0:
                return None
            must_joker = True
        else:
            slots = idx.slots_of(req.must_use)
            if req.clean_exclude is not None and req.must_use == req.clean_exclude:
                slots = [idx.tagged_slot] if idx.tagged_slot >= 0 else []
            if not slots:
                return None
            for s in slots:
                must_mask |= 3 << (2 * s)
    need0 = (1 if need_t else 0) | (2 if need_s else 0) | (4 if must_mask or must_joker else 0)
    last_t = -1
    last_s = -1
    table: list[list[tuple[int, int, int, int]]] = []
    for i in range(n):
        row: list[tuple[int, int, int, int]] = []
        for opt in idx.by_slot[i]:
            clear = 0
            if opt.cond:
                if opt.is_tria:
                    clear |= 1
                    last_t = i
                else:
                    clear |= 2
                    last_s = i
            if opt.mask & must_mask or (must_joker and opt.jokers):
                clear |= 4
            row.append((opt.mask, opt.jokers, clear, opt.points * GAIN + opt.size))
        table.append(row)
    if (need_t and last_t < 0) or (need_s and last_s < 0):
        return None
    keep = req.keep
    going_out = req.going_out
    total_cards = sum(idx.slot_counts) + jokers
    if keep > total_cards:
        return None
    memo: dict[int, int] = {}

    def f(state: int, jk: int, r: int, need: int) -> int:
        if state == 0:
            if need:
                return NEG
            if (jk == r) if going_out else (jk >= r):
                return 0
            return NEG
        key = (((state << 3) | jk) << 7 | r) << 3 | need
        v = memo.get(key)
        if v is not None:
            return v
        i = ((state & -state).bit_length() - 1) >> 1
        if (need & 1 and i > last_t) or (need & 2 and i > last_s) or (
                need & 4 and not must_joker and not state & must_mask):
            memo[key] = NEG
            return NEG
        best = NEG
        if r or not going_out:
            best = f(state - (1 << (2 * i)), jk, r - 1 if r else 0, need)
        nz = (state | (state >> 1)) & m5
        for mask, j, clear, gain in table[i]:
            if j <= jk and nz & mask == mask:
                v = f(state - mask, jk - j, r, need & ~clear)
                if v > NEG:
                    v += gain
                    if v > best:
                        best = v
        memo[key] = best
        return best

    root = f(idx.state, jokers, keep, need0)
    if root <= NEG:
        return None
    # walk the memo to recover the choice
    laid: list[Option] = []
    state, jk, r, need = idx.state, jokers, keep, need0
    kept_state = 0
    while state:
        target = f(state, jk, r, need)
        i = ((state & -state).bit_length() - 1) >> 1
        bit = 1 << (2 * i)
        if (r or not going_out) and f(state - bit, jk, r - 1 if r else 0, need) == target:
            state -= bit
            kept_state += bit
            r = r - 1 if r else 0
            continue
        nz = (state | (state >> 1)) & m5
        for (mask, j, clear, gain), opt in zip(table[i], idx.by_slot[i], strict=True):
            if j <= jk and nz & mask == mask:
                v = f(state - mask, jk - j, r, need & ~clear)
                if v > NEG and v + gain == target:
                    laid.append(opt)
                    state -= mask
                    jk -= j
                    need &= ~clear
                    break
        else:  # pragma: no cover
            raise AssertionError("solver walk lost its way")
    return root, laid, kept_state, jk


def find_opening(hand: Iterable[Card], req: OpeningRequest) -> Opening | None:
    """Return the best opening (by points, then fewer cards left) meeting ``req``, or None.

    Args:
        hand: the cards in hand (with any card taken this turn).
        req: the constraints.
    """
    real, jokers = split_hand(hand)
    tagged = req.clean_exclude
    if tagged is not None and (tagged.is_joker or tagged not in real):
        tagged = None
    # combinations with more jokers than the hand holds could never be laid
    idx = HandIndex(real, min(req.max_jokers, jokers), req.ace_value, tagged=tagged)
    if tagged is None and req.clean_exclude is not None and req.must_use == req.clean_exclude:
        # the excluded card is not in the hand, so it cannot be laid
        return None
    return finish_opening(idx, jokers, req)


def finish_opening(idx: HandIndex, jokers: int, req: OpeningRequest) -> Opening | None:
    """Run the opening search on a prepared index and build the answer (internal helper)."""
    found = opening_search(idx, jokers, req)
    if found is None:
        return None
    value, laid, state, jk = found
    points = value // GAIN
    if not req.serie_only and points < req.min_points:
        return None
    melds = tuple(_meld_of(o, req.max_jokers) for o in laid)
    return Opening(points=points, melds=melds, rest=_rest(idx, state, jk))


def best_opening(hand: Iterable[Card], *, ace_value: int = 10) -> Opening | None:
    """Return the highest-scoring joker-free opening (a tria and a série at least), or None.

    At least one card stays in hand; the threshold is not checked.
    """
    return find_opening(hand, OpeningRequest(max_jokers=0, ace_value=ace_value))


# ---------------------------------------------------------------------------------------------
# the least penalty


def card_cost(rules: Rules) -> Callable[[Card], int]:
    """Return the penalty a card left in hand costs under ``rules``."""
    if rules.penalty is Penalty.PER_CARD:
        def per_card(c: Card) -> int:
            return rules.joker_penalty if c.is_joker else rules.card_penalty
        return per_card

    def value(c: Card) -> int:
        return hand_value(c, rules.ace_value, rules.joker_penalty)
    return value


def least_penalty(hand: Iterable[Card], rules: Rules, keep: int = 0) -> Arrangement:
    """Return the arrangement into combinations leaving the smallest penalty in hand.

    Args:
        hand: the cards.
        rules: gives jokers per combination, the penalty kind and values.
        keep: cards that must stay in hand (capped at the hand's size).
    """
    real, jokers = split_hand(hand)
    idx = HandIndex(real, min(rules.jokers_per_meld, jokers), rules.ace_value)
    cost = card_cost(rules)
    jp = cost(JOKER)
    n = idx.n
    m5 = _m5(n)
    keep = min(keep, len(real) + jokers)
    pen = [cost(c) * GAIN + 1 for c in idx.slot_cards]
    jpen = jp * GAIN + 1
    table = [[(o.mask, o.jokers) for o in idx.by_slot[i]] for i in range(n)]
    memo: dict[int, int] = {}

    def g(state: int, jk: int, r: int) -> int:
        if state == 0:
            return jk * jpen if jk >= r else INF
        key = ((state << 3) | jk) << 7 | r
        v = memo.get(key)
        if v is not None:
            return v
        i = ((state & -state).bit_length() - 1) >> 1
        best = pen[i] + g(state - (1 << (2 * i)), jk, r - 1 if r else 0)
        nz = (state | (state >> 1)) & m5
        for mask, j in table[i]:
            if j <= jk and nz & mask == mask:
                v = g(state - mask, jk - j, r)
                if v < best:
                    best = v
        memo[key] = best
        return best

    root = g(idx.state, jokers, keep)
    state, jk, r = idx.state, jokers, keep
    melds: list[Meld] = []
    kept_state = 0
    while state:
        target = g(state, jk, r)
        i = ((state & -state).bit_length() - 1) >> 1
        bit = 1 << (2 * i)
        if pen[i] + g(state - bit, jk, r - 1 if r else 0) == target:
            state -= bit
            kept_state += bit
            r = r - 1 if r else 0
            continue
        nz = (state | (state >> 1)) & m5
        for opt in idx.by_slot[i]:
            if opt.jokers <= jk and nz & opt.mask == opt.mask and g(
                    state - opt.mask, jk - opt.jokers, r) == target:
                melds.append(_meld_of(opt, rules.jokers_per_meld))
                state -= opt.mask
                jk -= opt.jokers
                break
        else:  # pragma: no cover
            raise AssertionError("solver walk lost its way")
    return Arrangement(melds=tuple(melds), rest=_rest(idx, kept_state, jk), penalty=root // GAIN)


# ---------------------------------------------------------------------------------------------
# helpers for bots


def meld_candidates(hand: Iterable[Card], max_jokers: int = 1, ace_value: int = 10
                    ) -> list[Meld]:
    """Return every distinct valid combination formable from the hand's cards.

    Jokers are used up to ``max_jokers`` per combination and up to the number held; a série
    with a joker appears once per place the joker may stand.
    """
    real, jokers = split_hand(hand)
    idx = HandIndex(real, min(max_jokers, jokers), ace_value, all_placements=True)
    out: list[Meld] = []
    seen: set[tuple[Card, ...]] = set()
    for opt in idx.options:
        if opt.cards in seen:
            continue
        seen.add(opt.cards)
        out.append(_meld_of(opt, max_jokers))
    return out
