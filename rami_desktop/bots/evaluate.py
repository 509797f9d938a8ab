"""How much a bot wants to keep each card of its hand: the heart of its discards and draws.

Only what an observation shows is used: the bot's hand, the table, the talaj, and the history of
discards and pickups.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from ..engine.cards import SUITS, Card
from ..engine.melds import MAX_SERIE, MAX_TRIA, Meld, card_points, hand_value
from ..engine.observation import Observation
from ..engine.rules import GoingOutPoints, Penalty
from ..engine.solver import least_penalty
from .style import Style

IN_MELD = 100.0
JOKER_KEEP = 1000.0
W_TRIA = 14.0
W_SERIE1 = 16.0
W_SERIE2 = 9.0
W_OWN_EXT = 20.0
W_TABLE_EXT = 6.0
W_VALUE = 1.2
W_NEAR = 12.0


def extenders(melds: Sequence[Meld]) -> set[Card]:
    """Return the real cards that can be added alone to at least one of ``melds``."""
    out: set[Card] = set()
    for m in melds:
        if m.is_tria:
            if len(m.cards) < MAX_TRIA:
                out.update(Card(m.rank, s) for s in m.missing_suits())
        elif len(m.cards) < MAX_SERIE:
            for pos in (m.start - 1, m.end + 1):
                c = _card_at(pos, m.suit)
                if c is not None:
                    out.add(c)
    return out


def near_extenders(melds: Sequence[Meld]) -> dict[Card, Card]:
    """Return the cards one card away from extending a série of ``melds``, with that card."""
    out: dict[Card, Card] = {}
    for m in melds:
        if m.is_tria or len(m.cards) >= MAX_SERIE - 1:
            continue
        for pos, gap in ((m.start - 2, m.start - 1), (m.end + 2, m.end + 1)):
            c = _card_at(pos, m.suit)
            g = _card_at(gap, m.suit)
            if c is not None and g is not None:
                out[c] = g
    return out


def seen_counts(obs: Observation, hand: Sequence[Card]) -> Counter[Card]:
    """Cards the bot knows are not in the stock: its hand, the table, the talaj, cards taken."""
    seen: Counter[Card] = Counter(c for c in hand if not c.is_joker)
    for view in obs.melds:
        seen.update(c for c in view.meld.cards if not c.is_joker)
    seen.update(c for c in obs.talaj if not c.is_joker)
    laid = Counter(c for v in obs.melds for c in v.meld.cards)
    held: Counter[Card] = Counter()
    for who, card in obs.taken:
        if who != obs.player and not card.is_joker:
            held[card] += 1
    for card, k in held.items():  # taken by others and not visibly laid since
        seen[card] += max(0, k - laid[card])
    return seen


def avail_fn(obs: Observation, hand: Sequence[Card], track: bool) -> Callable[[Card], float]:
    """Return the share (0 to 1) of a card's two copies that may still come."""
    if not track:
        return lambda c: 1.0
    seen = seen_counts(obs, hand)
    return lambda c: max(0, 2 - seen[c]) / 2


def _pos(card: Card) -> list[int]:
    return [1, 14] if card.rank == 1 else [card.rank]


def _card_at(pos: int, suit: str) -> Card | None:
    if pos < 1 or pos > 14:
        return None
    return Card(1 if pos == 14 else pos, suit)


def link_value(card: Card, hand: Sequence[Card], avail: Callable[[Card], float]) -> float:
    """Value of the partial combinations a card makes with the rest of the hand."""
    total = 0.0
    others = [d for d in hand if not d.is_joker]
    counted: set[Card] = set()
    for d in others:
        if d == card or d in counted:
            continue
        if d.rank == card.rank:
            counted.add(d)
            missing = [Card(card.rank, s) for s in SUITS if s not in (card.suit, d.suit)]
            comp = sum(avail(m) for m in missing)
            total += W_TRIA * (0.25 + 0.4 * comp)
        elif d.suit == card.suit:
            best = 0.0
            for p in _pos(card):
                for q in _pos(d):
                    gap = abs(p - q)
                    lo, hi = min(p, q), max(p, q)
                    if gap == 1:
                        ends = [x for x in (_card_at(lo - 1, card.suit),
                                            _card_at(hi + 1, card.suit)) if x is not None]
                        comp = sum(avail(x) for x in ends)
                        best = max(best, W_SERIE1 * (0.25 + 0.4 * comp))
                    elif gap == 2:
                        mid = _card_at(lo + 1, card.suit)
                        comp = avail(mid) if mid is not None else 0.0
                        best = max(best, W_SERIE2 * (0.25 + 0.75 * comp))
            if best:
                counted.add(d)
                total += best
    return total


