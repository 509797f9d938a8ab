"""Count the bots' blunders: discards that feed the next player, going out missed.

Usage: ``python tools/blunders.py [--bots hard,medium] [--preset P ...] [--players 2]
[--rounds 200] [--seed 1] [--teams] [--jobs 1] [--json]``.

Plays duplicate rounds as ``python -m rami_desktop.sim`` does (the same deals for the same
seed) and, per level and preset, per 100 rounds a seat of that level played, counts:

- *feeds an opening*: the level's discard lets the next player, not yet down, open with it: the
  engine lets that player take it from the talaj (a card taken must be laid, so the taking
  opens), the player's hand could not open without it, and it does not also go out;
- *feeds a going-out*: with the discard taken, the next player can go out at once (the engine's
  :func:`~rami_desktop.engine.going_out.going_out_actions` on that player's real hand);
- *missed going out*: the engine could go out this turn (through a talaj card before the draw,
  or after the draw made) and the bot did not.

The counts look at the real hands (the tool sees everything; the bots do not). A partner is
never counted as fed. The rounds are the simulator's own (same deals, seats and generators):
the report also holds the simulator's figures for them (win shares with their 95% Wilson
interval, decision times in thread CPU, illegal actions, rescues).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rami_desktop.commands.sim import Tally, count_round, in_workers, new_round, play_deals, report
from rami_desktop.engine.feeding import feed
from rami_desktop.engine.going_out import going_out_actions, going_out_draw
from rami_desktop.engine.rules import PRESET_NAMES

KINDS = ("feed_open", "feed_out", "missed_out")


@dataclass
class Blunders:
    """Counts per level (merged across workers)."""

    seat_rounds: dict[str, int] = field(default_factory=dict)
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    turns: dict[str, int] = field(default_factory=dict)

    def add(self, level: str, kind: str) -> None:
        """Count one blunder of a level."""
        per = self.counts.setdefault(level, dict.fromkeys(KINDS, 0))
        per[kind] += 1

    def merge(self, other: Blunders) -> None:
        """Add another worker's counts."""
        for mine, theirs in ((self.seat_rounds, other.seat_rounds), (self.turns, other.turns)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v
        for lv, per in other.counts.items():
            for kind, v in per.items():
                self.counts.setdefault(lv, dict.fromkeys(KINDS, 0))[kind] += v


def play_one(rules_name: str, levels: tuple[str, ...], seed: int, dealer: int, teams: bool,
             turn_cap: int, out: Blunders, tally: Tally) -> None:
    """Play one round, counting each level's blunders."""
    session = new_round(rules_name, levels, seed, dealer, tally, teams, turn_cap)
    session.ask_redeals()
    state = session.round
    for lv in levels:
        out.seat_rounds[lv] = out.seat_rounds.get(lv, 0) + 1
    while not state.over and state.turn < turn_cap:
        p = state.current
        level = levels[p]
        turn = state.turn
        out.turns[level] = out.turns.get(level, 0) + 1
        could = not state.has_drawn and going_out_draw(state) is not None
        while not state.over and state.turn == turn and not state.has_drawn:
            session.step_bot()
        if not state.over and state.turn == turn and not could:
            could = going_out_actions(state) is not None
        while not state.over and state.turn == turn:
            session.step_bot()
        if could and not (state.over and state.winner == p):
            out.add(level, "missed_out")
        if state.over or not state.discards or state.discards[-1][0] != p:
            continue
        q = state.current
        if state.partners[p] == q:
            continue
        kind = feed(state, state.discards[-1][1])
        if kind is not None:
            out.add(level, kind.value)
    if state.turn >= turn_cap and not state.over:
        session.driver_stats.turn_cap_hits += 1
    count_round(tally, session.driver_stats, levels, state)


def run(args: tuple[str, tuple[str, ...], int, list[int], bool, int]) -> tuple[Blunders, Tally]:
    """Play the duplicate deals numbered ``deals`` (a worker's share)."""
    rules_name, levels, seed, deals, teams, turn_cap = args
    out = Blunders()
    tally = Tally()

    def play(seating: tuple[str, ...], deal_seed: int, dealer: int) -> None:
        play_one(rules_name, seating, deal_seed, dealer, teams, turn_cap, out, tally)

    return out, play_deals(levels, seed, deals, tally, play)


def measure(rules_name: str, levels: tuple[str, ...], rounds: int, seed: int, jobs: int,
            teams: bool, turn_cap: int = 1000, every: int = 0,
            progress: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Play about ``rounds`` rounds and return the blunders per 100 rounds of each level.

    With one job and ``every`` > 0, ``progress`` gets the figures so far after every ``every``
    deals (the same deals, in the same order: the last figures are the whole run's).
    """
    t0 = time.perf_counter()
    deals = max(1, math.ceil(rounds / len(levels)))
    total, tally = Blunders(), Tally()
    if jobs > 1:
        for b, t in in_workers(run, lambda s: (rules_name, levels, seed, s, teams, turn_cap),
                               deals, jobs):
            total.merge(b)
            tally.merge(t)
        return _figures(total, tally, levels, time.perf_counter() - t0, rules_name, seed, teams)
    step = every if every > 0 else deals
    for start in range(0, deals, step):
        b, t = run((rules_name, levels, seed, list(range(start, min(deals, start + step))),
                    teams, turn_cap))
        total.merge(b)
        tally.merge(t)
        if progress is not None and start + step < deals:
            progress(_figures(total, tally, levels, time.perf_counter() - t0, rules_name, seed,
                              teams))
    return _figures(total, tally, levels, time.perf_counter() - t0, rules_name, seed, teams)


def _figures(total: Blunders, tally: Tally, levels: tuple[str, ...], elapsed: float,
             rules_name: str, seed: int, teams: bool) -> dict[str, Any]:
    """The simulator's report of the rounds played, with the blunders per 100 rounds."""
    per100: dict[str, dict[str, float]] = {}
    for lv in dict.fromkeys(levels):
        n = total.seat_rounds.get(lv, 0)
        counts = total.counts.get(lv, dict.fromkeys(KINDS, 0))
        per100[lv] = {k: round(100 * counts[k] / n, 2) if n else 0.0 for k in KINDS}
        per100[lv]["feeds"] = round(per100[lv]["feed_open"] + per100[lv]["feed_out"], 2)
    sim = report(tally, levels, elapsed, rules_name, seed)
    return {**sim, "teams": teams, "seat_rounds": dict(total.seat_rounds),
            "counts": {lv: dict(c) for lv, c in total.counts.items()}, "per_100_rounds": per100}


def main(argv: list[str] | None = None) -> int:
    """Run the counter from the command line."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", default="hard,medium",
                    help="the levels, by seat, repeated round the table (easy, medium, hard)")
    ap.add_argument("--preset", action="append", choices=PRESET_NAMES,
                    help="a preset (repeat for several; default: all four)")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--rounds", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--teams", action="store_true")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--every", type=int, default=0,
                    help="with --json and one job: also print the figures so far every N deals")
    args = ap.parse_args(argv)
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    levels = tuple(names[s % len(names)] for s in range(args.players))
    if not args.json:
        print("| preset | level | rounds | feeds an opening | feeds a going-out | feeds | "
              "missed going out | win share [95% CI] | decision ms p50/p99/max | illegal | "
              "rescues |")
        print("|---|---|---|---|---|---|---|---|---|---|---|")
    for name in args.preset or PRESET_NAMES:
        def partial(rep: dict[str, Any]) -> None:
            print(json.dumps({**rep, "partial": True}), flush=True)

        rep = measure(name, levels, args.rounds, args.seed, max(1, args.jobs), args.teams,
                      every=args.every, progress=partial if args.json else None)
        if args.json:
            print(json.dumps(rep), flush=True)
            continue
        for lv, per in rep["per_100_rounds"].items():
            lo, hi = rep["win_ci95"][lv]
            ms = rep["decision_cpu_ms"][lv]
            print(f"| {name} | {lv} | {rep['seat_rounds'][lv]} | {per['feed_open']:.1f} | "
                  f"{per['feed_out']:.1f} | {per['feeds']:.1f} | {per['missed_out']:.1f} | "
                  f"{100 * rep['win_share'][lv]:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] | "
                  f"{ms['p50']:.1f}/{ms['p99']:.1f}/{ms['max']:.0f} | "
                  f"{rep['illegal_actions']} | {rep['rescues']} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
