"""The solver's searches: the best opening, the least penalty, and helpers for bots.

Every search works on card counts (two copies of each card, jokers apart) with memoisation; see
:mod:`rami_desktop.engine.solver_core`. Import them from :mod:`rami_desktop.engine.solver`.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from .cards import JOKER, Card, sort_key_rank
from .melds import Meld, hand_value, make_meld, rank_at
from .rules import Penalty, Rules
from .solver_core import INF, NEG, HandIndex, Option, split_hand

_GAIN = 64  # value = points * _GAIN + cards laid (at most 19 cards)


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


def _opening_search(idx: HandIndex, jokers: int, req: OpeningRequest, must_slot: int = -1
                    ) -> tuple[int, list[Option], int, int] | None:
    """Return (value, options laid, state left, jokers left) of the best opening, or None.

    ``must_slot`` (if not -1) is a slot that must be laid, instead of ``req.must_use``.
    """
    n = idx.n
    m5 = _m5(n)
    need_t = req.need_tria_and_serie and not req.serie_only
    need_s = req.need_tria_and_serie or req.serie_only
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
            row.append((opt.mask, opt.jokers, clear, opt.points * _GAIN + opt.size))
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
    idx = HandIndex(real, req.max_jokers, req.ace_value, tagged=tagged)
    if tagged is None and req.clean_exclude is not None and req.must_use == req.clean_exclude:
        # the excluded card is not in the hand, so it cannot be laid
        return None
    return finish_opening(idx, jokers, req)


def finish_opening(idx: HandIndex, jokers: int, req: OpeningRequest) -> Opening | None:
    """Run the opening search on a prepared index and build the answer (internal helper)."""
    found = _opening_search(idx, jokers, req)
    if found is None:
        return None
    value, laid, state, jk = found
    points = value // _GAIN
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
    idx = HandIndex(real, rules.jokers_per_meld, rules.ace_value)
    cost = card_cost(rules)
    jp = cost(JOKER)
    n = idx.n
    m5 = _m5(n)
    keep = min(keep, len(real) + jokers)
    pen = [cost(c) * _GAIN + 1 for c in idx.slot_cards]
    jpen = jp * _GAIN + 1
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
    return Arrangement(melds=tuple(melds), rest=_rest(idx, kept_state, jk), penalty=root // _GAIN)


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


def unseen_cards(seen: Iterable[Card]) -> dict[Card, int]:
    """Return the counts of real cards of the 108-card deck not among ``seen``."""
    from .cards import ALL_FACES, COPIES

    left = {c: COPIES for c in ALL_FACES}
    for c in seen:
        if not c.is_joker and left.get(c, 0) > 0:
            left[c] -= 1
    return {c: n for c, n in left.items() if n > 0}


def _wild_options(real: Sequence[Card], jokers: int, max_jokers: int, ace_value: int, w: int,
                  pool: dict[Card, int]) -> list[tuple[Card, Option]]:
    """Return the combinations the hand makes with one more card of ``pool`` in slot ``w``.

    Each comes with the card the extra slot stands for (every choice of suit in a tria). The
    extra card may join a combination that also holds some of the hand's ``jokers``; it counts
    as the card it stands for (points counted when the combination is franche).
    """
    extra = max_jokers if jokers else 0
    probe = HandIndex(real, 1 + extra, ace_value, all_placements=True)
    seen: set[tuple[int, int, bool, int, Card]] = set()
    out: list[tuple[Card, Option]] = []
    for opt in probe.options:
        if not 1 <= opt.jokers <= 1 + extra:
            continue
        left = opt.jokers - 1
        places = [i for i, c in enumerate(opt.cards) if c.is_joker]
        if opt.is_tria:
            places = places[:1]  # in a tria the jokers are interchangeable
        for at in places:
            if opt.is_tria:
                present = {c.suit for c in opt.cards if not c.is_joker}
                rank = next(c.rank for c in opt.cards if not c.is_joker)
                choices = [Card(rank, s) for s in "SHDC" if s not in present]
            else:
                suit = next(c.suit for c in opt.cards if not c.is_joker)
                pos = probe.serie_start(opt) + at
                choices = [Card(rank_at(pos), suit)] if 1 <= pos <= 14 else []
            for card in choices:
                if pool.get(card, 0) <= 0:
                    continue
                cards = opt.cards[:at] + (card,) + opt.cards[at + 1:]
                meld = make_meld(cards, left)
                if meld is None:
                    continue
                points = meld.points(ace_value) if not left else 0
                key = (opt.mask, points, opt.is_tria, left, card)
                if key in seen:
                    continue
                seen.add(key)
                out.append((card, Option(opt.slots + (w,), opt.mask | 1 << (2 * w), left,
                                         cards, opt.is_tria, points, not left, opt.size)))
    return out


def _with_wild(base: HandIndex, options: Iterable[Option]) -> HandIndex:
    """Return a copy of ``base`` with one more slot (the card to come) and ``options``."""
    idx = copy.copy(base)
    w = base.n
    idx.options = list(base.options) + list(options)
    idx.slot_cards = base.slot_cards + [JOKER]  # a stand-in: never left in an answer
    idx.slot_counts = base.slot_counts + [1]
    idx.n = w + 1
    idx.state = base.state + (1 << (2 * w))
    idx.by_slot = [[] for _ in range(idx.n)]
    for opt in idx.options:
        idx.by_slot[opt.slots[0]].append(opt)
    return idx


def _wild_index(real: Sequence[Card], jokers: int, max_jokers: int, ace_value: int,
                pool: dict[Card, int]) -> HandIndex:
    """Return the hand's index plus one last slot: a card still to come, any card of ``pool``."""
    base = HandIndex(real, max_jokers, ace_value)
    wild = _wild_options(real, jokers, max_jokers, ace_value, base.n, pool)
    return _with_wild(base, _distinct(opt for _, opt in wild))


