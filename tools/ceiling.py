"""How far above hard can a bot get through its discards? A hard bot that cheats, against hard.

Usage: ``python tools/ceiling.py [--preset P ...] [--rounds 300] [--seed 31] [--draws 6]
[--no-guard] [--jobs 1] [--json]``.

The cheat is hard in everything but one choice. When its turn lays nothing, it looks at what no
real bot sees, the stock and the next player's hand, and changes hard's discard:

- it never throws a card with which the next player could take the talaj and open or go out
  (the counts of ``tools/blunders.py``), unless every card would;
- among the others, it keeps the one after which its hand holds an opening soonest with the
  cards it will really draw (the next players drawing from the stock too), up to ``--draws``
  draws ahead; once down, the one after which it goes out soonest (the engine's
  ``going_out_actions`` on the round with those cards in its hand, two draws ahead at most);
  hard's own discard when none is sooner.

Each deal is played once from every seat (duplicate), on the simulator's deals. The figure is
the cheat's share of the rounds won, with its 95% Wilson interval. An honest bot sees only its
observation, so what the cheat wins over half is more than any honest discard policy could.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from blunders import feed
from rami_desktop.bots import make_bot
from rami_desktop.bots.plan import Plan, Step
from rami_desktop.bots.player import RuleBot
from rami_desktop.bots.style import HARD
from rami_desktop.engine.actions import Discard
from rami_desktop.engine.cards import Card
from rami_desktop.engine.errors import RuleError
from rami_desktop.engine.going_out import going_out_actions
from rami_desktop.engine.observation import Observation
from rami_desktop.engine.openings import opening_terms
from rami_desktop.engine.rules import PRESET_NAMES, preset
from rami_desktop.engine.solver import find_opening
from rami_desktop.engine.state import RoundState
from rami_desktop.play.config import GameConfig, Seat
from rami_desktop.play.driver import Limits
from rami_desktop.play.session import Session
from rami_desktop.sim import TURN_CAP, Tally, count_round, in_workers, play_deals, report

CHEAT = "cheat"


class Cheat(RuleBot):
    """Hard, but its discard is chosen with the real round in view (when it lays nothing).

    Args:
        peek: returns the real round (the cheat).
        draws: how many of its own next draws it looks at.
        guard: never feed the next player an opening or a going-out.
    """

    def __init__(self, peek: Callable[[], RoundState], draws: int, guard: bool) -> None:
        super().__init__(HARD)
        self.level = CHEAT
        self.peek = peek
        self.draws = draws
        self.guard = guard

    def _make_plan(self, obs: Observation, rng: random.Random) -> Plan | None:
        plan = super()._make_plan(obs, rng)
        if plan is None or plan.opened or plan.out or len(plan.steps) != 1:
            return plan
        step = plan.steps[0]
        card = self.discard(step.hand_before, step.cards[0])
        if card == step.cards[0]:
            return plan
        return Plan([Step("discard", (card,), step.hand_before)], False, 0, False)

    def discard(self, hand: tuple[Card, ...], hard_choice: Card) -> Card:
        """The cheat's discard from ``hand`` (nothing laid this turn), hard's being
        ``hard_choice``."""
        state = self.peek()
        p = state.current
        n = state.n
        own_draws = [state.stock[-k] for k in range(n, n * self.draws + 1, n)
                     if k <= len(state.stock)]
        down = state.down[p]
        requests = [req for _, req in opening_terms(state).unstaged().requests()]
        candidates = [hard_choice, *sorted(set(hand) - {hard_choice, self._took})]
        safe = [c for c in candidates if not (self.guard and self._feeds(state, p, c))]
        if not safe:
            return hard_choice
        best, soonest = safe[0], len(own_draws) + 1
        for c in safe:
            kept = list(hand)
            kept.remove(c)
            for k in range(1, soonest):
                cards = kept + own_draws[:k]
                if down:
                    reached = k <= 2 and self._goes_out(state, p, cards, k - 1)
                else:
                    reached = any(find_opening(cards, req) is not None for req in requests)
                if reached:
                    best, soonest = c, k
                    break
        return best

    @staticmethod
    def _goes_out(state: RoundState, p: int, cards: list[Card], thrown: int) -> bool:
        """Whether ``p``, down, goes out with ``cards`` in hand after its draw, ``thrown`` (0 or
        1) of them discarded on the turns between (any of them)."""
        hands = [cards] if not thrown else [cards[:i] + cards[i + 1:]
                                             for i in range(len(cards))]
        for hand in hands:
            probe = state.clone()
            probe.hands[p] = hand
            if going_out_actions(probe) is not None:
                return True
        return False

    @staticmethod
    def _feeds(state: RoundState, p: int, card: Card) -> bool:
        probe = state.clone()
        try:
            probe.apply(Discard(p, card))
        except RuleError:
            return True
        if probe.over or probe.partners[p] == probe.current:
            return False
        return feed(probe, card) is not None


def play_one(rules_name: str, seating: tuple[str, ...], seed: int, dealer: int, draws: int,
             guard: bool, tally: Tally) -> None:
    """Play one round of the cheat against hard bots, into ``tally``."""
    rules = preset(rules_name)
    box: list[Session] = []
    bots = {s: Cheat(lambda: box[0].round, draws, guard) if lv == CHEAT else make_bot(lv)
            for s, lv in enumerate(seating)}
    rngs = {s: random.Random(f"{seed}/{dealer}/{s}/{lv}") for s, lv in enumerate(seating)}
    config = GameConfig(rules, tuple(Seat(None, "bot", "hard") for _ in seating), seed)
    session = Session(config, first_dealer=dealer, bots=bots, rngs=rngs,
                      limits=Limits(turns_per_round=TURN_CAP), verify_saves=False)
    box.append(session)
    session.play_round()
    count_round(tally, session.driver_stats, seating, session.round)


def run(args: tuple[str, int, int, list[int], int, bool]) -> Tally:
    """Play the duplicate deals numbered in ``args`` (a worker's share)."""
    rules_name, players, seed, deals, draws, guard = args
    levels = (CHEAT, *("hard",) * (players - 1))
    tally = Tally()

    def play(seating: tuple[str, ...], deal_seed: int, dealer: int) -> None:
        play_one(rules_name, seating, deal_seed, dealer, draws, guard, tally)

    return play_deals(levels, seed, deals, tally, play)


def measure(rules_name: str, rounds: int, seed: int, draws: int, guard: bool, jobs: int = 1,
            players: int = 2) -> dict[str, Any]:
    """Play about ``rounds`` rounds; the simulator's report of them, with the cheat's settings."""
    t0 = time.perf_counter()
    deals = max(1, math.ceil(rounds / players))
    tally = Tally()
    for part in in_workers(run, lambda s: (rules_name, players, seed, s, draws, guard), deals,
                           jobs):
        tally.merge(part)
    levels = (CHEAT, *("hard",) * (players - 1))
    rep = report(tally, levels, time.perf_counter() - t0, rules_name, seed)
    return {**rep, "draws": draws, "guard": guard}


def main(argv: list[str] | None = None) -> int:
    """Run the measure from the command line."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", action="append", choices=PRESET_NAMES,
                    help="a preset (repeat for several; default: all four)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=300)
    ap.add_argument("--seed", type=int, default=31)
    ap.add_argument("--draws", type=int, default=6, help="own next draws the cheat sees")
    ap.add_argument("--no-guard", action="store_true",
                    help="the cheat may feed the next player")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not args.json:
        print("| preset | rounds | draws seen | feeds guarded | cheat's win share [95% CI] | "
              "illegal | rescues |")
        print("|---|---|---|---|---|---|---|")
    for name in args.preset or PRESET_NAMES:
        rep = measure(name, args.rounds, args.seed, args.draws, not args.no_guard,
                      max(1, args.jobs), args.players)
        if args.json:
            print(json.dumps(rep), flush=True)
            continue
        lo, hi = rep["win_ci95"][CHEAT]
        print(f"| {name} | {rep['rounds']} | {args.draws} | {'yes' if rep['guard'] else 'no'} "
              f"| {100 * rep['win_share'][CHEAT]:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] | "
              f"{rep['illegal_actions']} | {rep['rescues']} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
