"""A longer soak of the expert against hard in every preset (``-m slow``): every action legal,
no turn ended by the driver, and neither misses a going-out the engine finds. It prints the
expert's decision times in thread CPU (figures, not asserts: machine speed varies)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from rami_desktop.engine.rules import PRESET_NAMES

TOOL = Path(__file__).resolve().parents[2] / "tools" / "blunders.py"


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_expert_against_hard(preset: str, capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("blunders", TOOL)
    assert spec is not None and spec.loader is not None
    blunders = importlib.util.module_from_spec(spec)
    sys.modules["blunders"] = blunders
    spec.loader.exec_module(blunders)
    rep = blunders.measure(preset, ("expert", "hard"), 40, 5, 1, False)
    assert rep["rounds"] == 40
    assert rep["illegal_actions"] == 0, rep["illegal_detail"]
    assert rep["rescues"] == 0 and rep["turn_cap_hits"] == 0
    for level in ("expert", "hard"):
        assert rep["per_100_rounds"][level]["missed_out"] == 0.0
    with capsys.disabled():
        ms = rep["decision_cpu_ms"]["expert"]
        print(f"\n{preset}: expert decision ms (thread CPU) p50 {ms['p50']} p99 {ms['p99']} "
              f"max {ms['max']}")
