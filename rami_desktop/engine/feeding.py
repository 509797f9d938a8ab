"""Feeding: what a discard gives the next player, who may take it from the talaj.

A discard *feeds an opening* when the next player, not yet down, may take it (a card taken must
be laid, so the taking opens) and could not open without it; it *feeds a going-out* when, with
it taken, the next player goes out at once (:func:`~.going_out.going_out_actions`). The blunder
counter (``tools/blunders.py``), the round review (``play/review/round_review.py``) and the
bots that look ahead all ask here. A partner is never fed.
"""

from __future__ import annotations

from enum import Enum

from .actions import Discard, Draw
from .cards import Card
from .errors import RuleError
from .going_out import going_out_actions
from .openings import opening_terms
from .solver.search import find_opening
from .state import RoundState


class Feed(str, Enum):
    """What a talaj card gives the player who takes it."""

    OPEN = "feed_open"
    OUT = "feed_out"


def opens_alone(state: RoundState) -> bool:
    """Whether the hand of the player to move could already open at the bar (a card kept)."""
    terms = opening_terms(state).unstaged()
    return any(find_opening(state.hands[state.current], req) is not None
               for _, req in terms.requests(going_out=False))


def feed(state: RoundState, card: Card) -> Feed | None:
    """What the talaj top ``card`` would give the player to move (looked at on a copy)."""
    q = state.current
    probe = state.clone()
    if probe.check(Draw(q, "top")) is not None:
        return None
    probe.apply(Draw(q, "top"))
    if going_out_actions(probe) is not None:
        return Feed.OUT
    if (state.rules.top_card_must_lay and not state.down[q] and state.rules.lay_before_out
            and not opens_alone(state)):
        return Feed.OPEN
    return None


def discard_feeds(state: RoundState, card: Card) -> Feed | None:
    """What discarding ``card`` now (the current player's turn, drawn) would give the next
    player (None too for a partner, or a discard that ends the round). A discard the rules
    refuse counts as a going-out fed (it is never to be chosen)."""
    p = state.current
    probe = state.clone()
    try:
        probe.apply(Discard(p, card))
    except RuleError:
        return Feed.OUT
    if probe.over or probe.partners[p] == probe.current:
        return None
    return feed(probe, card)
