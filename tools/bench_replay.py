"""Benchmark: ``rami --replay`` on a long legal round file: its peak memory and time.

Usage::

    .venv/bin/python tools/bench_replay.py [--actions 40000] [--keep FILE]

Builds round files (as the game keeps them) of a round in which a player, in the first turn,
lays a combination and takes it back again and again (lay and undo are legal: stage and take
back), then discards, and the bots play the round to its end: one of about ``--actions``
actions and one of half as many. Each file is opened by the game's own command
(``python -m rami_desktop --replay FILE`` in a child process, headless, for a few frames,
with ``RAMI_HOME`` in a temporary folder); printed: the file's size, the child's peak resident
memory (``wait4``) and its wall and CPU time, the ratio of the big file to the small one (about
2 when memory and time are linear in the round, 4 when quadratic), beside the same command on
a short round (what the window and its imports cost alone) and a calibration: easy self-play
rounds a second on this machine. It asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_load import calibration  # noqa: E402
from rami_desktop.engine.actions import Discard, Draw, Lay, Undo  # noqa: E402
from rami_desktop.engine.melds import make_meld  # noqa: E402
from rami_desktop.play.game.config import autoplay_config  # noqa: E402
from rami_desktop.play.keep.round_record import round_record  # noqa: E402
from rami_desktop.play.session.session import Session  # noqa: E402
from rami_desktop.storage.round_files import RoundFiles  # noqa: E402

#: the frames the child draws before it quits (the replay opens, draws, and leaves)
FRAMES = 3


def long_round(pairs: int) -> dict[str, object]:
    """The record of a finished two-player round whose first player lays a combination and
    takes it back ``pairs`` times in the first turn (``2 * pairs`` actions and the round's
    own)."""
    for seed in range(500):
        session = Session(autoplay_config("talaj", 2, seed=seed, level="easy"))
        session.ask_redeals()
        state = session.round
        p = state.current
        session.match.apply(Draw(p, "stock"))
        hand = state.hands[p]
        meld = next((cs for cs in combinations(hand, 3) if make_meld(cs, 1) is not None), None)
        if meld is None or len(hand) < 5:
            continue
        for _ in range(pairs):
            session.match.apply(Lay(p, tuple(meld)))
            session.match.apply(Undo(p))
        session.match.apply(Discard(p, state.legal_discards()[0]))
        if not session.play_round():
            continue
        return round_record(session.config, session.match)
    raise RuntimeError("no deal with a combination to lay")


def write_round(folder: Path, pairs: int, name: str) -> Path:
    """A round file of ``pairs`` lay-and-undo pairs in ``folder``."""
    RoundFiles(folder, keep=None).keep(long_round(pairs), name)
    return folder / name


def open_replay(path: Path, home: Path) -> tuple[float, float, float]:
    """Open ``path`` with ``rami --replay`` (headless, a few frames); return the child's peak
    resident memory (MB), wall time and CPU time (s)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "RAMI_HOME": str(home)}
    t0 = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-m", "rami_desktop", "--replay", str(path), "--frames", str(FRAMES),
         "--size", "1024x700"], env=env, cwd=REPO, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - t0
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode != 0:
        raise RuntimeError(f"rami --replay {path} ended with {child.returncode}")
    return usage.ru_maxrss / 1024, wall, usage.ru_utime + usage.ru_stime


def count_actions(path: Path) -> int:
    """The actions of a round file's round."""
    from rami_desktop.storage.atomic import parse_json_bytes

    data = parse_json_bytes(path.read_bytes())
    return sum(len(log) for log in data["match"]["match"]["rounds"])


def main(argv: list[str] | None = None) -> int:
    """Build the files, open each, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=40_000,
                        help="actions of the long round (about)")
    parser.add_argument("--keep", type=Path, default=None,
                        help="also copy the long round's file here (to open it in a window)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        home = folder / "home"
        home.mkdir()
        files = [(label, write_round(folder, pairs, f"{label}.json"))
                 for label, pairs in (("short", 0), ("half", args.actions // 4),
                                      ("long", args.actions // 2))]
        if args.keep is not None:
            args.keep.write_bytes(files[-1][1].read_bytes())
        rows = {}
        for label, path in files:
            rss, wall, cpu = open_replay(path, home)
            rows[label] = (rss, wall, cpu)
            print(f"{label:>5}: {count_actions(path):6d} actions, "
                  f"{path.stat().st_size / 1e6:5.2f} MB file: peak {rss:7.1f} MB, "
                  f"{wall:6.2f} s wall, {cpu:6.2f} s CPU", flush=True)
        (s_rss, _, s_cpu), (h_rss, _, h_cpu), (l_rss, _, l_cpu) = (
            rows["short"], rows["half"], rows["long"])
        print(f"long/half past the short round: memory "
              f"{(l_rss - s_rss) / max(h_rss - s_rss, 1e-9):.2f}, CPU "
              f"{(l_cpu - s_cpu) / max(h_cpu - s_cpu, 1e-9):.2f} (2 linear, 4 quadratic)")
    print(f"calibration: easy self-play {calibration():.1f} rounds/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
