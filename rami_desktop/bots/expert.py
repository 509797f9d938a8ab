"""The expert: hard's plan, with its discards and its turns that lay weighed again.

The ideas of issue #39 built in (docs/dev/bots.md, "The expert"):

- **before its opening**, among hard's three best discards by keep value, it throws the one
  whose kept hand most likely reaches its target (the opening at the bar, or going out at once)
  on one of its **next two draws**: every pair of unseen cards weighed by its copies
  (:mod:`.twodraw`, the engine's solver), less the chance that the card **feeds** the next
  player an opening (0.5) or a going-out (1.0) over 6 deals of the unseen cards, and, where the
  penalty is the hand's value, less the **race**: how near the next player is to going out in
  those deals times what the hand left would pay;
- those deals draw the next player's hand by an **inference** from what they took, passed and
  threw (:mod:`.infer`), in place of a fixed weight on unlikely deals;
- **a turn that lays** (:mod:`.turnplan`): hard's layings, fewer, or once down none (holding
  back), each with the cards it least wants to keep after them, played out over the deals;
- **once down**, on a turn that lays nothing, hard's discard and the next two hard would throw
  (jokers never) are scored the same way: how soon its own next draws (3 looked at) let it go
  out, less the next player going out on their next two turns (with the penalty at stake) and
  an opening fed; another card than hard's only when it scores better by a margin.

It sees only its observation; its deals come from its own seeded generator, so the same
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
from ..engine.rules import Penalty
from ..engine.solver import least_penalty
from ..engine.state import RoundState
from .evaluate import keep_values, unseen_pool
from .infer import deal_weighted
from .outs import target_requests
from .plan import Plan, Step
from .player import RuleBot
from .sandbox import sandbox
from .style import EXPERT
from .turnplan import FEED_OUT, PER_POINT, Way, at_stake, best_way, out_risk, ways
from .twodraw import two_draw_chances

#: deals of the unseen cards each discard is weighed in
WORLDS = 6
#: discards weighed once down: hard's and the next ones in hard's order
SHORTLIST = 3
#: before the opening: hard's best discards weighed over two draws
SHORT_OUTS = 3
#: before the opening: the cost of feeding the next player an opening, and a going-out, in
#: chances of reaching the target
OPEN_COST = 0.5
OUT_COST = 1.0
#: a difference of chances within rounding is a tie (hard's choice stands)
EPS = 1e-9


class ExpertBot(RuleBot):
    """Hard's plan; the discard of a turn that lays nothing weighed over two draws before the
    opening, over determinised deals once down; a turn that lays weighed whole."""

    def __init__(self) -> None:
        super().__init__(EXPERT)

    def _make_plan(self, obs: Observation, rng: random.Random) -> Plan | None:
        plan = super()._make_plan(obs, rng)
        if plan is None or plan.out:
            return plan
        if len(plan.steps) > 1:
            return self.whole_turn(obs, plan, rng)
        step = plan.steps[0]
        if not obs.down[obs.player]:
            card = self.outs_discard(obs, step.hand_before, step.cards[0], rng)
        else:
            card = self.discard(obs, step.hand_before, step.cards[0], rng)
        if card == step.cards[0]:
            return plan
        return Plan([Step("discard", (card,), step.hand_before)], False, 0, False)

    def whole_turn(self, obs: Observation, plan: Plan, rng: random.Random) -> Plan:
        """A turn that lays: hard's layings or fewer (once down, none), and the card kept
        after them, weighed over the deals (:mod:`.turnplan`)."""
        candidates = ways(obs, self.style, plan, rng, self._took)
        if len(candidates) == 1:
            return plan
        way, hand_after = best_way(obs, candidates, deals(obs, rng))
        if way == candidates[0]:
            return plan
        return way.plan(hand_after)

    def outs_discard(self, obs: Observation, hand: tuple[Card, ...], hard_choice: Card,
                     rng: random.Random) -> Card:
        """Before the opening: among hard's shortlist (its best discards by keep value), the
        one whose kept hand most likely reaches its target within two draws, less its chance
        of feeding the next player (hard's own choice on a tie)."""
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
        worlds = deals(obs, rng)
        for c in shortlist:
            for world in worlds:
                fed = discard_feeds(world, c)
                if fed is not None:
                    chances[c] -= (OUT_COST if fed is Feed.OUT else OPEN_COST) / len(worlds)
        if obs.rules.penalty is Penalty.HAND_VALUE:
            self.weigh_race(chances, hand, hard_choice, worlds)
        best = max(shortlist, key=lambda c: chances[c])
        if chances[best] > chances[hard_choice] + EPS:
            return best
        return hard_choice

    def weigh_race(self, chances: dict[Card, float], hand: Sequence[Card], hard_choice: Card,
                   worlds: Sequence[RoundState]) -> None:
        """Before the opening, where the penalty is the hand's value: :func:`race` (a method,
        so that ``tools/expert_changes.py`` can count what it changes)."""
        race(chances, hand, hard_choice, worlds)

    def discard(self, obs: Observation, hand: tuple[Card, ...], hard_choice: Card,
                rng: random.Random) -> Card:
        """Once down: the expert's discard from ``hand`` (nothing laid this turn), hard's
        being ``hard_choice``: scored over the deals as a turn that lays is
        (:func:`.turnplan.best_way`)."""
        legal = set(sandbox(obs).legal_discards())
        values = keep_values(hand, obs, self.style, rng, obs.down[obs.player])
        others = sorted((c for c in legal - {hard_choice, self._took} if not c.is_joker),
                        key=lambda c: (values.get(c, 0.0), c))
        candidates = [Way((), c, False) for c in (hard_choice, *others[:SHORTLIST - 1])]
        if len(candidates) == 1:
            return hard_choice
        return best_way(obs, candidates, deals(obs, rng))[0].discard


def race(chances: dict[Card, float], hand: Sequence[Card], hard_choice: Card,
         worlds: Sequence[RoundState]) -> None:
    """The race on hand value, before the opening: how near the next player is to going out
    over ``worlds`` (:func:`.turnplan.out_risk`), times the penalty each discard would leave
    in the hand, taken off its chance (at the rate a going-out fed costs against one at
    stake in a turn's score)."""
    risk = sum(out_risk(world, hard_choice) for world in worlds) / len(worlds)
    if not risk:
        return
    for c in chances:
        kept = list(hand)
        kept.remove(c)
        chances[c] -= OUT_COST / FEED_OUT * risk * PER_POINT * at_stake(worlds[0], kept, False)


def deals(obs: Observation, rng: random.Random) -> list[RoundState]:
    """``WORLDS`` determinised rounds of what ``obs`` shows, the next player's hand in each
    drawn by the inference of :mod:`.infer`."""
    seed = rng.getrandbits(32)
    out = []
    for k in range(WORLDS):
        world = RoundState.from_observation(obs, random.Random(f"{seed}/{k}"))
        out.append(deal_weighted(obs, world, random.Random(f"{seed}/{k}/next")))
    return out
