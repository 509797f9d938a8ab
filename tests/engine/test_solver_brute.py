"""The solver agrees with a straightforward brute-force search on random hands.

The brute force knows nothing of the solver: it lists every combination with ``make_meld``
(every subset of one rank or one suit, jokers inserted at every place), then enumerates every
set of disjoint combinations.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rami_desktop.engine.cards import JOKER, Card, full_deck
from rami_desktop.engine.melds import Meld, hand_value, make_meld
from rami_desktop.engine.rules import RAMI_TALAJ, TALAJ, TALLAGE, Rules
from rami_desktop.engine.solver import (
    Arrangement,
    Opening,
    OpeningRequest,
    best_opening,
    find_opening,
    least_penalty,
)
from tests.conftest import some_by_default

DECK = full_deck()


@dataclass(frozen=True)
class BruteMeld:
    """A combination as hand indices of its real cards and a number of jokers."""

    indices: tuple[int, ...]
    jokers: int
    meld: Meld


def brute_melds(hand: Sequence[Card], max_jokers: int) -> list[BruteMeld]:
    """Every combination of real hand cards (by index) plus up to max_jokers jokers."""
    real = [i for i, c in enumerate(hand) if not c.is_joker]
    groups: list[list[int]] = []
    for rank in range(1, 14):
        groups.append([i for i in real if hand[i].rank == rank])
    for suit in "SHDC":
        groups.append([i for i in real if hand[i].suit == suit])
    out: dict[tuple[tuple[int, ...], int], BruteMeld] = {}
    for group in groups:
        for size in range(1, min(len(group), 13) + 1):
            for sub in combinations(group, size):
                cards = [hand[i] for i in sub]
                for j in range(0, max_jokers + 1):
                    if not 3 <= size + j <= 13 or (sub, j) in out:
                        continue
                    meld = _any_meld(cards, j, max_jokers)
                    if meld is not None:
                        out[(sub, j)] = BruteMeld(sub, j, meld)
    return list(out.values())


def _any_meld(cards: list[Card], jokers: int, max_jokers: int) -> Meld | None:
    if jokers == 0:
        return make_meld(cards, max_jokers)
    orders = [sorted(cards, key=lambda c: c.rank),
              sorted(cards, key=lambda c: 14 if c.rank == 1 else c.rank)]
    for order in orders:
        for places in combinations_with_replacement(range(len(order) + 1), jokers):
            seq: list[Card] = []
            for k in range(len(order) + 1):
                seq.extend([JOKER] * places.count(k))
                if k < len(order):
                    seq.append(order[k])
            meld = make_meld(seq, max_jokers)
            if meld is not None:
                return meld
    return None


def packings(hand: Sequence[Card], melds: list[BruteMeld]
             ) -> Iterator[tuple[list[BruteMeld], list[int], int]]:
    """Yield every set of disjoint combinations: (combinations, real indices left, jokers left)."""
    real = [i for i, c in enumerate(hand) if not c.is_joker]
    jokers = len(hand) - len(real)
    by_low: dict[int, list[BruteMeld]] = {}
    for m in melds:
        by_low.setdefault(m.indices[0], []).append(m)
    chosen: list[BruteMeld] = []
    left: list[int] = []

    def go(k: int, used: set[int], jk: int) -> Iterator[tuple[list[BruteMeld], list[int], int]]:
        while k < len(real) and real[k] in used:
            k += 1
        if k == len(real):
            yield list(chosen), list(left), jk
            return
        i = real[k]
        left.append(i)
        yield from go(k + 1, used, jk)
        left.pop()
        for m in by_low.get(i, []):
            if m.jokers <= jk and not used.intersection(m.indices):
                chosen.append(m)
                yield from go(k + 1, used | set(m.indices), jk - m.jokers)
                chosen.pop()

    yield from go(0, set(), jokers)


def check_opening_shape(hand: Sequence[Card], opening: Opening, max_jokers: int,
                        ace_value: int = 10) -> None:
    """The answer is made of valid combinations of hand cards, with the points it says."""
    laid: list[Card] = []
    points = 0
    for m in opening.melds:
        again = make_meld(m.cards, max_jokers)
        assert again is not None, m.codes()
        assert m.jokers <= max_jokers
        laid.extend(m.cards)
        points += m.points(ace_value)
    assert Counter(laid) + Counter(opening.rest) == Counter(hand)
    assert points == opening.points


def brute_best_opening(hand: Sequence[Card], ace_value: int = 10) -> int | None:
    best: int | None = None
    for melds, left, jk in packings(hand, brute_melds(hand, 0)):
        if len(left) + jk < 1:
            continue
        if not any(m.meld.is_tria for m in melds) or all(m.meld.is_tria for m in melds):
            continue
        pts = sum(m.meld.points(ace_value) for m in melds)
        if best is None or pts > best:
            best = pts
    return best


def brute_least_penalty(hand: Sequence[Card], rules: Rules, keep: int = 0) -> int:
    def cost(c: Card) -> int:
        if rules.penalty.value == "per_card":
            return rules.joker_penalty if c.is_joker else rules.card_penalty
        return hand_value(c, rules.ace_value, rules.joker_penalty)

    keep = min(keep, len(hand))
    best: int | None = None
    for _, left, jk in packings(hand, brute_melds(hand, rules.jokers_per_meld)):
        if len(left) + jk < keep:
            continue
        pen = sum(cost(hand[i]) for i in left) + jk * cost(JOKER)
        if best is None or pen < best:
            best = pen
    assert best is not None
    return best


def brute_find_opening(hand: Sequence[Card], req: OpeningRequest
                       ) -> tuple[int, int] | None:
    """Return (points, cards left) of the best opening meeting req, or None."""
    melds = brute_melds(hand, req.max_jokers)
    tags: list[int | None] = [None]
    if req.clean_exclude is not None:
        tags = [i for i, c in enumerate(hand) if c == req.clean_exclude] or [None]
    best: tuple[int, int] | None = None
    for melds_, left, jk in packings(hand, melds):
        n_left = len(left) + jk
        if req.going_out and n_left != req.keep:
            continue
        if not req.going_out and n_left < req.keep:
            continue
        pts = sum(m.meld.points(req.ace_value) for m in melds_)
        if not req.serie_only and pts < req.min_points:
            continue
        laid_idx = {i for m in melds_ for i in m.indices}
        ok_any = False
        for tag in tags:
            cond = [m for m in melds_ if m.jokers == 0 and (tag is None or tag not in m.indices)]
            if req.serie_only:
                if not any(not m.meld.is_tria for m in cond):
                    continue
            elif req.need_tria_and_serie and not (
                    any(m.meld.is_tria for m in cond) and any(not m.meld.is_tria for m in cond)):
                continue
            if req.must_use is not None:
                if req.must_use.is_joker:
                    if not any(m.jokers for m in melds_):
                        continue
                elif req.must_use == req.clean_exclude and tag is not None:
                    if tag not in laid_idx:
                        continue
                elif not any(hand[i] == req.must_use for i in laid_idx):
                    continue
            ok_any = True
            break
        if not ok_any:
            continue
        cand = (pts, -n_left)
        if best is None or cand > best:
            best = cand
    return None if best is None else (best[0], -best[1])


def random_hands(n: int, size: int, seed: int, jokers: int = 0) -> list[list[Card]]:
    rng = random.Random(seed)
    real = [c for c in DECK if not c.is_joker]
    out = []
    for _ in range(n):
        hand = rng.sample(real, size - jokers) + [JOKER] * jokers if jokers else rng.sample(
            DECK, size)
        rng.shuffle(hand)
        out.append(hand)
    return out


def rich_hands(n: int, size: int, seed: int) -> list[list[Card]]:
    """Hands drawn from a few ranks and suits, full of combinations and duplicates."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        ranks = rng.sample(range(1, 14), 6)
        suits = rng.sample("SHDC", 3)
        pool = [Card(r, s) for r in ranks for s in suits] * 2 + [JOKER] * 2
        out.append(rng.sample(pool, size))
    return out


