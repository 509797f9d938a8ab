"""tools/bench_start.py: it times both first screens beside its calibration, against another
commit's tree in the same run, and writes its page itself."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def _tool() -> ModuleType:
    sys.path.insert(0, str(TOOLS))
    try:
        spec = importlib.util.spec_from_file_location("bench_start", TOOLS / "bench_start.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["bench_start"] = module  # its dataclasses look their module up
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(TOOLS))


@pytest.mark.parametrize("against", [
    None, pytest.param("HEAD", marks=pytest.mark.slow)])  # HEAD's tree: twice the starts
def test_one_run_prints_each_screen_beside_the_calibration_and_writes_its_page(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        against: str | None) -> None:
    bench = _tool()
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
