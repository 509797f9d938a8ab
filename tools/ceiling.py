"""What seeing the cards buys against hard, at least: hard with the real round in view, against
hard.

Usage: ``python tools/ceiling.py [--preset P ...] [--rounds 300] [--seed 31] [--draws 6]
[--no-guard] [--jobs 1] [--json | --docs]``. ``--docs`` writes the table with the commit, the
command, the machine and the date to ``docs/dev/measurements/ceiling.md``.

The cheat is hard in everything but three choices, which it makes looking at what no real bot
sees, the stock and the next player's hand:

- **lay now or hold back**: on a turn hard's plan lays (and does not go out), its layings are
  weighed against fewer (the opening, or the talaj card, alone) and, once down, none, on the
  real round, as the expert weighs them on its deals (``bots/turnplan.py``): how soon its own
  draws let it go out, less a going-out the table or the discard gives the next player on
  their next two turns (with the penalty the hand left would pay), less an opening fed;
- **every discard** that does not go out, on the turns it lays as on the others, once its
  layings are done: each legal card but a joker (jokers count nothing in an opening, so looking
  ahead cannot tell them apart from a loose card) scores after how many of its own real draws
  (the next players drawing from the stock between) the hand left holds an opening at the bar,
  or once down goes out (``bots/lookahead.py``: the engine's solver and ``going_out_actions``),
  up to ``--draws`` draws ahead (on a turn it lays, on the table as it will stand: once it
  opens, its target is going out). To that it adds
  what the card gives the next player (the engine's ``feeding``): a going-out fed costs more
  than any look-ahead wins back (thrown only when every card feeds one); an opening fed costs
  the draws that player's own real stock cards would have needed to open. The lowest score is
  thrown, weighed in hard's order (the card hard least wants to keep first), so a tie keeps
  hard's choice;
- **the draw** from the talaj or the stock: each is followed by the layings of hard's plan for
  it on the real round (a top card taken in talaj, rami-talaj and tallage must be laid; in
  simple it goes into the hand); the draw that leaves it down (opened) wins over one that does
  not, and between two alike, the one whose best discard scores lower with the real stock
  (going out this turn scores 0). A top card hard takes to go out is always taken.

What it lays, when it lays, is hard's plan's (or the part of it above).

Each deal is played once from every seat (duplicate), on the simulator's deals. The figure is
the cheat's share of the rounds won, with its 95% Wilson interval. It is a **lower bound** of
what seeing the cards is worth against hard: a greedy policy built on hard's, not the best one
could play with that information; an honest bot, which sees only its observation, can expect
to win less over half than a better cheat would, not necessarily less than this one.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import provenance
from rami_desktop.bots import make_bot
from rami_desktop.bots.evaluate import keep_values
from rami_desktop.bots.finish import going_out_source
from rami_desktop.bots.lookahead import after_layings, own_draws, reach
from rami_desktop.bots.plan import Plan, Step
from rami_desktop.bots.planner import plan_turn
from rami_desktop.bots.player import RuleBot
from rami_desktop.bots.style import HARD
from rami_desktop.bots.turnplan import best_way, lay, ways
from rami_desktop.commands.sim import TURN_CAP, Tally, count_round, in_workers, play_deals, report
from rami_desktop.engine.actions import Action, Discard, Draw
from rami_desktop.engine.cards import Card
from rami_desktop.engine.feeding import Feed, discard_feeds, opens_alone
from rami_desktop.engine.observation import Observation
from rami_desktop.engine.rules import PRESET_NAMES, preset
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.driver import Limits
from rami_desktop.play.session.session import Session

CHEAT = "cheat"


class Cheat(RuleBot):
    """Hard, but every discard and the pickup of a free talaj card are chosen with the real
    round in view.

    Args:
        peek: returns the real round (the cheat).
        draws: how many of its own next draws it looks at.
        guard: weigh what a discard gives the next player (a going-out fed is never thrown
            unless every card feeds one; an opening fed costs the draws it saves that player).
    """

    def __init__(self, peek: Callable[[], RoundState], draws: int, guard: bool) -> None:
        super().__init__(HARD)
        self.level = CHEAT
        self.peek = peek
        self.draws = draws
        self.guard = guard

    def _draw(self, obs: Observation, rng: random.Random) -> Action:
        """Hard's draw, except that the talaj top card is taken, or left for the stock card,
        as the real stock shows the turn ending better that way: each draw is followed by the
        layings of hard's plan for it, and the way that leaves the player down (opened this
        turn) wins over one that does not; between two that leave it alike, the one whose best
        discard scores lower (:meth:`discard`; going out this turn scores 0). A top card hard
        takes to go out is always taken."""
        action = super()._draw(obs, rng)
        if not isinstance(action, Draw) or obs.top is None:
            return action
        if action.source not in ("stock", "top"):
            return action
        if action.source == "top" and going_out_source(obs) == "top":
            return action
        state = self.peek()
        p = state.current
        if state.check(Draw(p, "top")) is not None or not state.stock:
            return action
        free = not obs.rules.top_card_must_lay
        ends: dict[str, tuple[bool, float]] = {}
        for source in ("top", "stock"):
            drawn = state.clone()
            drawn.apply(Draw(p, source))
            ends[source] = self._turn_end(drawn, obs.top if source == "top" and free else None,
                                          rng)
        (top_down, top), (stock_down, stock) = ends["top"], ends["stock"]
        better_top = top_down > stock_down or (top_down == stock_down and top < stock)
        better_stock = stock_down > top_down or (top_down == stock_down and stock < top)
        if better_top and not math.isinf(top):
            self._took = obs.top if free else None
            return Draw(p, "top")
        if better_stock and action.source == "top":
            self._took = None
            return Draw(p, "stock")
        return action

    def _turn_end(self, drawn: RoundState, took: Card | None, rng: random.Random
                  ) -> tuple[bool, float]:
        """How the turn just drawn in ``drawn`` ends with hard's plan for it: whether the player
        is down after it, and the lowest discard score after its layings (0 when the plan goes
        out; infinite when it finds no plan, as for a top card it cannot lay)."""
        p = drawn.current
        plan = plan_turn(drawn.observation(p), self.style, random.Random(rng.random()),
                         keep=took)
        if plan is None:
            return False, math.inf
        down = drawn.down[p] or plan.opened
        if plan.out:
            return True, 0.0
        if not lay(drawn, plan.steps[:-1], p):
            return False, math.inf
        return down, self._soonest(drawn, took)

    def _make_plan(self, obs: Observation, rng: random.Random) -> Plan | None:
        """Hard's plan, but on a turn that lays (and does not go out) the layings are weighed
        against fewer or none, on the real round (``bots/turnplan.py``, the round itself as
        its only deal): lay now or hold back."""
        plan = super()._make_plan(obs, rng)
        if plan is None or plan.out or len(plan.steps) == 1:
            return plan
        candidates = ways(obs, self.style, plan, rng, self._took)
        if len(candidates) == 1:
            return plan
        way, hand = best_way(obs, candidates, [self.peek()])
        return plan if way == candidates[0] else way.plan(hand)

    def _resolve(self, step: Step, obs: Observation) -> Action:
        """Hard's action, but its discard (on every turn that does not go out, laying or not)
        is chosen on the real round as it stands after this turn's layings."""
        if step.kind != "discard" or self._plan is None or self._plan.out:
            return super()._resolve(step, obs)
        values = keep_values(obs.hand, obs, self.style, random.Random(0), obs.down[obs.player])
        return Discard(obs.player, self.discard(tuple(obs.hand), step.cards[0], values))

    def discard(self, hand: tuple[Card, ...], hard_choice: Card,
                values: dict[Card, float]) -> Card:
        """The cheat's discard from ``hand`` (the real hand now), hard's being ``hard_choice``
        and hard's keep values ``values``.

        Each legal card (jokers never: they count nothing in an opening, so looking ahead
        cannot tell them apart) scores the number of its own draws after which the hand left
        reaches its target (one more than it looks at when none does; 0 for every card when
        the round would end first), plus what it gives the next player (:meth:`_cost`). The
        lowest score is thrown; the cards are weighed in hard's order (the card it least wants
        to keep first), so a tie keeps hard's preference.
        """
        state = self.peek()
        legal = set(state.legal_discards())
        others = sorted((c for c in set(hand) - {hard_choice, self._took}
                         if not c.is_joker and c in legal), key=lambda c: (values.get(c, 0.0), c))
        candidates = [c for c in (hard_choice, *others) if c in legal]
        if not candidates:
            return hard_choice
        return self._best(state, hand, candidates)[0]

    def _best(self, state: RoundState, hand: Sequence[Card], candidates: Sequence[Card]
              ) -> tuple[Card, float]:
        """The candidate discard with the lowest score, and that score."""
        draws = own_draws(state, self.draws)
        far = len(draws) + 1
        world = after_layings(state, candidates[0]) if state.actions_this_turn else state
        best, low = candidates[0], math.inf
        for c in candidates:
            cost = self._cost(state, c)
            if cost >= low:
                continue
            if world is None:
                k = 0
            else:
                kept = list(hand)
                kept.remove(c)
                bound = far if math.isinf(low) else max(1, min(far, math.ceil(low - cost)))
                k = reach(world, kept, draws, bound)
            if k + cost < low:
                best, low = c, k + cost
        return best, low

    def _soonest(self, state: RoundState, took: Card | None) -> float:
        """The lowest discard score (:meth:`discard`) of the hand just drawn in ``state``."""
        hand = state.hands[state.current]
        legal = set(state.legal_discards())
        candidates = sorted(c for c in set(hand) - {took} if not c.is_joker and c in legal)
        if not candidates:
            return math.inf
        return self._best(state, hand, candidates)[1]

    def _cost(self, state: RoundState, card: Card) -> float:
        """What throwing ``card`` gives the next player, in draws: a going-out fed costs more
        than any look-ahead can win back; an opening fed costs the draws the next player's own
        stock cards would have taken to open (one more than it looks at when none would)."""
        if not self.guard:
            return 0.0
        fed = discard_feeds(state, card)
        if fed is None:
            return 0.0
        if fed is Feed.OUT:
            return 2.0 * (self.draws + 2)
        return float(self._their_opening(state, card))

    def _their_opening(self, state: RoundState, card: Card) -> int:
        """After ``card`` is thrown, after how many stock draws the next player (not down)
        could open with the real cards it would draw (0: with the first)."""
        probe = state.clone()
        probe.apply(Discard(state.current, card))
        q = probe.current
        if probe.over or probe.check(Draw(q, "stock")) is not None:
            return 0
        probe.apply(Draw(q, "stock"))
        hand = list(probe.hands[q])
        if opens_alone(probe):
            return 0
        return reach(probe, hand, own_draws(probe, self.draws), self.draws + 1)


