"""Settings for the whole suite: reproducible property tests and matches, compiled catalogs.

Hypothesis profiles: ``ci`` (chosen when ``CI=true``) draws the same examples on every run
(``derandomize``) so a red CI run fails again on any machine; ``dev`` (the default elsewhere)
explores new examples each run and prints the ``@reproduce_failure`` blob of any failure.
``HYPOTHESIS_PROFILE=ci`` (or ``dev``) picks one explicitly.
"""

from __future__ import annotations

import compileall
import contextlib
import errno
import hashlib
import importlib
import itertools
import os
import stat
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from rami_desktop.storage import sync_batch

ROOT = Path(__file__).resolve().parent.parent

# Python keeps the modules it compiles, whatever the shell's PYTHONDONTWRITEBYTECODE says: the
# workers of ``-n`` and the many programs the tests start (the text mode, the host, the smoke
# test...) then read the game's modules compiled once instead of compiling them each time, and
# pytest keeps its rewritten test modules for the next run
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False


def _fsync_without_the_disk(fd: Any) -> None:
    """``os.fsync`` in the test processes: every check of the real one (a closed or wrong
    descriptor: EBADF; a pipe, socket or terminal: EINVAL), without waiting for the disk."""
    mode = os.fstat(fd if isinstance(fd, int) else fd.fileno()).st_mode
    if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
        raise OSError(errno.EINVAL, os.strerror(errno.EINVAL))


# the disk's flush is the one thing of a write no test can see (only a power cut would): the
# default run makes about 5,000, each waiting for the disk (3 ms when it is idle, far more when
# it is busy) while its core stays idle; the files' order, names and contents and every refusal
# a test makes stay the game's own; the programs the tests start (a host, the smoke test...)
# fsync for real, and RAMI_TEST_FSYNC=1 keeps the real one in the test processes too
if os.environ.get("RAMI_TEST_FSYNC") != "1":
    os.fsync = _fsync_without_the_disk
    sync_batch.syncfs = _fsync_without_the_disk  # a host's flush of a pass, the same

# no deadline anywhere: a test's speed is never an assert (a loaded machine is 2x slower or more);
# nor hypothesis's health check of the time its examples take to draw (too_slow), which a loaded
# machine fails at random: a draw of a list of cards once took 66 s with the cores shared
TIMELESS = (HealthCheck.too_slow,)
settings.register_profile("ci", derandomize=True, database=None, print_blob=True, deadline=None,
                          suppress_health_check=TIMELESS)
settings.register_profile("dev", print_blob=True, deadline=None, suppress_health_check=TIMELESS)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE")
    or ("ci" if os.environ.get("CI", "").lower() in ("1", "true", "yes") else "dev")
)


@pytest.fixture(autouse=True)
def reproducible_match_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new match's secret key (:mod:`rami_desktop.play.game.match_key`) made from a count
    started again for each test, not drawn from the system: a test plays the same matches (the
    same bots' choices after round 1) on every run, and never fails at random; each match still
    has its own key. ``tests/play/game/test_secret_deals.py`` checks the game's own draw."""
    from rami_desktop.play.session import session as session_module

    count = itertools.count()
    monkeypatch.setattr(session_module, "new_key", lambda: hashlib.sha256(
        f"rami/test-key/{next(count)}".encode()).digest())


def pytest_sessionstart(session: object) -> None:
    """Before the workers of ``-n`` start: the game's modules are compiled once, and the
    catalogs the game reads (compiled by the build, ``pip install .``) are compiled again if a
    ``.po`` was edited since, by the same compiler (``tools/compile_catalogs.py``)."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return
    # compiled once here, before the workers start, rather than by each process that imports it
    compileall.compile_dir(ROOT / "rami_desktop", quiet=1)
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import compile_catalogs
    finally:
        sys.path.pop(0)
    if compile_catalogs.stale():
        compile_catalogs.compile_catalogs()


def writes_blocked_by_chmod(folder: Path) -> bool:
    """Whether chmod 0o500 on ``folder`` really stops writes (not for root)."""
    probe = folder / ".probe"
    try:
        probe.write_bytes(b"x")
    except PermissionError:
        return True
    probe.unlink()
    return False


@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch) -> Iterator[object]:
    """Return a function making a folder read-only: chmod 0o500, simulated when running as root.

    As root chmod does not stop writes, so os.open, os.replace, os.link, os.unlink and os.mkdir
    are made to raise PermissionError for paths under the folder.
    """
    made: list[Path] = []

    def make(folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        folder.chmod(0o500)
        made.append(folder)
        if writes_blocked_by_chmod(folder):
            return
        root = str(folder.resolve())

        def inside(*args: object) -> bool:
            return any(
                isinstance(a, (str, Path)) and os.path.abspath(a).startswith(root) for a in args
            )

        def guard(real, check_flags: bool = False):  # type: ignore[no-untyped-def]
            def wrapper(*args, **kwargs):  # type: ignore[no-untyped-def]
                writing = True
                if check_flags:
                    flags = args[1] if len(args) > 1 else kwargs.get("flags", 0)
                    writing = bool(flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT))
                if writing and inside(*args[:2]):
                    raise PermissionError(13, "Permission denied (simulated)", str(args[0]))
                return real(*args, **kwargs)

            return wrapper

        monkeypatch.setattr(os, "open", guard(os.open, check_flags=True))
        for name in ("replace", "rename", "link", "unlink", "mkdir"):
            monkeypatch.setattr(os, name, guard(getattr(os, name)))

    yield make
    for folder in made:
        with contextlib.suppress(OSError):
            folder.chmod(0o700)


def some_by_default(values: list[Any] | tuple[Any, ...], keep: int,
                    unpack: bool = False) -> list[Any]:
    """Parameters for ``pytest.mark.parametrize``: the first ``keep`` in the default run, the
    others only with ``-m slow`` (``unpack``: each value is a tuple of several arguments)."""
    out: list[Any] = []
    for i, value in enumerate(values):
        args = tuple(value) if unpack else (value,)
        marks = () if i < keep else (pytest.mark.slow,)
        out.append(pytest.param(*args, marks=marks))
    return out


#: a property test's examples in the default run (:func:`examples_by_default`)
DEFAULT_EXAMPLES = 60


def examples_by_default(full: int, *strategies: Any, default: int = DEFAULT_EXAMPLES,
                        derandomize: bool = False, **named: Any
                        ) -> Callable[[Callable[..., None]], Callable[[int], None]]:
    """A property test drawn from ``strategies`` and ``named`` (as ``@given`` takes them) with
    ``default`` examples in the default run and its ``full`` count with ``-m slow`` (one
    parameter each); ``derandomize`` draws the same examples on every run."""

    def sample(test: Callable[..., None]) -> Callable[[int], None]:
        def run(examples: int) -> None:
            settings(max_examples=examples, deadline=None,
                     derandomize=derandomize or settings.default.derandomize)(
                given(*strategies, **named)(test))()

        for name in ("__name__", "__qualname__", "__doc__", "__module__"):
            setattr(run, name, getattr(test, name))
        counts = some_by_default([min(default, full), full], 1)
        return pytest.mark.parametrize("examples", counts)(run)  # type: ignore[no-any-return]
    return sample


@pytest.fixture
def tools_script(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], ModuleType]:
    """Load a script of ``tools/`` as a module, by name (its folder on the path while the test
    runs, for the modules it imports from beside it)."""

    def load(name: str) -> ModuleType:
        monkeypatch.syspath_prepend(str(ROOT / "tools"))
        return importlib.import_module(name)

    return load
