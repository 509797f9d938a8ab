"""Whether the talaj top card may be taken: some legal laying this turn must put it on the table.

See RULES.md §4 (the engine's ``unplayable_pickup``) and :func:`pickup_playable` for the layings
considered. Identical cards are alike: the card taken counts as laid when the hand holds no more
copies of it than before the pickup (for a joker: no more jokers than before plus those freed by
swaps this turn, unless freed jokers must be laid too). The last-card lock is not checked here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..cards import JOKER, Card
from ..melds import Meld, extend, swap
from ..openings import OpeningTerms, Route, clean_card, terms_of
from ..rules import Rules, TriaSwap
from .core import HandIndex, Option, split_hand
from .layings import (
    chain_footprints,
    down_playable,
    freed_footprints,
    loose_cards,
    remove_cards,
    table_absorptions,
    table_decompositions,
)
from .search import (
    GAIN,
    OpeningRequest,
    find_opening,
    finish_opening,
    opening_search,
)


@dataclass(frozen=True)
class PickupContext:
    """What the pickup check needs to know.

    Attributes:
        hand: the hand before the pickup.
        card: the talaj top card.
        rules: the rules.
        down: the player was down before this turn.
        bar: points an opening needs now (not going out).
        going_out_min: points an opening that empties the hand needs (None: no such exception).
        table: the combinations on the table.
        partner_down: teams: the partner is down, so a franche série of own cards opens.
        adds_on_opening_turn: cards may be added to combinations in the opening's turn.
        judge_opening_before_adds: (with ``adds_on_opening_turn``) the opening is judged as laid
            before cards were added to its own combinations, so the card (or a joker) may be
            added to a combination of the opening that the clean tria/série or the points rely
            on. False (the default, as ``state.py`` judges at the discard): the opening is
            judged on its final combinations, the card among them.
    """

    hand: tuple[Card, ...]
    card: Card
    rules: Rules
    down: bool
    bar: int = 0
    going_out_min: int | None = None
    table: tuple[Meld, ...] = ()
    partner_down: bool = False
    adds_on_opening_turn: bool = False
    judge_opening_before_adds: bool = False

    @property
    def terms(self) -> OpeningTerms:
        """The terms of the player's opening (:mod:`.openings`)."""
        return terms_of(self.rules, self.bar, self.going_out_min, self.partner_down)


def _open_then_lay(ctx: PickupContext, base: OpeningRequest) -> bool:
    """Whether an opening of own cards, then the card laid on the table, is possible."""
    hand = list(ctx.hand)
    rules = ctx.rules
    complete_four = rules.tria_swap is TriaSwap.COMPLETE_FOUR
    table = ctx.table
    variants = [base]
    if ctx.going_out_min is not None and not base.serie_only:
        variants.append(ctx.terms.request(Route.GOING_OUT, clean_exclude=base.clean_exclude))
    for _, chain in chain_footprints(hand, ctx.card, table, rules):
        real_needed = [c for c in chain if not c.is_joker]
        need_j = len(chain) - len(real_needed)
        rest = remove_cards(hand, real_needed + [JOKER] * need_j)
        if rest is None:
            continue
        for req in variants:
            if find_opening(rest, req) is not None:
                return True
    if any(m.jokers for m in table):
        # after the opening, hand cards take table jokers' places and the jokers go with the card
        for footprint in freed_footprints(hand, ctx.card, table, rules):
            rest = remove_cards(hand, footprint)
            if rest is None:
                continue
            for req in variants:
                if not req.going_out and find_opening(rest, req) is not None:
                    return True
    for k, meld in enumerate(table):
        if not meld.jokers or swap(meld, ctx.card, complete_four) is None:
            continue
        for req in variants:
            if not rules.swapped_joker_must_be_laid and not req.going_out:
                if find_opening(hand, req) is not None:
                    return True
                continue
            # the freed joker must be laid (by the rules, or to go out): in a new combination
            # (or, judged before additions, onto one of the opening's own)
            with_joker = replace(req, must_use=JOKER)
            if _opening_of([*hand, JOKER], with_joker, with_joker.clean_exclude,
                           extensions=ctx.judge_opening_before_adds):
                return True
            # or added to a table combination
            after = list(table)
            after[k] = swap(meld, ctx.card, complete_four)  # type: ignore[assignment]
            if any(extend(m, [JOKER], max_jokers=rules.jokers_per_meld) is not None
                   for m in after) and find_opening(hand, req) is not None:
                return True
    return False


