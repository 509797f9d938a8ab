"""Bots against bots: ``python -m rami_desktop.sim --preset talaj --players 2 --bots hard,easy``.

Deals are duplicated: each deal is replayed once per rotation of the seats, so that every bot plays
every seat's cards and card luck cancels out. Each round runs on the engine's
:class:`~rami_desktop.engine.state.RoundState` from a seeded deal, played by the bot driver of
:mod:`rami_desktop.play.session.driver` up to a turn cap (a round that reaches it ends with no
winner and counts as a ``turn_cap_hit``). The report gives, per bot level, the share of rounds won
with a 95% Wilson interval, the mean penalty paid, the time per decision (in the deciding thread's
CPU time, which other load on the machine does not inflate, and in wall time), plus rounds per
second, illegal actions attempted (bots must make none), turns the driver had to end for a bot
(``rescues``) and cap hits.
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..bots import ALL_LEVELS, Bot, make_bot
from ..bots.record import wilson
from ..engine.actions import Action
from ..engine.errors import ErrorCode
from ..engine.observation import Observation
from ..engine.rules import PRESET_NAMES, preset
from ..engine.state import RoundState
from ..play.game.config import GameConfig, Seat
from ..play.keep.round_record import round_record
from ..play.session.driver import TURNS_PER_ROUND, DriverStats, Limits
from ..play.session.session import Session
from ..storage.round_files import RoundFiles
from .arguments import OneLineParser, safe_output, whole_number

T = TypeVar("T")
A = TypeVar("A")

TURN_CAP = TURNS_PER_ROUND
#: the most rounds and processes one run takes (a run of the most rounds takes days already)
MAX_ROUNDS = 1_000_000
MAX_JOBS = 64


@dataclass
class Tally:
    """What a batch of rounds gave (merged across workers)."""

    rounds: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    no_winner: int = 0
    penalty: dict[str, int] = field(default_factory=dict)
    seat_rounds: dict[str, int] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)
    cpu_times: dict[str, list[float]] = field(default_factory=dict)
    illegal: int = 0
    illegal_codes: dict[str, int] = field(default_factory=dict)
    rescues: int = 0
    cap_hits: int = 0
    stock_out: int = 0
    turns: int = 0
    cpu_s: float = 0.0

    def merge(self, other: Tally) -> None:
        """Add another tally to this one."""
        self.rounds += other.rounds
        self.no_winner += other.no_winner
        self.illegal += other.illegal
        self.rescues += other.rescues
        self.cap_hits += other.cap_hits
        self.stock_out += other.stock_out
        self.turns += other.turns
        self.cpu_s += other.cpu_s
        for mine, theirs in ((self.wins, other.wins), (self.penalty, other.penalty),
                             (self.seat_rounds, other.seat_rounds),
                             (self.illegal_codes, other.illegal_codes)):
            for k, v in theirs.items():
                mine[k] = mine.get(k, 0) + v
        for k, ms in other.times.items():
            self.times.setdefault(k, []).extend(ms)
        for k, ms in other.cpu_times.items():
            self.cpu_times.setdefault(k, []).extend(ms)


class TimedBot:
    """A bot whose every decision is timed in the deciding thread's CPU time
    (``time.thread_time``), in milliseconds, into ``times``."""

    def __init__(self, bot: Bot, times: list[float]) -> None:
        self.bot = bot
        self.level = bot.level
        self.times = times

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """The bot's action, timed."""
        return self._timed(self.bot.act, obs, rng)

    def wants_redeal(self, obs: Observation, rng: random.Random) -> bool:
        """The bot's answer, timed."""
        return self._timed(self.bot.wants_redeal, obs, rng)

    def _timed(self, decide: Callable[[Observation, random.Random], T],
               obs: Observation, rng: random.Random) -> T:
        t0 = time.thread_time()
        try:
            return decide(obs, rng)
        finally:
            self.times.append((time.thread_time() - t0) * 1000)

    def refused(self, action: Action, code: ErrorCode) -> None:
        """Tell the bot."""
        self.bot.refused(action, code)


