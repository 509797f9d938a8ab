"""Benchmark the solver: ``python tools/bench_solver.py [--hands N] [--seed S] [--size K]``.

Deals random hands from the 108-card deck and prints p50/p99/max milliseconds per hand for
best_opening, least_penalty (talaj rules) and find_opening (with jokers, threshold 71), on one
core (after one warm-up call and a garbage collection). Also pickup_playable on random
table situations. Figures only: speed goals are never asserted.
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rami_desktop.engine.cards import JOKER, Card, full_deck
from rami_desktop.engine.melds import Meld, make_meld
from rami_desktop.engine.rules import RAMI_TALAJ, TALAJ
from rami_desktop.engine.solver import (
    OpeningRequest,
    best_opening,
    find_opening,
    least_penalty,
)
from rami_desktop.engine.solver.pickup import PickupContext, pickup_playable

CLOCK: Callable[[], float] = time.perf_counter


def _times(hands: Sequence[Sequence[Card]], fn: Callable[[Sequence[Card]], object]
           ) -> list[float]:
    out: list[float] = []
    fn(hands[0])  # warm up
    gc.collect()
    clock = CLOCK
    for hand in hands:
        t0 = clock()
        fn(hand)
        out.append((clock() - t0) * 1000.0)
    return sorted(out)


def _pct(sorted_ms: list[float], q: float) -> float:
    i = min(len(sorted_ms) - 1, round(q * (len(sorted_ms) - 1)))
    return sorted_ms[i]


def _table(rng: random.Random) -> tuple[Meld, ...]:
    out: list[Meld] = []
    while len(out) < rng.randint(2, 6):
        if rng.random() < 0.5:
            suit = rng.choice("SHDC")
            length = rng.randint(3, 6)
            lo = rng.randint(1, 15 - length)
            cards = [Card(1 if p == 14 else p, suit) for p in range(lo, lo + length)]
        else:
            rank = rng.randint(1, 13)
            cards = [Card(rank, s) for s in rng.sample("SHDC", rng.randint(3, 4))]
        if rng.random() < 0.3:
            cards[rng.randrange(len(cards))] = JOKER
        meld = make_meld(cards)
        if meld is not None:
            out.append(meld)
    return tuple(out)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", type=int, default=15, help="cards per hand")
    parser.add_argument("--cpu", action="store_true",
                        help="measure CPU time of this thread (steadier on a busy machine)")
    args = parser.parse_args(argv)
    global CLOCK
    CLOCK = time.thread_time if args.cpu else time.perf_counter
    rng = random.Random(args.seed)
    deck = full_deck()
    hands = [rng.sample(deck, args.size) for _ in range(args.hands)]
    req = OpeningRequest(min_points=71, max_jokers=TALAJ.jokers_per_meld)
    cases: list[tuple[str, Callable[[Sequence[Card]], object]]] = [
        ("best_opening", lambda h: best_opening(h)),
        ("least_penalty", lambda h: least_penalty(h, TALAJ)),
        ("find_opening", lambda h: find_opening(h, req)),
    ]
    contexts = []
    for k, hand in enumerate(hands):
        rules = TALAJ if k % 2 else RAMI_TALAJ
        contexts.append(PickupContext(
            hand=tuple(hand[:-1]), card=hand[-1] if not hand[-1].is_joker else Card(5, "H"),
            rules=rules, down=k % 3 == 0, bar=71, going_out_min=71 if k % 4 == 0 else None,
            table=_table(rng), partner_down=k % 5 == 0, adds_on_opening_turn=True))
    clock = "thread CPU time" if args.cpu else "wall time"
    print(f"{args.hands} hands of {args.size} cards, seed {args.seed}, {clock}")
    ctx_ms = sorted(_times([[c] for c in contexts],  # type: ignore[list-item]
                           lambda c: pickup_playable(c[0])))  # type: ignore[index]
    for name, fn in cases:
        ms = _times(hands, fn)
        print(f"{name:14s} p50 {_pct(ms, 0.5):7.3f} ms  p99 {_pct(ms, 0.99):7.3f} ms  "
              f"max {ms[-1]:7.3f} ms  total {sum(ms) / 1000.0:6.2f} s")
    print(f"{'pickup':14s} p50 {_pct(ctx_ms, 0.5):7.3f} ms  p99 {_pct(ctx_ms, 0.99):7.3f} ms  "
          f"max {ctx_ms[-1]:7.3f} ms  total {sum(ctx_ms) / 1000.0:6.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
