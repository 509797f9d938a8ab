"""The gates: ruff (RUF rules included) and mypy pass, as configured in pyproject.toml."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, check=False)


def test_ruff_is_clean() -> None:
    proc = _run("ruff", "check", "--no-cache", "rami_desktop", "tests", "tools")
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]


def test_mypy_is_clean() -> None:
    """``mypy`` with no argument checks the files of ``[tool.mypy]`` (the whole package)."""
    proc = _run("mypy")
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
