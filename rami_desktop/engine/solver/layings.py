"""Layings on the table for the talaj pickup check: a player already down, hand cards taking
table jokers' places, chains of hand cards extending a table combination, and the sets of hand
cards that additions to the table can take at once. See :mod:`.pickup`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from ..arrange import Extension, extensions
from ..cards import JOKER, Card, sort_key_rank
from ..melds import Meld, extend, swap
from ..rules import Rules, TriaSwap
from .core import HandIndex, split_hand


def remove_cards(cards: Sequence[Card], used: Iterable[Card]) -> list[Card] | None:
    out = list(cards)
    for c in used:
        try:
            out.remove(c)
        except ValueError:
            return None
    return out


def _pre_swaps(hand: Sequence[Card], table: Sequence[Meld], complete_four: bool
               ) -> list[tuple[list[Card], list[Meld], int, list[Card]]]:
    """Return every (hand, table, jokers freed, cards given) reachable by giving hand cards for
    table jokers.

    A joker is freed by a card it may give way to. Under COMPLETE_FOUR a tria of two real cards
    and a joker first takes a card of a missing suit, then gives the joker for another.
    """
    out: list[tuple[list[Card], list[Meld], int, list[Card]]] = []
    seen: set[tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]]] = set()

    def go(h: list[Card], t: list[Meld], freed: int, given: list[Card], k: int) -> None:
        key = (tuple(sorted(h, key=sort_key_rank)), tuple(m.cards for m in t))
        if key in seen:
            return
        seen.add(key)
        out.append((h, t, freed, given))
        for i in range(k, len(t)):
            meld = t[i]
            if not meld.jokers:
                continue
            for c in set(h):
                if c.is_joker:
                    continue
                new = swap(meld, c, complete_four)
                if new is not None:
                    rest = list(h)
                    rest.remove(c)
                    go([*rest, JOKER], [*t[:i], new, *t[i + 1:]], freed + 1, [*given, c], i)
                elif meld.is_tria and complete_four and len(meld.cards) == 3:
                    grown = extend(meld, [c], max_jokers=meld.jokers)
                    if grown is not None:
                        rest = list(h)
                        rest.remove(c)
                        for d in set(rest):
                            new = swap(grown, d, complete_four)
                            if new is not None:
                                rest2 = list(rest)
                                rest2.remove(d)
                                go([*rest2, JOKER], [*t[:i], new, *t[i + 1:]], freed + 1,
                                   [*given, c, d], i)

    go(list(hand), list(table), 0, [], 0)
    return out


def _new_meld_with(hand2: Sequence[Card], card: Card, rules: Rules, min_jokers: int) -> bool:
    """Whether a new combination holding ``card`` (and ``min_jokers`` jokers at least) leaves a
    card in hand (``hand2`` holds the card; a joker card means one joker more)."""
    real, jokers = split_hand(hand2)
    if card.is_joker:
        min_jokers += 1
    if jokers < min_jokers:
        return False
    n2 = len(hand2)
    idx = HandIndex(real, min(rules.jokers_per_meld, jokers), rules.ace_value)
    slots = set(idx.slots_of(card))
    return any(opt.size <= n2 - 1 and opt.jokers >= min_jokers
               and (card.is_joker or slots.intersection(opt.slots)) for opt in idx.options)


def _chains(hand: Sequence[Card], card: Card, meld: Meld, max_jokers: int
            ) -> list[tuple[Card, ...]]:
    """Return the hand cards (jokers as JK) that, with ``card``, extend ``meld`` at an end.

    Only the shortest chain of each kind is given: hand cards between the meld's end and the
    card, a joker standing for any of them when the hand holds one (or may get one).
    """
    if card.is_joker:
        return [()] if extend(meld, [JOKER], max_jokers=max_jokers) is not None else []
    if meld.is_tria:
        return [()] if extend(meld, [card], max_jokers=max_jokers) is not None else []
    if card.suit != meld.suit:
        return []
    have: dict[Card, int] = {}
    for c in hand:
        have[c] = have.get(c, 0) + 1
    out: list[tuple[Card, ...]] = []
    positions = [card.rank] + ([14] if card.rank == 1 else [])
    for p in positions:
        if p > meld.end:
            between = list(range(meld.end + 1, p))
            at = "high"
        elif p < meld.start:
            between = list(range(p + 1, meld.start))
            at = "low"
        else:
            continue
        if len(meld.cards) + len(between) + 1 > 13:
            continue
        free = max_jokers - meld.jokers
        # choose, for each missing position, the real card or a joker
        options: list[list[Card]] = []
        for q in between:
            real = Card(1 if q == 14 else q, meld.suit)
            opts = [real] if have.get(real, 0) else []
            opts.append(JOKER)
            options.append(opts)
        combos: list[list[Card]] = [[]]
        for opts in options:
            combos = [[*c, o] for c in combos for o in opts
                      if sum(1 for x in [*c, o] if x.is_joker) <= free]
        for chain in combos:
            seq = [*chain, card] if at == "high" else [card, *chain]
            if extend(meld, seq, at=at, max_jokers=max_jokers) is not None:
                out.append(tuple(chain))
    return out


def chain_footprints(hand: Sequence[Card], card: Card, table: Sequence[Meld], rules: Rules
                ) -> list[tuple[int, tuple[Card, ...]]]:
    """Return (table index, hand cards used) for each way ``card`` extends a table combination."""
    out: list[tuple[int, tuple[Card, ...]]] = []
    for k, meld in enumerate(table):
        for chain in _chains(hand, card, meld, rules.jokers_per_meld):
            out.append((k, chain))
    return out


def _joker_layable(hand3: Sequence[Card], table: Sequence[Meld], rules: Rules) -> bool:
    """Whether a joker just freed into ``hand3`` can be laid, leaving a card in hand."""
    if len(hand3) < 2:
        return False
    for meld in table:
        if extend(meld, [JOKER], max_jokers=rules.jokers_per_meld) is not None:
            return True
    real, jokers = split_hand(hand3)
    idx = HandIndex(real, min(rules.jokers_per_meld, jokers), rules.ace_value)
    return any(o.jokers and o.size <= len(hand3) - 1 for o in idx.options)


def _swaps(hand: Sequence[Card], card: Card, table: Sequence[Meld], rules: Rules,
           extra_table: Sequence[Meld] = ()) -> bool:
    """Whether ``card`` can take a joker's place in a table combination (and the joker be laid)."""
    complete_four = rules.tria_swap is TriaSwap.COMPLETE_FOUR
    for k, meld in enumerate(table):
        if not meld.jokers:
            continue
        new = swap(meld, card, complete_four)
        if new is None:
            continue
        if not rules.swapped_joker_must_be_laid:
            return True
        after = list(table)
        after[k] = new
        if _joker_layable([*list(hand), JOKER], after + list(extra_table), rules):
            return True
    return False


