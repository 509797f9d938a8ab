"""Soak of the autosave: kill a playing process at random moments, over and over, and resume.

Usage::

    .venv/bin/python tools/soak.py [--kills 200] [--home DIR] [--seed N] [--no-links]

A child process plays a long match in a :class:`rami_desktop.play.session.session.Session` that
keeps every action, exactly as at the table (its store
:class:`~rami_desktop.storage.match_io.MatchFiles`: a snapshot and a journal fsynced before the
move returns): seat 0 is a human whose moves the child makes through :meth:`Session.play` (an
easy bot decides them), the three others are bots. After each action returns (when the table
would show it) the child prints how many actions the match holds. It is killed with SIGKILL
after a random delay. The match is then resumed with :meth:`Session.resume` and checked: it is
the same match played again from its seed at one of its moments (the players are seeded), and
never before the last action the child showed (``older``). Prints figures (never asserts on
time); exits with status 1 if any resume failed, differed or was older.
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
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from rami_desktop.bots import make_bot  # noqa: E402
from rami_desktop.engine.rules import preset  # noqa: E402
from rami_desktop.play.game.config import GameConfig, Seat  # noqa: E402
from rami_desktop.play.session.session import Session  # noqa: E402
from rami_desktop.storage import problems  # noqa: E402
from rami_desktop.storage.match_io import MatchFiles  # noqa: E402
from rami_desktop.storage.paths import Paths  # noqa: E402

#: the child: plays one long match, saying each action it would show, until it is killed
CHILD = r"""
import os
import sys
from rami_desktop.play.session.session import Session
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths
sys.path.insert(0, sys.argv[3])
from soak import Human, actions_of, soak_config, step

if sys.argv[1] == "no-links":  # a file system without hard links: the rename fallback

    def no_link(*args):
        raise OSError(1, "no hard links here")

    os.link = no_link
session = Session(soak_config(int(sys.argv[2])), store=MatchFiles(Paths.from_environment()))
human = Human(session.seed)
print("ready", flush=True)
while True:
    step(session, human)
    if session.save_problem:
        print(session.save_problem, file=sys.stderr, flush=True)
        sys.exit(3)
    print("shown", actions_of(session), flush=True)
"""

#: what a resume may say after a kill (a save interrupted before its rename leaves the old one)
FINE = (None, problems.MISSING_RESTORED_BACKUP)


def soak_config(seed: int) -> GameConfig:
    """The soak's match: a human and three easy bots in tallage, a target no match reaches
    while soaking."""
    rules = preset("tallage", target=100_000)
    return GameConfig(rules, (Seat("Amal", "human"),) + (Seat(None, "bot", "easy"),) * 3, seed)


class Human:
    """The human of seat 0, as the soak plays them: an easy bot decides, seeded."""

    def __init__(self, seed: int) -> None:
        self.bot = make_bot("easy")
        self.rng = random.Random(f"{seed}/human")

    def move(self, session: Session) -> None:
        """Play the human's next action through :meth:`Session.play`, as the table does."""
        for _try in range(20):
            action = self.bot.act(session.match.observation(0), self.rng)
            played = session.play(0, action)
            if played.ok:
                return
            assert played.code is not None
            self.bot.refused(action, played.code)
        raise RuntimeError("the human's bot found no legal action")


def actions_of(session: Session) -> int:
    """Every action of the match so far (the rounds dealt count one each)."""
    return sum(len(log) for log in session.match.logs) + len(session.match.logs)


def step(session: Session, human: Human) -> None:
    """One action of the match: the next deal, a bot's or the human's."""
    if session.round.over:
        session.next_round()
        return
    session.ask_redeals()
    if session.match.seat_of(session.round.current) == 0:  # the human's turn
        human.move(session)
    else:
        session.step_bot()


def same_game(resumed: Session) -> bool:
    """Whether a resumed match is the soak's game at one of its moments (played again from
    its seed until it holds as many actions)."""
    target = resumed.match.to_dict()
    again = Session(soak_config(resumed.seed), key=resumed.match.key)
    human = Human(resumed.seed)
    while actions_of(again) < actions_of(resumed):
        step(again, human)
    return again.match.to_dict() == target


def kill_once(home: Path, seed: int, delay: float, links: bool = True) -> str:
    """Start the child, kill it after ``delay`` seconds of play, resume and check the match.

    Returns:
        ``ok``, a resume problem code, or what went wrong (``writer_failed``, ``lost``,
        ``differs``, ``older``: before an action the child showed).
    """
    env = {**os.environ, "PYTHONPATH": str(REPO), "RAMI_HOME": str(home)}
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, "links" if links else "no-links", str(seed),
         str(REPO / "tools")], env=env, cwd=str(REPO), stdout=subprocess.PIPE)
    try:
        assert child.stdout is not None
        if child.stdout.readline() != b"ready\n":
            return "writer_failed"
        time.sleep(delay)
    finally:
        if child.poll() is None:
            os.kill(child.pid, signal.SIGKILL)
        child.wait()
        # a line counts once whole: killed in the middle of one (print writes its parts one by
        # one when the output is unbuffered, PYTHONUNBUFFERED=1), the child said nothing by it
        said = child.stdout.read().split(b"\n")[:-1] if child.stdout is not None else []
        if child.stdout is not None:
            child.stdout.close()
    shown = [int(line.split()[1]) for line in said if line.startswith(b"shown ")]
    resumed, problem = Session.resume(MatchFiles(Paths.under(home)))
    if resumed is None:
        return "lost"
    try:
        if problem not in FINE:
            return str(problem)
        if shown and actions_of(resumed) < shown[-1]:
            return "older"
        return "ok" if same_game(resumed) else "differs"
    finally:
        resumed.close()


def soak(home: Path, kills: int, rng: random.Random, links: bool = True) -> int:
    """Run the soak; return the number of failures."""
    outcomes: Counter[str] = Counter()
    for number in range(1, kills + 1):
        outcome = kill_once(home, rng.randrange(1 << 30), rng.uniform(0.0, 0.3), links)
        outcomes[outcome] += 1
        if outcome not in ("ok", problems.MISSING_RESTORED_BACKUP):
            print(f"kill {number}: {outcome}", file=sys.stderr)
    temps = len(list(Paths.under(home).data_dir.glob(".match.json.tmp-*")))
    print(f"kills: {kills}, links: {links}")
    for outcome, count in sorted(outcomes.items()):
        print(f"  {outcome}: {count}")
    print(f"temporary files left by kills (removed after a minute): {temps}")
    return sum(count for outcome, count in outcomes.items()
               if outcome not in ("ok", problems.MISSING_RESTORED_BACKUP))


def main(argv: list[str] | None = None) -> int:
    """Parse arguments and run the soak."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kills", type=int, default=200)
    parser.add_argument("--home", type=Path, help="RAMI_HOME to use (default: a temporary one)")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--no-links", action="store_true",
                        help="as on a file system without hard links (the rename fallback)")
    args = parser.parse_args(argv)
    if not hasattr(signal, "SIGKILL"):
        print("this platform has no SIGKILL", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    if args.home is not None:
        failures = soak(args.home, args.kills, rng, not args.no_links)
    else:
        with tempfile.TemporaryDirectory() as folder:
            failures = soak(Path(folder), args.kills, rng, not args.no_links)
    print("FAILED" if failures else "OK", f"({failures} failures)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
