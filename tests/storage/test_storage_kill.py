"""A process killed (SIGKILL) in the middle of saving never leaves an unloadable save."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import rami_desktop
from rami_desktop.storage import problems
from rami_desktop.storage.atomic import backup_path
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.saves import load_match

REPO = Path(rami_desktop.__file__).resolve().parent.parent

CHILD = r"""
import os
import sys
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.saves import save_match

if sys.argv[1] == "no-links":  # a file system without hard links: the rename fallback

    def no_link(*args):
        raise OSError(1, "no hard links here")

    os.link = no_link
paths = Paths.from_environment()
blob = "x" * 300_000
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
    if match["check"] != len(match["blob"]) + match["counter"]:
        raise ValueError("inconsistent save")
    return int(match["counter"])


needs_sigkill = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


@needs_sigkill
@pytest.mark.parametrize("links", ["links", "no-links"])
def test_killed_while_saving_leaves_a_loadable_save(rami_home: Path, links: str) -> None:
    """A few kills in the default run."""
    _kill_while_saving(rami_home, links, kills=4, seed=1234)


@pytest.mark.slow
@needs_sigkill
@pytest.mark.parametrize("links", ["links", "no-links"])
def test_killed_while_saving_many_times(rami_home: Path, links: str) -> None:
    """The soak (``pytest -m slow``): 60 kills."""
    _kill_while_saving(rami_home, links, kills=60, seed=4321)


def _kill_while_saving(rami_home: Path, links: str, kills: int, seed: int) -> None:
    paths = Paths.from_environment()
    env = {**os.environ, "PYTHONPATH": str(REPO), "RAMI_HOME": str(rami_home)}
    rng = random.Random(seed)
    last_seen = 0
    for _ in range(kills):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, links], env=env, cwd=str(REPO), stdout=subprocess.PIPE
        )
        try:
            assert child.stdout is not None
            assert child.stdout.readline() == b"ready\n", "the writer could not save"
            time.sleep(rng.uniform(0.0, 0.25))
            assert child.poll() is None, "the writer died on its own"
        finally:
            os.kill(child.pid, signal.SIGKILL)
            child.wait()
            child.stdout.close()  # type: ignore[union-attr]
        # the file or its backup is complete JSON ...
        candidates = [p for p in (paths.match_file, backup_path(paths.match_file)) if p.exists()]
        assert any(json.loads(p.read_bytes())["format"] == "rami-save" for p in candidates
                   if _is_json(p))
        # ... and the loader finds a consistent match
        counter, problem = load_match(paths, check_match)
        assert counter is not None, problem
        assert problem in (None, problems.MISSING_RESTORED_BACKUP)
        assert counter >= 1
        last_seen = max(last_seen, counter)
    assert last_seen >= 1


def _is_json(path: Path) -> bool:
    try:
        json.loads(path.read_bytes())
    except ValueError:
        return False
    return True