def down_playable(hand: Sequence[Card], card: Card, table: Sequence[Meld], rules: Rules) -> bool:
    """Whether a player already down can lay ``card`` this turn and keep a card in hand.

    Hand cards may first take table jokers' places; the jokers freed then go with the card.

    Args:
        hand: the hand before the pickup.
        card: the card taken.
        table: the combinations on the table.
        rules: the rules.
    """
    complete_four = rules.tria_swap is TriaSwap.COMPLETE_FOUR
    must_lay = rules.swapped_joker_must_be_laid
    states = _pre_swaps(hand, table, complete_four) if any(m.jokers for m in table) else [
        (list(hand), list(table), 0, [])]
    for h, t, freed, _ in states:
        need = freed if must_lay else 0
        if _new_meld_with([*h, card], card, rules, need):
            return True
        for _, chain in chain_footprints(h, card, t, rules):
            used = remove_cards(h, chain)
            if used is not None and len(used) >= 1 and sum(
                    1 for c in chain if c.is_joker) >= need:
                return True
    return _swaps(list(hand), card, table, rules)


def freed_footprints(hand: Sequence[Card], card: Card, table: Sequence[Meld], rules: Rules
                      ) -> set[tuple[Card, ...]]:
    """Return the hand cards used by layings of ``card`` that need jokers freed from the table.

    Each footprint holds the cards given for the jokers, the other cards of the new combination
    or chain, and the hand's own jokers used beyond those freed.
    """
    complete_four = rules.tria_swap is TriaSwap.COMPLETE_FOUR
    must_lay = rules.swapped_joker_must_be_laid
    out: set[tuple[Card, ...]] = set()
    for h, t, freed, given in _pre_swaps(hand, table, complete_four):
        if not freed:
            continue
        need = freed if must_lay else 0
        real, jokers = split_hand([*h, card])
        idx = HandIndex(real, min(rules.jokers_per_meld, jokers), rules.ace_value)
        slots = set(idx.slots_of(card))
        for opt in idx.options:
            used_j = opt.jokers - (1 if card.is_joker else 0)
            if used_j < max(need, 1) or not (card.is_joker or slots.intersection(opt.slots)):
                continue
            others = [idx.slot_cards[x] for x in opt.slots]
            if not card.is_joker:
                others.remove(card)
            own_j = max(0, used_j - freed)
            out.add(tuple(sorted([*given, *others, *[JOKER] * own_j], key=sort_key_rank)))
        for _, chain in chain_footprints(h, card, t, rules):
            used_j = sum(1 for c in chain if c.is_joker)
            if used_j < max(need, 1):
                continue
            real_chain = [c for c in chain if not c.is_joker]
            own_j = max(0, used_j - freed)
            out.add(tuple(sorted([*given, *real_chain, *[JOKER] * own_j], key=sort_key_rank)))
    return out


