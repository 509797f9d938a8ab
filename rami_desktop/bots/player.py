"""The bots of the three levels: one engine of decisions, tuned by a :class:`Style`.

Every level plans its turn on a sandbox of the round (:mod:`.sandbox`, :mod:`.planner`): the
opening found by the exact solver (the going-out one first), then, once the rules allow it,
new combinations, additions and joker swaps, always keeping a card for the discard; the discard
is the card it least wants to keep (:mod:`.evaluate`).

- easy: keeps whole combinations and not much else, throws its high loose cards, with some
  randomness and now and then a careless discard; spots a talaj top card that would open only
  half the time; never takes jokers back nor the first card.
- medium: also values pairs and near cards of a suit and cards that extend the table, takes the
  top card whenever it can lay it, the first card when it fits, and jokers back; now and then
  throws a loose card without weighing it.
- hard: medium without the jitter and the careless discards, plus it counts the cards still
  unseen (its hand, the table, the talaj, cards others took) and, among its best discards,
  keeps the hand with the most *outs* (unseen cards that would open, go out at once, or once
  down lay everything but one, on the next draw); in talaj it keeps high cards before its
  opening (they make the points); it values cards one card away from a série on the table,
  avoids discards that feed the next players (cards they can lay once down, near cards they
  took, high cards while they need an opening; cards they passed are safe) and, when an
  opponent down is near going out in a hand-value preset, gets rid of its high cards first.
"""

from __future__ import annotations

import random

from ..engine.actions import Action, Discard, Draw, Undo
from ..engine.cards import Card
from ..engine.deal import qualifies_for_redeal
from ..engine.errors import ErrorCode
from ..engine.observation import Observation
from ..engine.rules import Penalty
from ..engine.solver import least_penalty, opening_distance
from .evaluate import IN_MELD, keep_values
from .finish import going_out_source, plan_going_out
from .plan import Plan, Step, could_lay, sorted_hand
from .planner import plan_turn
from .sandbox import sandbox
from .style import Style

FREE_TAKE = 30.0


