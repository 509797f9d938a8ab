"""Start-up to the first frame, from the source tree, beside a calibration (goal: 1 s).

Run::

    nice -n 10 .venv/bin/python tools/bench_start.py [--runs 7] [--against main] [--docs]

Each run starts ``python -m rami_desktop --frames 1`` in a fresh home (``RAMI_HOME``) with
``RAMI_TIMES`` set, and reads when the first frame was drawn (the app notes it: the same
measurement ``tools/build.py`` makes of a bundle) and the CPU time the process used in all (to
its first frame and its exit: the steadier figure on a loaded machine). Two first screens are
timed: the first start (the language question) and a later start (the menu, a language chosen).
Beside them, in the same run and interleaved with them, the **calibration**: a Python that
imports pygame-ce, opens a window of the same size and draws one frame, the least any pygame-ce
game pays on this machine. The shared machine's load moves every absolute figure; the ratios to
the calibration move much less. ``--against REV`` also times that commit's tree (``git
archive``, its bytecode compiled, the compiled catalogs copied in), interleaved, and prints the
ratios of the two: a before/after in one run.

After the times, the modules loaded by the first start (``python -X importtime``): all of them
and the game's own, for each tree. ``--docs`` writes the figures to
``docs/dev/measurements/startup.md`` with the commit, the command, the machine and the date.
Without a display it uses SDL's dummy drivers; with ``DISPLAY`` set (Xvfb) a real window.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import provenance

ROOT = Path(__file__).resolve().parent.parent
DOCS = provenance.MEASUREMENTS / "startup.md"
#: the goal of the start-up to the first frame, seconds (the bundles': docs/dev/building.md)
GOAL_S = 1.0
#: the window every run opens (the calibration's too)
SIZE = "1280x800"
#: how long one start may take before the tool gives up
TIMEOUT_S = 120
#: the calibration: the least a pygame-ce window costs (import, a window, one frame drawn)
CALIBRATION = """
import json, os, sys, time
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
pygame.display.init()
w, h = (int(v) for v in sys.argv[2].split("x"))
screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
pygame.font.init()
screen.fill((20, 90, 50))
screen.blit(pygame.font.Font(None, 40).render("Rami", True, (255, 255, 255)), (20, 20))
pygame.display.flip()
with open(sys.argv[1], "w", encoding="utf-8") as out:
    json.dump({"first_frame": time.time()}, out)
pygame.display.quit()
"""


@dataclass(frozen=True)
class Start:
    """One start: seconds from launch to the first frame, and the CPU seconds the process used
    in all (to its first frame and its exit: under load, the steadier figure)."""

    wall: float
    cpu: float


@dataclass
class Tree:
    """A tree of the game to time: its folder and its label."""

    label: str
    folder: Path
    starts: dict[str, list[Start]] = field(default_factory=dict)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(command: Sequence[str], cwd: Path, env: dict[str, str], times: Path) -> Start:
    """Run ``command`` to its end; its first frame's time from its ``RAMI_TIMES`` file."""
    cpu = _children_cpu()
    launched = time.time()
    proc = subprocess.run(list(command), cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=TIMEOUT_S, check=False)
    if proc.returncode != 0 or not times.is_file():
        sys.exit(f"bench_start: {' '.join(command)} failed ({proc.returncode}):\n"
                 f"{proc.stdout}{proc.stderr}")
    first: float = json.loads(times.read_text("utf-8"))["first_frame"]
    return Start(first - launched, _children_cpu() - cpu)


def environment(home: Path, times: Path) -> dict[str, str]:
    """The environment of one run: its own home and times file; dummy drivers without a
    display."""
    env = dict(os.environ, RAMI_HOME=str(home), RAMI_TIMES=str(times),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    if not env.get("DISPLAY"):
        env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    return env


def first_frame(command: Sequence[str], cwd: Path, scratch: Path,
                language: str | None) -> Start:
    """One start of the game in a fresh home (``language`` chosen: a later start, the menu)."""
    home = Path(tempfile.mkdtemp(dir=scratch))
    times = home / "times.json"
    if language is not None:  # a later start: the language chosen, the menu first
        settings = home / "config" / "settings.json"
        settings.parent.mkdir(parents=True)
        settings.write_text(json.dumps({"version": 1, "language": language,
                                        "tutorial_offered": True}), "utf-8")
    start = timed(command, cwd, environment(home, times), times)
    shutil.rmtree(home, ignore_errors=True)
    return start


def game_command(size: str) -> list[str]:
    """The game's first frame, run from a tree's folder (``-m`` finds the tree's package)."""
    return [sys.executable, "-m", "rami_desktop", "--frames", "1", "--size", size]


def modules_loaded(tree: Tree, scratch: Path) -> tuple[int, int]:
    """(all modules, the game's) imported by the first start up to its first frame and exit."""
    home = Path(tempfile.mkdtemp(dir=scratch))
    proc = subprocess.run([sys.executable, "-X", "importtime", *game_command(SIZE)[1:]],
                          cwd=tree.folder, env=environment(home, home / "times.json"),
                          capture_output=True, text=True, timeout=TIMEOUT_S, check=False)
    names = [line.rsplit("|", 1)[-1].strip() for line in proc.stderr.splitlines()
             if line.startswith("import time:") and not line.endswith("| package")]
    return len(names), sum(1 for n in names if n.split(".")[0] == "rami_desktop")


def export(rev: str, scratch: Path) -> Path:
    """A commit's tree in a folder (``git archive``), with this tree's compiled catalogs (the
    source keeps only ``.po`` files)."""
    folder = scratch / "against"
    folder.mkdir()
    archive = subprocess.run(["git", "archive", rev, "rami_desktop", "assets"], cwd=ROOT,
                             capture_output=True, check=False)
    if archive.returncode != 0:
        sys.exit(f"bench_start: git archive {rev}: {archive.stderr.decode(errors='replace')}")
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(folder / "rami_desktop")],
                   check=True)  # as this tree: its bytecode written before the first run
    catalogs = ROOT / "rami_desktop" / "locales"
    if catalogs.is_dir() and not (folder / "rami_desktop" / "locales").exists():
        shutil.copytree(catalogs, folder / "rami_desktop" / "locales")
    return folder