HANDS = random_hands(200, 15, seed=20261130)


def test_best_opening_agrees_with_brute_force() -> None:
    for hand in HANDS + rich_hands(60, 15, seed=7):
        got = best_opening(hand)
        want = brute_best_opening(hand)
        assert (got.points if got else None) == want, [c.code for c in hand]
        if got is not None:
            check_opening_shape(hand, got, 0)
            assert not any(m.jokers for m in got.melds)


def check_arrangement(hand: Sequence[Card], arr: Arrangement, rules: Rules, keep: int) -> None:
    laid: list[Card] = []
    for m in arr.melds:
        assert make_meld(m.cards, rules.jokers_per_meld) is not None, m.codes()
        laid.extend(m.cards)
    assert Counter(laid) + Counter(arr.rest) == Counter(hand)
    assert len(arr.rest) >= min(keep, len(hand))


@pytest.mark.parametrize("half", some_by_default([0, 1], 1))
@pytest.mark.parametrize("rules", [TALAJ, TALLAGE, TALAJ.with_options(jokers_per_meld=2)],
                         ids=["per_card", "hand_value", "two_jokers"])
def test_least_penalty_agrees_with_brute_force(rules: Rules, half: int) -> None:
    """Every other hand of the sample by default, the other half too with ``-m slow``."""
    hands = (HANDS + random_hands(24, 15, seed=3, jokers=2)
             + random_hands(9, 14, seed=4, jokers=3) + rich_hands(8, 14, seed=5))
    for n, hand in enumerate(hands):
        if n % 2 != half:
            continue
        keep = n % 3
        got = least_penalty(hand, rules, keep=keep)
        want = brute_least_penalty(hand, rules, keep=keep)
        assert got.penalty == want, ([c.code for c in hand], keep)
        check_arrangement(hand, got, rules, keep)


