"""The expert: hard's plan, with its discard weighed over determinised deals of the unseen
cards.

When its turn lays nothing, the expert takes hard's discard and the next few cards hard would
throw (jokers never), and plays each of them out in ``worlds`` deals of the cards it cannot see
(the engine's :meth:`~rami_desktop.engine.state.RoundState.from_observation`, which puts the
cards a player was seen taking in that player's hand):

- its **outs several draws ahead**: in each deal, after how many of its own next draws (the
  others drawing from the stock between) its hand reaches its target, the opening at the bar
  or, once down, going out (:mod:`.lookahead`, the engine's solver and ``going_out_actions``);
  a sooner reach scores more, so each draw counts as often as the deals make it come;
- the **next player modelled** from what they did: a deal that gives the next player a hand
  with which a card they left on the talaj would have made a combination, although they took
  none, is unlikely and counts for less;
- the **feed risk**: in each deal, whether the discard would let the next player take it and
  open or go out (the engine's :func:`~rami_desktop.engine.feeding.discard_feeds`).

The card with the best expectation is thrown; hard's own choice unless another is better by a
margin. It sees only its observation; its deals come from its own seeded generator, so the same
observation and seed give the same action. (Weighing a free talaj card the same way, in simple,
made it worse: 45.8% against hard over 400 rounds; it draws as hard does.)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ..engine.cards import Card, sort_key_rank
from ..engine.feeding import Feed, discard_feeds
from ..engine.observation import Observation
from ..engine.openings import opening_terms
from ..engine.solver import least_penalty
from ..engine.state import RoundState
from .evaluate import keep_values, unseen_pool
from .infer import deal_weighted
from .lookahead import own_draws, reach
from .outs import target_requests
from .plan import Plan, Step, forms_meld
from .player import RuleBot
from .sandbox import sandbox
from .style import EXPERT
from .twodraw import two_draw_chances

#: deals of the unseen cards each discard is weighed in
WORLDS = 6
#: own next draws looked at
AHEAD = 3
#: discards weighed: hard's and the next ones in hard's order
SHORTLIST = 3
#: cost of letting the next player open, and go out, with the discard (in draws of reach)
FEED_OPEN = 1.5
FEED_OUT = 2.5
#: weight of a deal that the next player's passes make unlikely
UNLIKELY = 0.3
#: how much better than hard's choice another discard must score
MARGIN = 0.15
#: the last passes of the next player the model looks at
PASSES = 3
#: before its opening, choose among hard's shortlist by the chance over two draws
TWO_DRAWS = True
#: how much more likely another discard must reach the target than hard's
EPS = 1e-9
#: hard's best discards weighed over two draws
SHORT_OUTS = 3
#: before its opening, count too the feeds of each discard, in chances of reaching the target
FEEDS = True
OPEN_COST = 0.5
OUT_COST = 1.0
#: the next player's hand dealt by the inference (:mod:`.infer`), not the fixed weight
INFER = True


class ExpertBot(RuleBot):
    """Hard's plan; the discard of a turn that lays nothing weighed over determinised deals."""

    def __init__(self) -> None:
        super().__init__(EXPERT)

    def _make_plan(self, obs: Observation, rng: random.Random) -> Plan | None:
        plan = super()._make_plan(obs, rng)
        if plan is None or plan.opened or plan.out or len(plan.steps) != 1:
            return plan
        step = plan.steps[0]
        if TWO_DRAWS and not obs.down[obs.player]:
            card = self.outs_discard(obs, step.hand_before, step.cards[0], rng)
        else:
            card = self.discard(obs, step.hand_before, step.cards[0], rng)
        if card == step.cards[0]:
            return plan
        return Plan([Step("discard", (card,), step.hand_before)], False, 0, False)

    def outs_discard(self, obs: Observation, hand: tuple[Card, ...], hard_choice: Card,
                     rng: random.Random) -> Card:
        """Among hard's shortlist (its best discards by keep value), the one whose kept hand
        most likely reaches its target within two draws (hard's own choice on a tie)."""
        st = sandbox(obs)
        legal = set(st.legal_discards())
        values = keep_values(hand, obs, self.style, rng, False)
        ranked = sorted((c for c in legal if not c.is_joker and c != self._took),
                        key=lambda c: (values.get(c, 0.0), sort_key_rank(c)))
        shortlist = ranked[:SHORT_OUTS]
        if hard_choice not in shortlist or len(shortlist) < 2:
            return hard_choice
        pool = Counter(unseen_pool(obs, hand))
        loose = least_penalty(list(hand), obs.rules, keep=1).rest
        chances = two_draw_chances(hand, shortlist, target_requests(st, self.style), pool,
                                   loose)
        if FEEDS:
            worlds = deals(obs, rng)
            for c in shortlist:
                for world, _ in worlds:
                    fed = discard_feeds(world, c)
                    if fed is not None:
                        chances[c] -= (OUT_COST if fed is Feed.OUT else OPEN_COST) / len(worlds)
        best = max(shortlist, key=lambda c: chances[c])
        if chances[best] > chances[hard_choice] + EPS:
            return best
        return hard_choice

    def discard(self, obs: Observation, hand: tuple[Card, ...], hard_choice: Card,
                rng: random.Random) -> Card:
        """The expert's discard from ``hand`` (nothing laid this turn), hard's being
        ``hard_choice``."""
        legal = set(sandbox(obs).legal_discards())
        values = keep_values(hand, obs, self.style, rng, obs.down[obs.player])
        others = sorted((c for c in legal - {hard_choice, self._took} if not c.is_joker),
                        key=lambda c: (values.get(c, 0.0), c))
        candidates = [hard_choice, *others[:SHORTLIST - 1]]
        if len(candidates) == 1:
            return hard_choice
        scores = {c: 0.0 for c in candidates}
        total = 0.0
        for world, weight in deals(obs, rng):
            total += weight
            for c, score in score_discards(world, hand, candidates).items():
                scores[c] += weight * score
        if total <= 0:
            return hard_choice
        best = max(candidates, key=lambda c: scores[c])
        if scores[best] - scores[hard_choice] > MARGIN * total:
            return best
        return hard_choice


