"""The hint: what the current player could lay now, counting what is already staged this turn.

:func:`advise` answers the table's hint button (and any helper that wants it) from the engine's
own answers: the opening status of the staged combinations, the solver's best opening of the
hand for what is still missing, the going-out exemption, Simple's "lay only to go out", the
partner's série in teams, and once down the combinations, additions and joker swaps available.
Before the draw it says when the talaj top card or the first card opens or goes out where the
hand alone does not. Every step it proposes was applied to a copy of the round and accepted by
the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

from .actions import Action, Add, Draw, Lay, Swap, Undo
from .advice_model import (
    AdditionHint,
    Advice,
    AdviceKind,
    SwapHint,
    accepts,
    build,
    cards_of,
    pin_copies,
    staged_melds,
)
from .arrange import extensions
from .cards import JOKER, Card
from .melds import swap
from .opening import OpeningStatus
from .openings import Route, clean_card, jokers_pending, opening_terms
from .rescue import apply_in_order, extension_actions, out_through_table_plans, pickup_laying
from .rules import TriaSwap
from .solver.search import OpeningRequest, find_opening, least_penalty, meld_candidates
from .state import RoundState
from .turn import StagedAdd, StagedLay, StagedOp, StagedSwap

_MAX_TRIES = 200  # sets of cards going to the table tried for going out


def extras(probe: RoundState, lay_more: bool, allowed: Counter[Card]) -> list[Action]:
    """Lay what the hand still holds (if ``lay_more``), then add to the table and swap jokers,
    each step kept only if the engine accepts it and a discard stays legal. Only ``allowed``
    cards are used (not a card drawn on a copy to check the advice before the draw)."""
    p = probe.current
    rules = probe.rules
    out: list[Action] = []

    def keep(actions: Sequence[Action], gained: int = 0) -> bool:
        spent = Counter(c for a in actions for c in cards_of(a))
        spent[JOKER] -= gained
        if any(n > allowed[c] for c, n in spent.items() if n > 0):
            return False
        trial = probe.clone()
        if not (all(accepts(trial, a) for a in actions) and trial.legal_discards()):
            return False
        for a in actions:
            probe.apply(a)
        out.extend(actions)
        allowed.subtract(spent)
        return True

    if lay_more:
        for laid in least_penalty(list(allowed.elements()), rules, keep=0).melds:
            keep([Lay(p, laid.cards)])
    for index, tm in enumerate(probe.melds):
        meld = tm.meld
        if meld is None or index in probe.staged:
            continue
        real = [c for c in allowed.elements() if not c.is_joker]
        for ext in sorted(extensions(meld, real, rules.jokers_per_meld),
                          key=lambda e: -len(e.cards)):
            if keep(extension_actions(p, index, meld, ext.low, ext.high)):
                break
    four = rules.tria_swap is TriaSwap.COMPLETE_FOUR
    for index, tm in enumerate(probe.melds):
        meld = tm.meld
        if meld is None or not meld.jokers:
            continue
        for c in sorted(c for c in allowed if allowed[c] > 0 and not c.is_joker):
            if swap(meld, c, four) is None:
                continue
            follow: list[Action] = []
            if rules.swapped_joker_must_be_laid:
                follow = _joker_home(probe, index, c, allowed)
                if not follow:
                    continue
            if keep([Swap(p, index, c), *follow], gained=1):
                break
    return out


def _joker_home(probe: RoundState, index: int, card: Card, allowed: Counter[Card]
                ) -> list[Action]:
    """Where the joker freed by ``card`` can be laid at once (rules that require it)."""
    p = probe.current
    trial = probe.clone()
    if not accepts(trial, Swap(p, index, card)):
        return []
    rules = probe.rules
    pool = Counter(allowed)
    pool[card] -= 1
    pool[JOKER] += 1
    for meld in meld_candidates(list(pool.elements()), rules.jokers_per_meld, rules.ace_value):
        if JOKER in meld.cards and trial.check(Lay(p, meld.cards)) is None:
            return [Lay(p, meld.cards)]
    for k, tm in enumerate(trial.melds):
        if tm.meld is not None:
            for at in (("high", "low") if not tm.meld.is_tria else (None,)):
                if trial.check(Add(p, k, (JOKER,), at)) is None:
                    return [Add(p, k, (JOKER,), at)]
    return []


def _requests(state: RoundState, status: OpeningStatus, going_out_ok: bool
              ) -> list[tuple[AdviceKind, OpeningRequest]]:
    """The openings worth looking for in the hand, given what is staged."""
    p = state.current
    pickup = state.pickup
    clean = clean_card(state.rules, pickup) if pickup in state.hands[p] else None
    terms = opening_terms(state)
    out: list[tuple[AdviceKind, OpeningRequest]] = []
    if status.partner_serie_enough and not status.clean_serie:
        out.append((AdviceKind.OPEN, terms.request(Route.SERIE, clean_exclude=clean)))
    if state.rules.lay_before_out:
        out.append((AdviceKind.OPEN, terms.request(Route.BAR, clean_exclude=clean)))
    out_min = terms.going_out_min
    if going_out_ok and out_min is not None and (out_min < terms.bar or
                                                  status.lay_only_to_go_out):
        out.append((AdviceKind.GO_OUT, terms.request(Route.GOING_OUT, clean_exclude=clean)))
    return out


def open_from_hand(state: RoundState, going_out: bool = False) -> list[Action] | None:
    """Layings of the hand that, with what is staged this turn, make the opening (and empty the
    hand but one card, with ``going_out``); None if the hand holds none."""
    status = state.opening_status()
    if status.down:
        return None
    p = state.current
    reqs = [req for _kind, req in _requests(state, status, True)]
    if going_out:
        terms = opening_terms(state)
        pickup = state.pickup
        clean = clean_card(state.rules, pickup) if pickup in state.hands[p] else None
        reqs = [terms.request(Route.GOING_OUT, clean_exclude=clean)]
        if status.partner_serie_enough:
            reqs.append(replace(terms.request(Route.SERIE, clean_exclude=clean),
                                going_out=True))
    for req in reqs:
        found = find_opening(state.hands[p], req)
        if found is not None:
            return [Lay(p, m.cards) for m in found.melds]
    return None


def _open(state: RoundState, status: OpeningStatus, drawn: bool) -> Advice | None:
    """The best opening from the hand that, with the staged combinations, opens (or goes out)."""
    p = state.current
    for kind, req in _requests(state, status, going_out_ok=drawn):
        found = find_opening(state.hands[p], req)
        if found is None:
            continue
        steps: list[Action] = [Lay(p, m.cards) for m in found.melds]
        probe = state.clone()
        if not drawn and not accepts(probe, _a_draw(probe)):
            return None
        order = apply_in_order(probe, steps)
        if order is None or not probe.legal_discards():
            continue
        if kind is AdviceKind.GO_OUT and state.rules.add_on_opening_turn:
            left = Counter(state.hands[p])
            left.subtract(c for m in found.melds for c in m.cards)
            order += extras(probe, False, left)
        return build(state, AdviceKind.DRAW if not drawn else kind, order, probe, status)
    if drawn:
        return _out_through_table(state, status)
    return None


def _out_through_table(state: RoundState, status: OpeningStatus) -> Advice | None:
    """Going out at once: an opening, then every other card but one added to the table."""
    rules = state.rules
    out_min = status.going_out_needed
    if out_min is None or not rules.add_on_opening_turn or status.lay_only_to_go_out:
        return None
    going = [req for kind, req in _requests(state, status, True) if kind is AdviceKind.GO_OUT]
    if not going:
        return None
    hand = state.hands[state.current]
    for steps in out_through_table_plans(state, hand, lambda _taken: going[0], _MAX_TRIES):
        probe = state.clone()
        order = apply_in_order(probe, steps)
        if order is not None and probe.legal_discards():
            return build(state, AdviceKind.GO_OUT, order, probe, status)
    return None


def _a_draw(state: RoundState) -> Draw:
    draws = {d.source: d for d in state.legal_draws()}
    return draws.get("stock") or draws.get("first") or Draw(state.current, "stock")


def _pickup(state: RoundState, status: OpeningStatus) -> Advice:
    """How to lay the talaj card taken this turn: on from what is staged, else the rest of a
    plan from the turn's start that holds what is staged, else taking the staging back."""
    p = state.current
    probe = state.clone()
    plan = pickup_laying(probe)
    undo: list[Action] = []
    fallback: tuple[RoundState, list[Action], list[Action]] | None = None
    while plan is None and probe.turn_view().ops:  # one operation back at a time
        probe.apply(Undo(p))
        undo.append(Undo(p))
        found = pickup_laying(probe)
        if found is None:
            continue
        rest = _rest_of(state, probe, found, len(undo))
        if rest is not None:
            probe, undo, plan = state.clone(), [], rest
        elif fallback is None:
            fallback = (probe.clone(), list(undo), found)
    if plan is None and fallback is not None:
        probe, undo, plan = fallback
    if plan is None or apply_in_order(probe, plan) is None:
        return Advice(player=p, kind=AdviceKind.NONE, staged=staged_melds(state),
                      points=status.staged_points, needed=status.needed,
                      blocked_by=status.blocked_by)
    return build(state, AdviceKind.PICKUP, [*undo, *plan], probe, status, bool(undo))