def _requests(hand: Sequence[Card], rng: random.Random) -> list[OpeningRequest]:
    real = [c for c in hand if not c.is_joker]
    card = rng.choice(real)
    other = rng.choice(real)
    return [
        OpeningRequest(min_points=71, max_jokers=1),
        OpeningRequest(min_points=51, clean_exclude=card, must_use=card, max_jokers=1),
        OpeningRequest(min_points=0, clean_exclude=card, must_use=other, max_jokers=1),
        OpeningRequest(min_points=0, going_out=True, max_jokers=1),
        OpeningRequest(min_points=40, going_out=True, clean_exclude=card, must_use=card,
                       max_jokers=2, keep=1),
        OpeningRequest(serie_only=True, clean_exclude=card, must_use=card, max_jokers=1),
        OpeningRequest(min_points=30, need_tria_and_serie=False, keep=2, max_jokers=1),
        OpeningRequest(min_points=0, must_use=JOKER, max_jokers=1),
    ]


@pytest.mark.parametrize("half", some_by_default([0, 1], 1))
def test_find_opening_agrees_with_brute_force(half: int) -> None:
    """Every other hand by default, the other half too with ``-m slow``."""
    rng = random.Random(11)
    hands = (random_hands(15, 15, seed=12, jokers=1) + rich_hands(15, 12, seed=13)
             + random_hands(15, 15, seed=14))
    for n, hand in enumerate(hands):
        requests = _requests(hand, rng)
        if n % 2 != half:
            continue
        for req in requests:
            got = find_opening(hand, req)
            want = brute_find_opening(hand, req)
            assert (None if got is None else (got.points, len(got.rest))) == want, (
                [c.code for c in hand], req)
            if got is not None:
                check_opening_shape(hand, got, req.max_jokers)


