"""Benchmark: how long a crafted save takes to load, against its size (loading is linear).

Usage::

    .venv/bin/python tools/bench_load.py [--mb 2.0]

Builds saves of a match whose human, in the first turn, lays a combination and takes it back
again and again (the longest save a turn can make), written compactly as the game writes them,
of about ``--mb`` megabytes and of a quarter of it; loads each through the game's one load path
(:meth:`rami_desktop.play.session.session.Session.resume`, which replays every move through the
rules); prints the sizes, the load times (thread CPU, best of 3) and their ratio (4 for linear
loading,
16 for quadratic), beside a calibration: easy self-play rounds a second on this machine.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from rami_desktop.engine.actions import Draw, Lay, Undo  # noqa: E402
from rami_desktop.engine.melds import make_meld  # noqa: E402
from rami_desktop.play.game.config import GameConfig, Seat, autoplay_config  # noqa: E402
from rami_desktop.play.session.session import Session  # noqa: E402
from rami_desktop.play.table.table import Table  # noqa: E402
from rami_desktop.storage.atomic import dump_json_bytes  # noqa: E402
from rami_desktop.storage.match_io import MatchFiles  # noqa: E402
from rami_desktop.storage.paths import Paths  # noqa: E402
from rami_desktop.storage.saves import SAVE_FORMAT, SAVE_VERSION  # noqa: E402


def crafted_save(pairs: int) -> bytes:
    """The bytes of a save holding ``pairs`` lay-and-undo moves in one turn."""
    for seed in range(500):
        config = GameConfig(seats=(Seat("Sara", "human"), Seat("Bot", "bot", "easy")), seed=seed)
        session = Session(config)
        if Table(session).human_to_play() != 0:
            continue
        session.play(0, Draw(Table(session).action_player(0), "stock"))
        hand = session.round.hands[Table(session).action_player(0)]
        meld = next((cs for cs in combinations(hand, 3) if make_meld(cs, 1) is not None), None)
        if meld is None or len(hand) < 5:
            continue
        p = Table(session).action_player(0)
        for _ in range(pairs):
            session.match.apply(Lay(p, tuple(meld)))
            session.match.apply(Undo(p))
        document = {"format": SAVE_FORMAT, "version": SAVE_VERSION, "match": session.payload()}
        return dump_json_bytes(document, compact=True)
    raise RuntimeError("no deal with a combination to lay")


def load_seconds(data: bytes, repeat: int = 3) -> float:
    """The best thread-CPU time of loading a save through the session."""
    best = float("inf")
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as folder:
            paths = Paths.under(Path(folder))
            paths.ensure()
            paths.match_file.write_bytes(data)
            t0 = time.thread_time()
            session, problem = Session.resume(MatchFiles(paths))
            best = min(best, time.thread_time() - t0)
            if session is None:
                raise RuntimeError(f"the crafted save did not load: {problem}")
            session.close()
    return best


def calibration(rounds: int = 20) -> float:
    """Easy self-play rounds a second (thread CPU), two players, talaj."""
    t0 = time.thread_time()
    for seed in range(rounds):
        Session(autoplay_config("talaj", 2, seed=seed, level="easy")).play_round()
    return rounds / (time.thread_time() - t0)


def main(argv: list[str] | None = None) -> int:
    """Build, load and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=2.0, help="size of the big save")
    args = parser.parse_args(argv)
    per_pair = len(crafted_save(2000)) / 2000
    big_pairs = int(args.mb * 1_000_000 / per_pair)
    sizes = []
    for pairs in (big_pairs // 4, big_pairs):
        data = crafted_save(pairs)
        sizes.append((len(data), load_seconds(data)))
    (small, t_small), (big, t_big) = sizes
    print(f"save {small / 1e6:.2f} MB: load {t_small:.3f} s; save {big / 1e6:.2f} MB: load "
          f"{t_big:.3f} s; ratio {t_big / t_small:.2f} for {big / small:.2f}x the size")
    print(f"calibration: easy self-play {calibration():.1f} rounds/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