def _rest_of(state: RoundState, start: RoundState, plan: Sequence[Action], back: int
             ) -> list[Action] | None:
    """The steps of ``plan`` still to do when the turn's last ``back`` operations are some of its
    steps (``plan`` was made on ``start``: the turn with them taken back), the combinations it
    lays numbered as on the table; None unless the rest then ends in a legal discard."""
    view = state.turn_view()
    done = list(view.ops[len(view.ops) - back:])
    renumber: dict[int, int] = {}  # the plan's numbers of its new combinations -> the table's
    trial = start.clone()
    rest: list[Action] = []
    for action in plan:
        number = len(trial.melds)
        if not accepts(trial, action):
            return None
        action = _renumbered(action, renumber)
        same = next((op for op in done if _does(action, op)), None)
        if same is not None:
            done.remove(same)
            if isinstance(action, Lay):
                renumber[number] = same.meld
        else:
            if isinstance(action, Lay):
                renumber[number] = -1 - len(rest)  # numbered when laid
            rest.append(action)
    if done:
        return None
    probe = state.clone()
    out: list[Action] = []
    for k, action in enumerate(rest):
        number = len(probe.melds)
        action = _renumbered(action, {key: number if value == -1 - k else value
                                      for key, value in renumber.items()})
        renumber = {key: number if value == -1 - k else value
                    for key, value in renumber.items()}
        if not accepts(probe, action):
            return None
        out.append(action)
    return out if probe.over or probe.legal_discards() else None