def test_clean_exclude_with_an_own_copy() -> None:
    """Two copies of the excluded card: one is own and counts for the condition."""
    hand = [Card(7, "H"), Card(7, "H"), Card(7, "S"), Card(7, "D"), Card(8, "H"), Card(9, "H"),
            Card(3, "C"), Card(4, "C"), Card(5, "C"), Card(2, "C")]
    req = OpeningRequest(clean_exclude=Card(7, "H"), must_use=Card(7, "H"), max_jokers=0)
    got = find_opening(hand, req)
    assert got is not None
    assert got.points == 21 + 24 + 12
    assert brute_find_opening(hand, req) == (got.points, len(got.rest))
    # one copy only: 7H is needed in 7H-8H-9H, so the tria 7S 7D 7H would hold it
    single = hand[1:]
    assert find_opening(single, req) is None
    assert brute_find_opening(single, req) is None


_card = st.sampled_from(DECK)


@settings(max_examples=60, deadline=None)
@given(st.lists(_card, min_size=3, max_size=13).filter(
    lambda h: all(n <= (4 if c.is_joker else 2) for c, n in Counter(h).items())))
def test_hypothesis_small_hands(hand: list[Card]) -> None:
    got = best_opening(hand)
    assert (got.points if got else None) == brute_best_opening(hand)
    assert least_penalty(hand, TALAJ).penalty == brute_least_penalty(hand, TALAJ)
    assert least_penalty(hand, RAMI_TALAJ, keep=1).penalty == brute_least_penalty(
        hand, RAMI_TALAJ, keep=1)


def _timed(fn: Callable[[], object]) -> float:  # pragma: no cover - debugging aid
    import time

    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


# --- the pickup check for a player not yet down, without table combinations --------------------


def _own_parts(meld: Meld, tag_card_index: int) -> list[Meld]:
    """The franche combinations of own cards inside ``meld`` (without the card at the index)."""
    cards = list(meld.cards)
    out = []
    if meld.is_tria:
        own = [c for k, c in enumerate(cards) if k != tag_card_index and not c.is_joker]
        got = make_meld(own, 0) if len(own) >= 3 else None
        return [got] if got is not None else []
    for lo in range(len(cards)):
        for hi in range(lo + 3, len(cards) + 1):
            seg = cards[lo:hi]
            if lo <= tag_card_index < hi or any(c.is_joker for c in seg):
                continue
            got = make_meld(seg, 0)
            if got is not None:
                out.append(got)
    return out


def brute_pickup_not_down(hand: Sequence[Card], card: Card, rules: Rules, bar: int,
                          going_out_min: int | None, partner_down: bool, before: bool) -> bool:
    """Without a table. ``before``: the opening is judged before cards (the taken one, jokers)
    are added to its own combinations; else on the final combinations."""
    hand2 = [*hand, card]
    melds = brute_melds(hand2, rules.jokers_per_meld)
    tags = [i for i, c in enumerate(hand2) if c == card]
    variants: list[tuple[int, bool, bool]] = []  # (min points, going out, serie only)
    if rules.lay_before_out:
        variants.append((bar, False, False))
    if going_out_min is not None:
        variants.append((going_out_min, True, False))
    if partner_down:
        variants.append((0, False, True))
    for chosen, left, jk in packings(hand2, melds):
        n_left = len(left) + jk
        if n_left < 1:
            continue
        for tag in tags:
            holder = next((m for m in chosen if tag in m.indices), None)
            if holder is None:
                continue
            clean = rules.clean_own_cards
            others = [m.meld for m in chosen if m is not holder]
            if before:
                # a combination with a joker may be an own franche part with the joker added
                best_parts = []
                for m in others:
                    parts = _own_parts(m, -1) if m.jokers else []
                    best_parts.append(max(parts, key=lambda x: x.points(rules.ace_value))
                                      if parts else m)
                others = best_parts
            # the card's combination as laid, or (before) its own part laid first
            shapes: list[tuple[Meld, bool]] = [(holder.meld, not clean)]
            if before:
                # the position of the tagged copy inside the meld's card order
                pos = [k for k, c in enumerate(holder.meld.cards) if c == card]
                for p in pos if clean else [-1]:
                    shapes.extend((own, True) for own in _own_parts(holder.meld, p))
            for min_pts, going_out, serie_only in variants:
                if going_out and n_left != 1:
                    continue
                for shape, shape_cond in shapes:
                    combo = [*others, shape]
                    pts = sum(m.points(rules.ace_value) for m in combo)
                    cond = [m for m in others if m.franche]
                    if shape_cond and shape.franche:
                        cond.append(shape)
                    has_t = any(m.is_tria for m in cond)
                    has_s = any(not m.is_tria for m in cond)
                    if serie_only:
                        if has_s:
                            return True
                        continue
                    if rules.need_tria_and_serie and not (has_t and has_s):
                        continue
                    if pts >= min_pts:
                        return True
    return False


