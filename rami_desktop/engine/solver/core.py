"""The solver's core: a hand as card counts, the combinations it can form, and two searches.

A hand is encoded as counts per distinct card ("slot"), two bits a slot, in one integer. Slots are
ordered rank first (ace first), then suit. The searches take the lowest slot still present and
either leave one copy of it in hand or start a combination whose lowest slot it is, memoising on
the remaining counts (plus jokers left and a few flags). A high ace (Q-K-A) is handled when the ace
is the lowest slot: its séries end at position 14 and use only higher slots.

An optional *tagged* slot holds one copy of a card that may not count for the opening's
condition (the talaj top card); it sits right after its own twin and behaves like it otherwise.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import JOKER, SUITS, Card
from ..melds import MAX_SERIE, MAX_TRIA, card_points, rank_at

_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
NEG = -(1 << 60)
INF = 1 << 60


def card_order(card: Card) -> int:
    """Return the slot order key of a real card: rank first (ace lowest), then suit."""
    return card.rank * 4 + _SUIT_INDEX[card.suit]


@dataclass(frozen=True)
class Option:
    """One combination the hand can form, as slots used and jokers added.

    Attributes:
        slots: slot indices used (one copy each), ascending.
        mask: sum of ``1 << 2*slot``, subtracted from the counts when laid.
        jokers: jokers in the combination.
        cards: the combination's cards in order (a série ascending, jokers where they stand).
        is_tria: a tria (else a série).
        points: opening points (0 with a joker).
        cond: franche and free of the tagged slot: may count for the tria/série condition.
        size: number of cards including jokers.
    """

    slots: tuple[int, ...]
    mask: int
    jokers: int
    cards: tuple[Card, ...]
    is_tria: bool
    points: int
    cond: bool
    size: int


class HandIndex:
    """Per-hand structures: the slots, their counts, and every combination option.

    Args:
        cards: the real cards of the hand (no joker).
        max_jokers: jokers allowed per combination (0: franche combinations only).
        ace_value: points of an ace in a tria or high.
        tagged: a card one copy of which goes to the tagged slot (it must be in ``cards``).
        all_placements: keep every placement of jokers (distinct melds), not one per slot set.
        extensions: also add, for each combination holding the tagged slot or a joker that
            contains a franche combination of own cards (a run of 3+, or 3+ own cards of a
            tria), an option that counts for the condition with only that own part's points:
            the own part is laid first, as part of an opening, and the rest added afterwards.
    """

    def __init__(self, cards: Iterable[Card], max_jokers: int, ace_value: int = 10,
                 tagged: Card | None = None, all_placements: bool = False,
                 extensions: bool = False) -> None:
        counts: dict[Card, int] = {}
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
        keys = sorted(counts, key=card_order)
        slot_cards: list[Card] = []
        slot_counts: list[int] = []
        self.tagged_slot = -1
        for c in keys:
            n = counts[c]
            if tagged is not None and c == tagged:
                if n > 1:
                    slot_cards.append(c)
                    slot_counts.append(n - 1)
                self.tagged_slot = len(slot_cards)
                slot_cards.append(c)
                slot_counts.append(1)
            else:
                slot_cards.append(c)
                slot_counts.append(n)
        self.slot_cards = slot_cards
        self.slot_counts = slot_counts
        self.n = len(slot_cards)
        self.state = sum(n << (2 * i) for i, n in enumerate(slot_counts))
        self.max_jokers = max_jokers
        self.ace_value = ace_value
        by_card: dict[Card, list[int]] = {}
        for i, c in enumerate(slot_cards):
            by_card.setdefault(c, []).append(i)
        self._by_card = by_card
        self.options: list[Option] = []
        self._seen: set[object] = set()
        self._all = all_placements
        self._build_trias()
        self._build_series()
        if extensions:
            self._build_extensions()
        by_slot: list[list[Option]] = [[] for _ in range(self.n)]
        for opt in self.options:
            by_slot[opt.slots[0]].append(opt)
        self.by_slot = by_slot

    def slots_of(self, card: Card) -> list[int]:
        """Return the slots holding a card (own copy first, then the tagged one)."""
        return self._by_card.get(card, [])

    def _add(self, slots: Sequence[int], cards: Sequence[Card], is_tria: bool,
             points: int) -> None:
        jokers = sum(1 for c in cards if c.is_joker)
        key: object = ((tuple(slots), tuple(cards), is_tria) if self._all
                       else (tuple(sorted(slots)), jokers))
        if key in self._seen:
            return
        self._seen.add(key)
        ordered = tuple(sorted(slots))
        self.options.append(Option(
            slots=ordered,
            mask=sum(1 << (2 * s) for s in ordered),
            jokers=jokers,
            cards=tuple(cards),
            is_tria=is_tria,
            points=points if jokers == 0 else 0,
            cond=jokers == 0 and self.tagged_slot not in ordered,
            size=len(cards),
        ))

    def _build_extensions(self) -> None:
        tagged = self.tagged_slot
        extra: list[Option] = []
        for opt in self.options:
            has_tag = tagged >= 0 and tagged in opt.slots
            if not has_tag and not opt.jokers:
                continue
            own_points = -1
            if opt.is_tria:
                own = len(opt.slots) - (1 if has_tag else 0)
                if own >= 3:
                    rank = self.slot_cards[opt.slots[0]].rank
                    own_points = own * card_points(rank, self.ace_value)
            else:
                seq = opt.cards
                t = seq.index(self.slot_cards[tagged]) if has_tag else -1
                start = self.serie_start(opt)
                # the own part: a franche run of 3+ (the rest is added at its ends afterwards)
                run_start = 0
                for k in range(len(seq) + 1):
                    if k == len(seq) or seq[k].is_joker or k == t:
                        if k - run_start >= 3:
                            pts = _serie_points(start + run_start, k - run_start, self.ace_value)
                            own_points = max(own_points, pts)
                        run_start = k + 1
            if own_points >= 0:
                extra.append(Option(opt.slots, opt.mask, opt.jokers, opt.cards, opt.is_tria,
                                    own_points, True, opt.size))
        self.options.extend(extra)

    def serie_start(self, opt: Option) -> int:
        """Return the position (1-14) of a série option's first card, jokers included."""
        for i, c in enumerate(opt.cards):
            if not c.is_joker:
                if c.rank == 1 and (i > 0 or any(not d.is_joker and d.rank >= 12
                                                 for d in opt.cards)):
                    return 14 - i
                return c.rank - i
        return 0

    def _build_trias(self) -> None:
        per_rank: dict[int, list[list[int]]] = {}
        for c, slots in self._by_card.items():
            per_rank.setdefault(c.rank, []).append(slots)
        for rank, groups in per_rank.items():
            groups.sort(key=lambda g: _SUIT_INDEX[self.slot_cards[g[0]].suit])
            value = card_points(rank, self.ace_value)
            m = len(groups)
            # choose a subset of suits, and one slot per chosen suit
            for bits in range(1, 1 << m):
                chosen = [groups[k] for k in range(m) if bits >> k & 1]
                real = len(chosen)
                if real > MAX_TRIA:
                    continue
                for picks in _product(chosen):
                    cards = [self.slot_cards[s] for s in picks]
                    for j in range(0, self.max_jokers + 1):
                        if 3 <= real + j <= MAX_TRIA:
                            self._add(picks, cards + [JOKER] * j, True, value * real)

    def _build_series(self) -> None:
        maxj = self.max_jokers
        for suit in SUITS:
            # slot choices at each position 1..14
            at: list[list[int]] = [[] for _ in range(15)]
            for pos in range(1, 15):
                at[pos] = self._by_card.get(Card(rank_at(pos), suit), [])
            if not any(at[1:14]):
                continue
            for lo in range(1, 15):
                if not at[lo]:
                    continue
                # DFS over positions lo+1.. choosing a real slot or a joker
                for first in at[lo]:
                    self._serie_dfs(suit, at, lo, lo, [first], [self.slot_cards[first]], 0, maxj)

    def _serie_dfs(self, suit: str, at: list[list[int]], lo: int, hi: int, slots: list[int],
                   seq: list[Card], gaps: int, maxj: int) -> None:
        # emit combinations ending with a real card at hi
        span = hi - lo + 1
        room_low = lo - 1
        room_high = 14 - hi
        free = maxj - gaps
        for extra in range(0, free + 1):
            total = span + extra
            if total < 3:
                continue
            if total > MAX_SERIE:
                break
            for low in range(0, extra + 1):
                high = extra - low
                if low > room_low or high > room_high:
                    continue
                cards = [JOKER] * low + seq + [JOKER] * high
                start = lo - low
                points = _serie_points(start, total, self.ace_value)
                self._add(slots, cards, False, points)
                if not self._all:
                    break
        # extend to higher positions
        nxt = hi + 1
        pending_gaps = 0
        while nxt <= 14 and nxt - lo + 1 <= MAX_SERIE:
            for s in at[nxt]:
                self._serie_dfs(suit, at, lo, nxt, [*slots, s],
                                seq + [JOKER] * pending_gaps + [self.slot_cards[s]],
                                gaps + pending_gaps, maxj)
            pending_gaps += 1
            if gaps + pending_gaps > maxj:
                break
            nxt += 1


def _serie_points(start: int, length: int, ace_value: int) -> int:
    total = 0
    for pos in range(start, start + length):
        total += 1 if pos == 1 else card_points(rank_at(pos), ace_value)
    return total


def _product(groups: list[list[int]]) -> list[list[int]]:
    out: list[list[int]] = [[]]
    for g in groups:
        out = [[*p, s] for p in out for s in g]
    return out


def split_hand(hand: Iterable[Card]) -> tuple[list[Card], int]:
    """Return the real cards of a hand and its number of jokers."""
    real: list[Card] = []
    jokers = 0
    for c in hand:
        if c.is_joker:
            jokers += 1
        else:
            real.append(c)
    return real, jokers