class RuleBot:
    """A bot of one level. Keeps its plan for the current turn between calls."""

    def __init__(self, style: Style) -> None:
        self.style = style
        self.level = style.level
        self._plan: Plan | None = None
        self._key: tuple[object, ...] | None = None
        self._next = 0
        self._applied = 0
        self._refusals = 0
        self._took: Card | None = None

    # ---- the protocol --------------------------------------------------------------------------

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """Return the next action of this bot's turn."""
        if not obs.my_turn:
            raise ValueError("not this bot's turn")
        # the turn's identity (dealer and scores tell a match's rounds apart)
        key = (obs.turn, obs.player, obs.dealer, obs.scores)
        if key != self._key:
            self._key = key
            self._plan = None
            self._next = 0
            self._applied = 0
            self._refusals = 0
            self._took = None
        if not obs.has_drawn:
            return self._draw(obs, rng)
        step = self._step(obs)
        if step is None:
            if self._applied > 0:
                self._applied -= 1
                return Undo(obs.player)
            self._plan = self._make_plan(obs, rng)
            self._next = 0
            step = self._step(obs)
            if step is None:  # after a refusal (no plan), or no legal plan: play safe
                return Discard(obs.player, self._safe_discard(obs))
        action = self._resolve(step, obs)
        self._next += 1
        if not isinstance(action, Discard):
            self._applied += 1
        return action

    def refused(self, action: Action, code: ErrorCode) -> None:
        """Hear that the last action was refused: drop the plan and play safe."""
        self._refusals += 1
        self._plan = None
        if not isinstance(action, (Draw, Discard, Undo)) and self._applied:
            self._applied -= 1

    def wants_redeal(self, obs: Observation, rng: random.Random) -> bool:
        """Whether to ask for a new deal (rami-talaj, a qualifying hand, before play)."""
        hand = obs.hand
        if not qualifies_for_redeal(hand):
            return False
        jokers = sum(1 for c in hand if c.is_joker)
        if jokers >= 3:
            return False
        r = obs.rules
        dist = opening_distance(hand, obs.bar, need_tria_and_serie=r.need_tria_and_serie,
                                max_jokers=r.jokers_per_meld, ace_value=r.ace_value)
        return dist >= self.style.redeal_distance + jokers

    # ---- drawing -------------------------------------------------------------------------------

    def _draw(self, obs: Observation, rng: random.Random) -> Action:
        p = obs.player
        r = obs.rules

        def legal(source: str) -> bool:  # the sandbox is built only when a draw is weighed
            return sandbox(obs).check(Draw(p, source)) is None

        if self._refusals:
            return Draw(p, "stock")
        if self.style.go_out:
            source = going_out_source(obs)
            if source is not None:
                return Draw(p, source)
        if r.top_card_must_lay and obs.top is not None and could_lay(obs.top, obs):
            # planning on the sandbox applies the real pickup check: None if refused
            plan = plan_turn(obs, self.style, random.Random(rng.random()), top=True,
                             quick=True)
            if plan is not None and self._worth_top(obs, plan, rng):
                return Draw(p, "top")
        for source in ("first", "top"):
            if source == "top" and r.top_card_must_lay:
                continue
            if source == "first" and (not self.style.first_card or obs.first_card is None):
                continue
            card = obs.first_card if source == "first" else obs.top
            if card is not None and legal(source) and self._wants_card(obs, card, rng):
                self._took = card
                return Draw(p, source)
        return Draw(p, "stock")

    def _worth_top(self, obs: Observation, plan: Plan, rng: random.Random) -> bool:
        if plan.out or plan.opened:
            return self.style.notice >= 1.0 or rng.random() < self.style.notice
        if not obs.down[obs.player]:
            return False
        if not self.style.pickups:
            return rng.random() < 0.5
        return True

    def _wants_card(self, obs: Observation, card: Card, rng: random.Random) -> bool:
        """Whether a card free to take into the hand is worth more than a stock card."""
        hand = [*obs.hand, card]
        if card.is_joker:
            return True
        if not self.style.links:
            arrangement = least_penalty(hand, obs.rules, keep=1)
            return any(card in m.cards for m in arrangement.melds)
        values = keep_values(hand, obs, self.style, rng, obs.down[obs.player])
        v = values.get(card, 0.0)
        if not obs.rules.top_card_must_lay and v < IN_MELD / 2:
            return False  # a free top card: only when it completes a combination
        if obs.rules.penalty is Penalty.HAND_VALUE and v < IN_MELD / 2:
            return False
        return v >= FREE_TAKE and v > min(values.values())

    # ---- playing the plan ----------------------------------------------------------------------

    def _make_plan(self, obs: Observation, rng: random.Random) -> Plan | None:
        if self._refusals:
            return None
        if self.style.go_out:
            plan = plan_going_out(obs, self.style, rng)
            if plan is not None:
                return plan
        return plan_turn(obs, self.style, rng, keep=self._took)

    def _step(self, obs: Observation) -> Step | None:
        plan = self._plan
        if plan is None or self._next >= len(plan.steps):
            return None
        step = plan.steps[self._next]
        if sorted_hand(obs.hand) != step.hand_before:
            self._plan = None
            return None
        return step

    def _resolve(self, step: Step, obs: Observation) -> Action:
        index = self._find_meld(step, obs) if step.kind in ("add", "swap") else None
        return step.action(obs.player, index)

    @staticmethod
    def _find_meld(step: Step, obs: Observation) -> int:
        views = [v for v in obs.melds if v.meld.cards == step.target]
        for v in views:
            if v.index == step.index:
                return v.index
        for v in views:
            if v.staged == step.target_staged:
                return v.index
        return views[0].index if views else step.index

    def _safe_discard(self, obs: Observation) -> Card:
        """The legal discard the bot least wants to keep (the hand's last card if none is)."""
        st = sandbox(obs)
        legal = st.legal_discards()
        if legal:
            values = keep_values(obs.hand, obs, self.style, random.Random(0),
                                 obs.down[obs.player])
            return min(legal, key=lambda c: values.get(c, 0.0))
        return obs.hand[-1]
