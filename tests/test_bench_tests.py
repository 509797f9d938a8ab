"""tools/bench_tests.py: it runs the tests of a commit's tree (and another's, in turns), prints
each run's wall time and CPU seconds with the load, and writes its page itself."""

from __future__ import annotations

import shlex
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest


@pytest.fixture
def bench(tools_script: Callable[[str], ModuleType]) -> ModuleType:
    """The tool as a module."""
    return tools_script("bench_tests")


@pytest.mark.parametrize("against", [
    None, pytest.param("HEAD~1", marks=pytest.mark.slow)])  # two trees: twice the runs
def test_a_run_prints_its_wall_time_and_cpu_and_writes_its_page(
        bench: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], against: str | None) -> None:
    page = tmp_path / "tests.md"
    monkeypatch.setattr(bench, "DOCS", page)
    # one small file of the tests, in one process: the tool's own work, not the suite's
    argv = ["--runs", "1", *(["--against", against] if against else []), "--docs",
            "--", "-n", "0", "tests/test_build_times.py"]
    assert bench.main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    labels = [bench.label_of("HEAD"), *([bench.label_of(against)] if against else [])]
    rows = [line for line in out if " run 1: " in line]
    assert [row.split(" run ")[0] for row in rows] == labels * 2  # as it runs, then in all
    for row in rows:
        wall, cpu = (float(part.split()[0]) for part in row.split(": ", 1)[1].split(", ")[:2])
        assert wall > 0 and cpu > 0  # the tests' own CPU seconds were read
        assert "; 1 passed; load average " in row
    medians = [line for line in out if ": median " in line]
    assert [line.split(":")[0] for line in medians] == labels
    ratios = [line for line in out if " / " in line and "x the wall time" in line]
    assert len(ratios) == (1 if against else 0)
    text = page.read_text(encoding="utf-8")
    assert shlex.join(["tools/bench_tests.py", *argv]) in text
    assert all(row in text for row in rows[len(labels):])