def median(values: Sequence[float]) -> float:
    """The median."""
    return statistics.median(values)


def measure(trees: list[Tree], runs: int, scratch: Path) -> list[Start]:
    """Time every tree's two first screens and the calibration, interleaved run by run;
    return the calibration's starts."""
    calibration: list[Start] = []
    script = scratch / "calibration.py"
    script.write_text(CALIBRATION, "utf-8")
    for run in range(runs):
        home = Path(tempfile.mkdtemp(dir=scratch))
        calibration.append(timed([sys.executable, str(script), str(home / "t.json"), SIZE],
                                 scratch, environment(home, home / "t.json"), home / "t.json"))
        for tree in trees:
            for screen, language in (("language", None), ("menu", "en")):
                tree.starts.setdefault(screen, []).append(
                    first_frame(game_command(SIZE), tree.folder, scratch, language))
        print(f"run {run + 1} of {runs}", file=sys.stderr, flush=True)
    return calibration


def _figures(starts: Sequence[Start]) -> tuple[float, float, float]:
    """(median wall, least wall, median CPU) seconds."""
    walls = [s.wall for s in starts]
    return median(walls), min(walls), median([s.cpu for s in starts])


def report(trees: list[Tree], calibration: list[Start], counts: dict[str, tuple[int, int]],
           runs: int) -> list[str]:
    """The figures as lines."""
    cal_wall, cal_least, cal_cpu = _figures(calibration)
    lines = [f"calibration (python, pygame-ce, a {SIZE} window, one frame), {runs} runs: "
             f"first frame median {cal_wall:.3f} s (least {cal_least:.3f}), "
             f"CPU median {cal_cpu:.3f} s"]
    for tree in trees:
        for screen, starts in tree.starts.items():
            wall, least, cpu = _figures(starts)
            lines.append(f"{tree.label} first frame, {screen + ':':<9} median {wall:.3f} s "
                         f"(least {least:.3f}), {wall / cal_wall:.2f}x the calibration; "
                         f"CPU {cpu:.3f} s, {cpu / cal_cpu:.2f}x; goal {GOAL_S:.0f} s "
                         f"{'met' if wall <= GOAL_S else 'MISSED'}")
        total, own = counts[tree.label]
        lines.append(f"{tree.label} modules imported by the first start: {total} "
                     f"({own} of rami_desktop)")
    if len(trees) == 2:
        now, before = trees
        for screen in now.starts:
            old, new = _figures(before.starts[screen]), _figures(now.starts[screen])
            lines.append(f"{screen}: {before.label} / {now.label} = {old[0] / new[0]:.2f}x "
                         f"the first frame's median time, {old[2] / new[2]:.2f}x its CPU")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Measure and print; with ``--docs`` write the page."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=7, help="runs of each (default 7)")
    ap.add_argument("--against", metavar="REV", default=None,
                    help="also time this commit's tree, interleaved (a before/after ratio)")
    ap.add_argument("--docs", action="store_true", help="write docs/dev/measurements/startup.md")
    args = ap.parse_args(argv)
    started, measured = provenance.now(), provenance.commit()
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    with tempfile.TemporaryDirectory(prefix="bench-start-") as tmp:
        scratch = Path(tmp)
        trees = [Tree("now", ROOT)]
        if args.against:  # named with its commit: a branch moves
            label = provenance.label_of(args.against)
            if label is None:
                sys.exit(f"bench_start: no commit {args.against}")
            trees.append(Tree(label, export(args.against, scratch)))
        counts = {tree.label: modules_loaded(tree, scratch) for tree in trees}
        calibration = measure(trees, max(1, args.runs), scratch)
    lines = report(trees, calibration, counts, max(1, args.runs))
    lines.append(f"load average at the start: {load:.2f}; "
                 f"{'a real window' if os.environ.get('DISPLAY') else 'SDL dummy driver'}")
    print("\n".join(lines), flush=True)
    if args.docs:
        provenance.write_docs(
            DOCS, "Start-up to the first frame, from the source tree",
            ["Written by `tools/bench_start.py --docs` (do not edit: run it again). Each run "
             "starts `python -m rami_desktop --frames 1` in a fresh home and reads when the "
             "first frame was drawn: the first start (the language question) and a later one "
             "(the menu). The calibration is a Python that imports pygame-ce and draws one "
             "frame in a window of the same size, timed in the same run; read the ratios, the "
             "machine is shared. The bundles' start-up is `tools/build.py`'s "
             "([../building.md](../building.md))."],
            __file__, argv, lines, measured, started)
    return 0


if __name__ == "__main__":
    sys.exit(main())
