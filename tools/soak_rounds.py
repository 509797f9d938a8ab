"""Soak of the game autosave: bot rounds with a save and a reload (a full replay) after every turn.

Usage::

    .venv/bin/python tools/soak_rounds.py [--rounds 2000] [--preset all] [--seed 1] [--home DIR]
                                          [--level easy] [--minutes M] [--no-verify]
                                          [--max-turns 400]

Every round is played by the game's bots (``rami_desktop.bots.make_bot``; or, with ``local``,
by a simple local player: draw, lay an opening when the solver finds one, discard a loose card)
in a :class:`rami_desktop.play.session.session.Session`, the one session every table drives. The
session saves itself after every turn through its store (:class:`~rami_desktop.storage.match_io.
MatchFiles`, on its writer thread, the match replayed before it is written, as at the table);
after every completed turn the save is awaited, the match resumed from it with
:meth:`Session.resume` (which replays the whole match through the rules) and the resumed copy
checked against the match in play; play then goes on from the resumed copy. Matches are dealt
round after round until they end, then a new one starts.

Prints the rate, the memory (tracemalloc and the peak RSS) after round 100 and at the end, and
the files left in RAMI_HOME (only the save, its backup and the logs may be there). A benchmark,
never part of the test run: exits 1 if a reload differed, memory grew more than 10% after round
100, or a stray file was left behind.
"""

from __future__ import annotations

import argparse
import gc
import random
import resource
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from rami_desktop.bots import Bot, make_bot  # noqa: E402
from rami_desktop.engine.actions import Action, Discard, Draw, Lay  # noqa: E402
from rami_desktop.engine.cards import Card  # noqa: E402
from rami_desktop.engine.errors import ErrorCode  # noqa: E402
from rami_desktop.engine.observation import Observation  # noqa: E402
from rami_desktop.engine.rules import PRESET_NAMES, PRESETS  # noqa: E402
from rami_desktop.engine.solver import OpeningRequest, find_opening, least_penalty  # noqa: E402
from rami_desktop.play.game.config import GameConfig, Seat  # noqa: E402
from rami_desktop.play.session.driver import Limits  # noqa: E402
from rami_desktop.play.session.session import Session  # noqa: E402
from rami_desktop.storage.logs import setup_logging  # noqa: E402
from rami_desktop.storage.match_io import MatchFiles  # noqa: E402
from rami_desktop.storage.paths import Paths  # noqa: E402

#: A turn longer than this many actions is a bot bug: the driver ends it.
MAX_ACTIONS_PER_TURN = 60


# ------------------------------------------------------------------------------ players


class LocalPlayer:
    """A simple player from the observation: draw from the stock, lay the best opening the
    solver finds (or more combinations once down), discard a random card that no combination
    of the hand uses (to soak the saves with a player other than the game's bots)."""

    level = "local"

    def __init__(self) -> None:
        self.plan: list[tuple[Card, ...]] | None = None

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """The next action of the turn."""
        p = obs.player
        rules = obs.rules
        if not obs.has_drawn:
            self.plan = None
            return Draw(p, "stock")
        if self.plan is None:
            self.plan = []
            if len(obs.hand) > 1:
                whole = not rules.lay_before_out
                if obs.down[p]:
                    req = OpeningRequest(min_points=0, need_tria_and_serie=False,
                                         max_jokers=rules.jokers_per_meld,
                                         ace_value=rules.ace_value, going_out=whole)
                else:
                    req = OpeningRequest(min_points=obs.bar, max_jokers=rules.jokers_per_meld,
                                         ace_value=rules.ace_value, going_out=whole)
                opening = find_opening(obs.hand, req)
                if opening is not None:
                    self.plan = [tuple(meld.cards) for meld in opening.melds]
        if self.plan:
            return Lay(p, self.plan.pop(0))
        self.plan = []
        rest = least_penalty(obs.hand, rules).rest  # the cards no combination of the hand uses
        return Discard(p, rng.choice(rest or obs.hand))

    def wants_redeal(self, obs: Observation, rng: random.Random) -> bool:
        """Never asks for a new deal."""
        return False

    def refused(self, action: Action, code: ErrorCode) -> None:
        """Forget the plan: the driver ends the turn after a few refusals."""
        self.plan = []