def score_discards(world: RoundState, hand: Sequence[Card], candidates: Sequence[Card]
                   ) -> dict[Card, float]:
    """In one deal (the player to move has drawn ``hand``), each discard's score: how soon its
    next draws reach the target (1 on the next draw, down to 0 beyond ``AHEAD``), less the cost
    of feeding the next player."""
    draws = own_draws(world, AHEAD)
    requests = None if world.down[world.current] else [
        req for _, req in opening_terms(world).unstaged().requests()]
    out = {}
    for c in candidates:
        kept = list(hand)
        kept.remove(c)
        k = reach(world, kept, draws, AHEAD + 1, requests)
        score = (AHEAD + 1 - k) / AHEAD
        fed = discard_feeds(world, c)
        if fed is Feed.OUT:
            score -= FEED_OUT
        elif fed is Feed.OPEN:
            score -= FEED_OPEN
        out[c] = score
    return out


def deals(obs: Observation, rng: random.Random) -> list[tuple[RoundState, float]]:
    """``WORLDS`` determinised rounds of what ``obs`` shows, each with its weight under the
    model of the next player (:func:`passes_unlikely`)."""
    seed = rng.getrandbits(32)
    out = []
    for k in range(WORLDS):
        world = RoundState.from_observation(obs, random.Random(f"{seed}/{k}"))
        if INFER:
            out.append((deal_weighted(obs, world, random.Random(f"{seed}/{k}/next")), 1.0))
        else:
            out.append((world, UNLIKELY if passes_unlikely(obs, world) else 1.0))
    return out


def passes_unlikely(obs: Observation, world: RoundState) -> bool:
    """Whether the next player's hand in ``world`` would have made a combination with one of
    the last cards they left on the talaj (their latest passes), which they did not take."""
    q = (obs.player + 1) % obs.n
    if obs.partners[obs.player] == q:
        return False
    taken = set(obs.taken)
    passed = [card for who, card in obs.discards if (who + 1) % obs.n == q
              and (q, card) not in taken and not card.is_joker][-PASSES:]
    hand = world.hands[q]
    return any(forms_meld(card, hand) for card in passed)
