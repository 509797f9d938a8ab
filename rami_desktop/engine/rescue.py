"""Ending a turn legally from any point of it, and laying a talaj card taken this turn.

:func:`finishing_actions` is the one rescue every driver uses (the table, the simulator, the text
mode, the smoke test) when a player (a bot) cannot or will not finish a turn: it draws if needed,
takes back what makes the discard illegal, lays the talaj top card taken this turn (the pickup
check promised a laying exists: :func:`pickup_laying` finds it) and discards. Every action it
returns was applied to a copy of the round first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace

from .actions import Action, Add, Discard, Lay, Swap, Undo
from .arrange import extensions
from .cards import JOKER, Card
from .errors import RuleError
from .melds import Meld, extend, swap
from .openings import Route, clean_card, jokers_pending, opening_terms
from .rules import TriaSwap
from .solver.layings import chain_footprints, freed_footprints, table_decompositions
from .solver.search import OpeningRequest, card_cost, find_opening, least_penalty, meld_candidates
from .state import RoundState

_BUDGET = 4000  # states a laying search may visit


def _table(state: RoundState) -> list[tuple[int, Meld]]:
    return [(i, tm.meld) for i, tm in enumerate(state.melds) if tm.meld is not None]


def _try(state: RoundState, action: Action) -> RoundState | None:
    probe = state.clone()
    try:
        probe.apply(action)
    except RuleError:
        return None
    return probe


def apply_in_order(state: RoundState, actions: Sequence[Action]) -> list[Action] | None:
    """Apply ``actions`` to ``state`` in an order the engine accepts (an action refused is tried
    again after the others); return that order, or None (state then partly changed)."""
    pending = list(actions)
    done: list[Action] = []
    while pending:
        for k, action in enumerate(pending):
            try:
                state.apply(action)
            except RuleError:
                continue
            done.append(action)
            del pending[k]
            break
        else:
            return None
    return done


def extension_actions(p: int, index: int, meld: Meld, low: Sequence[Card],
                      high: Sequence[Card]) -> list[Action]:
    """Return the Add actions that put ``low`` and ``high`` at a combination's ends (a tria's
    cards, given in ``high``, go with ``at`` None)."""
    if meld.is_tria:
        return [Add(p, index, tuple(high), None)] if high else []
    out: list[Action] = []
    if low:
        out.append(Add(p, index, tuple(low), "low"))
    if high:
        out.append(Add(p, index, tuple(high), "high"))
    return out


def _focus_actions(state: RoundState, card: Card | None, jokers: bool) -> Iterator[Action]:
    """Actions that may lay ``card`` (or the jokers still to lay): new combinations and
    additions holding them, then joker swaps that free a joker to go with them."""
    p = state.current
    hand = state.hands[p]
    rules = state.rules
    wanted = ({card} if card else set()) | ({JOKER} if jokers else set())
    for cards in meld_candidates(hand, rules.jokers_per_meld, rules.ace_value):
        if len(cards.cards) < len(hand) and wanted.intersection(cards.cards):
            yield Lay(p, cards.cards)
    table = _table(state)
    for index, meld in table:
        for ext in extensions(meld, hand, rules.jokers_per_meld):
            if len(ext.cards) < len(hand) and wanted.intersection(ext.cards) and not (
                    ext.low and ext.high):
                yield from extension_actions(p, index, meld, ext.low, ext.high)
    four = rules.tria_swap is TriaSwap.COMPLETE_FOUR
    for index, meld in table:
        if meld.jokers:
            for c in sorted(set(hand)):
                if c.is_joker:
                    continue
                if swap(meld, c, four) is not None:
                    yield Swap(p, index, c)
                elif four and meld.is_tria and len(meld.cards) == 3 and extend(
                        meld, [c], max_jokers=meld.jokers) is not None:
                    yield Add(p, index, (c,), None)  # the fourth card, then a swap frees it


def _place(state: RoundState, depth: int, budget: list[int]) -> list[Action] | None:
    """Search up to ``depth`` actions after which the discard is legal (the taken card and the
    jokers freed laid)."""
    if state.legal_discards():
        return []
    budget[0] -= 1
    if depth == 0 or budget[0] < 0:
        return None
    card = state.pickup  # a copy laid may still leave it in the clean tria or série
    if card is not None and card not in state.hands[state.current]:
        card = None
    jokers = jokers_pending(state)
    if card is None and not jokers:
        return None
    seen: set[Action] = set()
    for action in _focus_actions(state, card, jokers):
        if action in seen:
            continue
        seen.add(action)
        probe = _try(state, action)
        if probe is None:
            continue
        rest = _place(probe, depth - 1, budget)
        if rest is not None:
            return [action, *rest]
    return None


def _without(cards: Sequence[Card], used: Sequence[Card]) -> list[Card] | None:
    """Return ``cards`` less ``used`` (copies counted), or None if some are missing."""
    rest = list(cards)
    for c in used:
        if c not in rest:
            return None
        rest.remove(c)
    return rest


def _opening_plans(state: RoundState, card: Card) -> Iterator[list[Action]]:
    """Openings (as Lay actions, with the additions that go with them) a player not down may
    lay this turn, the taken ``card`` among them or not (it then goes to the table)."""
    p = state.current
    rules = state.rules
    hand = list(state.hands[p])
    terms = opening_terms(state)
    clean = clean_card(rules, card)
    out_min = state.going_out_min()
    reqs = [req for _, req in terms.requests(going_out=out_min is not None)]
    for req in reqs:
        found = find_opening(hand, replace(req, must_use=card, clean_exclude=clean))
        if found is not None:
            yield [Lay(p, m.cards) for m in found.melds]
    # an opening of the other cards, the card (with hand cards, jokers freed) on the table after
    # it: until then no copy of the card counts for the clean tria or série
    before = list(hand)
    before.remove(card)
    tables = [m for _, m in _table(state)]
    footprints = [chain for _, chain in chain_footprints(before, card, tables, rules)]
    footprints += sorted(freed_footprints(before, card, tables, rules))
    for req in reqs:
        later = replace(req, clean_exclude=clean)
        for footprint in [(), *footprints]:
            rest = _without(before, footprint)
            if rest is None:
                continue
            found = find_opening(rest, later)
            if found is not None:
                yield [Lay(p, m.cards) for m in found.melds]
    if out_min is None or not rules.add_on_opening_turn:
        return
    yield from out_through_table_plans(
        state, hand, lambda taken: terms.request(
            Route.GOING_OUT, must_use=None if card in taken else card, clean_exclude=clean))


def out_through_table_plans(state: RoundState, hand: Sequence[Card],
                            request: Callable[[tuple[Card, ...]], OpeningRequest],
                            limit: int | None = None) -> Iterator[list[Action]]:
    """Plans that go out at once through the table: for each way of adding hand cards to the
    table's combinations (the first ``limit`` of them), an opening of the other cards asked with
    ``request(taken)``, as the current player's Lay actions followed by the additions."""
    p = state.current
    table = _table(state)
    splits = table_decompositions(hand, [m for _, m in table], state.rules.jokers_per_meld)
    for taken, parts in splits[:limit]:
        rest = list(hand)
        for c in taken:
            rest.remove(c)
        found = find_opening(rest, request(tuple(taken)))
        if found is None:
            continue
        plan: list[Action] = [Lay(p, m.cards) for m in found.melds]
        for k, ext in parts:
            index, meld = table[k]
            plan.extend(extension_actions(p, index, meld, ext.low, ext.high))
        yield plan