def new_round(rules_name: str, levels: Sequence[str], seed: int, dealer: int, tally: Tally,
              teams: bool = False, turn_cap: int = TURN_CAP) -> Session:
    """The session of the round of ``seed`` with bots of ``levels`` (by seat), each bot's
    decisions timed into ``tally.cpu_times``."""
    rules = preset(rules_name, teams=True) if teams else preset(rules_name)
    bots: dict[int, Bot] = {s: TimedBot(make_bot(lv), tally.cpu_times.setdefault(lv, []))
                            for s, lv in enumerate(levels)}
    rngs = {s: random.Random(f"{seed}/{dealer}/{s}/{lv}") for s, lv in enumerate(levels)}
    config = GameConfig(rules, tuple(Seat(None, "bot", lv) for lv in levels), seed)
    return Session(config, first_dealer=dealer, bots=bots, rngs=rngs,
                   limits=Limits(turns_per_round=turn_cap))


def play_round(rules_name: str, levels: Sequence[str], seed: int, dealer: int, tally: Tally,
               teams: bool = False, turn_cap: int = TURN_CAP, keep: str | None = None
               ) -> RoundState:
    """Play one round between bots of ``levels`` (by seat) on the deal of ``seed``; with
    ``keep``, a finished round's file is written in that folder (named by deal, dealer and
    seating)."""
    session = new_round(rules_name, levels, seed, dealer, tally, teams, turn_cap)
    session.play_round()
    state = session.round
    count_round(tally, session.driver_stats, levels, state)
    if keep is not None and state.over:
        name = f"sim-{seed}-{dealer}-{'-'.join(levels)}-{tally.rounds:06d}.json"
        problem = RoundFiles(keep, keep=None).keep(round_record(session.config, session.match),
                                                   name=name)
        if problem is not None:
            raise OSError(f"cannot write {name} in {keep}: {problem}")
    return state


def count_round(tally: Tally, stats: DriverStats, levels: Sequence[str], state: RoundState) -> None:
    """Add a round's result and its driver's figures to the tally."""
    tally.rounds += 1
    tally.turns += state.turn
    tally.illegal += stats.illegal
    tally.rescues += stats.rescues
    tally.cap_hits += stats.turn_cap_hits
    for key, k in stats.illegal_codes.items():
        tally.illegal_codes[key] = tally.illegal_codes.get(key, 0) + k
    for seat, ms in stats.decision_ms.items():
        tally.times.setdefault(levels[seat], []).extend(ms)
    for p, lv in enumerate(levels):
        tally.seat_rounds[lv] = tally.seat_rounds.get(lv, 0) + 1
        if state.over and state.penalties is not None:
            tally.penalty[lv] = tally.penalty.get(lv, 0) + state.penalties[p]
    if state.over and state.winner is not None:
        lv = levels[state.winner]
        tally.wins[lv] = tally.wins.get(lv, 0) + 1
    else:
        tally.no_winner += 1
        if state.over:
            tally.stock_out += 1


def rotations(levels: Sequence[str]) -> list[tuple[str, ...]]:
    """The seatings of a duplicate deal: the bots moved round one seat at a time."""
    n = len(levels)
    return [tuple(levels[(s + r) % n] for s in range(n)) for r in range(n)]


def deal_of(seed: int, k: int, n: int) -> tuple[int, int]:
    """The seed and the dealer of duplicate deal number ``k`` of a run seeded ``seed``."""
    return random.Random(f"{seed}/deal/{k}").getrandbits(48), k % n


def play_deals(levels: Sequence[str], seed: int, deals: Sequence[int], tally: Tally,
               play: Callable[[tuple[str, ...], int, int], None]) -> Tally:
    """Play the duplicate deals numbered ``deals`` of a run seeded ``seed``: ``play(seating,
    deal_seed, dealer)`` for every seating of each, the process time added to ``tally``."""
    cpu0 = time.process_time()
    for k in deals:
        deal_seed, dealer = deal_of(seed, k, len(levels))
        for seating in rotations(levels):
            play(seating, deal_seed, dealer)
    tally.cpu_s += time.process_time() - cpu0
    return tally


def run_deals(args: tuple[str, tuple[str, ...], int, list[int], bool, int, str | None]
              ) -> Tally:
    """Play the duplicate deals numbered ``deals`` (a worker's share)."""
    rules_name, levels, seed, deals, teams, turn_cap, keep = args
    tally = Tally()

    def play(seating: tuple[str, ...], deal_seed: int, dealer: int) -> None:
        play_round(rules_name, seating, deal_seed, dealer, tally, teams, turn_cap, keep)

    return play_deals(levels, seed, deals, tally, play)