def make_players(n: int, level: str = "hard", *, local: bool = False
                 ) -> tuple[dict[int, Bot], str]:
    """Return a player for each seat and what they are (``bots:<level>`` or ``local``)."""
    if local:
        return {seat: LocalPlayer() for seat in range(n)}, "local"
    return {seat: make_bot(level) for seat in range(n)}, f"bots:{level}"


def play_turn(session: Session) -> list[Action]:
    """Play one turn of the current round (draw ... discard); return the actions applied.

    The session's bot driver plays it: a refused action is counted and, after a few, the
    driver ends the turn the engine's way, so the turn always ends; only accepted actions are
    returned (they are what the save's log holds).
    """
    st = session.round
    turn = st.turn
    session.ask_redeals()
    applied: list[Action] = []
    while (not st.over and st.turn == turn and session.round is st
           and session.unkept is None):  # a session waiting for its disk plays nothing
        applied += session.step_bot().applied
    return applied


def new_config(preset: str, seed: int, players: int | None = None) -> GameConfig:
    """The setup of a bot match of a preset."""
    rules = PRESETS[preset]
    n = players or (4 if rules.teams else min(max(3, rules.min_players), rules.max_players))
    n = max(rules.min_players, min(rules.max_players, n))
    return GameConfig(rules=rules, seats=(Seat(None, "bot", "hard"),) * n, seed=seed)


def seat_players(players: dict[int, Bot], rng: random.Random) -> dict[str, Any]:
    """The session options that seat ``players`` (one generator for all, as the soak plays)."""
    return {"bots": players, "rngs": dict.fromkeys(players, rng),
            "limits": Limits(actions_per_turn=MAX_ACTIONS_PER_TURN)}


# ------------------------------------------------------------------------------ the soak


def allowed_file(name: str) -> bool:
    """Whether a file may stay in RAMI_HOME: the save, its backup and the logs."""
    return name in ("match.json", "match.json.bak") or name.startswith("rami.log")


def stray_files(home: Path) -> list[str]:
    """The files under ``home`` other than the save, its backup and the logs."""
    return sorted(str(p.relative_to(home)) for p in home.rglob("*")
                  if p.is_file() and not allowed_file(p.name))


def rss_kib() -> int:
    """The peak resident set size of this process, in KiB (Linux units)."""
    return int(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)


