"""How a turn can end: the outcome a player reaches (going out, being down) and the best one
still within reach, and a given list of moves described as an advice.

A guided game (the tutorial) judges a move by the engine's answers here: a move other than the
one it shows is welcome when the turn can still end as well or better
(:func:`reachable`); a turn that ended is judged by :func:`outcome`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from enum import IntEnum

from .actions import Action, Discard, Draw, Lay
from .advice import Advice, AdviceKind, advise, build, extras, open_from_hand, pin_copies
from .rescue import apply_in_order
from .state import RoundState


class Outcome(IntEnum):
    """How a turn ends for its player, from least to best."""

    TURN = 0  # the turn ends, the player not down
    DOWN = 1  # the player is down at the end of the turn (opened in it, or before)
    OUT = 2  # the player goes out


def outcome(state: RoundState, player: int) -> Outcome:
    """What the turn that just ended (or the round) gave ``player``."""
    if state.over and state.winner == player:
        return Outcome.OUT
    return Outcome.DOWN if state.down[player] else Outcome.TURN


def _empties(probe: RoundState) -> bool:
    """Whether the current player holds one card and may discard it (going out)."""
    return not probe.over and len(probe.hands[probe.current]) == 1 and bool(
        probe.legal_discards())


def _goes_out(state: RoundState) -> bool:
    """Whether the current player (who has drawn) can still go out in this turn."""
    if _empties(state):
        return True
    if advise(state).goes_out:
        return True
    status = state.opening_status()
    probe = state.clone()
    if status.down:
        extras(probe, True, Counter(state.hands[state.current]))
        return _empties(probe)
    found = open_from_hand(state, going_out=True)
    if found is None:
        return False
    order = apply_in_order(probe, found)
    return order is not None and _empties(probe)


def reachable(state: RoundState) -> Outcome:
    """The best end of the current turn its player can still reach from here (drawn already;
    a turn not started yet counts as it stands)."""
    p = state.current
    if state.over:
        return outcome(state, p)
    status = state.opening_status()
    if not state.has_drawn:
        return Outcome.DOWN if status.down else Outcome.TURN
    if _goes_out(state):
        return Outcome.OUT
    if status.down or status.opens:
        return Outcome.DOWN
    advice = advise(state)
    if advice.kind in (AdviceKind.OPEN, AdviceKind.GO_OUT, AdviceKind.PICKUP):
        probe = state.clone()
        if apply_in_order(probe, advice.steps) is not None and (
                probe.opening_status().opens or probe.over):
            return Outcome.DOWN
    return Outcome.TURN


def describe(state: RoundState, steps: Sequence[Action]) -> Advice:
    """Some moves of the current player said as an advice (a guided game's hint): a draw, a
    discard, or layings (an opening when they make one)."""
    p = state.current
    status = state.opening_status()
    if not steps:
        return Advice(player=p, kind=AdviceKind.NONE)
    first = steps[0]
    if isinstance(first, Draw):
        card = None
        if first.source == "first" and state.first_pos is not None:
            card = state.talaj[state.first_pos]
        elif first.source == "top":
            card = state.top
        return Advice(player=p, kind=AdviceKind.DRAW,
                      draw=None if first.source == "stock" else first.source, taken=card)
    if isinstance(first, Discard):
        return Advice(player=p, kind=AdviceKind.DISCARD, discard=first.card,
                      cards=(first.card,))
    probe = state.clone()
    order = apply_in_order(probe, pin_copies(state, steps))
    if order is None:
        return Advice(player=p, kind=AdviceKind.NONE)
    kind = AdviceKind.LAY if any(isinstance(a, Lay) for a in order) else AdviceKind.ADD
    if not status.down and probe.opening_status().opens:
        kind = AdviceKind.OPEN
    advice = build(state, kind, order, probe, status)
    return replace(advice, kind=AdviceKind.GO_OUT) if advice.goes_out and \
        kind is AdviceKind.OPEN else advice


__all__ = ["Outcome", "describe", "outcome", "reachable"]