def in_workers(run: Callable[[A], T], args_of: Callable[[list[int]], A],
               deals: int | Sequence[int], jobs: int) -> list[T]:
    """``run(args_of(share))`` for each job's share of the deals (numbered 0 to ``deals`` - 1,
    or those listed): the j-th, the (j + jobs)-th, ..., one process per job when there are
    several (``run`` and its arguments must then be picklable)."""
    numbers = list(range(deals)) if isinstance(deals, int) else list(deals)
    jobs = max(1, min(jobs, len(numbers)))
    work = [args_of(numbers[j::jobs]) for j in range(jobs)]
    if jobs == 1:
        return [run(work[0])]
    import multiprocessing

    with multiprocessing.Pool(jobs) as pool:
        return pool.map(run, work)


def simulate(rules_name: str, levels: Sequence[str], rounds: int, seed: int = 0, jobs: int = 1,
             teams: bool = False, turn_cap: int = TURN_CAP, keep: str | None = None,
             part: tuple[int, int] = (0, 1)) -> dict[str, Any]:
    """Play about ``rounds`` rounds (whole duplicate deals) and return the report (``keep``:
    the folder each finished round's file is written in).

    ``part`` ``(i, m)`` plays only the deals whose number is ``i`` modulo ``m``: the ``m`` parts
    of a run, pooled (``tools/pool_runs.py``), are exactly its rounds.
    """
    levels = tuple(levels)
    n = len(levels)
    i, m = part
    deals = [k for k in range(max(1, math.ceil(rounds / n))) if k % m == i]
    t0 = time.perf_counter()
    tally = Tally()
    for share in in_workers(run_deals, lambda s: (rules_name, levels, seed, s, teams, turn_cap,
                                                  keep), deals, jobs):
        tally.merge(share)
    elapsed = time.perf_counter() - t0
    rep = report(tally, levels, elapsed, rules_name, seed)
    rep["teams"] = teams
    rep["part"] = [i, m]
    return rep


def percentiles(values: list[float]) -> dict[str, float]:
    """p50, p99 and max of some times (ms)."""
    ts = sorted(values)
    return {"p50": round(_pct(ts, 0.5), 3), "p99": round(_pct(ts, 0.99), 3),
            "max": round(ts[-1] if ts else 0.0, 3)}


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    k = min(len(values) - 1, max(0, math.ceil(q * len(values)) - 1))
    return values[k]


def report(tally: Tally, levels: Sequence[str], elapsed: float, rules_name: str = "",
           seed: int = 0) -> dict[str, Any]:
    """Turn a tally into the report (the ``--json`` object)."""
    order = [lv for lv in dict.fromkeys(levels)]
    n = tally.rounds
    decision = {lv: percentiles(tally.times.get(lv, [])) for lv in order}
    decision_cpu = {lv: percentiles(tally.cpu_times.get(lv, [])) for lv in order}
    return {
        "preset": rules_name,
        "players": len(levels),
        "bots": list(levels),
        "seed": seed,
        "rounds": n,
        "wins": {lv: tally.wins.get(lv, 0) for lv in order},
        "win_share": {lv: round(tally.wins.get(lv, 0) / n, 4) if n else 0.0 for lv in order},
        "win_ci95": {lv: [round(x, 4) for x in wilson(tally.wins.get(lv, 0), n)] for lv in order},
        "no_winner": round(tally.no_winner / n, 4) if n else 0.0,
        "mean_penalty": {lv: round(tally.penalty.get(lv, 0) / max(1, tally.seat_rounds.get(lv, 0)),
                                   2) for lv in order},
        "decision_ms": decision,
        "decision_cpu_ms": decision_cpu,
        "rounds_per_s": round(n / elapsed, 2) if elapsed > 0 else 0.0,
        "rounds_per_cpu_s": round(n / tally.cpu_s, 2) if tally.cpu_s > 0 else 0.0,
        "mean_turns": round(tally.turns / n, 1) if n else 0.0,
        "illegal_actions": tally.illegal,
        "illegal_detail": dict(tally.illegal_codes),
        "rescues": tally.rescues,
        "turn_cap_hits": tally.cap_hits,
        "stock_exhausted": tally.stock_out,
    }