def _opening_like_hand(rng: random.Random) -> list[Card]:
    """A tria, a série (3-5 cards), one of them maybe missing a card, and a few more cards."""
    rank = rng.randint(1, 13)
    hand = [Card(rank, x) for x in rng.sample("SHDC", rng.choice([3, 3, 4]))]
    suit = rng.choice("SHDC")
    length = rng.randint(3, 5)
    lo = rng.randint(1, 15 - length)
    hand += [Card(1 if p == 14 else p, suit) for p in range(lo, lo + length)]
    if rng.random() < 0.6:
        hand.pop(rng.randrange(len(hand)))
    for _ in range(rng.randint(1, 3)):
        base = rng.choice([c for c in hand if not c.is_joker])
        hand.append(rng.choice([Card(base.rank, rng.choice("SHDC")), JOKER, Card(
            min(13, base.rank + 1), base.suit), Card(rng.randint(1, 13), rng.choice("SHDC"))]))
    if any(n > (4 if c.is_joker else 2) for c, n in Counter(hand).items()):
        return hand[:3]
    return hand


@pytest.mark.parametrize("before", [False, True], ids=["at_discard", "before_adds"])
@pytest.mark.parametrize("preset", some_by_default(["rami-talaj", "tallage", "talaj"], 2))
@pytest.mark.parametrize("half", some_by_default([0, 1], 1))
def test_pickup_not_down_agrees_with_brute_force(preset: str, before: bool, half: int) -> None:
    """Every other position by default, the other half too with ``-m slow``."""
    from rami_desktop.engine.rules import PRESETS
    from rami_desktop.engine.solver.pickup import PickupContext, pickup_playable

    rules = PRESETS[preset]
    rng = random.Random(99)
    agree = positive = 0
    for n in range(180):
        hand = _opening_like_hand(rng)
        near = [Card(r, h.suit) for h in hand if not h.is_joker
                for r in (h.rank - 1, h.rank + 1) if 1 <= r <= 13]
        near += [Card(h.rank, x) for h in hand if not h.is_joker for x in "SHDC"]
        card = rng.choice(near)
        if Counter([*hand, card])[card] > 2:
            continue
        bar = rng.choice([0, 20, 40, 60])
        gom = rng.choice([None, 0, 30])
        partner = preset == "rami-talaj" and rng.random() < 0.3
        adds = rules.add_on_opening_turn
        if n % 2 != half:
            continue
        want = brute_pickup_not_down(hand, card, rules, bar, gom, partner, adds and before)
        got = pickup_playable(PickupContext(hand=tuple(hand), card=card, rules=rules, down=False,
                                            bar=bar, going_out_min=gom, partner_down=partner,
                                            adds_on_opening_turn=adds,
                                            judge_opening_before_adds=before))
        assert got == want, ([c.code for c in hand], card.code, bar, gom, partner)
        agree += 1
        positive += got
    assert agree > 75 and 10 < positive < agree - 10, (agree, positive)


