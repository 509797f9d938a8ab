"""Looking several draws ahead on a round whose stock is known: a determinised world of the
expert (:mod:`.expert`), or the real round of the ceiling's cheat (``tools/ceiling.py``).

The player to move has drawn; it is assumed to draw from the stock on each of its next turns
and so does everyone else, so its next draws are every ``n``-th card of the stock.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from ..engine.actions import Discard, Draw
from ..engine.cards import Card
from ..engine.errors import RuleError
from ..engine.going_out import going_out_actions
from ..engine.openings import opening_terms
from ..engine.solver import OpeningRequest, find_opening, least_penalty
from ..engine.state import RoundState
from .evaluate import extenders


def own_draws(world: RoundState, ahead: int) -> list[Card]:
    """The next ``ahead`` stock cards of the player to move (drawn this turn), the others
    drawing from the stock between."""
    n = world.n
    stock = world.stock
    return [stock[-k] for k in range(n, n * ahead + 1, n) if k <= len(stock)]


def reach(world: RoundState, kept: Sequence[Card], draws: Sequence[Card], bound: int,
          requests: Sequence[OpeningRequest] | None = None) -> int:
    """The first k below ``bound`` such that ``kept`` and the first k of ``draws`` reach the
    target of the player to move (an opening at the bar; once down, going out), else ``bound``.

    Args:
        world: the round (the player to move has drawn).
        kept: the hand after this turn's discard.
        draws: the player's next draws.
        bound: the answer when none is soon enough (draws beyond it are not looked at).
        requests: the openings that count (default: those of the round now).
    """
    p = world.current
    down = world.down[p]
    if not down and requests is None:
        requests = [req for _, req in opening_terms(world).unstaged().requests()]
    for k in range(1, min(bound, len(draws) + 1)):
        cards = [*kept, *draws[:k]]
        if down:
            reached = goes_out_with(world, cards, k - 1)
        else:
            reached = any(find_opening(cards, req) is not None for req in requests or ())
        if reached:
            return k
    return bound


def goes_out_with(world: RoundState, cards: Sequence[Card], thrown: int) -> bool:
    """Whether the player to move, down, goes out with ``cards`` in hand after a draw,
    ``thrown`` of them discarded on the turns between.

    The cards thrown are taken among those the hand cannot lay (left over by the engine's
    least-penalty arrangement, the table's extenders set aside or not); each hand that leaves
    is asked of the engine's ``going_out_actions``.
    """
    if not thrown:
        return out_with(world, list(cards))
    ext = extenders(world.table_melds())
    tried: set[tuple[Card, ...]] = set()
    for aside in (ext, set()):
        rest = list(least_penalty([c for c in cards if c not in aside], world.rules,
                                  keep=1).rest)
        if len(rest) > thrown + 1:
            continue
        if len(rest) < thrown:  # more turns than loose cards: throw laid ones too, any
            spare = [c for c in cards if c not in rest]
            rest = rest + spare[:thrown - len(rest)]
        for drop in itertools.combinations(range(len(rest)), thrown):
            hand = list(cards)
            for i in drop:
                hand.remove(rest[i])
            key = tuple(sorted(hand))
            if key not in tried:
                tried.add(key)
                if out_with(world, hand):
                    return True
    return False


def out_with(world: RoundState, hand: list[Card]) -> bool:
    """Whether the player to move goes out this turn holding ``hand`` (after its draw)."""
    probe = world.clone()
    probe.hands[world.current] = hand
    return going_out_actions(probe) is not None


def after_layings(state: RoundState, card: Card) -> RoundState | None:
    """A copy of the round where this turn's layings are done with: ``card`` thrown, the next
    players drawing from the stock and throwing, and the player to move drawn again (its hand
    is replaced by the look-ahead; what matters is the table, and being down after an
    opening). None if the round would end before."""
    p = state.current
    probe = state.clone()
    try:
        probe.apply(Discard(p, card))
        while not probe.over and probe.current != p:
            q = probe.current
            probe.apply(Draw(q, "stock"))
            probe.apply(Discard(q, probe.legal_discards()[0]))
        if probe.over:
            return None
        probe.apply(Draw(p, "stock"))
    except (RuleError, IndexError):
        return None
    return probe