DOCS = provenance.MEASUREMENTS / "ceiling.md"
INTRO = (
    "Written by `tools/ceiling.py --docs` (do not edit: run it again). Hard against a hard that",
    "**cheats**: it sees the stock and the next player's hand and uses them for its draw, for",
    "laying now or holding back, and for every discard; everything else is hard's plan",
    "(`docs/dev/bots.md`, \"What seeing the cards buys\"). Duplicate deals, two players, each deal",
    "played from every seat. The cheat's share of the rounds won is a **lower bound** of what",
    "seeing the cards is worth against hard: a greedy policy built on hard's, not the best play",
    "that sees the cards.",
)


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
    out = ap.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true")
    out.add_argument("--docs", action="store_true",
                     help="write the table to docs/dev/measurements/ceiling.md")
    args = ap.parse_args(argv)
    measured_at, started = provenance.commit(), provenance.now()
    table = ["| preset | rounds | draws seen | feeds guarded | cheat's wins | "
             "cheat's win share [95% CI] | illegal | rescues |",
             "|---|---|---|---|---|---|---|---|"]
    if not args.json:
        print(*table, sep="\n")
    for name in args.preset or PRESET_NAMES:
        rep = measure(name, args.rounds, args.seed, args.draws, not args.no_guard,
                      max(1, args.jobs), args.players)
        if args.json:
            print(json.dumps(rep), flush=True)
            continue
        lo, hi = rep["win_ci95"][CHEAT]
        table.append(f"| {name} | {rep['rounds']} | {args.draws} | "
                     f"{'yes' if rep['guard'] else 'no'} | {rep['wins'][CHEAT]} | "
                     f"{100 * rep['win_share'][CHEAT]:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] | "
                     f"{rep['illegal_actions']} | {rep['rescues']} |")
        print(table[-1], flush=True)
    if args.docs:
        provenance.write_page(DOCS, "What seeing the cards buys against hard: measured", INTRO,
                              ["tools/ceiling.py", *(sys.argv[1:] if argv is None else argv)],
                              table, measured_at, started, fenced=False)
        print(f"written: {DOCS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
