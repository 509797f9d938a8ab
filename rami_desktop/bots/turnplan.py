"""The expert's turns that lay: lay now or hold back, and which card to keep after laying.

A way of playing the turn is a set of layings and a discard. The layings are hard's whole plan,
or only its opening (or, once down, only the talaj card it must lay) without the extras, or,
for a player already down who took nothing, nothing at all (holding its combinations back).
Each comes with its plan's discard and the next cards it least wants to keep after those
layings. Every way is played out on the same deals of the unseen cards (the expert's, the next
player's hand drawn by the inference) and scores:

- how soon its own next draws let the hand left go out (:func:`.lookahead.reach`, on the table
  as it will stand): 1 on the next draw, down to 0 beyond the draws looked at;
- less when the next player goes out on their next turn (taking the discard, or with their
  stock card on the table as this turn leaves it: the cards laid let them add), or half as
  much on the turn after, with a hundredth of the penalty the hand left would then pay: the
  race on hand value (the next player's hand dealt by the inference), and what holding cards
  back risks;
- less when the discard feeds the next player an opening.

Hard's way stands unless another scores better by a margin. Once down, the expert's discard on
a turn that lays nothing is weighed the same way (ways with no layings); the ceiling's cheat
(``tools/ceiling.py``) weighs its layings so too, on the real round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.actions import Discard, Draw
from ..engine.cards import Card, sort_key_rank
from ..engine.errors import RuleError
from ..engine.feeding import Feed, discard_feeds
from ..engine.going_out import going_out_actions
from ..engine.observation import Observation
from ..engine.scoring import penalty_breakdown
from ..engine.state import RoundState
from .evaluate import keep_values
from .lookahead import after_layings, goes_out_with, own_draws, reach
from .plan import Plan, Step, sorted_hand
from .planner import plan_turn
from .sandbox import sandbox
from .style import Style

#: own next draws looked at
AHEAD = 3
#: other discards weighed after hard's, for hard's layings
OTHER_DISCARDS = 2
#: cost, in draws of reach, of feeding the next player an opening, and a going-out
FEED_OPEN = 1.5
FEED_OUT = 2.5
#: the next player's draws looked at for a going-out
THEIRS = 2
#: what a point of penalty at risk costs, in draws of reach
PER_POINT = 0.01
#: how much better than hard's way another must score, a deal
MARGIN = 0.15
#: the plan's modes that give the other layings: the opening (or the talaj card) alone, nothing
FEWER: tuple[tuple[bool, bool, bool], ...] = ((True, False, False),)
NOTHING: tuple[tuple[bool, bool, bool], ...] = ((False, False, False),)


@dataclass(frozen=True)
class Way:
    """One way of playing the rest of a turn: its layings, then its discard."""

    layings: tuple[Step, ...]
    discard: Card
    opened: bool

    def plan(self, hand_after: tuple[Card, ...]) -> Plan:
        """The bot's plan of this way (``hand_after``: the sorted hand after the layings)."""
        laid = sum(len(s.cards) for s in self.layings if s.kind in ("lay", "add"))
        steps = [*self.layings, Step("discard", (self.discard,), hand_after)]
        return Plan(steps, self.opened, laid, len(hand_after) == 1)


def ways(obs: Observation, style: Style, plan: Plan, rng: random.Random, took: Card | None
         ) -> list[Way]:
    """Hard's way (``plan``) first, then the others worth weighing (no two alike)."""
    layings = tuple(plan.steps[:-1])
    out = [Way(layings, plan.steps[-1].cards[0], plan.opened)]
    out += [Way(layings, c, plan.opened)
            for c in other_discards(obs, style, layings, out[0].discard, took, rng)]
    modes = FEWER if not obs.down[obs.player] or took is not None else FEWER + NOTHING
    for mode in modes:
        fewer = plan_turn(obs, style, random.Random(rng.random()), keep=took, modes=(mode,))
        if fewer is None or fewer.out:
            continue
        way = Way(tuple(fewer.steps[:-1]), fewer.steps[-1].cards[0], fewer.opened)
        if all(w.layings != way.layings for w in out):
            out.append(way)
    return out