def table_decompositions(hand: Sequence[Card], table: Sequence[Meld], max_jokers: int
                         ) -> list[tuple[tuple[Card, ...], list[tuple[int, Extension]]]]:
    """Return the distinct non-empty sets of hand cards (sorted, jokers included) that
    additions to table combinations can take at once, each combination extended at most once
    (a série at both ends), each with one way to do it: (table index, extension) pairs."""
    have = Counter(hand)
    reach: dict[tuple[Card, ...], list[tuple[int, Extension]]] = {(): []}
    for k, meld in enumerate(table):
        options = [(e, Counter(e.cards)) for e in extensions(meld, hand, max_jokers)]
        if not options:
            continue
        grown = dict(reach)
        for base, parts in reach.items():
            counts = Counter(base)
            for ext, extra in options:
                both = counts + extra
                if all(n <= have[c] for c, n in both.items()):
                    grown.setdefault(tuple(sorted(both.elements())), [*parts, (k, ext)])
        reach = grown
    del reach[()]
    return sorted(reach.items(), key=lambda item: len(item[0]))


def loose_cards(hand: Sequence[Card], to_table: set[Card], rules: Rules) -> int:
    """How many cards of ``hand`` fit in no combination of the hand and go on no table
    combination (``to_table``; jokers always fit): more than one, and the hand cannot go out
    this turn (every card but one must go somewhere)."""
    real, jokers = split_hand(hand)
    idx = HandIndex(real, min(rules.jokers_per_meld, jokers), rules.ace_value)
    covered = {idx.slot_cards[s] for opt in idx.options for s in opt.slots}
    return sum(1 for c in real if c not in covered and c not in to_table)


def table_absorptions(hand: Sequence[Card], table: Sequence[Meld], max_jokers: int
                      ) -> list[tuple[Card, ...]]:
    """Return the card sets of :func:`table_decompositions` (fewest cards first)."""
    return [taken for taken, _ in table_decompositions(hand, table, max_jokers)]


__all__ = [
    "chain_footprints",
    "down_playable",
    "freed_footprints",
    "loose_cards",
    "remove_cards",
    "table_absorptions",
    "table_decompositions",
]
