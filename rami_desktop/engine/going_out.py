"""Going out this turn: whether the current player can empty the hand now, and how.

:func:`going_out_actions` answers after the draw: the layings (an opening of the hand at the
going-out points, or new combinations once down), additions to the table's combinations (a
joker bridging a gap, several cards at once), table jokers taken back, then the discard of the
last card. :func:`going_out_draw` answers before it: a talaj card (the top card, or the round's
first discard) with which the hand goes out this turn. Bots ask both, and the blunder counter
(``tools/blunders.py``) counts a turn that could go out and did not. Every answer was applied
to a copy of the round and accepted by the engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from .actions import Action, Add, Discard, Draw, Lay, Swap, Undo
from .cards import JOKER, Card
from .melds import Meld, extend, swap
from .openings import clean_card, laying_request, opening_terms
from .rescue import apply_in_order, extension_actions, out_through_table_plans
from .rules import Rules, TriaSwap
from .solver.layings import loose_cards, remove_cards, table_decompositions
from .solver.search import find_opening
from .state import RoundState

#: ways of adding hand cards to the table tried for one hand
SPLITS = 400

Start = tuple[list[Action], list[Card], list[tuple[int, Meld]], int]


def going_out_actions(state: RoundState, limit: int = SPLITS) -> list[Action] | None:
    """Return actions that empty the current player's hand this turn, ending with the discard
    of the last card, or None when the search finds none.

    The turn must be drawn (or start without a draw). What is staged is taken back first
    (the answer then starts with ``Undo`` actions).

    Args:
        state: the round (not changed).
        limit: ways of adding hand cards to the table tried per hand.
    """
    if state.over or not state.has_drawn:
        return None
    p = state.current
    base = state.clone()
    undo: list[Action] = []
    while base.turn_view().ops:
        base.apply(Undo(p))
        undo.append(Undo(p))
    plans = _down_plans(base, limit) if base.down[p] else _opening_plans(base, limit)
    for plan in plans:
        probe = base.clone()
        order = apply_in_order(probe, plan)
        if order is None or len(probe.hands[p]) != 1:
            continue
        legal = probe.legal_discards()
        if legal:
            return [*undo, *order, Discard(p, legal[0])]
    return None


def going_out_draw(state: RoundState, limit: int = SPLITS) -> Draw | None:
    """Return a draw from the talaj (the top card, then the first card) after which the current
    player goes out this turn (:func:`going_out_actions`), or None."""
    if state.over or state.has_drawn:
        return None
    for draw in state.legal_draws():
        if draw.source == "stock":
            continue
        probe = state.clone()
        probe.apply(draw)
        if going_out_actions(probe, limit) is not None:
            return draw
    return None


def can_go_out(state: RoundState, limit: int = SPLITS) -> bool:
    """Whether the current player can go out this turn: after the draw made, or (not drawn
    yet) through a talaj card."""
    if state.has_drawn:
        return going_out_actions(state, limit) is not None
    return going_out_draw(state, limit) is not None


# ---- a player not down: an opening that empties the hand -----------------------------------


def _opening_plans(state: RoundState, limit: int) -> Iterator[list[Action]]:
    """An opening at the going-out points laying every card but one, or (where cards may be
    added on the opening's turn) an opening of part of the hand, the rest added to the table."""
    p = state.current
    rules = state.rules
    hand = list(state.hands[p])
    terms = opening_terms(state)
    pickup = state.pickup_to_lay()
    clean = clean_card(rules, pickup)
    req = terms.going_out_request(must_use=pickup, clean_exclude=clean)
    if find_opening(hand, replace(req, going_out=False, must_use=None,
                                  clean_exclude=None)) is None:
        return  # no opening at all, however many cards stay in hand
    found = find_opening(hand, req)
    if found is not None:
        yield [Lay(p, m.cards) for m in found.melds]
    table = state.table_melds()
    if not (table and rules.add_on_opening_turn and rules.lay_before_out):
        return
    splits = table_decompositions(hand, table, rules.jokers_per_meld)
    to_table = {c for taken, _ in splits for c in taken}
    if loose_cards(hand, to_table, rules) > 1:
        return
    yield from out_through_table_plans(
        state, hand, lambda taken: terms.going_out_request(
            must_use=None if pickup in taken else pickup, clean_exclude=clean), limit)


# ---- a player down: every card but one laid, added or swapped in --------------------------


def _down_plans(state: RoundState, limit: int) -> Iterator[list[Action]]:
    """New combinations and additions to the table (table jokers first taken back by hand
    cards) that leave exactly one card."""
    p = state.current
    rules = state.rules
    pickup = state.pickup_to_lay()
    table = [(i, tm.meld) for i, tm in enumerate(state.melds) if tm.meld is not None]
    for first, hand, after, freed in _swap_starts(p, list(state.hands[p]), table, rules):
        melds = [m for _, m in after]
        splits = table_decompositions(hand, melds, rules.jokers_per_meld)
        to_table = {c for taken, _ in splits for c in taken}
        if loose_cards(hand, to_table, rules) > 1:
            continue
        for taken, parts in [((), []), *splits[:limit]]:
            rest = remove_cards(hand, taken)
            if rest is None or not rest:
                continue
            must = pickup if pickup is not None and pickup not in taken else None
            if must is None and freed and rules.swapped_joker_must_be_laid and (
                    JOKER not in taken):
                must = JOKER
            found = find_opening(rest, laying_request(rules, must_use=must))
            if found is None:
                continue
            plan = list(first)
            for k, ext in parts:
                index, meld = after[k]
                plan.extend(extension_actions(p, index, meld, ext.low, ext.high))
            plan.extend(Lay(p, m.cards) for m in found.melds)
            yield plan


def _swap_starts(p: int, hand: list[Card], table: list[tuple[int, Meld]], rules: Rules
                 ) -> list[Start]:
    """Every (actions, hand, table, jokers freed) reachable by hand cards taking the table
    jokers' places (under COMPLETE_FOUR a tria of two real cards and a joker first takes a
    fourth card), the start without any swap first."""
    four = rules.tria_swap is TriaSwap.COMPLETE_FOUR
    out: list[Start] = []
    seen: set[tuple[tuple[Card, ...], tuple[tuple[Card, ...], ...]]] = set()

    def go(actions: list[Action], h: list[Card], t: list[tuple[int, Meld]], freed: int,
           k: int) -> None:
        key = (tuple(sorted(h)), tuple(m.cards for _, m in t))
        if key in seen:
            return
        seen.add(key)
        out.append((actions, h, t, freed))
        for pos in range(k, len(t)):
            index, meld = t[pos]
            if not meld.jokers:
                continue
            for c in sorted(set(h)):
                if c.is_joker:
                    continue
                steps: list[tuple[list[Action], list[Card], Meld]] = []
                new = swap(meld, c, four)
                if new is not None:
                    steps.append(([Swap(p, index, c)], [c], new))
                elif four and meld.is_tria and len(meld.cards) == 3:
                    grown = extend(meld, [c], max_jokers=meld.jokers)
                    for d in sorted(set(h) - {c, JOKER}):
                        new = None if grown is None else swap(grown, d, four)
                        if new is not None:
                            steps.append(([Add(p, index, (c,), None), Swap(p, index, d)],
                                          [c, d], new))
                for acts, given, new in steps:
                    rest = remove_cards(h, given)
                    if rest is None:
                        continue
                    t2 = [*t[:pos], (index, new), *t[pos + 1:]]
                    go([*actions, *acts], [*rest, JOKER], t2, freed + 1, pos)

    go([], hand, table, 0, 0)
    return out


__all__ = ["SPLITS", "can_go_out", "going_out_actions", "going_out_draw"]
