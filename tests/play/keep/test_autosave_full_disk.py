"""Kept before shown on a full disk: the desktop autosave (a session keeping its match under
``RAMI_HOME``, as the game does) on a 1 MB tmpfs the test mounts (root only) and fills during
play.

A child process plays as the soak of ``tools/soak.py`` does (a human's moves through
:meth:`Session.play`, bots), saying each action it would show. Once the disk is full the move
that could not be kept is not shown: the child says the game waits (the table's sentence) and
plays nothing more; once there is room again it goes on by itself (its tries on a backoff).
Filled again, the child killed with SIGKILL while it waits, the match resumed as Continue does
is the same game and never older than the last action shown.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from rami_desktop.play.session.session import Session
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths
from tests.net.test_host_full_disk import fill, small_disk
from tests.play.session.test_session_kill import ROOT, soak

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")]

#: the child: plays, says each action shown; while the game waits for the disk it says so and
#: tries again as the table does every frame
CHILD = r"""
import sys, time
from rami_desktop.play.session.session import Session
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths
sys.path.insert(0, sys.argv[2])
from soak import Human, actions_of, soak_config, step

session = Session(soak_config(int(sys.argv[1])), store=MatchFiles(Paths.from_environment()))
human = Human(session.seed)
print("ready", flush=True)
while True:
    if session.save_problem:
        print("waiting", session.save_problem, flush=True)
        while not session.keep_again():
            time.sleep(0.02)
        print("kept", actions_of(session), flush=True)
    step(session, human)
    if not session.save_problem:
        print("shown", actions_of(session), flush=True)
"""

#: seconds the child has to say what is awaited (its longest backoff is 8 s)
LIMIT = 60.0


class Child:
    """The playing child, its lines read as they come."""

    def __init__(self, home: Path, seed: int) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT), "RAMI_HOME": str(home)}
        self.proc = subprocess.Popen([sys.executable, "-c", CHILD, str(seed),
                                      str(ROOT / "tools")], env=env, cwd=str(ROOT),
                                     stdout=subprocess.PIPE, text=True)
        self.lines: list[str] = []

    def until(self, said: Callable[[str], bool]) -> str:
        """Read lines until one ``said`` holds; return it."""
        assert self.proc.stdout is not None
        deadline = time.monotonic() + LIMIT
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline().strip()
            assert line, f"the child stopped: {self.lines[-3:]}"
            self.lines.append(line)
            if said(line):
                return line
        raise AssertionError(f"not said in time: {self.lines[-3:]}")

    def shown(self) -> int:
        """The last action shown."""
        return max((int(x.split()[1]) for x in self.lines if x.startswith("shown ")),
                   default=0)

    def kill(self) -> None:
        """SIGKILL, and wait."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        if self.proc.stdout is not None:
            self.proc.stdout.close()


def test_a_full_disk_pauses_the_autosaved_game_and_loses_nothing_shown(
        tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk") as disk:
        home = disk / "home"
        child = Child(home, 31)
        try:
            child.until(lambda line: line == "ready")
            child.until(lambda line: line.startswith("shown ") and int(line.split()[1]) > 30)
            filler = fill(disk)
            child.until(lambda line: line.startswith("waiting "))
            assert child.lines[-1] == "waiting disk_full"
            shown = child.shown()
            time.sleep(1.0)  # it tries again meanwhile: nothing is shown
            os.unlink(filler)
            kept = child.until(lambda line: line.startswith("kept "))
            assert int(kept.split()[1]) == shown + 1  # the move that waited, kept, goes on
            child.until(lambda line: line.startswith("shown ")
                        and int(line.split()[1]) > shown + 10)
            filler = fill(disk)
            child.until(lambda line: line.startswith("waiting "))
            shown = child.shown()
        finally:
            child.kill()
        os.unlink(filler)
        resumed, problem = Session.resume(MatchFiles(Paths.under(home)))
        assert resumed is not None and problem is None
        try:
            assert soak.actions_of(resumed) >= shown  # Continue: nothing shown is lost
            assert soak.same_game(resumed)
        finally:
            resumed.close()