def keep_values(hand: Sequence[Card], obs: Observation, style: Style, rng: random.Random,
                down: bool, table: Sequence[Meld] = ()) -> dict[Card, float]:
    """Return, for each distinct card of the hand, how much the bot wants to keep it.

    Args:
        hand: the cards (after this turn's layings).
        obs: the observation (rules, table, history).
        style: the bot's level.
        rng: the bot's generator (for the jitter).
        down: whether the bot is (or is becoming) down.
        table: the combinations on the table now (default: the observation's).
    """
    rules = obs.rules
    table = tuple(table) if table else obs.table()
    arrangement = least_penalty(hand, rules, keep=1)
    in_meld: Counter[Card] = Counter(c for m in arrangement.melds for c in m.cards)
    rest = list(arrangement.rest)
    avail = avail_fn(obs, hand, style.track)
    danger = _danger_fn(obs, table, style) if style.safety else None
    own_ext = extenders(arrangement.melds)
    table_ext = extenders(table)
    near = near_extenders(table) if style.near_table else {}
    urgency = _urgency(obs) if style.track else 1.0
    out: dict[Card, float] = {}
    for card in sorted(set(hand)):
        if card.is_joker:
            out[card] = JOKER_KEEP
            continue
        v = 0.0
        if in_meld[card] and card not in rest:
            v += IN_MELD
        elif in_meld[card]:
            v += IN_MELD / 2  # one copy in a combination, the other loose
        if style.links:
            v += link_value(card, rest, avail)
            if card in own_ext:
                v += W_OWN_EXT
            if not down and card in table_ext:
                v += W_TABLE_EXT
            if card in near:
                v += W_NEAR * (0.25 + 0.75 * avail(near[card]))
        else:
            if any(d != card and not d.is_joker and (d.rank == card.rank or (
                    d.suit == card.suit and abs(d.rank - card.rank) == 1)) for d in rest):
                v += 10.0
        if rules.penalty is Penalty.HAND_VALUE:
            v -= W_VALUE * urgency * hand_value(card, rules.ace_value, rules.joker_penalty)
        elif not down and rules.threshold > 0 and rules.going_out_points is not (
                GoingOutPoints.NONE):
            # high cards make the opening's points; where a hand may go out at once without
            # points (rami-talaj), keeping them costs more than it gains
            v += style.points * card_points(card.rank, rules.ace_value)
        if danger is not None:
            v += style.safety * danger(card)
        if style.noise:
            v += rng.gauss(0.0, style.noise)
        out[card] = v
    return out


def _urgency(obs: Observation) -> float:
    """How much more the hand's value matters when an opponent is near going out."""
    me = obs.player
    near = [obs.hand_sizes[q] for q in range(obs.n)
            if q != me and q != obs.partners[me] and obs.down[q]]
    if not near:
        return 1.0
    return 3.0 if min(near) <= 3 else 1.5


def _danger_fn(obs: Observation, table: Sequence[Meld], style: Style
               ) -> Callable[[Card], float]:
    """How much discarding a card could help the next players (higher: keep it)."""
    n = obs.n
    me = obs.player
    nxt = [(me + k) % n for k in range(1, n)]
    partners = obs.partners
    table_ext = extenders(table)
    free_top = not obs.rules.top_card_must_lay
    taken: dict[int, list[Card]] = {}
    for who, card in obs.taken:
        taken.setdefault(who, []).append(card)
    dumped: dict[int, set[tuple[int, str]]] = {}
    for who, card in obs.discards[-4 * n:]:
        if not card.is_joker:
            dumped.setdefault(who, set()).add((card.rank, card.suit))
    taken_set = {(who, card) for who, card in obs.taken}
    passed: dict[int, set[Card]] = {}
    for who, card in obs.discards:  # the next seat saw it on top and left it
        q = (who + 1) % n
        if (q, card) not in taken_set:
            passed.setdefault(q, set()).add(card)
    must_lay = obs.rules.top_card_must_lay
    ace = obs.rules.ace_value

    def danger(card: Card) -> float:
        total = 0.0
        for k, q in enumerate(nxt):
            if partners[me] is not None and partners[me] == q:
                continue
            w = 1.0 if k == 0 else 0.35
            if obs.down[q] and card in table_ext:
                total += 30.0 * w
            for t in taken.get(q, ()):
                if t.is_joker:
                    continue
                if t.rank == card.rank or (t.suit == card.suit and abs(t.rank - card.rank) <= 2):
                    total += 8.0 * w
            if free_top and (card.rank, card.suit) not in dumped.get(q, set()):
                total += 2.0 * w
            if any(r == card.rank for r, _ in dumped.get(q, set())):
                total -= 4.0 * w
            seen_by_q = passed.get(q, set())
            if card in seen_by_q:
                total -= 6.0 * w
            elif any(c.rank == card.rank for c in seen_by_q):
                total -= 2.0 * w
            if must_lay and not obs.down[q]:
                total += 0.5 * w * card_points(card.rank, ace)
        return total

    return danger


def unseen_pool(obs: Observation, hand: Sequence[Card]) -> list[Card]:
    """Return the cards (jokers included) the bot has not seen, one entry per copy."""
    from ..engine.cards import ALL_FACES, COPIES, JOKER, JOKERS

    seen = seen_counts(obs, hand)
    jokers = sum(1 for c in hand if c.is_joker)
    jokers += sum(1 for v in obs.melds for c in v.meld.cards if c.is_joker)
    jokers += sum(1 for c in obs.talaj if c.is_joker)
    pool = [c for c in ALL_FACES for _ in range(max(0, COPIES - seen[c]))]
    pool.extend([JOKER] * max(0, JOKERS - jokers))
    return pool

