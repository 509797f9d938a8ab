"""``tools/expert_changes.py``: it counts where the expert weighs hard's choice again, and a
change is never counted without the choice it changed."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parents[1] / "tools"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("expert_changes", TOOLS / "expert_changes.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["expert_changes"] = module
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules["expert_changes"]
    return module


def test_it_counts_the_expert_s_decisions_and_their_changes() -> None:
    counts = _tool().measure("tallage", 2, 4242)
    assert counts["rounds"] == 2
    assert counts["opening discards"] > 0 and counts["race weighed"] > 0
    assert counts["opening changed"] <= counts["opening discards"]
    assert counts["race changed"] <= counts["race weighed"]
    assert counts["down changed"] <= counts["down discards"]
    assert (counts["held back"] + counts["fewer laid"] + counts["other card kept"]
            <= counts["lay turns"])