def _opening_of(cards: Sequence[Card], req: OpeningRequest, tagged: Card | None,
                extensions: bool) -> bool:
    """Whether ``cards`` hold an opening meeting ``req``.

    With ``extensions``, a combination may also count by a franche part of own cards laid
    first, the taken card or jokers being added to it once the opening holds.
    """
    if not extensions:
        return find_opening(cards, req) is not None
    real, jokers = split_hand(cards)
    idx = HandIndex(real, min(req.max_jokers, jokers), req.ace_value, tagged=tagged,
                    extensions=True)
    return finish_opening(idx, jokers, req) is not None


def _out_through_table(ctx: PickupContext, clean: Card | None, later: Card | None,
                       before: bool) -> bool:
    """Whether the player goes out at once: an opening of the hand (the card in it, added to
    the table, or put in a table joker's place), every other card but one (a joker freed
    included) added to table combinations after it."""
    rules = ctx.rules
    card = ctx.card
    complete_four = rules.tria_swap is TriaSwap.COMPLETE_FOUR
    starts: list[tuple[list[Card], Sequence[Meld], Card | None, Card | None, bool]] = [
        ([*ctx.hand, card], ctx.table, card, clean, False)]
    freed = JOKER if rules.swapped_joker_must_be_laid else None
    for k, meld in enumerate(ctx.table):
        if not meld.jokers:
            continue
        # the card in the joker's place (under COMPLETE_FOUR a hand card may first make the
        # tria's fourth card)
        grown: list[tuple[Meld, list[Card]]] = [(meld, list(ctx.hand))]
        if complete_four and meld.is_tria and len(meld.cards) == 3:
            for d in set(ctx.hand):
                bigger = None if d.is_joker else extend(meld, [d], max_jokers=meld.jokers)
                if bigger is not None:
                    grown.append((bigger, remove_cards(ctx.hand, [d]) or []))
        for base, hand in grown:
            new = swap(base, card, complete_four)
            if new is not None:
                after = [*ctx.table[:k], new, *ctx.table[k + 1:]]
                starts.append(([*hand, JOKER], after, freed, later, True))
    return any(_out_from(ctx, hand2, table, must, excluded, later, before, plain)
               for hand2, table, must, excluded, plain in starts)


def _relaxed_out(hand2: Sequence[Card], to_table: set[Card], jokers_to_table: int,
                 min_points: int, tagged: Card | None, rules: Rules, before: bool) -> bool:
    """A quick bound for going out through the table: whether an opening of ``hand2`` keeps
    exactly one card when any card that some addition takes may simply vanish (and up to
    ``jokers_to_table`` jokers). False means no set of additions can work."""
    real, jokers = split_hand(hand2)
    if tagged is not None and (tagged.is_joker or tagged not in real):
        tagged = None
    idx = HandIndex(real, min(rules.jokers_per_meld, jokers), rules.ace_value, tagged=tagged,
                    extensions=before)
    for slot, card in enumerate(idx.slot_cards):
        if card in to_table:
            idx.options.append(Option((slot,), 1 << (2 * slot), 0, (card,), False, 0, False, 1))
    idx.by_slot = [[] for _ in range(idx.n)]
    for opt in idx.options:
        idx.by_slot[opt.slots[0]].append(opt)
    req = replace(terms_of(rules, min_points, min_points).request(Route.GOING_OUT),
                  clean_exclude=tagged)
    for left in range(max(0, jokers - jokers_to_table), jokers + 1):
        found = opening_search(idx, left, req)
        if found is not None and found[0] // GAIN >= min_points:
            return True
    return False


def _out_plain(ctx: PickupContext, hand2: Sequence[Card], must: Card | None,
               clean: Card | None, before: bool) -> bool:
    """Whether ``hand2`` goes out by an opening alone (laying ``must``)."""
    assert ctx.going_out_min is not None
    req = ctx.terms.request(Route.GOING_OUT, must_use=must, clean_exclude=clean)
    return _opening_of(hand2, req, req.clean_exclude, before)


