"""Measure the three bot levels against each other in every preset (docs/dev/bots.md).

Usage: ``python tools/bots_table.py [--rounds2 2000] [--rounds4 800] [--first LEVEL]
[--preset P] [--jobs 2] [--out F]``.
Each line of the table is one ``python -m rami_desktop.sim`` run (duplicate deals, seed 1);
``--first`` keeps only the lines led by that level; ``--out`` also keeps every run's JSON
report, one per line. Decision times are the leading level's, in thread CPU time.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rami_desktop.commands.sim import simulate

PAIRS = (("hard", "easy"), ("hard", "medium"), ("medium", "easy"))
PRESETS = ("talaj", "rami-talaj", "tallage", "simple")


def runs(rounds2: int, rounds4: int) -> list[tuple[str, int, tuple[str, ...], int, bool]]:
    """Every (preset, players, seats, rounds, teams) of the table, in its order."""
    out: list[tuple[str, int, tuple[str, ...], int, bool]] = []
    for name in PRESETS:
        for a, b in PAIRS:
            out.append((name, 2, (a, b), rounds2, False))
        for a, b in PAIRS:
            out.append((name, 4, (a, a, b, b), rounds4, False))
        if name == "rami-talaj":
            out.append((name, 4, ("hard", "easy", "hard", "easy"), rounds4, True))
    return out


def row(rep: dict[str, Any], name: str, players: int, seats: tuple[str, ...], teams: bool
        ) -> str:
    """One markdown row of the table."""
    first, second = seats[0], next(s for s in seats if s != seats[0])
    lo, hi = rep["win_ci95"][first]
    ms = rep["decision_cpu_ms"][first]
    who = f"{players} teams" if teams else str(players)
    return (f"| {name} | {who} | {','.join(seats)} | {rep['rounds']} | "
            f"{first} {100 * rep['win_share'][first]:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] | "
            f"{rep['mean_penalty'][first]:.1f} / {rep['mean_penalty'][second]:.1f} | "
            f"{ms['p50']:.1f}/{ms['p99']:.1f}/{ms['max']:.0f} | {rep['illegal_actions']} | "
            f"{rep['rescues']} | {rep['turn_cap_hits']} |")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds2", type=int, default=2000, help="rounds of a two-player line")
    ap.add_argument("--rounds4", type=int, default=800, help="rounds of a four-player line")
    ap.add_argument("--first", help="only the lines led by this level")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--preset", choices=PRESETS, help="only this preset")
    ap.add_argument("--out", type=Path, help="append each run's JSON report to this file")
    args = ap.parse_args(argv)
    print("| preset | players | bots | rounds | win share [95% CI] | mean penalty | "
          "decision ms p50/p99/max | illegal | rescues | cap hits |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name, players, seats, rounds, teams in runs(args.rounds2, args.rounds4):
        if (args.preset and name != args.preset) or (args.first and seats[0] != args.first):
            continue
        rep = simulate(name, seats, rounds, seed=1, jobs=args.jobs, teams=teams)
        if args.out:
            with args.out.open("a", encoding="utf-8") as f:
                f.write(json.dumps({"preset": name, "seats": seats, **rep}) + "\n")
        print(row(rep, name, players, seats, teams), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
