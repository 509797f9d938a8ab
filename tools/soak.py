"""Soak test of the autosave: kill a saving process at random moments, over and over, and load.

Usage::

    .venv/bin/python tools/soak.py [--kills 200] [--size 300000] [--home DIR] [--seed N]

A child process saves a large match through :func:`rami_desktop.storage.saves.save_match` in a
loop; it is killed with SIGKILL after a random delay, then the save is loaded and checked. Prints
figures (never asserts on time); exits with status 1 if any load failed or lost the match.
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from rami_desktop.storage.paths import Paths  # noqa: E402
from rami_desktop.storage.saves import load_match  # noqa: E402

CHILD = r"""
import sys
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.saves import save_match

paths = Paths.from_environment()
blob = "x" * int(sys.argv[1])
counter = 0
while True:
    counter += 1
    problem = save_match(paths, {"counter": counter, "blob": blob, "check": len(blob) + counter})
    if problem:
        print(problem, file=sys.stderr, flush=True)
        sys.exit(3)
    if counter == 1:
        print("ready", flush=True)
"""


def check_match(match: dict) -> int:
    """The soak's validate: the save must be internally consistent."""
    if match["check"] != len(match["blob"]) + match["counter"]:
        raise ValueError("inconsistent save")
    return int(match["counter"])


def soak(home: Path, kills: int, size: int, rng: random.Random) -> int:
    """Run the soak; return the number of failures."""
    paths = Paths.under(home)
    env = {**os.environ, "PYTHONPATH": str(REPO), "RAMI_HOME": str(home)}
    outcomes: Counter[str] = Counter()
    saves = 0
    alive = 0.0
    for number in range(1, kills + 1):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(size)], env=env, stdout=subprocess.PIPE
        )
        try:
            assert child.stdout is not None
            if child.stdout.readline() != b"ready\n":
                print(f"kill {number}: the writer could not save", file=sys.stderr)
                outcomes["writer_failed"] += 1
                continue
            delay = rng.uniform(0.0, 0.2)
            time.sleep(delay)
            alive += delay
        finally:
            if child.poll() is None:
                os.kill(child.pid, signal.SIGKILL)
            child.wait()
            if child.stdout is not None:
                child.stdout.close()
        counter, problem = load_match(paths, check_match)
        if counter is None:
            outcomes["lost"] += 1
            print(f"kill {number}: nothing loadable ({problem})", file=sys.stderr)
        else:
            saves += counter
            outcomes[problem or "ok"] += 1
    temps = len(list(paths.data_dir.glob(".match.json.tmp-*")))
    print(f"kills: {kills}, save size: {size} bytes, saves completed: {saves}")
    if alive:
        print(f"about {saves / alive:.0f} saves a second while alive")
    for outcome, count in sorted(outcomes.items()):
        print(f"  {outcome}: {count}")
    print(f"temporary files left by kills (removed after a minute): {temps}")
    return outcomes["lost"] + outcomes["writer_failed"] + sum(
        count for outcome, count in outcomes.items()
        if outcome not in ("ok", "missing_restored_backup", "lost", "writer_failed")
    )


def main(argv: list[str] | None = None) -> int:
    """Parse arguments and run the soak."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--size", type=int, default=300_000, help="bytes of padding per save")
    parser.add_argument("--home", type=Path, help="RAMI_HOME to use (default: a temporary one)")
    parser.add_argument("--seed", type=int, default=None)
    args = parser.parse_args(argv)
    if not hasattr(signal, "SIGKILL"):
        print("this platform has no SIGKILL", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    if args.home is not None:
        failures = soak(args.home, args.kills, args.size, rng)
    else:
        with tempfile.TemporaryDirectory() as folder:
            failures = soak(Path(folder), args.kills, args.size, rng)
    print("FAILED" if failures else "OK", f"({failures} failures)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
