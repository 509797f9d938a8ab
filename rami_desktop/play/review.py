"""A review of a finished round for the players at the screen: what cost them, found by
replaying the round's log through the engine.

- a discard that **fed the next player**: they took it from the talaj and opened with it, or
  went out (the engine's :func:`~rami_desktop.engine.feeding.feed`);
- a turn where the player **could have gone out** and did not: through a talaj card before the
  draw (:func:`~rami_desktop.engine.going_out.going_out_draw`) or after it
  (:func:`~rami_desktop.engine.going_out.going_out_actions`), with the way;
- **jokers held at the end**, and what they cost (the engine's penalty breakdown).

Findings are data (the screens word them). The session computes them once a round is over, on
the bot worker thread (:meth:`~rami_desktop.play.session.Session.review`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Sequence

from rami_desktop.engine.actions import Action, Add, Discard, Draw, Lay
from rami_desktop.engine.cards import Card
from rami_desktop.engine.feeding import Feed, feed
from rami_desktop.engine.going_out import going_out_actions, going_out_draw
from rami_desktop.engine.state import RoundState

from .findings import Finding, FindingKind, GoingOut


def review_of(state: RoundState, players: Collection[int]) -> Callable[[], tuple[Finding, ...]]:
    """The review of a round (over) for the round players ``players``, as a job: what it
    needs (the round's deal and log, as its save holds them) is taken now, so that the job may
    run on another thread while the match goes on."""
    data = state.to_dict()
    log = tuple(state.log)
    chosen = frozenset(players)
    return lambda: review_round(RoundState.from_dict({**data, "log": []}), log, chosen)


def review_round(state: RoundState, log: Sequence[Action], players: Collection[int]
                 ) -> tuple[Finding, ...]:
    """What a round shows for the round players ``players``, in the order it happened.

    Args:
        state: the round as dealt (played through here).
        log: the round's actions, in order.
        players: the round players reviewed.
    """
    out: list[Finding] = []
    missed: GoingOut | None = None
    started = -1  # the last turn whose start was looked at
    for k, action in enumerate(log):
        p = state.current
        mine = p in players and action.player == p
        if mine and state.turn != started:
            started = state.turn
            if state.has_drawn and not state.turn_view().ops:  # a turn that starts drawn
                missed = _way(going_out_actions(state), None)
        if mine and not state.has_drawn and isinstance(action, Draw) and missed is None:
            draw = going_out_draw(state)
            if draw is not None:
                probe = state.clone()
                probe.apply(draw)
                taken = Counter(probe.hands[p]) - Counter(state.hands[p])
                missed = _way(going_out_actions(probe), next(iter(taken), None))
        turn = state.turn
        state.apply(action)
        if mine and isinstance(action, Draw) and missed is None:
            missed = _way(going_out_actions(state), None)
        if not (mine and (isinstance(action, Discard) or state.over)):
            continue
        if missed is not None and state.winner != p:
            out.append(Finding(FindingKind.MISSED_OUT, p, turn + 1, way=missed))
        missed = None
        if isinstance(action, Discard) and not state.over:
            fed = _fed(state, p, action.card, log[k + 1:])
            if fed is not None:
                out.append(Finding(fed, p, turn + 1, card=action.card))
    out.extend(_jokers_held(state, players))
    return tuple(out)


def _way(actions: Sequence[Action] | None, take: Card | None) -> GoingOut | None:
    if actions is None:
        return None
    lays = tuple(a.cards for a in actions if isinstance(a, Lay))
    adds = tuple(a.cards for a in actions if isinstance(a, Add))
    return GoingOut(take, lays, adds)


def _fed(state: RoundState, p: int, card: Card, after: Sequence[Action]) -> FindingKind | None:
    """Whether the next player (not ``p``'s partner) took ``p``'s discard ``card`` and opened
    or went out with it."""
    q = state.current
    if state.partners[p] == q:
        return None
    if not after or after[0] != Draw(q, "top"):
        return None
    kind = feed(state, card)
    if kind is Feed.OPEN:
        return FindingKind.FED_OPEN
    if kind is Feed.OUT and _goes_out_in_turn(state, q, after):
        return FindingKind.FED_OUT
    return None


def _goes_out_in_turn(state: RoundState, q: int, after: Sequence[Action]) -> bool:
    probe = state.clone()
    for action in after:
        if probe.over or probe.current != q:
            break
        probe.apply(action)
    return probe.over and probe.winner == q


def _jokers_held(state: RoundState, players: Collection[int]) -> list[Finding]:
    out = []
    for p in sorted(players):
        if not state.over or state.winner is None:
            break
        b = state.penalty_breakdown(p)
        count = sum(1 for v in b.cards if v.card.is_joker)
        if count:
            out.append(Finding(FindingKind.JOKERS_HELD, p, count=count, points=b.joker_points))
    return out


__all__ = ["review_of", "review_round"]
