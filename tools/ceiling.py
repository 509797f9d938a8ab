"""How far above hard can a bot get through its discards? A hard bot that cheats, against hard.

Usage: ``python tools/ceiling.py [--preset P ...] [--rounds 300] [--seed 31] [--draws 6]
[--no-guard] [--jobs 1] [--json]``.

The cheat is hard in everything but two choices. When its turn lays nothing, it looks at what
no real bot sees, the stock and the next player's hand, and changes hard's discard:

- it never throws a card with which the next player could take the talaj and open or go out
  (the engine's ``feeding``, as ``tools/blunders.py`` counts them), unless every card would;
- it never throws a joker (jokers count nothing in an opening: looking ahead cannot tell them
  apart from a loose card);
- among the others, weighed in hard's own order (the card hard least wants to keep first), it
  keeps the one after which its hand holds an opening soonest with the cards it will really draw
  (the next players drawing from the stock too), up to ``--draws`` draws ahead; once down, the
  one after which it goes out soonest, every draw ahead looked at (``bots/lookahead.py``: the
  engine's ``going_out_actions`` on the hands left once the cards it cannot lay are thrown on
  the turns between); hard's own discard when none is sooner.

Where the talaj's top card is free to take (simple), it takes it, or leaves it, exactly when the
real stock shows its hand reaching the target sooner that way (informed pickups).

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

from rami_desktop.bots import make_bot
from rami_desktop.bots.evaluate import keep_values
from rami_desktop.bots.finish import going_out_source
from rami_desktop.bots.lookahead import own_draws, reach
from rami_desktop.bots.plan import Plan, Step
from rami_desktop.bots.player import RuleBot
from rami_desktop.bots.style import HARD
from rami_desktop.engine.actions import Action, Draw
from rami_desktop.engine.cards import Card
from rami_desktop.engine.feeding import discard_feeds
from rami_desktop.engine.observation import Observation
from rami_desktop.engine.rules import PRESET_NAMES, preset
from rami_desktop.engine.state import RoundState
from rami_desktop.play.config import GameConfig, Seat
from rami_desktop.play.driver import Limits
from rami_desktop.play.session import Session
from rami_desktop.sim import TURN_CAP, Tally, count_round, in_workers, play_deals, report

CHEAT = "cheat"


class Cheat(RuleBot):
    """Hard, but its discard (when it lays nothing) and its pickup of a free talaj card are
    chosen with the real round in view.

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

    def _draw(self, obs: Observation, rng: random.Random) -> Action:
        """Hard's draw, except that a free talaj top card (simple) is taken exactly when the
        real stock shows the hand reaching its target sooner with it than with the stock card."""
        action = super()._draw(obs, rng)
        if not isinstance(action, Draw) or obs.rules.top_card_must_lay or obs.top is None:
            return action
        if action.source not in ("stock", "top"):
            return action
        if action.source == "top" and going_out_source(obs) == "top":
            return action
        state = self.peek()
        p = state.current
        if state.check(Draw(p, "top")) is not None or not state.stock:
            return action
        soon: dict[str, int] = {}
        for source in ("top", "stock"):
            probe = state.clone()
            probe.apply(Draw(p, source))
            soon[source] = self._soonest(probe, obs.top if source == "top" else None)
        if soon["top"] < soon["stock"]:
            self._took = obs.top
            return Draw(p, "top")
        if soon["stock"] < soon["top"] and action.source == "top":
            self._took = None
            return Draw(p, "stock")
        return action

    def _make_plan(self, obs: Observation, rng: random.Random) -> Plan | None:
        plan = super()._make_plan(obs, rng)
        if plan is None or plan.opened or plan.out or len(plan.steps) != 1:
            return plan
        step = plan.steps[0]
        values = keep_values(step.hand_before, obs, self.style, rng, obs.down[obs.player])
        card = self.discard(step.hand_before, step.cards[0], values)
        if card == step.cards[0]:
            return plan
        return Plan([Step("discard", (card,), step.hand_before)], False, 0, False)

    def discard(self, hand: tuple[Card, ...], hard_choice: Card,
                values: dict[Card, float]) -> Card:
        """The cheat's discard from ``hand`` (nothing laid this turn), hard's being
        ``hard_choice`` and hard's keep values ``values``.

        Jokers are never thrown (they count nothing in an opening, so looking ahead cannot tell
        them apart); the cards that do not feed the next player are weighed in hard's order
        (the card it least wants to keep first), so a tie, or no card reaching the target
        sooner, keeps hard's preference.
        """
        state = self.peek()
        draws = own_draws(state, self.draws)
        others = sorted((c for c in set(hand) - {hard_choice, self._took} if not c.is_joker),
                        key=lambda c: (values.get(c, 0.0), c))
        safe = [c for c in (hard_choice, *others) if not self._feeds(state, c)]
        if not safe:
            return hard_choice
        best, soonest = safe[0], len(draws) + 1
        for c in safe:
            kept = list(hand)
            kept.remove(c)
            k = reach(state, kept, draws, soonest)
            if k < soonest:
                best, soonest = c, k
        return best

    def _soonest(self, state: RoundState, took: Card | None) -> int:
        """The fewest of its next draws after which the hand just drawn in ``state`` reaches
        its target, over the discards that do not feed the next player (one more than it looks
        at: none within them)."""
        hand = state.hands[state.current]
        draws = own_draws(state, self.draws)
        soonest = len(draws) + 1
        for c in sorted(set(hand) - {took}):
            if c.is_joker or self._feeds(state, c):
                continue
            kept = list(hand)
            kept.remove(c)
            soonest = reach(state, kept, draws, soonest)
        return soonest

    def _feeds(self, state: RoundState, card: Card) -> bool:
        return self.guard and discard_feeds(state, card) is not None


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
