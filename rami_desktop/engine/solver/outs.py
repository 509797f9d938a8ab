"""The solver's helpers for bots: the cards still unseen, and the cards a hand waits for.

A card still to come is a *wild* slot of the hand's index, standing for any card of a pool;
one search then answers for every card of the pool at once. Import them from
:mod:`rami_desktop.engine.solver`.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Sequence
from dataclasses import replace

from ..cards import JOKER, Card, sort_key_rank
from ..melds import make_meld, rank_at
from .core import HandIndex, Option, split_hand
from .search import GAIN, OpeningRequest, find_opening, opening_search


def unseen_cards(seen: Iterable[Card]) -> dict[Card, int]:
    """Return the counts of real cards of the 108-card deck not among ``seen``."""
    from ..cards import ALL_FACES, COPIES

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
                cards = (*opt.cards[:at], card, *opt.cards[at + 1:])
                meld = make_meld(cards, left)
                if meld is None:
                    continue
                points = meld.points(ace_value) if not left else 0
                key = (opt.mask, points, opt.is_tria, left, card)
                if key in seen:
                    continue
                seen.add(key)
                out.append((card, Option((*opt.slots, w), opt.mask | 1 << (2 * w), left,
                                         cards, opt.is_tria, points, not left, opt.size)))
    return out


def _with_wild(base: HandIndex, options: Iterable[Option]) -> HandIndex:
    """Return a copy of ``base`` with one more slot (the card to come) and ``options``."""
    idx = copy.copy(base)
    w = base.n
    idx.options = list(base.options) + list(options)
    idx.slot_cards = [*base.slot_cards, JOKER]  # a stand-in: never left in an answer
    idx.slot_counts = [*base.slot_counts, 1]
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
    found = opening_search(idx, jokers, req, must_slot=idx.n - 1)
    return found is not None and (req.serie_only or found[0] // GAIN >= req.min_points)


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
            found = opening_search(_without(base, slot), jk, lay_all)
            if found is not None and (req.serie_only or found[0] // GAIN >= req.min_points):
                out[d] = {c for c, k in pool.items() if k > 0}
                continue
        outs: set[Card] = set()
        if _reaches(_without(with_any, slot), jk, req):  # one search before trying each card
            outs = {card for card, idx in with_card.items()
                    if _reaches(_without(idx, slot), jk, req)}
        if pool.get(JOKER, 0) > 0 and find_opening([*rest, JOKER], req) is not None:
            outs.add(JOKER)
        out[d] = outs
    return out


def discard_outs_any(hand: Sequence[Card], discards: Sequence[Card],
                     requests: Sequence[OpeningRequest], pool: dict[Card, int]
                     ) -> dict[Card, set[Card]]:
    """Return, for each of ``discards``, the cards of ``pool`` that meet one of ``requests``
    (:func:`discard_outs` for each, united), the hand indexed once for requests that share
    their jokers per combination and ace value."""
    out: dict[Card, set[Card]] = {d: set() for d in discards}
    groups: dict[tuple[int, int], list[OpeningRequest]] = {}
    for req in requests:
        groups.setdefault((req.max_jokers, req.ace_value), []).append(req)
    real, jokers = split_hand(list(hand))
    for (max_jokers, ace_value), reqs in groups.items():
        base = HandIndex(real, max_jokers, ace_value)
        by_card: dict[Card, list[Option]] = {}
        for card, opt in _wild_options(real, jokers, max_jokers, ace_value, base.n, pool):
            by_card.setdefault(card, []).append(opt)
        with_card = {card: _with_wild(base, options) for card, options in by_card.items()}
        with_any = _with_wild(base, _distinct(o for opts in by_card.values() for o in opts))
        for d in discards:
            jk = jokers - 1 if d.is_joker else jokers
            slot = -1 if d.is_joker else base.slots_of(d)[0]
            for req in reqs:
                if req.keep and _lays_all(_without(base, slot), jk, replace(req,
                                                                            keep=req.keep - 1)):
                    out[d] = {c for c, k in pool.items() if k > 0}
                    break
                if _reaches(_without(with_any, slot), jk, req):
                    out[d] |= {card for card, idx in with_card.items() if card not in out[d]
                               and _reaches(_without(idx, slot), jk, req)}
                if pool.get(JOKER, 0) > 0 and JOKER not in out[d] and _lays_all(
                        _without(base, slot), jk + 1, req):
                    out[d].add(JOKER)
    return out


def _lays_all(idx: HandIndex, jokers: int, req: OpeningRequest) -> bool:
    found = opening_search(idx, jokers, req)
    return found is not None and (req.serie_only or found[0] // GAIN >= req.min_points)


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
            found = opening_search(idx, jokers, req, must_slot=idx.n - 1)
            if found is not None and found[0] // GAIN >= min_points:
                return k
            if k < exact:
                for c in sorted(p, key=sort_key_rank):
                    key = tuple(sorted([*h, c], key=sort_key_rank))
                    if key in seen_hands:
                        continue
                    seen_hands.add(key)
                    p2 = dict(p)
                    p2[c] -= 1
                    nxt.append(([*h, c], p2))
        frontier = nxt
    loose = find_opening(hand, OpeningRequest(need_tria_and_serie=False, max_jokers=0,
                                              ace_value=ace_value))
    have = loose.points if loose is not None else 0
    missing = max(0, min_points - have)
    return exact + 1 + missing // 25
