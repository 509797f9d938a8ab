"""Whether the talaj top card may be taken: some legal laying this turn must put it on the table.

See RULES.md §4 (the engine's ``unplayable_pickup``) and :func:`pickup_playable` for the layings
considered. Identical cards are alike: the card taken counts as laid when the hand holds no more
copies of it than before the pickup (for a joker: no more jokers than before plus those freed by
swaps this turn, unless freed jokers must be laid too). The last-card lock is not checked here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import JOKER, Card, sort_key_rank
from .melds import Meld, extend, swap
from .rules import Rules, TriaSwap
from .solver_core import HandIndex, split_hand
from .solver_search import OpeningRequest, find_opening, finish_opening


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


def _remove(cards: Sequence[Card], used: Iterable[Card]) -> list[Card] | None:
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
            combos = [c + [o] for c in combos for o in opts
                      if sum(1 for x in c + [o] if x.is_joker) <= free]
        for chain in combos:
            seq = chain + [card] if at == "high" else [card] + chain
            if extend(meld, seq, at=at, max_jokers=max_jokers) is not None:
                out.append(tuple(chain))
    return out


def _footprints(hand: Sequence[Card], card: Card, table: Sequence[Meld], rules: Rules
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
        if _joker_layable(list(hand) + [JOKER], after + list(extra_table), rules):
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
        for _, chain in _footprints(h, card, t, rules):
            used = _remove(h, chain)
            if used is not None and len(used) >= 1 and sum(
                    1 for c in chain if c.is_joker) >= need:
                return True
    return _swaps(list(hand), card, table, rules)


def _freed_footprints(hand: Sequence[Card], card: Card, table: Sequence[Meld], rules: Rules
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
        for _, chain in _footprints(h, card, t, rules):
            used_j = sum(1 for c in chain if c.is_joker)
            if used_j < max(need, 1):
                continue
            real_chain = [c for c in chain if not c.is_joker]
            own_j = max(0, used_j - freed)
            out.add(tuple(sorted([*given, *real_chain, *[JOKER] * own_j], key=sort_key_rank)))
    return out


def _open_then_lay(ctx: PickupContext, base: OpeningRequest) -> bool:
    """Whether an opening of own cards, then the card laid on the table, is possible."""
    hand = list(ctx.hand)
    rules = ctx.rules
    complete_four = rules.tria_swap is TriaSwap.COMPLETE_FOUR
    table = ctx.table
    variants = [base]
    if ctx.going_out_min is not None and not base.serie_only:
        variants.append(OpeningRequest(
            min_points=ctx.going_out_min, need_tria_and_serie=base.need_tria_and_serie,
            max_jokers=base.max_jokers, keep=1, going_out=True, ace_value=base.ace_value))
    for _, chain in _footprints(hand, ctx.card, table, rules):
        real_needed = [c for c in chain if not c.is_joker]
        need_j = len(chain) - len(real_needed)
        rest = _remove(hand, real_needed + [JOKER] * need_j)
        if rest is None:
            continue
        for req in variants:
            if find_opening(rest, req) is not None:
                return True
    if any(m.jokers for m in table):
        # after the opening, hand cards take table jokers' places and the jokers go with the card
        for footprint in _freed_footprints(hand, ctx.card, table, rules):
            rest = _remove(hand, footprint)
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
            with_joker = OpeningRequest(
                min_points=req.min_points, need_tria_and_serie=req.need_tria_and_serie,
                must_use=JOKER, max_jokers=req.max_jokers, keep=1, going_out=req.going_out,
                serie_only=req.serie_only, ace_value=req.ace_value)
            if _opening_of(hand + [JOKER], with_joker, None,
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
    idx = HandIndex(real, req.max_jokers, req.ace_value, tagged=tagged, extensions=True)
    return finish_opening(idx, jokers, req) is not None


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
    série of own cards. One card always stays in hand.

    Not searched (rare): going out with jokers freed after the opening by other hand cards.
    """
    rules = ctx.rules
    card = ctx.card
    if not ctx.hand:
        return False
    if ctx.down:
        return down_playable(ctx.hand, card, ctx.table, rules)
    clean = card if rules.clean_own_cards and not card.is_joker else None
    maxj = rules.jokers_per_meld
    need = rules.need_tria_and_serie
    adds = ctx.adds_on_opening_turn
    before = adds and ctx.judge_opening_before_adds
    reqs: list[OpeningRequest] = []
    if rules.lay_before_out:
        reqs.append(OpeningRequest(min_points=ctx.bar, need_tria_and_serie=need,
                                   clean_exclude=clean, must_use=card, max_jokers=maxj, keep=1,
                                   ace_value=rules.ace_value))
    if ctx.going_out_min is not None:
        reqs.append(OpeningRequest(min_points=ctx.going_out_min, need_tria_and_serie=need,
                                   clean_exclude=clean, must_use=card, max_jokers=maxj, keep=1,
                                   going_out=True, ace_value=rules.ace_value))
    if ctx.partner_down:
        reqs.append(OpeningRequest(serie_only=True, clean_exclude=clean, must_use=card,
                                   max_jokers=maxj, keep=1, ace_value=rules.ace_value))
    hand2 = [*ctx.hand, card]
    for req in reqs:
        if _opening_of(hand2, req, req.clean_exclude, before):
            return True
    if adds and rules.lay_before_out:
        base = OpeningRequest(min_points=ctx.bar, need_tria_and_serie=need, max_jokers=maxj,
                              keep=1, ace_value=rules.ace_value)
        if _open_then_lay(ctx, base):
            return True
        if ctx.partner_down:
            serie = OpeningRequest(serie_only=True, max_jokers=maxj, keep=1,
                                   ace_value=rules.ace_value)
            if _open_then_lay(ctx, serie):
                return True
    return False


__all__ = ["PickupContext", "down_playable", "pickup_playable"]
