"""How often the expert plays another way than hard: what each of its ideas has to work with.

Usage: ``python tools/expert_changes.py [--preset P ...] [--rounds 24] [--seed 4242] [--json]``.

Plays the expert against hard on the simulator's duplicate deals and counts, per preset, the
expert's decisions where an idea weighs hard's choice again, and how many it changed:

- before its opening, the discard of a turn that lays nothing (outs over two draws, feeds);
- where the penalty is the hand's value, how often the race changed the best of those cards;
- a turn that lays (whole-turn planning): another way than hard's, as holding back, laying
  fewer, or keeping another card after the same layings;
- once down, the discard of a turn that lays nothing.

A change counted here is not a gain: the win share against hard says that
(``python -m rami_desktop.sim``). This says how much room an idea has.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rami_desktop.bots import make_bot
from rami_desktop.bots.expert import ExpertBot
from rami_desktop.bots.plan import Plan
from rami_desktop.commands.sim import TURN_CAP, Tally, play_deals
from rami_desktop.engine.cards import Card
from rami_desktop.engine.observation import Observation
from rami_desktop.engine.rules import PRESET_NAMES, preset
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.driver import Limits
from rami_desktop.play.session.session import Session

KEYS = ("opening discards", "opening changed", "race weighed", "race changed",
        "lay turns", "held back", "fewer laid", "other card kept",
        "down discards", "down changed")


class CountingExpert(ExpertBot):
    """The expert, counting into ``counts`` where it weighs hard's choice and changes it."""

    def __init__(self, counts: Counter[str]) -> None:
        super().__init__()
        self.counts = counts

    def whole_turn(self, obs: Observation, plan: Plan, rng: random.Random) -> Plan:
        """The expert's turn that lays, counted."""
        chosen = super().whole_turn(obs, plan, rng)
        self.counts["lay turns"] += 1
        if chosen is not plan:
            if len(chosen.steps) == 1:
                self.counts["held back"] += 1
            elif chosen.steps[:-1] != plan.steps[:-1]:
                self.counts["fewer laid"] += 1
            else:
                self.counts["other card kept"] += 1
        return chosen

    def outs_discard(self, obs: Observation, hand: tuple[Card, ...], hard_choice: Card,
                     rng: random.Random) -> Card:
        """The expert's discard before its opening, counted."""
        card = super().outs_discard(obs, hand, hard_choice, rng)
        self.counts["opening discards"] += 1
        self.counts["opening changed"] += card != hard_choice
        return card

    def weigh_race(self, chances: dict[Card, float], hand: Sequence[Card], hard_choice: Card,
                   worlds: Sequence[RoundState]) -> None:
        """The race, counted: whether it changed the best card."""
        before = max(chances, key=lambda c: chances[c])
        super().weigh_race(chances, hand, hard_choice, worlds)
        self.counts["race weighed"] += 1
        self.counts["race changed"] += max(chances, key=lambda c: chances[c]) != before

    def discard(self, obs: Observation, hand: tuple[Card, ...], hard_choice: Card,
                rng: random.Random) -> Card:
        """The expert's discard once down, counted."""
        card = super().discard(obs, hand, hard_choice, rng)
        self.counts["down discards"] += 1
        self.counts["down changed"] += card != hard_choice
        return card


def measure(rules_name: str, rounds: int, seed: int) -> dict[str, int]:
    """Play about ``rounds`` rounds of the expert against hard; the counts."""
    counts: Counter[str] = Counter()

    def play(seating: tuple[str, ...], deal_seed: int, dealer: int) -> None:
        bots = {s: CountingExpert(counts) if lv == "expert" else make_bot(lv)
                for s, lv in enumerate(seating)}
        rngs = {s: random.Random(f"{deal_seed}/{dealer}/{s}/{lv}")
                for s, lv in enumerate(seating)}
        config = GameConfig(preset(rules_name), tuple(Seat(None, "bot", lv) for lv in seating),
                            deal_seed)
        session = Session(config, first_dealer=dealer, bots=bots, rngs=rngs,
                          limits=Limits(turns_per_round=TURN_CAP), verify_saves=False)
        session.play_round()
        counts["rounds"] += 1

    play_deals(("expert", "hard"), seed, list(range(math.ceil(rounds / 2))), Tally(), play)
    return {"rounds": counts["rounds"], **{k: counts[k] for k in KEYS}}


def main(argv: list[str] | None = None) -> int:
    """Count from the command line."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--preset", action="append", choices=PRESET_NAMES,
                    help="a preset (repeat for several; default: all four)")
    ap.add_argument("--rounds", type=int, default=24)
    ap.add_argument("--seed", type=int, default=4242)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if not args.json:
        print("| preset | rounds | " + " | ".join(KEYS) + " |")
        print("|---" * (len(KEYS) + 2) + "|")
    for name in args.preset or PRESET_NAMES:
        row = measure(name, args.rounds, args.seed)
        if args.json:
            print(json.dumps({"preset": name, **row}), flush=True)
        else:
            print(f"| {name} | " + " | ".join(str(row[k]) for k in ("rounds", *KEYS)) + " |",
                  flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
