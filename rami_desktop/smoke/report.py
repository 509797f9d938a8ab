"""The smoke test's report, its failure type and the environment it runs in."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path


class Report:
    """What the smoke test found: passed checks and failures."""

    def __init__(self) -> None:
        self.passed: list[str] = []
        self.failures: list[str] = []
        self.lines: list[str] = []

    def say(self, line: str, error: bool = False) -> None:
        """Print a line (stderr for failures) and keep it for the log file."""
        self.lines.append(line)
        stream = sys.stderr if error else sys.stdout
        if stream is not None:
            with contextlib.suppress(Exception):
                print(line, file=stream, flush=True)

    def check(self, name: str, fn: Callable[[], str | None]) -> bool:
        """Run one check; an exception is a failure named after the check."""
        start = time.perf_counter()
        try:
            detail = fn()
        except Exception as exc:  # every failure is reported, the next checks still run
            where = traceback.extract_tb(exc.__traceback__)[-1]
            self.fail(name, f"{type(exc).__name__}: {exc} "
                            f"({Path(where.filename).name}:{where.lineno})")
            return False
        ms = (time.perf_counter() - start) * 1000
        self.passed.append(name)
        self.say(f"smoke: ok {name} ({ms:.0f} ms){': ' + detail if detail else ''}")
        return True

    def fail(self, name: str, message: str) -> None:
        """Record a failure."""
        self.failures.append(f"{name}: {message}")
        self.say(f"smoke: FAIL {name}: {message}", error=True)


class SmokeError(Exception):
    """A check found something wrong."""


def require(condition: bool, message: str) -> None:
    """Raise :class:`SmokeError` with ``message`` unless ``condition`` holds."""
    if not condition:
        raise SmokeError(message)


@contextlib.contextmanager
def environment() -> Iterator[Path]:
    """Dummy drivers unless set, and a temporary RAMI_HOME, restored afterwards."""
    saved = {k: os.environ.get(k) for k in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "RAMI_HOME")}
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    home = Path(tempfile.mkdtemp(prefix="rami-smoke-"))
    os.environ["RAMI_HOME"] = str(home)
    try:
        yield home
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        shutil.rmtree(home, ignore_errors=True)
