"""tools/bench_start.py: it times both first screens beside its calibration, against another
commit's tree in the same run, and writes its page itself."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest


@pytest.fixture
def bench(tools_script: Callable[[str], ModuleType]) -> ModuleType:
    """The tool as a module."""
    return tools_script("bench_start")


@pytest.mark.parametrize("against", [
    None, pytest.param("HEAD", marks=pytest.mark.slow)])  # HEAD's tree: twice the starts
def test_one_run_prints_each_screen_beside_the_calibration_and_writes_its_page(
        bench: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], against: str | None) -> None:
    page = tmp_path / "startup.md"
    monkeypatch.setattr(bench, "DOCS", page)
    monkeypatch.delenv("DISPLAY", raising=False)
    argv = ["--runs", "1", *(["--against", against] if against else []), "--docs"]
    assert bench.main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    trees = ["now", *([against] if against else [])]
    rows = [line for line in out if "x the calibration" in line]
    assert [row.split()[0].split("@")[0] for row in rows] == [t for t in trees for _ in (1, 2)]
    assert [row.split()[3] for row in rows] == ["language:", "menu:"] * len(trees)
    counts = [line for line in out if "modules imported by the first start" in line]
    assert len(counts) == len(trees) and all("of rami_desktop" in line for line in counts)
    ratios = [line.split(":")[0] for line in out if " / now = " in line]
    assert ratios == (["language", "menu"] if against else [])
    text = page.read_text(encoding="utf-8")
    assert "tools/bench_start.py " + " ".join(argv) in text
    assert all(row in text for row in rows)