def _swap_plans(state: RoundState, card: Card) -> Iterator[list[Action]]:
    """The taken card put in a table joker's place (a hand card first making a tria's fourth
    card under COMPLETE_FOUR), then an opening holding the joker freed, for a player not down
    who goes out (the jokers and other cards then go to the table)."""
    p = state.current
    rules = state.rules
    four = rules.tria_swap is TriaSwap.COMPLETE_FOUR
    hand = list(state.hands[p])
    if state.going_out_min() is None:
        return
    clean = clean_card(rules, card)
    req = opening_terms(state).unstaged().request(Route.GOING_OUT, clean_exclude=clean)
    for index, meld in _table(state):
        if not meld.jokers:
            continue
        starts: list[tuple[Meld, list[Action], list[Card]]] = [(meld, [], [])]
        if four and meld.is_tria and len(meld.cards) == 3:
            for d in sorted(set(hand)):
                bigger = None if d.is_joker else extend(meld, [d], max_jokers=meld.jokers)
                if bigger is not None:
                    starts.append((bigger, [Add(p, index, (d,), None)], [d]))
        for grown, first, used in starts:
            new = swap(grown, card, four)
            if new is None:
                continue
            rest = list(hand)
            for c in [*used, card]:
                rest.remove(c)
            rest.append(JOKER)
            table = [(i, new if i == index else m) for i, m in _table(state)]
            for taken, parts in [((), []), *table_decompositions(
                    rest, [m for _, m in table], rules.jokers_per_meld)]:
                left = list(rest)
                for c in taken:
                    left.remove(c)
                found = find_opening(left, req)
                if found is None:
                    continue
                plan: list[Action] = [*first, Swap(p, index, card)]
                plan.extend(Lay(p, m.cards) for m in found.melds)
                for k, ext in parts:
                    i, m = table[k]
                    plan.extend(extension_actions(p, i, m, ext.low, ext.high))
                yield plan


