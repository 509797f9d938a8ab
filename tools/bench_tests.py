"""The default test run's wall time and CPU seconds, of this commit and of another, in turns.

Run::

    .venv/bin/python tools/bench_tests.py [--runs 2] [--against REV] [--docs] [-- PYTEST_ARGS]

Each run is the README's test command (``python -m pytest``, the default markers and cores of
``pyproject.toml``) with ``-q -p no:cacheprovider -p tests.cpu_times`` and any ``PYTEST_ARGS``,
in a checkout of a commit (a detached git worktree: HEAD's, and ``--against``'s, taken in turns
so that the machine's load falls on both alike; each checkout starts cold, as a fresh one does,
and its later runs find what the first compiled). It prints each run's wall time, the CPU
seconds of every test process and of the programs they started (``tests/cpu_times.py``'s whole:
steadier than the wall time on a shared machine), how the tests ended (and which failed), and
the load average before and after; then the medians, and with ``--against`` their ratios. The
wall time on a quiet machine of N cores is about the CPU seconds divided by N, plus what waits
on nothing but time. It asserts nothing. ``--docs`` writes the figures to
``docs/dev/measurements/tests.md`` with the commit, the command, the machine and the date.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import provenance

ROOT = provenance.ROOT
DOCS = provenance.MEASUREMENTS / "tests.md"
#: a run that takes longer has hung
TIMEOUT_S = 3600


@dataclass(frozen=True)
class Run:
    """One test run of one tree."""

    label: str
    wall: float
    cpu: float
    ended: str
    failed: tuple[str, ...]
    load_before: float
    load_after: float


def _load() -> float:
    return os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")


@contextlib.contextmanager
def checkout(rev: str, folder: Path) -> Iterator[Path]:
    """A commit's whole tree in ``folder``: a detached git worktree (the tests that run git
    find a repository), removed afterwards."""
    made = subprocess.run(["git", "worktree", "add", "--detach", "--quiet", str(folder), rev],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    if made.returncode != 0:
        sys.exit(f"bench_tests: git worktree add {rev}: {made.stderr.strip()}")
    try:
        yield folder
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(folder)], cwd=ROOT,
                       capture_output=True, check=False)


def environment() -> dict[str, str]:
    """This environment without what a test process of pytest-xdist sets (the run measured is
    a run of its own, even when started from inside a test)."""
    return {k: v for k, v in os.environ.items()
            if not k.startswith(("PYTEST_XDIST_", "PYTEST_CURRENT_TEST"))}


def run_tests(label: str, tree: Path, pytest_args: Sequence[str]) -> Run:
    """Run the default test run once in ``tree``."""
    load = _load()
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "-p", "tests.cpu_times", *pytest_args], cwd=tree,
                          env=environment(), capture_output=True, text=True,
                          timeout=TIMEOUT_S, check=False)
    wall = time.perf_counter() - start
    whole = re.search(r"; ([0-9.]+) s in all$", proc.stdout, re.M)
    summary = [line for line in proc.stdout.splitlines() if line.strip()]
    ended = summary[-1].strip("= ") if summary else f"exit {proc.returncode}"
    ended = re.sub(r" in [0-9.]+s( \([0-9:]+\))?$", "", ended)
    failed = tuple(line.split(" - ")[0] for line in proc.stdout.splitlines()
                   if line.startswith(("FAILED ", "ERROR ")))
    return Run(label, wall, float(whole.group(1)) if whole else float("nan"), ended, failed,
               load, _load())


def line_of(run: Run, number: int) -> str:
    """One run in one line."""
    return (f"{run.label} run {number}: {run.wall:6.1f} s wall, {run.cpu:6.1f} s CPU; "
            f"{run.ended}; load average {run.load_before:.2f} -> {run.load_after:.2f}"
            + "".join(f"\n    {line}" for line in run.failed))


def report(runs: Sequence[Run], labels: Sequence[str]) -> list[str]:
    """The runs, the medians of each tree and their ratios (the others / the first)."""
    lines: list[str] = []
    medians: dict[str, tuple[float, float]] = {}
    for label in labels:
        mine = [r for r in runs if r.label == label]
        lines += [line_of(r, i + 1) for i, r in enumerate(mine)]
        medians[label] = (statistics.median(r.wall for r in mine),
                          statistics.median(r.cpu for r in mine))
    for label in labels:
        lines.append(f"{label}: median {medians[label][0]:.1f} s wall, "
                     f"{medians[label][1]:.1f} s CPU over "
                     f"{sum(r.label == label for r in runs)} run(s)")
    for label in labels[1:]:
        lines.append(f"{label} / {labels[0]} = {medians[label][0] / medians[labels[0]][0]:.2f}x "
                     f"the wall time, {medians[label][1] / medians[labels[0]][1]:.2f}x the CPU "
                     "seconds")
    return lines


def label_of(rev: str) -> str:
    """A commit as the figures name it (:func:`provenance.label_of`); a rev that names no
    commit ends the tool."""
    label = provenance.label_of(rev)
    if label is None:
        sys.exit(f"bench_tests: no commit {rev}")
    return label


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print; with ``--docs`` write the page."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=2, help="runs of each tree (default 2)")
    ap.add_argument("--against", metavar="REV", default=None,
                    help="also run this commit's tests, in turns (a before/after ratio)")
    ap.add_argument("--docs", action="store_true", help="write docs/dev/measurements/tests.md")
    ap.add_argument("pytest_args", nargs="*", help="after --: more arguments for pytest")
    args = ap.parse_args(argv)
    started, measured = provenance.now(), provenance.commit()
    labels = [label_of("HEAD")]
    if args.against:
        labels.append(label_of(args.against))
    runs: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="bench-tests-") as tmp, \
            contextlib.ExitStack() as stack:
        trees = [stack.enter_context(checkout(rev, Path(tmp) / f"tree{i}"))
                 for i, rev in enumerate(["HEAD", *([args.against] if args.against else [])])]
        for turn in range(max(1, args.runs)):
            for label, tree in zip(labels, trees, strict=True):
                runs.append(run_tests(label, tree, args.pytest_args))
                print(line_of(runs[-1], turn + 1), flush=True)
    lines = report(runs, labels)
    if measured.endswith("+"):
        lines.append("HEAD's tree measured: the uncommitted changes were not")
    print("\n".join(lines), flush=True)
    if args.docs:
        provenance.write_docs(
            DOCS, "The default test run",
            ["Written by `tools/bench_tests.py --docs` (do not edit: run it again). Each run is "
             "the README's test command in a fresh checkout of a commit, the commits in "
             "turns; CPU seconds are those of every test process and the programs they "
             "started (`tests/cpu_times.py`), steadier than the wall time on a shared machine. "
             "The goal: the whole run under 90 s on 2 cores, aim 60 s "
             "([../testing.md](../testing.md))."],
            __file__, argv, lines, measured, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
