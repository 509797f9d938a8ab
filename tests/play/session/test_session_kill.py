"""A game killed (SIGKILL) while it plays (bot turns and a human's moves) is always resumed
exactly, and never before what it showed.

The kill soak of ``tools/soak.py`` runs a real session (its store, its writer thread, the
replay before each write) in a child process, kills it at a random moment, resumes the match
from the files and checks it is the same game at one of its moments, never older than the
last action the child showed (returned from the session)."""

from __future__ import annotations

import importlib.util
import random
import signal
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]


def _soak() -> Any:
    spec = importlib.util.spec_from_file_location("soak", ROOT / "tools" / "soak.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("soak", module)
    spec.loader.exec_module(module)
    return module


soak = _soak()
needs_sigkill = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


@needs_sigkill
@pytest.mark.parametrize("links", [True, False])
def test_a_game_killed_while_saving_resumes_exactly(tmp_path: Path, links: bool) -> None:
    """A few kills in the default run (with and without hard links)."""
    rng = random.Random(1234 if links else 4321)
    outcomes = [soak.kill_once(tmp_path, rng.randrange(1 << 30), rng.uniform(0.0, 0.3), links)
                for _kill in range(3)]
    assert set(outcomes) <= {"ok", "missing_restored_backup"}, outcomes


@pytest.mark.slow
@needs_sigkill
@pytest.mark.parametrize("links", [True, False])
def test_a_game_killed_many_times_resumes_exactly(tmp_path: Path, links: bool) -> None:
    """The soak (``pytest -m slow``): 60 kills."""
    assert soak.soak(tmp_path, 60, random.Random(99), links) == 0