def pickup_laying(state: RoundState) -> list[Action] | None:
    """Return actions that lay the talaj card taken this turn so that a discard is legal.

    The search starts from the turn as staged; it tries the layings the pickup check
    (:func:`~rami_desktop.engine.solver.pickup.pickup_playable`) counts: for a player not down,
    an opening (holding the card, or followed by the card on the table), or going out through
    additions to the table; then the card in a new combination, on a table combination, or in a
    joker's place, hand cards first freeing jokers. None if nothing is found.
    """
    card = state.pickup_to_lay()
    if card is None:
        return [] if state.legal_discards() else None
    p = state.current
    budget = [_BUDGET]
    plans: list[list[Action]] = [[]]
    if not state.down[p]:
        plans.extend(_opening_plans(state, card))
        plans.extend(_swap_plans(state, card))
    for plan in plans:
        probe = state.clone()
        order = apply_in_order(probe, plan)
        if order is None:
            continue
        rest = _place(probe, 3, budget)
        if rest is not None:
            return [*order, *rest]
    return None


def _discard_choice(state: RoundState, legal: Sequence[Card]) -> Card:
    """The legal discard that costs most to keep among the cards no combination uses."""
    hand = state.hands[state.current]
    rules = state.rules
    rest = least_penalty(hand, rules, keep=1).rest
    cost = card_cost(rules)
    loose = [c for c in legal if c in Counter(rest)] or list(legal)
    return max(loose, key=lambda c: (not c.is_joker, cost(c), c))


def finishing_actions(state: RoundState) -> list[Action]:
    """Return actions that legally end the current player's turn from where it stands.

    Not drawn yet: draw (the stock first). Then, while the discard is illegal, take back the
    last laying (the staged combinations, additions and swaps that make the turn illegal); a
    talaj card taken this turn is laid (see :func:`pickup_laying`); then discard the loosest
    legal card. Empty once the round is over.

    Raises:
        RuntimeError: no legal end was found (an engine bug: the pickup check promised one).
    """
    if state.over:
        return []
    probe = state.clone()
    p = probe.current
    out: list[Action] = []

    def do(action: Action) -> None:
        probe.apply(action)
        out.append(action)

    if not probe.has_drawn:
        draws = {d.source: d for d in probe.legal_draws()}
        source = next((s for s in ("stock", "first", "top") if s in draws), None)
        if source is None:
            raise RuntimeError("rescue: no legal draw")
        do(draws[source])
    while probe.turn_view().ops and not probe.legal_discards():
        do(Undo(p))
    if not probe.legal_discards():
        plan = pickup_laying(probe)
        if plan is None:
            raise RuntimeError("rescue: the card taken cannot be laid")
        for action in plan:
            do(action)
    legal = probe.legal_discards()
    if not legal:
        raise RuntimeError("rescue: no legal discard")
    do(Discard(p, _discard_choice(probe, legal)))
    return out


__all__ = [
    "apply_in_order",
    "extension_actions",
    "finishing_actions",
    "pickup_laying",
]