def _text(rep: dict[str, Any]) -> str:
    lines = [f"{rep['rounds']} rounds of {rep['preset']}, {rep['players']} players "
             f"({','.join(rep['bots'])}), seed {rep['seed']}: "
             f"{rep['rounds_per_s']} rounds/s ({rep['rounds_per_cpu_s']} per CPU second), "
             f"{rep['mean_turns']} turns a round"]
    for lv in rep["win_share"]:
        lo, hi = rep["win_ci95"][lv]
        d = rep["decision_cpu_ms"][lv]
        w = rep["decision_ms"][lv]
        lines.append(f"  {lv:<7} wins {rep['win_share'][lv]:6.1%} [{lo:.1%}, {hi:.1%}]  "
                     f"mean penalty {rep['mean_penalty'][lv]:7.2f}  decision ms (thread CPU) "
                     f"p50 {d['p50']} p99 {d['p99']} max {d['max']} (wall p99 {w['p99']})")
    lines.append(f"  no winner {rep['no_winner']:.1%}  illegal actions {rep['illegal_actions']}  "
                 f"rescued turns {rep['rescues']}  turn cap hits {rep['turn_cap_hits']}")
    return "\n".join(lines)


def _part(text: str) -> tuple[int, int]:
    """``I/M`` (0 <= I < M <= 1,000) as a pair."""
    i_text, sep, m_text = text.partition("/")
    if not (sep and i_text.isdigit() and m_text.isdigit()):
        raise ValueError(text)
    i, m = int(i_text), int(m_text)
    if not 0 <= i < m <= 1000:
        raise ValueError(text)
    return i, m


def main(argv: Sequence[str] | None = None) -> int:
    """Run the simulator from the command line."""
    safe_output()
    ap = OneLineParser(prog="python -m rami_desktop.sim", description=__doc__)
    ap.add_argument("--preset", default="talaj", choices=PRESET_NAMES)
    ap.add_argument("--players", type=whole_number(2, 6), default=2, help="2 to 6")
    ap.add_argument("--bots", default="hard,easy",
                    help="levels, comma separated; repeated round the table to fill the seats")
    ap.add_argument("--rounds", type=whole_number(1, MAX_ROUNDS), default=200)
    ap.add_argument("--seed", type=whole_number(-(2**63), 2**63 - 1), default=0)
    ap.add_argument("--jobs", type=whole_number(1, MAX_JOBS), default=1,
                    help=f"processes, 1 to {MAX_JOBS}")
    ap.add_argument("--teams", action="store_true", help="4 players as two teams (rami-talaj)")
    ap.add_argument("--turn-cap", type=whole_number(1, 100 * TURN_CAP), default=TURN_CAP)
    ap.add_argument("--part", type=_part, default=(0, 1), metavar="I/M",
                    help="play only the deals numbered I modulo M (the parts pool into the run)")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--keep", default=None, metavar="DIR",
                    help="write each finished round's file in DIR (python -m "
                         "rami_desktop.commands.review and rami --replay read them)")
    args = ap.parse_args(argv)
    if args.keep is not None and not os.path.isdir(args.keep):
        ap.error(f"--keep: {args.keep} is not a folder")
    names = [b.strip() for b in args.bots.split(",") if b.strip()]
    bad = [b for b in names if b not in ALL_LEVELS]
    if bad or not names:
        ap.error(f"unknown bot level {bad[0] if bad else ''!r}; choose from "
                 f"{', '.join(ALL_LEVELS)} (the simulator measures the expert in every preset; "
                 "setup offers it only where bots.levels_for does)")
    if len(names) > args.players:
        ap.error("more bots than players")
    levels = [names[s % len(names)] for s in range(args.players)]
    rules = preset(args.preset)
    if not rules.min_players <= args.players <= rules.max_players:
        ap.error(f"{args.preset} takes {rules.min_players} to {rules.max_players} players")
    if args.teams and args.players != 4:
        ap.error("teams need 4 players")
    rep = simulate(args.preset, levels, args.rounds, args.seed, args.jobs, args.teams,
                   args.turn_cap, args.keep, args.part)
    if args.json:
        sys.stdout.write(json.dumps(rep) + "\n")
    else:
        sys.stdout.write(_text(rep) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
