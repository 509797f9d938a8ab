"""A hand's *outs*: the unseen cards (each copy still to come counted) with which the next draw
reaches the bot's target. Hard keeps, among its best discards, the hand with the most outs."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..engine.cards import Card
from ..engine.observation import Observation
from ..engine.openings import Route, opening_terms
from ..engine.rules import Rules
from ..engine.solver import OpeningRequest, discard_outs, least_penalty
from ..engine.state import RoundState
from .evaluate import extenders, unseen_pool
from .plan import near
from .style import Style


def target_requests(st: RoundState, style: Style) -> list[OpeningRequest]:
    """What a hand not down races towards (:mod:`~rami_desktop.engine.openings`): the opening
    at the bar (or the partner's série), and going out at once when that needs fewer points
    (with ``style.outs_going_out``); in simple, going out."""
    terms = opening_terms(st).unstaged()
    targets: list[OpeningRequest] = []
    for route, req in terms.requests():
        if route is Route.GOING_OUT and st.rules.lay_before_out and not (
                style.outs_going_out and terms.out_points < terms.bar):
            continue
        targets.append(req)
    return targets


def opening_outs_count(obs: Observation, st: RoundState, style: Style, hand: Sequence[Card],
                       candidates: Sequence[Card]) -> dict[Card, int]:
    """For each discard of ``candidates`` (jokers left out), the unseen copies that would make
    a target (:func:`target_requests`) on the next draw."""
    pool = Counter(unseen_pool(obs, hand))
    real = [c for c in candidates if not c.is_joker]
    outs: dict[Card | None, set[Card]] = {c: set() for c in real}
    for req in target_requests(st, style):
        for c, cards in discard_outs(list(hand), real, req, pool).items():
            outs[c] |= cards
    return {c: sum(pool[x] for x in outs[c]) for c in real}


def down_outs(obs: Observation, st: RoundState, hand: Sequence[Card],
              candidates: Sequence[Card]) -> dict[Card, int]:
    """Once down: for each discard of ``candidates`` (jokers left out), the unseen copies with
    which the next turn could lay everything but one card (new combinations, and cards that
    extend the table's)."""
    pool = Counter(unseen_pool(obs, hand))
    ext = extenders(st.table_melds())
    kinds = [x for x in pool if x.is_joker or x in ext or any(
        not h.is_joker and (h.rank == x.rank or (h.suit == x.suit and near(h, x)))
        for h in hand)]
    out: dict[Card, int] = {}
    for c in candidates:
        if c.is_joker:
            continue
        rest = list(hand)
        rest.remove(c)
        out[c] = sum(pool[x] for x in kinds if lays_all_but_one([*rest, x], ext, st.rules))
    return out


def lays_all_but_one(cards: list[Card], ext: set[Card], rules: Rules) -> bool:
    """Whether a down player could lay all these cards but one (an estimate: cards that extend
    the table are added first, then the rest must form combinations)."""
    left = [c for c in cards if c not in ext]
    if len(left) <= 1:
        return True
    arrangement = least_penalty(left, rules, keep=1)
    return len(arrangement.rest) <= 1