def _out_from(ctx: PickupContext, hand2: Sequence[Card], table: Sequence[Meld],
              must: Card | None, clean: Card | None, later: Card | None, before: bool,
              plain: bool) -> bool:
    """Whether ``hand2`` goes out by an opening (laying ``must`` unless it goes to the table)
    and additions of the other cards but one to ``table`` (``plain``: or with no addition).

    ``clean``/``later``: the card no copy of which counts for the clean tria or série when the
    card is in the opening / goes to the table after it."""
    rules = ctx.rules
    assert ctx.going_out_min is not None
    smallest = 7 if rules.need_tria_and_serie else 4  # the opening's cards and the one kept
    absorptions = table_absorptions(hand2, table, rules.jokers_per_meld)
    to_table = {c for t in absorptions for c in t}
    if loose_cards(hand2, to_table, rules) > 1:
        return False  # two cards fit nowhere: one of them would stay with the one discarded
    if absorptions and not _relaxed_out(hand2, to_table, max(t.count(JOKER) for t in absorptions),
                                        ctx.going_out_min, later, rules, before):
        return plain and _out_plain(ctx, hand2, must, later if must is None else clean, before)
    for taken in [(), *absorptions] if plain else absorptions:
        rest = remove_cards(hand2, taken)
        if rest is None or len(rest) < smallest:
            continue
        elsewhere = must is None or must in taken
        req = ctx.terms.request(Route.GOING_OUT, must_use=None if elsewhere else must,
                                clean_exclude=later if elsewhere else clean)
        if _opening_of(rest, req, req.clean_exclude, before):
            return True
    return False


def pickup_playable(ctx: PickupContext) -> bool:
    """Return whether some legal laying this turn puts ``ctx.card`` on the table.

    Down: a new combination holding the card; the card (with hand cards, jokers bridging)
    extending a table combination at one end; either of these after hand cards took table
    jokers' places (the jokers freed going with the card); the card taking a joker's place (the
    joker then laid too if ``rules.swapped_joker_must_be_laid``). Not down: an opening holding
    the card (outside the clean tria and série if ``rules.clean_own_cards``), or the going-out
    variant; if cards may be added on the opening turn, also an opening of own cards (reaching
    the bar by itself) after which the card is added to one of its combinations, to a table
    combination, or takes a table joker's place, or goes with jokers that other hand cards
    freed from the table; if the partner is down, the same with an opening made of one franche
    série of own cards; and going out at once by an opening (holding the card, or the card
    added to the table) after which every other card but one is added to table combinations.
    One card always stays in hand.

    Not searched (rare): going out with jokers freed after the opening by other hand cards, or
    with hand cards taking table jokers' places.
    """
    rules = ctx.rules
    card = ctx.card
    if not ctx.hand:
        return False
    if ctx.down:
        return down_playable(ctx.hand, card, ctx.table, rules)
    clean = clean_card(rules, card)
    adds = ctx.adds_on_opening_turn
    before = adds and ctx.judge_opening_before_adds
    terms = ctx.terms
    hand2 = [*ctx.hand, card]
    for _, req in terms.requests(must_use=card, clean_exclude=clean,
                                 going_out=ctx.going_out_min is not None):
        if _opening_of(hand2, req, req.clean_exclude, before):
            return True
    if adds and rules.lay_before_out:
        # the card goes to the table only once the opening holds: until then a copy of it in
        # the opening may be the card taken (judged at the discard), so no copy counts for the
        # clean tria or série
        later = None if before else clean
        if _open_then_lay(ctx, terms.request(Route.BAR, clean_exclude=later)):
            return True
        if ctx.partner_down and _open_then_lay(
                ctx, terms.request(Route.SERIE, clean_exclude=later)):
            return True
        if ctx.going_out_min is not None and ctx.table and _out_through_table(
                ctx, clean, later, before):
            return True
    return False


__all__ = [
    "PickupContext",
    "down_playable",
    "pickup_playable",
    "table_absorptions",
    "table_decompositions",
]
