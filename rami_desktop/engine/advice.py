"""The hint: what the current player could lay now, counting what is already staged this turn.

:func:`advise` answers the table's hint button (and any helper that wants it) from the engine's
own answers: the opening status of the staged combinations, the solver's best opening of the
hand for what is still missing, the going-out exemption, Simple's "lay only to go out", the
partner's série in teams, and once down the combinations, additions and joker swaps available.
Every step it proposes was applied to a copy of the round and accepted by the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from .actions import Action, Add, Draw, Lay, Swap, Undo
from .arrange import extensions
from .cards import JOKER, Card
from .errors import ErrorCode, RuleError
from .melds import Meld, make_meld, swap
from .opening import OpeningStatus
from .openings import Route, clean_card, jokers_pending, opening_terms, pending_pickup
from .rescue import apply_in_order, extension_actions, out_through_table_plans, pickup_laying
from .rules import TriaSwap
from .solver_search import OpeningRequest, find_opening, least_penalty, meld_candidates
from .state import RoundState

_MAX_TRIES = 200  # sets of cards going to the table tried for going out


class AdviceKind(str, Enum):
    """What the advice says to do."""

    DRAW = "draw"  # draw first; ``melds`` is what the hand can already lay
    OPEN = "open"  # lay ``melds``: with the staged combinations they make the opening
    OPENED = "opened"  # the staged combinations make the opening: discard (more is optional)
    GO_OUT = "go_out"  # lay ``melds`` (and additions): every card but one, then discard it
    LAY = "lay"  # down: lay ``melds`` (additions and swaps may come with them)
    ADD = "add"  # down: additions or joker swaps only
    PICKUP = "pickup"  # the talaj card taken this turn must be laid: ``steps`` shows how
    NONE = "none"  # nothing to lay now (see ``blocked_by`` when staged cards block the discard)


@dataclass(frozen=True)
class AdditionHint:
    """Hand cards that go onto table combination ``meld`` (at ``at`` for a série's end)."""

    meld: int
    cards: tuple[Card, ...]
    at: str | None = None


@dataclass(frozen=True)
class SwapHint:
    """A hand card that takes the place of the joker of table combination ``meld``."""

    meld: int
    card: Card


@dataclass(frozen=True)
class Advice:
    """The hint for the current player.

    Attributes:
        player: whose turn it is.
        kind: what to do.
        melds: new combinations to lay from the hand.
        staged: the combinations already staged this turn (counted in ``points``).
        points: opening points of the staged and proposed franche combinations.
        needed: points the opening needs (None when none apply: down, or Simple).
        additions: cards to add to table combinations.
        swaps: hand cards that take a table joker's place.
        cards: the hand cards the advice uses (to highlight).
        steps: the actions, in an order the engine accepts (after a draw for DRAW).
        take_back: the steps first take back what is staged (they start with Undo).
        blocked_by: what a discard would be refused with now because of the opening.
    """

    player: int
    kind: AdviceKind
    melds: tuple[Meld, ...] = ()
    staged: tuple[Meld, ...] = ()
    points: int = 0
    needed: int | None = None
    additions: tuple[AdditionHint, ...] = ()
    swaps: tuple[SwapHint, ...] = ()
    cards: tuple[Card, ...] = ()
    steps: tuple[Action, ...] = ()
    take_back: bool = False
    blocked_by: ErrorCode | None = None


def _staged_melds(state: RoundState) -> tuple[Meld, ...]:
    return tuple(m for i in state.staged if (m := state.melds[i].meld) is not None)


def _accepts(state: RoundState, action: Action) -> bool:
    try:
        state.apply(action)
    except RuleError:
        return False
    return True


def _build(state: RoundState, kind: AdviceKind, steps: Sequence[Action], probe: RoundState,
           status: OpeningStatus, take_back: bool = False) -> Advice:
    """Describe ``steps`` (applied to ``probe``, a copy of ``state``) as an advice."""
    rules = state.rules
    melds: list[Meld] = []
    additions: list[AdditionHint] = []
    swaps: list[SwapHint] = []
    used: list[Card] = []
    for action in steps:
        if isinstance(action, Lay):
            meld = make_meld(action.cards, rules.jokers_per_meld)
            if meld is not None:
                melds.append(meld)
            used.extend(action.cards)
        elif isinstance(action, Add):
            additions.append(AdditionHint(action.meld, action.cards, action.at))
            used.extend(action.cards)
        elif isinstance(action, Swap):
            swaps.append(SwapHint(action.meld, action.card))
            used.append(action.card)
    hand = Counter(state.hands[state.current])
    cards: list[Card] = []
    for c in used:
        if hand[c] > 0:
            hand[c] -= 1
            cards.append(c)
    after = probe.opening_status() if not probe.over else status
    points = after.staged_points if not status.down else 0
    return Advice(
        player=state.current, kind=kind, melds=tuple(melds), staged=_staged_melds(state),
        points=points, needed=after.needed if not status.down else None,
        additions=tuple(additions), swaps=tuple(swaps), cards=tuple(cards), steps=tuple(steps),
        take_back=take_back, blocked_by=status.blocked_by)


def _extras(probe: RoundState, lay_more: bool, allowed: Counter[Card]) -> list[Action]:
    """Lay what the hand still holds (if ``lay_more``), then add to the table and swap jokers,
    each step kept only if the engine accepts it and a discard stays legal. Only ``allowed``
    cards are used (not a card drawn on a copy to check the advice before the draw)."""
    p = probe.current
    rules = probe.rules
    out: list[Action] = []

    def keep(actions: Sequence[Action], gained: int = 0) -> bool:
        spent = Counter(c for a in actions for c in _cards_of(a))
        spent[JOKER] -= gained
        if any(n > allowed[c] for c, n in spent.items() if n > 0):
            return False
        trial = probe.clone()
        if not (all(_accepts(trial, a) for a in actions) and trial.legal_discards()):
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


def _cards_of(action: Action) -> tuple[Card, ...]:
    if isinstance(action, (Lay, Add)):
        return action.cards
    if isinstance(action, Swap):
        return (action.card,)
    return ()


def _joker_home(probe: RoundState, index: int, card: Card, allowed: Counter[Card]
                ) -> list[Action]:
    """Where the joker freed by ``card`` can be laid at once (rules that require it)."""
    p = probe.current
    trial = probe.clone()
    if not _accepts(trial, Swap(p, index, card)):
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


def _open(state: RoundState, status: OpeningStatus, drawn: bool) -> Advice | None:
    """The best opening from the hand that, with the staged combinations, opens (or goes out)."""
    p = state.current
    for kind, req in _requests(state, status, going_out_ok=drawn):
        found = find_opening(state.hands[p], req)
        if found is None:
            continue
        steps: list[Action] = [Lay(p, m.cards) for m in found.melds]
        probe = state.clone()
        if not drawn and not _accepts(probe, _a_draw(probe)):
            return None
        order = apply_in_order(probe, steps)
        if order is None or not probe.legal_discards():
            continue
        if kind is AdviceKind.GO_OUT and state.rules.add_on_opening_turn:
            left = Counter(state.hands[p])
            left.subtract(c for m in found.melds for c in m.cards)
            order += _extras(probe, False, left)
        return _build(state, AdviceKind.DRAW if not drawn else kind, order, probe, status)
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
            return _build(state, AdviceKind.GO_OUT, order, probe, status)
    return None


def _a_draw(state: RoundState) -> Draw:
    draws = {d.source: d for d in state.legal_draws()}
    return draws.get("stock") or draws.get("first") or Draw(state.current, "stock")


def _pickup(state: RoundState, status: OpeningStatus) -> Advice:
    """How to lay the talaj card taken this turn (taking back the staging if it must)."""
    p = state.current
    probe = state.clone()
    plan = pickup_laying(probe)
    undo: list[Action] = []
    if plan is None:
        while probe.turn_view().ops:
            probe.apply(Undo(p))
            undo.append(Undo(p))
        plan = pickup_laying(probe)
    if plan is None or apply_in_order(probe, plan) is None:
        return Advice(player=p, kind=AdviceKind.NONE, staged=_staged_melds(state),
                      points=status.staged_points, needed=status.needed,
                      blocked_by=status.blocked_by)
    return _build(state, AdviceKind.PICKUP, [*undo, *plan], probe, status, bool(undo))


def advise(state: RoundState) -> Advice:
    """Return the hint for the current player (see :class:`Advice`)."""
    p = state.current
    if state.over:
        return Advice(player=p, kind=AdviceKind.NONE)
    status = state.opening_status()
    drawn = state.has_drawn
    nothing = Advice(player=p, kind=AdviceKind.DRAW if not drawn else AdviceKind.NONE,
                     staged=_staged_melds(state), points=status.staged_points,
                     needed=status.needed, blocked_by=status.blocked_by)
    if drawn and (pending_pickup(state) is not None or jokers_pending(state) or (
            state.pickup is not None and not state.legal_discards())):
        return _pickup(state, status)
    if status.down:
        probe = state.clone()
        if not drawn and not _accepts(probe, _a_draw(probe)):
            return nothing
        steps = _extras(probe, True, Counter(state.hands[p]))
        if not steps:
            return nothing
        kind = AdviceKind.LAY if any(isinstance(a, Lay) for a in steps) else AdviceKind.ADD
        return _build(state, AdviceKind.DRAW if not drawn else kind, steps, probe, status)
    if drawn and status.opens:
        probe = state.clone()
        extra = _extras(probe, state.rules.lay_before_out, Counter(state.hands[p]))
        return _build(state, AdviceKind.OPENED, extra, probe, status)
    if status.lay_only_to_go_out and not drawn:
        return nothing
    found = _open(state, status, drawn)
    return found if found is not None else nothing


__all__ = ["AdditionHint", "Advice", "AdviceKind", "SwapHint", "advise"]
