"""A bot's turn, planned in one go on a sandbox of the round and then played step by step.

Every step is tried on :func:`~rami_desktop.bots.sandbox.sandbox` first, through the real rules,
so a plan the bot plays is legal by construction: the opening, then (when the rules allow it)
joker swaps, new combinations and additions, then the discard.
"""

from __future__ import annotations

import random

from ..engine.actions import Action, Add, Discard, Draw, Lay, Swap
from ..engine.cards import Card, sort_key_rank
from ..engine.errors import RuleError
from ..engine.melds import Meld, extend, swap
from ..engine.observation import Observation
from ..engine.openings import clean_card, laying_request, opening_terms
from ..engine.rules import TriaSwap
from ..engine.solver import (
    Opening,
    OpeningRequest,
    find_opening,
    least_penalty,
)
from ..engine.solver.core import HandIndex, split_hand
from ..engine.solver.search import finish_opening
from ..engine.state import RoundState
from .evaluate import IN_MELD, keep_values
from .outs import down_outs, opening_outs_count
from .plan import Memo, Plan, Step, sorted_hand
from .sandbox import sandbox
from .style import Style


class _Planner:
    def __init__(self, obs: Observation, style: Style, rng: random.Random, st: RoundState,
                 quick: bool = False, memo: Memo | None = None,
                 keep: Card | None = None) -> None:
        self.quick = quick
        self.keep = keep
        self.memo = Memo() if memo is None else memo
        self.obs = obs
        self.style = style
        self.rng = rng
        self.st = st
        self.p = obs.player
        self.rules = obs.rules
        self.steps: list[Step] = []
        self.laid = 0

    # ---- applying ----------------------------------------------------------------------------

    def do(self, action: Action) -> None:
        st = self.st
        before = sorted_hand(st.hands[self.p])
        target: tuple[Card, ...] = ()
        index = -1
        staged = False
        if isinstance(action, (Add, Swap)):
            index = action.meld
            meld = st.melds[index].meld
            target = meld.cards if meld is not None else ()
            staged = index in st.staged
        st.apply(action)
        if isinstance(action, Lay):
            self.steps.append(Step("lay", action.cards, before))
            self.laid += len(action.cards)
        elif isinstance(action, Add):
            self.steps.append(Step("add", action.cards, before, target, index, staged,
                                   action.at))
            self.laid += len(action.cards)
        elif isinstance(action, Swap):
            self.steps.append(Step("swap", (action.card,), before, target, index, staged))

    def attempt(self, action: Action) -> bool:
        """Apply an action if the rules accept it; return whether they did."""
        try:
            self.do(action)
        except RuleError:
            return False
        return True

    def snapshot(self) -> tuple[RoundState, list[Step], int]:
        return self.st.clone(), list(self.steps), self.laid

    def restore(self, snap: tuple[RoundState, list[Step], int]) -> None:
        st, steps, laid = snap
        self.st = st.clone()
        self.steps = list(steps)
        self.laid = laid

    # ---- the opening ---------------------------------------------------------------------------

    def find_opening(self, hand: list[Card], req: OpeningRequest) -> Opening | None:
        """The solver's opening search (:func:`find_opening`), with each hand's index built once
        and answers remembered across the plan's modes."""
        ordered = sorted_hand(hand)
        key = (ordered, req)
        if key in self.memo.openings:
            return self.memo.openings[key]
        real, jokers = split_hand(ordered)
        tagged = req.clean_exclude
        if tagged is not None and (tagged.is_joker or tagged not in real):
            tagged = None
        answer: Opening | None = None
        if not (tagged is None and req.clean_exclude is not None
                and req.must_use == req.clean_exclude):
            ikey = (ordered, tagged, min(req.max_jokers, jokers), req.ace_value)
            idx = self.memo.indexes.get(ikey)
            if idx is None:
                idx = HandIndex(real, ikey[2], req.ace_value, tagged=tagged)
                self.memo.indexes[ikey] = idx
            answer = finish_opening(idx, jokers, req)
        self.memo.openings[key] = answer
        return answer

    def opening_requests(self, with_pickup: bool) -> list[OpeningRequest]:
        """The openings that count now (the engine's :mod:`~rami_desktop.engine.openings`),
        the one that goes out first."""
        st = self.st
        pk = st.pickup if with_pickup else None
        terms = opening_terms(st)
        return [req for _, req in terms.requests(
            must_use=pk, clean_exclude=clean_card(self.rules, st.pickup),
            going_out=st.going_out_min() is not None)]

    def try_open(self, extras: bool, swaps: bool) -> bool:
        """Lay an opening if one exists (the going-out one first); return whether it did."""
        pk = self.st.pickup
        variants = [True] if pk is None else [True, False]
        for with_pickup in variants:
            if not with_pickup and not (self.rules.add_on_opening_turn and extras):
                continue
            for req in self.opening_requests(with_pickup):
                opening = self.find_opening(self.st.hands[self.p], req)
                if opening is None:
                    continue
                snap = self.snapshot()
                if not self.lay_all(opening.melds, snap):
                    continue
                if not req.going_out and extras and self.rules.add_on_opening_turn:
                    self.extras(swaps, opening_turn=True)
                if self.st.legal_discards():
                    return True
                self.restore(snap)
        return False

    # ---- once down -----------------------------------------------------------------------------

    def pickup_first(self) -> None:
        """Lay the card taken from the talaj in new combinations, when it forms some."""
        pk = self.st.pickup
        if pk is None:
            return
        opening = find_opening(self.st.hands[self.p],
                               laying_request(self.rules, must_use=pk, going_out=False))
        if opening is None:
            return
        self.lay_all(opening.melds, self.snapshot())

    def lay_all(self, melds: tuple[Meld, ...], snap: tuple[RoundState, list[Step], int]) -> bool:
        """Lay these combinations; if the rules refuse one, go back to ``snap`` and say so."""
        try:
            for meld in melds:
                self.do(Lay(self.p, meld.cards))
        except RuleError:
            self.restore(snap)
            return False
        return True

    def jokers_pending(self) -> bool:
        st = self.st
        if not self.rules.swapped_joker_must_be_laid:
            return False
        jokers = sum(1 for c in st.hands[self.p] if c.is_joker)
        return jokers > st.turn_view().jokers_at_start

    def extras(self, swaps: bool, opening_turn: bool = False) -> None:
        """Swap jokers back, lay new combinations and add cards while any helps."""
        def st_cards() -> list[Card]:
            return self.st.hands[self.p]

        maxj = self.rules.jokers_per_meld
        complete_four = self.rules.tria_swap is TriaSwap.COMPLETE_FOUR
        pk = self.st.pickup
        for _ in range(40):
            progress = False
            hand = st_cards()
            if len(hand) <= 1:
                break
            if swaps:
                for idx, tm in enumerate(self.st.melds):
                    m = tm.meld
                    if m is None or m.franche or (opening_turn and idx in self.st.staged):
                        continue
                    for c in sorted(set(hand), key=sort_key_rank):
                        if c.is_joker or swap(m, c, complete_four) is None:
                            continue
                        if self.attempt(Swap(self.p, idx, c)):
                            progress = True
                            break
                    if progress:
                        break
                if progress:
                    continue
            arrangement = least_penalty(st_cards(), self.rules, keep=1)
            for meld in arrangement.melds:
                if len(st_cards()) - len(meld.cards) < 1:
                    continue
                if self.attempt(Lay(self.p, meld.cards)):
                    progress = True
            if progress:
                continue
            hand = st_cards()
            order = sorted(set(hand), key=lambda c: (c.is_joker, sort_key_rank(c)))
            for c in order:
                if len(st_cards()) < 2:
                    break
                if c.is_joker and not (len(st_cards()) == 2 or self.jokers_pending()):
                    continue
                for idx, tm in enumerate(self.st.melds):
                    m = tm.meld
                    if m is None:
                        continue
                    if opening_turn and idx in self.st.staged and (c.is_joker or c == pk):
                        continue
                    if extend(m, [c], None, maxj) is None:
                        continue
                    if self.attempt(Add(self.p, idx, (c,))):
                        progress = True
                        break
                if progress:
                    break
            if not progress:
                break

    # ---- the discard ---------------------------------------------------------------------------

    def choose_discard(self, down: bool) -> Card | None:
        st = self.st
        legal = st.legal_discards()
        if not legal:
            return None
        hand = st.hands[self.p]
        if len(legal) == 1:
            return legal[0]
        if self.keep is not None and self.keep in legal:
            legal = [c for c in legal if c != self.keep]  # never give back the card just taken
            if len(legal) == 1:
                return legal[0]
        values = keep_values(hand, self.obs, self.style, self.rng, down,
                             tuple(st.table_melds()))
        ranked = sorted(legal, key=lambda c: (values.get(c, 0.0), sort_key_rank(c)))
        style = self.style
        if style.blunder and self.rng.random() < style.blunder:
            loose = [c for c in legal if not c.is_joker and values.get(c, 0.0) < IN_MELD / 2]
            if loose:
                return self.rng.choice(loose)
        if style.outs and not self.quick and len(ranked) > 1:
            shortlist = ranked[:style.outs]
            counts = (down_outs(self.obs, self.st, hand, shortlist) if down else
                      opening_outs_count(self.obs, self.st, style, hand, shortlist))
            return _most(shortlist, counts)
        return ranked[0]


