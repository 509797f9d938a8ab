"""tools/bench_wire.py: it times the wire and writes each labelled run into its page."""

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
        spec = importlib.util.spec_from_file_location("bench_wire", TOOLS / "bench_wire.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(TOOLS))


def test_docs_writes_its_labelled_section_and_keeps_the_others(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bench = _tool()
    page = tmp_path / "wire.md"
    page.write_text("# old title\n\nold words\n\n## before\n\n- commit: `abc1234`\n\nkept\n\n"
                    "## after\n\n- commit: `old`\n\nreplaced\n", encoding="utf-8")
    monkeypatch.setattr(bench, "DOCS", page)
    assert bench.main(["--games", "1", "--repeat", "1", "--docs", "--label", "after"]) == 0
    out = capsys.readouterr().out.splitlines()
    rows = [line for line in out if "x the calibration" in line]
    assert [row.split()[0] for row in rows] == ["view", "delta", "view", "delta", "request"]
    text = page.read_text(encoding="utf-8")
    before, after = text.split("## before")[1].split("## after")
    assert "abc1234" in before and "kept" in before
    assert "replaced" not in after and "old words" not in text
    assert all(row in after.splitlines() for row in rows)
    for item in ("- commit: `", "- command: `tools/bench_wire.py --games 1 --repeat 1 --docs "
                 "--label after`", "- machine: ", "- date: "):
        assert item in after