def test_opening_distance_one_card_agrees_with_trying_every_card() -> None:
    from rami_desktop.engine.cards import ALL_FACES
    from rami_desktop.engine.solver import opening_distance, unseen_cards

    rng = random.Random(31)
    found = {0: 0, 1: 0, 2: 0}
    for n in range(150):
        hand = _opening_like_hand(rng) + rng.sample(DECK, 5)
        if any(k > (4 if c.is_joker else 2) for c, k in Counter(hand).items()):
            continue
        bar = [0, 30, 50][n % 3]
        req = OpeningRequest(min_points=bar)
        pool = unseen_cards(hand)
        if find_opening(hand, req) is not None:
            want = 0
        elif any(find_opening([*hand, c], req) is not None for c in ALL_FACES if pool.get(c)):
            want = 1
        else:
            want = 2
        got = opening_distance(hand, bar)
        assert min(got, 2) == want, ([c.code for c in hand], bar)
        found[want] += 1
        # with the useful cards all seen elsewhere, one card is not enough any more
        if want == 1:
            scarce = {c: k for c, k in pool.items()
                      if find_opening([*hand, c], req) is None}
            assert opening_distance(hand, bar, unseen=scarce) >= 2
    assert min(found.values()) > 10, found


@pytest.mark.parametrize("going_out", some_by_default([True, False], 1))
@pytest.mark.parametrize("half", some_by_default([0, 1], 1))
def test_opening_outs_agree_with_trying_every_card(going_out: bool, half: int) -> None:
    """Every other hand by default, the other half too with ``-m slow``."""
    from rami_desktop.engine.solver import one_card_away, opening_outs, unseen_cards

    rng = random.Random(47 + going_out)
    nonempty = 0
    tried = checked = 0
    while tried < 80:
        hand = _opening_like_hand(rng) + rng.sample(DECK, 4 if going_out else 5)
        if any(k > (4 if c.is_joker else 2) for c, k in Counter(hand).items()):
            continue
        bar = 0 if going_out else [0, 30, 50][tried % 3]
        req = OpeningRequest(min_points=bar, going_out=going_out, keep=1)
        if find_opening(hand, req) is not None:
            continue  # already there: every card would "work", none is an out
        tried += 1
        if tried % 2 != half:
            continue
        checked += 1
        pool: dict[Card, int] = dict(unseen_cards(hand))
        pool[JOKER] = 4 - hand.count(JOKER)
        want = {c for c, k in pool.items() if k and find_opening([*hand, c], req) is not None}
        got = opening_outs(hand, req, pool)
        assert got == want, ([c.code for c in hand], bar, going_out)
        real_outs = want - {JOKER}
        assert one_card_away(hand, req, pool) == bool(real_outs) or (
            not real_outs and JOKER in want)
        nonempty += bool(want)
        # with the outs all seen elsewhere, there are none left
        scarce = {c: k for c, k in pool.items() if c not in want}
        assert opening_outs(hand, req, scarce) == set()
    assert 5 < nonempty < checked - 5, (nonempty, checked)


@pytest.mark.parametrize("half", some_by_default([0, 1], 1))
def test_discard_outs_match_the_outs_of_each_smaller_hand(half: int) -> None:
    """Every other hand by default, the other half too with ``-m slow``."""
    from rami_desktop.engine.solver import discard_outs, opening_outs, unseen_cards

    rng = random.Random(53)
    checked = 0
    for n in range(60):
        hand = _opening_like_hand(rng) + rng.sample(DECK, 5)
        if n % 2 != half or any(k > (4 if c.is_joker else 2) for c, k in Counter(hand).items()):
            continue
        req = OpeningRequest(min_points=[0, 30][n // 2 % 2], going_out=n % 3 == 0, keep=1)
        pool: dict[Card, int] = dict(unseen_cards(hand))
        pool[JOKER] = 4 - hand.count(JOKER)
        discards = sorted(set(hand), key=lambda c: c.code)[:6]
        got = discard_outs(hand, discards, req, pool)
        for d in discards:
            rest = list(hand)
            rest.remove(d)
            if find_opening(rest, req) is None:
                assert got[d] == opening_outs(rest, req, pool), ([c.code for c in hand], d)
                checked += 1
    assert checked > 50, checked
