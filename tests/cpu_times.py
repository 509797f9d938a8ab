"""Where the test run's CPU goes: ``python -m pytest -p tests.cpu_times`` prints, at the end, the
tests that cost the most CPU seconds (the test's process, all its threads, and the programs it
started and waited for), each test process's cost outside the tests (starting, collecting) and
the whole.

CPU seconds, not the wall time of ``--durations``: on a machine that others load, a test's wall
time is mostly waiting for a core, while its CPU seconds stay what a quiet machine would spend
(the run's wall time on a quiet machine of N cores is about the whole divided by N). Opt-in:
the default run does not load it.
"""

from __future__ import annotations

import json
import os
import resource
import tempfile
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

#: the tests printed
TOP = 30


def _folder() -> Path:
    """Where each test process of the run writes its figures (the one that prints reads them):
    named for the run's first process (a worker of ``-n`` is its child)."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return Path(tempfile.gettempdir()) / f"rami-cpu-times-{os.getppid() if worker else os.getpid()}"


def _cpu(children: bool = True) -> float:
    """CPU seconds of this process (every thread) and of the children it waited for."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    if not children:
        return own.ru_utime + own.ru_stime
    theirs = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + theirs.ru_utime + theirs.ru_stime


class CpuTimes:
    """Writes each test's CPU seconds as it ends, and the process's whole at the session's end."""

    def __init__(self) -> None:
        self.worker = os.environ.get("PYTEST_XDIST_WORKER")
        folder = _folder()
        folder.mkdir(exist_ok=True)
        self.file = (folder / f"{self.worker or 'main'}.jsonl").open("a", encoding="utf-8")
        self.ran = False

    def _write(self, **line: Any) -> None:
        self.file.write(json.dumps(line) + "\n")
        self.file.flush()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Generator[None, None, None]:
        self.ran = True
        before = _cpu()
        yield
        self._write(test=item.nodeid, cpu=_cpu() - before)

    @pytest.hookimpl(tryfirst=True)
    def pytest_sessionfinish(self) -> None:
        # the process that ran no test is the one that spread them (-n): its children are
        # the workers, who count themselves
        self._write(whole=_cpu(children=self.ran))

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if self.worker is not None:
            return
        self.file.close()
        tests: dict[str, float] = {}
        outside: list[str] = []
        whole = 0.0
        folder = _folder()
        for path in sorted(folder.glob("*.jsonl")):
            lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
            path.unlink()
            mine = {line["test"]: line["cpu"] for line in lines if "test" in line}
            tests.update(mine)
            ends = [line["whole"] for line in lines if "whole" in line]
            if ends:
                whole += ends[-1]
                outside.append(f"{ends[-1] - sum(mine.values()):8.2f} s  {path.stem}: "
                               "outside its tests (starting, collecting)")
        folder.rmdir()
        write = terminalreporter.write_line
        terminalreporter.section("CPU seconds (tests/cpu_times.py)")
        for nodeid, seconds in sorted(tests.items(), key=lambda kv: -kv[1])[:TOP]:
            write(f"{seconds:8.2f} s  {nodeid}")
        for line in outside:
            write(line)
        write(f"{sum(tests.values()):8.2f} s  in {len(tests)} tests; {whole:.2f} s in all")


def pytest_configure(config: pytest.Config) -> None:
    """Count in every process of the run."""
    config.pluginmanager.register(CpuTimes(), "rami-cpu-times")