def _distinct(options: Iterable[Option]) -> list[Option]:
    """Drop options that lay the same cards for the same points (the card stood for aside)."""
    seen: set[tuple[int, int, bool, int]] = set()
    out: list[Option] = []
    for opt in options:
        key = (opt.mask, opt.points, opt.is_tria, opt.jokers)
        if key not in seen:
            seen.add(key)
            out.append(opt)
    return out


def _reaches(idx: HandIndex, jokers: int, req: OpeningRequest) -> bool:
    found = _opening_search(idx, jokers, req, must_slot=idx.n - 1)
    return found is not None and (req.serie_only or found[0] // _GAIN >= req.min_points)


def one_card_away(hand: Sequence[Card], req: OpeningRequest, pool: dict[Card, int]) -> bool:
    """Whether one card of ``pool`` added to ``hand`` would make an opening meeting ``req``.

    One search: the card to come is a wild slot standing for any card of the pool (a joker
    drawn is not tried).
    """
    real, jokers = split_hand(list(hand))
    return _reaches(_wild_index(real, jokers, req.max_jokers, req.ace_value, pool), jokers,
                   req)


def opening_outs(hand: Sequence[Card], req: OpeningRequest, pool: dict[Card, int]
                 ) -> set[Card]:
    """Return the cards of ``pool`` (a joker included) that, added to ``hand``, would make an
    opening meeting ``req`` laying that card: the hand's *outs*.

    A hand that would lay every card has every card of the pool as an out (the card drawn is
    the one kept).
    """
    return discard_outs(hand, [None], req, pool)[None]


def discard_outs(hand: Sequence[Card], discards: Sequence[Card | None], req: OpeningRequest,
                 pool: dict[Card, int]) -> dict[Card | None, set[Card]]:
    """Return :func:`opening_outs` of ``hand`` less each of ``discards`` (None: less nothing).

    The hand is indexed once for all the discards; each (discard, card) pair costs one search.
    """
    real, jokers = split_hand(list(hand))
    base = HandIndex(real, req.max_jokers, req.ace_value)
    by_card: dict[Card, list[Option]] = {}
    for card, opt in _wild_options(real, jokers, req.max_jokers, req.ace_value, base.n,
                                   pool):
        by_card.setdefault(card, []).append(opt)
    with_card = {card: _with_wild(base, options) for card, options in by_card.items()}
    with_any = _with_wild(base, _distinct(o for options in by_card.values() for o in options))
    lay_all = replace(req, keep=req.keep - 1) if req.keep else None
    out: dict[Card | None, set[Card]] = {}
    for d in discards:
        rest = list(hand)
        jk = jokers
        slot = -1
        if d is not None:
            rest.remove(d)
            if d.is_joker:
                jk -= 1
            else:
                slot = base.slots_of(d)[0]
        if lay_all is not None:
            found = _opening_search(_without(base, slot), jk, lay_all)
            if found is not None and (req.serie_only or found[0] // _GAIN >= req.min_points):
                out[d] = {c for c, k in pool.items() if k > 0}
                continue
        outs: set[Card] = set()
        if _reaches(_without(with_any, slot), jk, req):  # one search before trying each card
            outs = {card for card, idx in with_card.items()
                    if _reaches(_without(idx, slot), jk, req)}
        if pool.get(JOKER, 0) > 0 and find_opening(rest + [JOKER], req) is not None:
            outs.add(JOKER)
        out[d] = outs
    return out


def _without(idx: HandIndex, slot: int) -> HandIndex:
    """Return ``idx`` with one copy fewer of the card in ``slot`` (-1: unchanged)."""
    if slot < 0:
        return idx
    less = copy.copy(idx)
    less.state = idx.state - (1 << (2 * slot))
    less.slot_counts = list(idx.slot_counts)
    less.slot_counts[slot] -= 1
    return less


def opening_distance(hand: Sequence[Card], min_points: int, *,
                     need_tria_and_serie: bool = True, unseen: dict[Card, int] | None = None,
                     max_jokers: int = 1, ace_value: int = 10, exact: int = 1) -> int:
    """Estimate how many more cards the hand needs to open.

    0 if it can open now (franche tria and série, ``min_points``, one card kept). Then the
    smallest number (up to ``exact``, default 1) of extra cards from ``unseen`` (default: every
    card not in the hand) that would make an opening, the opening keeping one card (the extra
    card counts as drawn, so the hand then has one card more). Beyond ``exact`` a heuristic:
    ``exact + 1`` plus one per 25 points still missing from the best partial opening.
    """
    req = OpeningRequest(min_points=min_points, need_tria_and_serie=need_tria_and_serie,
                         max_jokers=max_jokers, ace_value=ace_value)
    hand = list(hand)
    if find_opening(hand, req) is not None:
        return 0
    pool = unseen if unseen is not None else unseen_cards(hand)
    if find_opening(hand, replace(req, keep=0)) is not None:
        return 1  # an opening that lays everything: any card drawn is the one kept
    frontier: list[tuple[list[Card], dict[Card, int]]] = [(hand, dict(pool))]
    for k in range(1, exact + 1):
        nxt: list[tuple[list[Card], dict[Card, int]]] = []
        seen_hands: set[tuple[Card, ...]] = set()
        for h, p in frontier:
            real, jokers = split_hand(h)
            idx = _wild_index(real, jokers, max_jokers, ace_value, p)
            found = _opening_search(idx, jokers, req, must_slot=idx.n - 1)
            if found is not None and found[0] // _GAIN >= min_points:
                return k
            if k < exact:
                for c in sorted(p, key=sort_key_rank):
                    key = tuple(sorted(h + [c], key=sort_key_rank))
                    if key in seen_hands:
                        continue
                    seen_hands.add(key)
                    p2 = dict(p)
                    p2[c] -= 1
                    nxt.append((h + [c], p2))
        frontier = nxt
    loose = find_opening(hand, OpeningRequest(need_tria_and_serie=False, max_jokers=0,
                                              ace_value=ace_value))
    have = loose.points if loose is not None else 0
    missing = max(0, min_points - have)
    return exact + 1 + missing // 25

