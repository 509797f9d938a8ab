"""``python -m rami_desktop.solver`` on bad input: one line and exit 2, never a traceback or a
long wait (docs/dev/bad-inputs.md). The answers themselves: tests/engine/test_solver_cli.py."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from rami_desktop.commands.solver import MAX_CARDS, main
from rami_desktop.engine.rules import PRESETS

ROOT = Path(__file__).resolve().parents[2]
DENSE_40 = "JK JK JK JK " + " ".join(f"{r}{s}" for s in "HSDC" for r in range(2, 11))


def run_command(*args: str, text: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rami_desktop.solver", *args], input=text,
                          capture_output=True, text=True, cwd=ROOT, timeout=60, check=False)


def test_largest_hand_of_a_game() -> None:
    """No preset and no option deals more than 15; the draw or the starter's extra makes 16."""
    assert max(rules.hand_size for rules in PRESETS.values()) + 1 <= MAX_CARDS == 16
    with pytest.raises(ValueError):
        PRESETS["talaj"].with_options(hand_size=16)


@pytest.mark.parametrize("kind", ["missing", "folder", "not_utf8"])
def test_unreadable_file_is_one_line_and_exit_2(tmp_path: Path, kind: str) -> None:
    path = {"missing": tmp_path / "none.txt", "folder": tmp_path,
            "not_utf8": tmp_path / "latin1.txt"}[kind]
    if kind == "not_utf8":
        path.write_bytes(b"KS KH KD \xe9\n")
    proc = run_command(str(path))
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and str(path) in lines[0], proc.stderr
    assert "Traceback" not in proc.stderr


def test_hand_larger_than_a_game_can_hold_is_refused_at_once() -> None:
    out = io.StringIO()
    code = main(["--json", "-"], stdin=io.StringIO(DENSE_40 + "\n"), stdout=out)
    assert code == 2
    assert out.getvalue().strip() == (
        '{"error": "40 cards: no hand in a game holds more than 16"}')


def test_densest_largest_hands_are_answered() -> None:
    """Four jokers in the largest hands a game holds: answered (a benchmark, not a timing)."""
    hands = ["JK JK JK JK 5H 5S 5D 5C 6H 6S 6D 6C 7H 7S 7D 7C",
             "JK JK JK JK 5H 5H 6H 6H 7H 7H 8H 8H 5S 5S 6S 6S",
             "JK JK JK JK AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"]
    out = io.StringIO()
    assert main(["-"], stdin=io.StringIO("\n".join(hands) + "\n"), stdout=out) == 0
    assert len(out.getvalue().splitlines()) == 3