def other_discards(obs: Observation, style: Style, layings: Sequence[Step], chosen: Card,
                   took: Card | None, rng: random.Random) -> list[Card]:
    """After ``layings``, the legal discards (jokers never, nor the card just taken) the bot
    least wants to keep, ``chosen`` left out."""
    st = sandbox(obs)
    if not lay(st, layings, obs.player):
        return []
    hand = st.hands[obs.player]
    values = keep_values(hand, obs, style, rng, True, tuple(st.table_melds()))
    legal = {c for c in st.legal_discards() if not c.is_joker and c not in (chosen, took)}
    return sorted(legal, key=lambda c: (values.get(c, 0.0), sort_key_rank(c)))[:OTHER_DISCARDS]


def lay(state: RoundState, layings: Sequence[Step], p: int) -> bool:
    """Apply ``layings`` to ``state``; whether the rules took them all."""
    try:
        for step in layings:
            state.apply(step.action(p))
    except RuleError:
        return False
    return True


def best_way(obs: Observation, candidates: Sequence[Way], worlds: Sequence[RoundState]
             ) -> tuple[Way, tuple[Card, ...]]:
    """The way that scores best over ``worlds`` (the first, hard's, unless another beats it by
    ``MARGIN`` a deal), and the sorted hand it leaves before its discard."""
    p = obs.player
    scores = [0.0] * len(candidates)
    hands: list[tuple[Card, ...] | None] = [None] * len(candidates)
    for world in worlds:
        tables: dict[tuple[Step, ...], RoundState | None] = {}
        for i, way in enumerate(candidates):
            if way.layings not in tables:
                w = world.clone()
                tables[way.layings] = w if lay(w, way.layings, p) else None
            laid = tables[way.layings]
            if laid is None:
                scores[i] = -float("inf")
                continue
            hands[i] = sorted_hand(laid.hands[p])
            scores[i] += score(laid, way.discard, obs.down[p] or way.opened)
    best = max(range(len(candidates)), key=lambda i: scores[i])
    if best and scores[best] - scores[0] <= MARGIN * len(worlds):
        best = 0
    hand = hands[best]
    return candidates[best], hand if hand is not None else sorted_hand(obs.hand)


def score(laid: RoundState, card: Card, down: bool) -> float:
    """One way's score in one deal: ``laid`` is the deal with this turn's layings done, the
    player to move about to throw ``card`` (``down``: once it has, whether it is down)."""
    p = laid.current
    kept = list(laid.hands[p])
    kept.remove(card)
    fed = discard_feeds(laid, card)
    risk = 1.0 if fed is Feed.OUT else out_risk(laid, card)
    value = -risk * (FEED_OUT + PER_POINT * at_stake(laid, kept, down))
    if fed is Feed.OPEN:
        value -= FEED_OPEN
    ahead = after_layings(laid, card)
    k = AHEAD + 1 if ahead is None else reach(ahead, kept, own_draws(laid, AHEAD), AHEAD + 1)
    return value + (AHEAD + 1 - k) / AHEAD


def at_stake(laid: RoundState, kept: Sequence[Card], down: bool) -> int:
    """What the player to move would pay holding ``kept`` (``down`` or not) if the next
    player went out."""
    p = laid.current
    winner = (p + 1) % laid.n
    return penalty_breakdown(laid.rules, p, kept, down, winner, laid.partners[winner], False,
                             None).total


def out_risk(laid: RoundState, card: Card) -> float:
    """How near the next player is to going out once ``card`` is thrown (and left on the
    talaj): 1 on their next stock card, 1/2 on the one after, else 0."""
    k = their_out(laid, card)
    return (THEIRS + 1 - k) / THEIRS if k <= THEIRS else 0.0


def their_out(laid: RoundState, card: Card) -> int:
    """Once ``card`` is thrown, on which of their next draws from the stock (1 or 2) the next
    player goes out on the table as this turn leaves it; ``THEIRS + 1`` when on neither (or
    for a partner)."""
    probe = laid.clone()
    try:
        probe.apply(Discard(laid.current, card))
        if probe.over or probe.partners[laid.current] == probe.current:
            return THEIRS + 1
        probe.apply(Draw(probe.current, "stock"))
    except (RuleError, IndexError):
        return THEIRS + 1
    if going_out_actions(probe) is not None:
        return 1
    later = own_draws(probe, THEIRS)[:THEIRS - 1]
    hand = list(probe.hands[probe.current])
    if later and goes_out_with(probe, [*hand, *later], 1):
        return 2
    return THEIRS + 1
