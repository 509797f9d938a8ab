"""Pool the parts of a simulator run: ``python tools/pool_runs.py PART.json ...``.

Each file holds the ``--json`` report of ``python -m rami_desktop.sim ... --part I/M`` (the
same preset, bots, seed and rounds, one file a part). Together the ``M`` parts are exactly the
rounds of the run without ``--part``, so the pooled win counts are that run's; the pooled
interval is the Wilson interval of those counts. Decision times cannot be pooled exactly: the
report gives the largest p99 and max of the parts (a bound on the whole run's p99 from above
only when the parts are alike in size, which ``--part`` makes them). A missing part is said, and
the figures are then those of the parts present.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rami_desktop.commands.sim import wilson

KEYS = ("preset", "players", "bots", "seed", "teams")


def pool(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """The pooled figures of a run's parts.

    Raises:
        ValueError: the parts are of different runs, or a part is given twice.
    """
    first = reports[0]
    for rep in reports[1:]:
        for key in KEYS:
            if rep.get(key) != first.get(key):
                raise ValueError(f"parts of different runs: {key} {rep.get(key)!r} "
                                 f"against {first.get(key)!r}")
    m = first["part"][1]
    seen = [rep["part"][0] for rep in reports]
    if len(set(seen)) != len(seen) or any(rep["part"][1] != m for rep in reports):
        raise ValueError(f"parts given twice or of different splits: {seen}")
    levels = list(first["wins"])
    rounds = sum(rep["rounds"] for rep in reports)
    wins = {lv: sum(rep["wins"][lv] for rep in reports) for lv in levels}
    cpu = {lv: {q: max(rep["decision_cpu_ms"][lv][q] for rep in reports) for q in ("p99", "max")}
           for lv in levels}
    return {
        **{key: first.get(key) for key in KEYS},
        "parts": sorted(seen),
        "of": m,
        "missing": sorted(set(range(m)) - set(seen)),
        "rounds": rounds,
        "wins": wins,
        "win_share": {lv: round(wins[lv] / rounds, 4) for lv in levels},
        "win_ci95": {lv: [round(x, 4) for x in wilson(wins[lv], rounds)] for lv in levels},
        "decision_cpu_ms_worst_part": cpu,
        "illegal_actions": sum(rep["illegal_actions"] for rep in reports),
        "rescues": sum(rep["rescues"] for rep in reports),
        "turn_cap_hits": sum(rep["turn_cap_hits"] for rep in reports),
        "cpu_rounds_per_s": [rep["rounds_per_cpu_s"] for rep in reports],
    }


def main(argv: list[str] | None = None) -> int:
    """Pool the files named on the command line; print the pooled report as JSON."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("files", nargs="+", type=Path)
    args = ap.parse_args(argv)
    reports = [json.loads(line) for f in args.files
               for line in f.read_text(encoding="utf-8").splitlines() if line.strip()]
    try:
        print(json.dumps(pool(reports)))
    except ValueError as exc:
        print(f"pool_runs: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