def soak(home: Path, rounds: int, presets: list[str], seed: int, verify: bool,
         max_turns: int, level: str = "easy", report_at: int = 100,
         minutes: float | None = None) -> int:
    """Run the soak; return the number of failures."""
    paths = Paths.under(home)
    setup_logging(paths)
    rng = random.Random(seed)
    tracemalloc.start()
    outcomes: Counter[str] = Counter()
    failures = 0
    turns = saves = 0
    save_time = load_time = 0.0
    mem_100: tuple[int, int] | None = None
    start = time.perf_counter()
    kind = ""
    match_number = 0
    players: dict[int, Bot] = {}
    round_turns = 0
    done = 0
    deadline = None if minutes is None else start + minutes * 60
    stopped = False
    store = MatchFiles(paths)
    session: Session | None = None
    while done < rounds:
        if deadline is not None and time.perf_counter() > deadline:
            stopped = True
            break
        if session is None:
            config = new_config(presets[match_number % len(presets)],
                                seed * 100_003 + match_number)
            players, kind = make_players(config.players, level)
            session = Session(config, store=store, verify_saves=verify,
                              **seat_players(players, rng))
            match_number += 1
            round_turns = 0
        play_turn(session)
        turns += 1
        round_turns += 1
        t0 = time.perf_counter()
        session.flush()  # the session saved itself at the turn's discard (its writer thread)
        problem = session.save_problem
        t1 = time.perf_counter()
        if session.match.over:  # a match over is no longer saved: its save is gone
            if store.exists():
                failures += 1
                print(f"turn {turns}: the save of a finished match is still there",
                      file=sys.stderr)
            done += 1
            outcomes[session.round.end_reason or "out"] += 1
            session.close()
            session = None
            continue
        loaded, load_problem = Session.resume(store, **seat_players(players, rng),
                                              verify_saves=verify)
        t2 = time.perf_counter()
        save_time += t1 - t0
        load_time += t2 - t1
        saves += 1
        if problem or load_problem or loaded is None:
            failures += 1
            print(f"turn {turns}: save {problem}, load {load_problem}", file=sys.stderr)
            session.close()
            session = None
            continue
        if loaded.match.to_dict() != session.match.to_dict() \
                or loaded.config != session.config \
                or loaded.round.snapshot() != session.round.snapshot():
            failures += 1
            print(f"turn {turns}: the resumed match differs", file=sys.stderr)
        session.close()
        session = loaded  # go on from the resumed copy
        capped = round_turns >= max_turns and not session.round.over
        if session.round.over or capped:
            done += 1
            outcomes["capped" if capped else (session.round.end_reason or "out")] += 1
            round_turns = 0
            if capped or session.match.over:
                session.close()
                session = None
            else:
                session.next_round()
            if done % report_at == 0:
                gc.collect()
                now = (tracemalloc.get_traced_memory()[0], rss_kib())
                if done == report_at:
                    mem_100 = now
                elapsed = time.perf_counter() - start
                print(f"after round {done}: {turns} turns, {elapsed:.1f} s "
                      f"({done / elapsed:.2f} rounds/s), traced {now[0] / 1024:.0f} KiB, "
                      f"peak RSS {now[1]} KiB", flush=True)
    if session is not None:
        session.close()
    gc.collect()
    traced_end = tracemalloc.get_traced_memory()[0]
    rss_end = rss_kib()
    tracemalloc.stop()
    elapsed = time.perf_counter() - start
    if stopped:
        print(f"stopped by the time limit ({minutes} min) after {done} of {rounds} rounds")
    print(f"players: {kind}; presets: {', '.join(presets)}; verify before saving: {verify}")
    print(f"rounds: {done} ({dict(sorted(outcomes.items()))}), matches: {match_number}, "
          f"turns: {turns}, saves and reloads: {saves}")
    print(f"time: {elapsed:.1f} s, {done / elapsed:.2f} rounds/s, {turns / elapsed:.1f} turns/s; "
          f"save {save_time / saves * 1000:.2f} ms, load {load_time / saves * 1000:.2f} ms "
          "per turn (mean)")
    print(f"memory at the end: traced {traced_end / 1024:.0f} KiB, peak RSS {rss_end} KiB")
    if mem_100 is not None:
        growth = (traced_end - mem_100[0]) / max(1, mem_100[0])
        rss_growth = (rss_end - mem_100[1]) / max(1, mem_100[1])
        print(f"growth after round {report_at}: traced {growth:+.1%}, peak RSS {rss_growth:+.1%}")
        if growth > 0.10 or rss_growth > 0.10:
            print("memory grew more than 10%", file=sys.stderr)
            failures += 1
    stray = stray_files(home)
    print(f"files left in RAMI_HOME besides the save, its backup and the logs: {stray or 'none'}")
    failures += len(stray)
    return failures


def main(argv: list[str] | None = None) -> int:
    """Parse arguments and run the soak."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--preset", default="all", choices=("all", *PRESET_NAMES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--home", type=Path, help="RAMI_HOME to use (default: a temporary one)")
    parser.add_argument("--level", default="easy", choices=("easy", "medium", "hard"),
                        help="bot level (easy is the fastest)")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop after this many minutes (the figures are printed anyway)")
    parser.add_argument("--no-verify", action="store_true",
                        help="write snapshots without replaying them first "
                             "(Session(verify_saves=False))")
    parser.add_argument("--max-turns", type=int, default=400,
                        help="a round longer than this is counted as 'capped' and a new match "
                             "starts (a local player may never go out)")
    args = parser.parse_args(argv)
    presets = list(PRESET_NAMES) if args.preset == "all" else [args.preset]
    run: dict[str, Any] = {"rounds": args.rounds, "presets": presets, "seed": args.seed,
                           "verify": not args.no_verify, "max_turns": args.max_turns,
                           "level": args.level, "minutes": args.minutes}
    if args.home is not None:
        failures = soak(args.home, **run)
    else:
        with tempfile.TemporaryDirectory() as folder:
            failures = soak(Path(folder), **run)
    print("FAILED" if failures else "OK", f"({failures} failures)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
