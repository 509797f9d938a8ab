"""A random player for property tests: draws, lays combinations found in its hand, adds, swaps,
takes back, undoes, and discards a legal card. It plays only through ``RoundState.apply``.

It takes the talaj top card only when a search on a copy of the state finds how to lay it; the
turns where the engine offered the top card but the search found no laying are counted in
:class:`Stats` (the engine may still be right: the search is not complete).
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations

from rami_desktop.engine.actions import (
    Action,
    Add,
    Discard,
    Draw,
    Lay,
    Redeal,
    Swap,
    TakeBack,
    Undo,
)
from rami_desktop.engine.cards import DISTINCT_CARDS, JOKER, SUITS, Card
from rami_desktop.engine.deal import qualifies_for_redeal
from rami_desktop.engine.errors import ErrorCode, RuleError
from rami_desktop.engine.melds import extend, make_meld, swap
from rami_desktop.engine.state import RoundState


@dataclass
class Stats:
    """What random play did."""

    rounds: int = 0
    capped: int = 0
    turns: int = 0
    actions: int = 0
    refused: int = 0
    top_draws: int = 0
    first_draws: int = 0
    top_not_found: int = 0
    redeals: int = 0
    outs: int = 0
    exhausted: int = 0
    codes: Counter[str] = field(default_factory=Counter)
    #: top cards the engine refused as unplayable although a laying using them was found
    solver_misses: list[dict] = field(default_factory=list)


def fingerprint(state: RoundState) -> tuple:
    """Everything that makes a round's state, for checking that a refused action changed nothing."""
    return (
        tuple(tuple(h) for h in state.hands), tuple(state.talaj), tuple(state.stock),
        tuple(state.melds), state.turn, state.current, state.first_pos, state.over,
        state.winner, state.penalties, state.turn_view(),
        len(state.log), list(state.discards), list(state.taken), list(state.opening_points),
        state.first_owner, state.first_turn, state.last_discard, state.rami_sec,
        state.reshuffles, state.redeals, list(state.down), state.bar,
    )


def candidate_melds(hand: list[Card], max_jokers: int = 1) -> list[tuple[Card, ...]]:
    """Valid new combinations (as they would be laid) found among the hand's cards."""
    return list(_candidates(tuple(sorted(hand)), max_jokers))


@lru_cache(maxsize=4096)
def _candidates(hand: tuple[Card, ...], max_jokers: int, limit: int = 60
                ) -> tuple[tuple[Card, ...], ...]:
    jokers = sum(1 for c in hand if c.is_joker)
    real = sorted({c for c in hand if not c.is_joker})
    out: list[tuple[Card, ...]] = []
    by_rank: dict[int, list[Card]] = defaultdict(list)
    for c in real:
        by_rank[c.rank].append(c)
    for same_rank in by_rank.values():
        for k in (3, 4):
            out.extend(combinations(same_rank, k))
        if jokers and max_jokers:
            for k in (2, 3):
                out.extend((*combo, JOKER) for combo in combinations(same_rank, k))
    for suit in SUITS:
        ranks = {c.rank for c in real if c.suit == suit}
        positions = sorted(ranks | ({14} if 1 in ranks else set()))
        for start in positions:
            for length in range(3, 8):
                cards: list[Card] = []
                used_joker = False
                ok = True
                for pos in range(start, start + length):
                    if pos > 14:
                        ok = False
                        break
                    rank = 1 if pos == 14 else pos
                    if rank in ranks and not (pos == 14 and start == 1):
                        cards.append(Card(rank, suit))
                    elif jokers and max_jokers and not used_joker and pos != start:
                        cards.append(JOKER)
                        used_joker = True
                    else:
                        ok = False
                        break
                if ok and make_meld(cards, max_jokers) is not None:
                    out.append(tuple(cards))
    return tuple(out[:limit])


def going_out(hand: list[Card], max_jokers: int = 1) -> list[tuple[Card, ...]] | None:
    """Combinations using every card of the hand but one, if there are such."""
    cands = candidate_melds(hand, max_jokers)
    need = len(hand) - 1
    budget = [400]  # search nodes: the search is only a helper of random play

    counts = [Counter(combo) for combo in cands]

    def go(rest: Counter[Card], left: int, start: int, chosen: list[tuple[Card, ...]]
           ) -> list[tuple[Card, ...]] | None:
        if left == len(hand) - need:
            return list(chosen)
        budget[0] -= 1
        if budget[0] < 0:
            return None
        for i in range(start, len(cands)):
            cnt = counts[i]
            if all(rest[c] >= k for c, k in cnt.items()):
                found = go(rest - cnt, left - len(cands[i]), i + 1, [*chosen, cands[i]])
                if found is not None:
                    return found
        return None

    return go(Counter(hand), len(hand), 0, [])


