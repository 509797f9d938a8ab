"""Brute forces over the layings of a turn, for the talaj pickup check's agreement tests."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations, combinations_with_replacement, permutations

from rami_desktop.engine.cards import JOKER, Card, sort_key_rank
from rami_desktop.engine.melds import Meld, extend, make_meld, swap
from rami_desktop.engine.rules import Rules, TriaSwap

# --- a brute force over the layings of a turn, for a player already down ----------------------


def _sub_multisets(cards: list[Card], max_size: int) -> list[tuple[Card, ...]]:
    out: set[tuple[Card, ...]] = set()
    for size in range(1, max_size + 1):
        for sub in combinations(sorted(cards, key=sort_key_rank), size):
            out.add(sub)
    return sorted(out, key=lambda s: (len(s), [sort_key_rank(c) for c in s]))


def _brute_new_melds(hand: list[Card], max_jokers: int) -> list[Meld]:
    out = []
    seen = set()
    for _, meld in _index_melds(hand, max_jokers):
        if meld.cards not in seen:
            seen.add(meld.cards)
            out.append(meld)
    return out


def brute_down(hand: Sequence[Card], card: Card, table: Sequence[Meld], rules: Rules,
               depth: int = 3, exact_left: int | None = None, swap_only_card: bool = False
               ) -> bool:
    """Try every sequence of up to ``depth`` layings (new, add, swap) after taking ``card``.

    ``swap_only_card``: only the card taken may take a table joker's place (the solver does
    not search going out with jokers freed by other hand cards).
    """
    start = [*hand, card]
    base_card = list(hand).count(card)
    base_jokers = sum(1 for c in hand if c.is_joker)
    maxj = rules.jokers_per_meld
    four = rules.tria_swap is TriaSwap.COMPLETE_FOUR
    # a state already searched with at least as many layings left is not searched again
    seen: dict[tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...], int], int] = {}

    def done(h: list[Card], freed: int) -> bool:
        # jokers are alike: the one taken counts as laid while the hand holds no more jokers
        # than before plus those freed this turn (and, if they must be laid, none more)
        jokers = sum(1 for c in h if c.is_joker)
        allowed = base_jokers + (0 if rules.swapped_joker_must_be_laid else freed)
        if not h or jokers > allowed or (exact_left is not None and len(h) != exact_left):
            return False
        return card.is_joker or h.count(card) <= base_card

    def go(h: list[Card], t: list[Meld], d: int, freed: int) -> bool:
        key = (tuple(sorted(h, key=sort_key_rank)), tuple(m.cards for m in t), freed)
        if seen.get(key, -1) >= d:
            return False
        seen[key] = d
        if done(h, freed):
            return True
        if d == 0 or len(h) <= 1:
            return False
        for meld in _brute_new_melds(h, maxj):
            if len(meld.cards) < len(h):
                rest = list(h)
                for c in meld.cards:
                    rest.remove(c)
                if go(rest, [*t, meld], d - 1, freed):
                    return True
        for k, m in enumerate(t):
            for sub in _sub_multisets(h, min(len(h) - 1, 4)):
                for order in set(permutations(sub)):
                    for at in ("low", "high"):
                        new = extend(m, order, at=at, max_jokers=maxj)
                        if new is None:
                            continue
                        rest = list(h)
                        for c in sub:
                            rest.remove(c)
                        if go(rest, [*t[:k], new, *t[k + 1:]], d - 1, freed):
                            return True
            if m.jokers:
                for c in set(h):
                    if swap_only_card and c != card:
                        continue
                    new = swap(m, c, four)
                    if new is None:
                        continue
                    rest = list(h)
                    rest.remove(c)
                    if go([*rest, JOKER], [*t[:k], new, *t[k + 1:]], d - 1, freed + 1):
                        return True
        return False

    return go(start, list(table), depth, 0)


def brute_adds_to_one(hand: Sequence[Card], table: Sequence[Meld], rules: Rules, depth: int
                      ) -> bool:
    """Whether up to ``depth`` additions to table combinations leave exactly one card."""
    maxj = rules.jokers_per_meld
    seen: dict[tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]], int] = {}

    def go(h: list[Card], t: list[Meld], d: int) -> bool:
        if len(h) == 1:
            return True
        key = (tuple(sorted(h, key=sort_key_rank)), tuple(m.cards for m in t))
        if d == 0 or seen.get(key, -1) >= d:
            return False
        seen[key] = d
        for k, m in enumerate(t):
            for sub in _sub_multisets(list(h), len(h) - 1):
                for order in set(permutations(sub)):
                    for at in ("low", "high"):
                        new = extend(m, order, at=at, max_jokers=maxj)
                        if new is None:
                            continue
                        rest = list(h)
                        for c in sub:
                            rest.remove(c)
                        if go(rest, [*t[:k], new, *t[k + 1:]], d - 1):
                            return True
        return False

    return go(list(hand), list(table), depth)


def random_table(rng: random.Random) -> list[Meld]:
    out: list[Meld] = []
    for _ in range(rng.randint(1, 2)):
        if rng.random() < 0.5:
            suit = rng.choice("SHDC")
            length = rng.randint(3, 5)
            lo = rng.randint(1, 15 - length)
            cards = [Card(1 if p == 14 else p, suit) for p in range(lo, lo + length)]
        else:
            rank = rng.randint(1, 13)
            cards = [Card(rank, s) for s in rng.sample("SHDC", rng.randint(3, 4))]
        if rng.random() < 0.5:
            cards[rng.randrange(len(cards))] = JOKER
        meld = make_meld(cards)
        if meld is not None:
            out.append(meld)
    return out


def near_cards(table: Sequence[Meld], rng: random.Random, n: int) -> list[Card]:
    pool: list[Card] = [JOKER]
    for m in table:
        for c in m.cards:
            if c.is_joker:
                continue
            for d in (-2, -1, 0, 1, 2):
                r = c.rank + d
                if 1 <= r <= 13:
                    pool.append(Card(r, c.suit))
            pool.extend(Card(c.rank, s) for s in "SHDC")
    pool.extend(Card(rng.randint(1, 13), rng.choice("SHDC")) for _ in range(4))
    return [rng.choice(pool) for _ in range(n)]


# --- a brute force for a player not yet down: lay new combinations, check the opening, then
# --- (where the rules allow) go on as a player who is down


def _index_melds(items: Sequence[Card], max_jokers: int) -> list[tuple[tuple[int, ...], Meld]]:
    """Every combination of the items, by index: real cards of one rank or one suit, jokers."""
    real = [i for i, c in enumerate(items) if not c.is_joker]
    jokers = [i for i, c in enumerate(items) if c.is_joker]
    groups = [[i for i in real if items[i].rank == r] for r in range(1, 14)]
    groups += [[i for i in real if items[i].suit == x] for x in "SHDC"]
    out = []
    for group in groups:
        for size in range(1, len(group) + 1):
            for sub in combinations(group, size):
                cards = [items[i] for i in sub]
                for j in range(0, min(max_jokers, len(jokers)) + 1):
                    if size + j < 3:
                        continue
                    for meld in _melds_with_jokers(cards, j, max_jokers):
                        for js in combinations(jokers, j):
                            out.append((tuple(sorted(sub + js)), meld))
    return out


def _melds_with_jokers(cards: list[Card], jokers: int, max_jokers: int) -> list[Meld]:
    """Every combination of these real cards and that many jokers (each place of the jokers)."""
    if jokers == 0:
        meld = make_meld(cards, max_jokers)
        return [] if meld is None else [meld]
    out: dict[tuple[Card, ...], Meld] = {}
    for order in (sorted(cards, key=lambda c: c.rank),
                  sorted(cards, key=lambda c: 14 if c.rank == 1 else c.rank)):
        for places in combinations_with_replacement(range(len(order) + 1), jokers):
            seq: list[Card] = []
            for k in range(len(order) + 1):
                seq.extend([JOKER] * places.count(k))
                if k < len(order):
                    seq.append(order[k])
            meld = make_meld(seq, max_jokers)
            if meld is not None:
                out[meld.cards] = meld
    return list(out.values())


def brute_not_down(hand: Sequence[Card], card: Card, rules: Rules, table: Sequence[Meld],
                   bar: int, going_out_min: int | None, partner: bool, adds: bool,
                   before: bool) -> bool:
    """``before``: cards may go onto the opening's own combinations once it holds (it is judged
    before); else only onto other combinations of the table (it is judged at the discard)."""
    items = [*hand, card]
    picked = len(hand)
    melds = _index_melds(items, rules.jokers_per_meld)
    variants: list[tuple[int, bool, bool]] = []
    if rules.lay_before_out:
        variants.append((bar, False, False))
    if going_out_min is not None:
        variants.append((going_out_min, True, False))
    if partner:
        variants.append((0, False, True))

    def valid(chosen: list[tuple[tuple[int, ...], Meld]], min_pts: int, serie_only: bool,
              card_later: bool) -> bool:
        # the card laid after the opening: until then a copy of it in the opening may be the
        # card taken (judged at the discard, no copy counts for the clean tria or série)
        clean = rules.clean_own_cards and not card.is_joker
        later = card_later and not before
        cond = [m for idx, m in chosen if m.franche
                and not (clean and (picked in idx or (later and card in m.cards)))]
        has_s = any(not m.is_tria for m in cond)
        if serie_only:
            return has_s
        if rules.need_tria_and_serie and not (has_s and any(m.is_tria for m in cond)):
            return False
        return sum(m.points(rules.ace_value) for _, m in chosen) >= min_pts

    def packs(k: int, used: frozenset[int], chosen: list[tuple[tuple[int, ...], Meld]]
              ) -> Iterator[list[tuple[tuple[int, ...], Meld]]]:
        yield chosen
        for j in range(k, len(melds)):
            idx, m = melds[j]
            if used.isdisjoint(idx):
                yield from packs(j + 1, used | set(idx), [*chosen, (idx, m)])

    for chosen in packs(0, frozenset(), []):
        laid = {i for idx, _ in chosen for i in idx}
        left = [items[i] for i in range(len(items)) if i not in laid]
        for min_pts, going_out, serie_only in variants:
            if not left or not valid(chosen, min_pts, serie_only, picked not in laid):
                continue
            if picked in laid:
                if not going_out or len(left) == 1:
                    return True
                if adds and brute_adds_to_one(left, list(table), rules, depth=4):
                    return True
                continue
            if not adds:
                continue
            rest = list(left)
            rest.remove(card)
            targets = [*table, *(m for _, m in chosen)] if before else list(table)
            if brute_down(rest, card, targets, rules, depth=4 if going_out else 2,
                          exact_left=1 if going_out else None, swap_only_card=going_out):
                return True
    return False


def small_opening_hand(rng: random.Random) -> list[Card]:
    rank = rng.randint(1, 13)
    hand = [Card(rank, x) for x in rng.sample("SHDC", 3)]
    suit = rng.choice("SHDC")
    lo = rng.randint(1, 12)
    hand += [Card(1 if p == 14 else p, suit) for p in range(lo, lo + 3)]
    if rng.random() < 0.3:
        hand.pop(rng.randrange(len(hand)))
    for _ in range(rng.randint(1, 2)):
        base = rng.choice([c for c in hand if not c.is_joker])
        hand.append(rng.choice([Card(base.rank, rng.choice("SHDC")), JOKER,
                                Card(min(13, base.rank + 1), base.suit)]))
    return hand