def _most(shortlist: list[Card], counts: dict[Card, int]) -> Card:
    """The first card of ``shortlist`` with the most outs (the first if none has any)."""
    best = shortlist[0]
    best_outs = 0
    for c in shortlist:
        if counts.get(c, 0) > best_outs:
            best, best_outs = c, counts[c]
    return best


MODES: tuple[tuple[bool, bool, bool], ...] = (
    # (open, extras, swaps)
    (True, True, True),
    (True, True, False),
    (True, False, False),
    (False, False, False),
)


def plan_turn(obs: Observation, style: Style, rng: random.Random, *, top: bool = False,
              quick: bool = False, keep: Card | None = None,
              modes: tuple[tuple[bool, bool, bool], ...] = MODES) -> Plan | None:
    """Plan the rest of a turn from an observation where nothing is staged yet.

    Args:
        obs: the bot's observation (its turn, after its draw unless ``top``).
        style: the level.
        rng: the bot's generator.
        top: plan as if the talaj top card were taken now (the plan must lay it).
        quick: skip the sampling of discards (to judge a draw, only the layings matter).
        keep: a card taken freely from the talaj this turn, not to be discarded at once (two
            bots handing the same card back and forth would never end the round).
        modes: the ways tried, in order, as (open or lay the talaj card, lay more and add,
            take jokers back); the first that leaves a discard is the plan.

    Returns:
        The plan, or None if no legal plan was found (e.g. the top card cannot be laid).
    """
    base = sandbox(obs)
    p = obs.player
    if top:
        try:
            base.apply(Draw(p, "top"))
        except RuleError:
            return None
    was_down = obs.down[p]
    memo = Memo()
    for open_, extras, swaps in modes:
        if top and not open_:
            continue
        pl = _Planner(obs, style, rng, base.clone(), quick, memo, keep)
        opened = False
        if was_down:
            if open_:
                pl.pickup_first()
                if extras:
                    pl.extras(swaps and style.swaps)
        elif open_:
            opened = pl.try_open(extras, swaps and style.swaps)
        card = pl.choose_discard(was_down or opened)
        if card is None:
            continue
        hand = sorted_hand(pl.st.hands[p])
        out = len(hand) == 1
        pl.steps.append(Step("discard", (card,), hand))
        return Plan(pl.steps, opened, pl.laid, out)
    return None


def plan_actions(obs: Observation, style: Style, rng: random.Random, st: RoundState,
                 actions: list[Action]) -> Plan | None:
    """Turn actions found by the engine (layings, then a discard last) into a plan, applying
    them to ``st`` (the sandbox the bot plans on). None if one is refused there."""
    pl = _Planner(obs, style, rng, st)
    was_down = st.down[pl.p]
    *layings, last = actions
    if not isinstance(last, Discard) or not all(
            isinstance(a, (Lay, Add, Swap)) for a in layings):
        return None
    for action in layings:
        if not pl.attempt(action):
            return None
    hand = sorted_hand(pl.st.hands[pl.p])
    pl.steps.append(Step("discard", (last.card,), hand))
    return Plan(pl.steps, not was_down, pl.laid, len(hand) == 1)


__all__ = ["plan_actions", "plan_turn"]