class RandomPlayer:
    """Plays whoever's turn it is, one action at a time, at random but legally in the end."""

    def __init__(self, rng: random.Random, stats: Stats,
                 after: Callable[[RoundState], None] | None = None) -> None:
        self.rng = rng
        self.stats = stats
        self.after = after
        self.sink: Callable[[Action], object] | None = None
        self.check_solver = True

    # ---- helpers ---------------------------------------------------------------------------

    def try_apply(self, state: RoundState, action: Action) -> bool:
        """Apply an action to the live state (through ``sink`` if set: a match); on refusal
        check that nothing changed and return False."""
        before = fingerprint(state)
        try:
            (self.sink or state.apply)(action)
        except RuleError as err:
            self.stats.refused += 1
            self.stats.codes[err.code.value] += 1
            after = fingerprint(state)
            assert before == after, f"refused {action} changed the state"
            return False
        self.stats.actions += 1
        if self.after:
            self.after(state)
        return True

    def lay_options(self, state: RoundState, p: int) -> list[Action]:
        """A sample of layings, additions and swaps to try now."""
        hand = state.hands[p]
        maxj = state.rules.jokers_per_meld
        out: list[Action] = [Lay(p, cards) for cards in candidate_melds(hand, maxj)]
        for i, tm in enumerate(state.melds):
            m = tm.meld
            if m is None:
                continue
            for c in set(hand):
                if not c.is_joker and (c.rank != m.rank if m.is_tria else c.suit != m.suit):
                    continue
                for at in (("high", "low") if not m.is_tria else (None,)):
                    if extend(m, [c], at, maxj) is not None:
                        out.append(Add(p, i, (c,), at))
                if m.jokers and not c.is_joker and swap(m, c) is not None:
                    out.append(Swap(p, i, c))
        return out

    def find_laying(self, state: RoundState, p: int, card: Card, tries: int = 25
                    ) -> list[Action] | None:
        """Search (on copies) a sequence of layings after which the state may be discarded."""
        for attempt in range(tries):
            probe = state.clone()
            plan: list[Action] = []
            options = self.lay_options(probe, p)
            with_card = [a for a in options
                         if (isinstance(a, Lay) and card in a.cards)
                         or (isinstance(a, Add) and card in a.cards)
                         or (isinstance(a, Swap) and a.card == card)]
            if not with_card:
                return None
            order = with_card + options if attempt == 0 else self.rng.sample(options,
                                                                             len(options))
            for action in order[:40] + with_card:  # the card again once opened
                try:
                    probe.apply(action)
                except RuleError:
                    continue
                plan.append(action)
                if probe.legal_discards():
                    return plan
            # greedily keep laying what still fits
            for _ in range(6):
                fits = [a for a in self.lay_options(probe, p) if probe.check(a) is None]
                if not fits:
                    break
                action = self.rng.choice(fits)
                probe.apply(action)
                plan.append(action)
                if probe.legal_discards():
                    return plan
        return None

    # ---- a turn ----------------------------------------------------------------------------

    def play_turn(self, state: RoundState) -> None:
        """Play the current player's whole turn (or end the round)."""
        p = state.current
        rng = self.rng
        self.stats.turns += 1
        if (not state.log and state.rules.redeal and rng.random() < 0.5):
            for q in range(state.n):
                if qualifies_for_redeal(state.hands[q]):
                    if self.try_apply(state, Redeal(q)):
                        self.stats.redeals += 1
                    return
        if rng.random() < 0.15:
            self.random_illegal(state)
        plan: list[Action] = []
        if not state.has_drawn:
            draws = {d.source: d for d in state.legal_draws()}
            assert draws, "no legal draw: the engine is stuck"
            if ("top" not in draws and self.check_solver
                    and state.check(Draw(p, "top")) is ErrorCode.UNPLAYABLE_PICKUP
                    and rng.random() < 0.1):
                self.cross_check_top(state, p)
            choice = "stock" if "stock" in draws else next(iter(draws))
            if "first" in draws and rng.random() < 0.4:
                choice = "first"
            if "top" in draws and rng.random() < 0.6:
                top = state.top
                assert top is not None
                probe = state.clone()
                probe.apply(draws["top"])
                if state.rules.top_card_must_lay:
                    found = self.find_laying(probe, p, top)
                    if found is None:
                        self.stats.top_not_found += 1
                    else:
                        choice, plan = "top", found
                else:
                    choice = "top"
            if choice not in draws:  # only 'top' was offered and no laying was found
                choice = next(iter(draws))
                if choice == "top":
                    top = state.top
                    assert top is not None
                    probe = state.clone()
                    probe.apply(draws["top"])
                    plan = self.find_laying(probe, p, top, tries=200) or []
            assert self.try_apply(state, draws[choice])
            if choice == "top":
                self.stats.top_draws += 1
            elif choice == "first":
                self.stats.first_draws += 1
        plan_base = len(state.melds)
        for step in plan:
            assert self.try_apply(state, step), f"planned {step} refused"
        if not plan and rng.random() < (0.9 if not state.rules.lay_before_out else 0.3):
            out = going_out(state.hands[p], state.rules.jokers_per_meld)
            if out is not None:
                for cards in out:
                    self.try_apply(state, Lay(p, cards))
                legal = state.legal_discards()
                if len(state.hands[p]) == 1 and legal:
                    assert self.try_apply(state, Discard(p, legal[0]))
                    return
        # random layings
        for _ in range(rng.randrange(0, 6)):
            options = self.lay_options(state, p)
            r = rng.random()
            if r < 0.1 and state.staged:
                action: Action = TakeBack(p, rng.choice(state.staged))
            elif r < 0.2:
                action = Undo(p)
            elif options:
                action = rng.choice(options)
            else:
                break
            self.try_apply(state, action)
        legal = state.legal_discards()
        if not legal:
            while state.actions_this_turn:
                assert self.try_apply(state, Undo(p))
            if not state.legal_discards() and state.pickup is not None:
                # combinations taken back keep their numbers: renumber the plan's own ones
                shift = len(state.melds) - plan_base
                for action in plan:
                    if isinstance(action, (Add, Swap)) and action.meld >= plan_base:
                        action = replace(action, meld=action.meld + shift)
                    assert self.try_apply(state, action), f"planned {action} refused again"
            legal = state.legal_discards()
        assert legal, "no legal discard: the engine is stuck"
        useless = set(legal) - {c for m in candidate_melds(state.hands[p]) for c in m}
        card = rng.choice(sorted(useless)) if useless and rng.random() < 0.8 else rng.choice(legal)
        assert self.try_apply(state, Discard(p, card))

    def cross_check_top(self, state: RoundState, p: int) -> None:
        """The engine said no laying can use the top card: look for one anyway."""
        top = state.top
        assert top is not None
        probe = state.clone()
        probe._pickup_playable = lambda player, card: True  # type: ignore[method-assign]
        probe.apply(Draw(p, "top"))
        plan = self.find_laying(probe, p, top, tries=6)
        if plan is not None:
            self.stats.solver_misses.append({
                "preset": state.rules.preset, "hand": [c.code for c in state.hands[p]],
                "top": top.code, "down": state.down[p], "bar": state.required_points(),
                "table": [m.codes() for m in state.table_melds()],
                "partner_down": state.partner_down(p),
                "laying": [type(a).__name__ + " " + " ".join(
                    c.code for c in getattr(a, "cards", (getattr(a, "card", None),)) if c)
                    for a in plan]})

    def random_illegal(self, state: RoundState) -> None:
        """Try a random (mostly illegal) action: wrong player, random cards, wrong meld."""
        rng = self.rng
        n = state.n
        p = rng.randrange(n)
        cards = tuple(rng.choice(DISTINCT_CARDS) for _ in range(rng.randrange(1, 4)))
        kind = rng.randrange(7)
        action: Action
        if kind == 0:
            action = Draw(p, rng.choice(["stock", "first", "top"]))
        elif kind == 1:
            action = Lay(p, cards)
        elif kind == 2:
            action = Add(p, rng.randrange(len(state.melds) + 2), cards, rng.choice([None, "low",
                                                                                   "high"]))
        elif kind == 3:
            action = Swap(p, rng.randrange(len(state.melds) + 2), cards[0])
        elif kind == 4:
            action = TakeBack(p, rng.randrange(len(state.melds) + 2))
        elif kind == 5:
            action = Discard(p, cards[0])
        else:
            action = Redeal(p)
        if state.check(action) is not None:
            assert not self.try_apply(state, action)