def _renumbered(action: Action, numbers: dict[int, int]) -> Action:
    """An addition or swap on a combination of a plan, with the table's number for it."""
    if isinstance(action, Add | Swap) and numbers.get(action.meld, -1) >= 0:
        return replace(action, meld=numbers[action.meld])
    return action


def _does(action: Action, op: StagedOp) -> bool:
    """Whether a staged operation is the one ``action`` does (new combinations by their cards,
    the others by the combination they touch)."""
    if isinstance(action, Lay) and isinstance(op, StagedLay):
        return Counter(action.cards) == Counter(op.cards)
    if isinstance(action, Add) and isinstance(op, StagedAdd):
        return action.meld == op.meld and Counter(action.cards) == Counter(op.cards)
    if isinstance(action, Swap) and isinstance(op, StagedSwap):
        return action.meld == op.meld and action.card == op.card
    return False


def advise(state: RoundState) -> Advice:
    """Return the hint for the current player (see :class:`Advice`)."""
    p = state.current
    if state.over:
        return Advice(player=p, kind=AdviceKind.NONE)
    status = state.opening_status()
    drawn = state.has_drawn
    nothing = Advice(player=p, kind=AdviceKind.DRAW if not drawn else AdviceKind.NONE,
                     staged=staged_melds(state), points=status.staged_points,
                     needed=status.needed, blocked_by=status.blocked_by)
    if drawn and (state.pickup_to_lay() is not None or jokers_pending(state)):
        return _pickup(state, status)
    if drawn and state.pickup is not None and not state.legal_discards():
        # the card taken is laid, the opening not yet made: the rest of it, else start again
        found = None if status.down else _open(state, status, True)
        return found if found is not None else _pickup(state, status)
    if status.down:
        probe = state.clone()
        if not drawn and not accepts(probe, _a_draw(probe)):
            return nothing
        steps = extras(probe, True, Counter(state.hands[p]))
        if not drawn:
            return _from_talaj(state, build(state, AdviceKind.DRAW, steps, probe, status)
                               if steps else nothing)
        if not steps:
            return nothing
        kind = AdviceKind.LAY if any(isinstance(a, Lay) for a in steps) else AdviceKind.ADD
        return build(state, kind, steps, probe, status)
    if drawn and status.opens:
        probe = state.clone()
        extra = extras(probe, state.rules.lay_before_out, Counter(state.hands[p]))
        return build(state, AdviceKind.OPENED, extra, probe, status)
    if not drawn:
        found = None if status.lay_only_to_go_out else _open(state, status, drawn)
        return _from_talaj(state, found if found is not None else nothing)
    found = _open(state, status, drawn)
    return found if found is not None else nothing


def _rank(advice: Advice, down: bool) -> int:
    """How far an advice goes: 2 out, 1 an opening, 0 neither."""
    if advice.goes_out:
        return 2
    return int(not down and bool(advice.melds) and advice.kind is not AdviceKind.NONE)


def _from_talaj(state: RoundState, from_hand: Advice) -> Advice:
    """Before the draw: the talaj top card or the first card when taking it opens or goes out
    where the hand alone (``from_hand``, the advice for a stock draw) does not."""
    down = state.opening_status().down
    best, best_rank = from_hand, _rank(from_hand, down)
    for draw in state.legal_draws():
        if draw.source == "stock" or best_rank == 2:
            continue
        probe = state.clone()
        card = probe.talaj[probe.first_pos] if draw.source == "first" and \
            probe.first_pos is not None else probe.top
        probe.apply(draw)
        then = advise(probe)
        rank = _rank(then, down)
        if rank > best_rank:
            best_rank = rank
            used = list(then.cards)
            if card in used:
                used.remove(card)  # the card taken is not in the hand yet
            best = replace(then, kind=AdviceKind.DRAW, draw=draw.source, taken=card,
                           cards=tuple(used))
    return best


__all__ = ["AdditionHint", "Advice", "AdviceKind", "SwapHint", "advise", "build", "extras",
           "open_from_hand", "pin_copies"]
