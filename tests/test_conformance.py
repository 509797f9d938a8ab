"""The conformance runner on the shared scenarios, on ours, and on files that are not scenarios."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rami_desktop import conformance
from rami_desktop.engine.errors import ErrorCode

REPO = Path(__file__).resolve().parents[1]
SHARED = Path(__file__).resolve().parents[1].parent / "shared" / "scenarios"
OURS = REPO / "tests" / "scenarios"
INVALID = OURS / "invalid"
PYTHON = sys.executable


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the runner as a user would."""
    return subprocess.run([PYTHON, "-m", "rami_desktop.conformance", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=300)


def our_files() -> list[Path]:
    return sorted(OURS.glob("*.json"))


def test_shared_scenarios_pass() -> None:
    if not SHARED.is_dir():
        pytest.skip("../shared/scenarios is not there")
    proc = run(str(SHARED))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "FAIL" not in proc.stdout


def test_our_scenarios_pass() -> None:
    proc = run(str(OURS))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == len(our_files()) >= 40
    assert all(line.startswith("PASS ") for line in lines)


def test_json_output_shape() -> None:
    proc = run("--json", str(OURS))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == len(our_files())
    for line, path in zip(lines, our_files(), strict=True):
        report = json.loads(line)
        data = json.loads(path.read_text(encoding="utf-8"))
        assert set(report) == {"name", "results", "round", "match"}
        assert report["name"] == data["name"]
        assert len(report["results"]) == len(data["steps"])
        codes = {c.value for c in ErrorCode} | {"ok"}
        assert all(r in codes for r in report["results"])
        assert set(report["round"]) == {"over", "winner", "penalties"}
        assert set(report["match"]) == {"scores", "eliminated", "over", "winner"}
        n = data["players"]
        assert len(report["round"]["penalties"]) == n
        assert len(report["match"]["scores"]) == n
        start = data.get("scores", [0] * n)
        assert report["match"]["scores"] == [
            s + p for s, p in zip(start, report["round"]["penalties"], strict=True)]
        if not report["round"]["over"]:
            assert report["round"]["winner"] is None
            assert report["round"]["penalties"] == [0] * n


def test_json_mode_ignores_expectations(tmp_path: Path) -> None:
    data = json.loads((OURS / "talaj_round_over.json").read_text(encoding="utf-8"))
    for step in data["steps"]:
        step["expect"] = "round_over"
    data["expect_round"] = {"over": False}
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert run("--json", str(path)).returncode == 0
    proc = run(str(path))
    assert proc.returncode == 1
    assert proc.stdout.startswith("FAIL wrong.json")
    assert "round.over: expected false, got true" in proc.stdout


INVALID_FAULTS = {
    "bad_json.json": "bad JSON",
    "unknown_card.json": "unknown card code '1X'",
    "three_copies.json": "3 copies of KS",
    "five_jokers.json": "5 copies of JK",
    "wrong_hand_size.json": "seat 1 has 13 cards, expected 14",
    "unknown_preset.json": "unknown preset 'poker'",
}


@pytest.mark.parametrize("name", sorted(INVALID_FAULTS))
@pytest.mark.parametrize("json_mode", [False, True])
def test_invalid_file_exits_2_with_one_line(name: str, json_mode: bool) -> None:
    path = INVALID / name
    proc = run(*(["--json"] if json_mode else []), str(path))
    assert proc.returncode == 2
    out = (proc.stdout + proc.stderr).strip().splitlines()
    assert len(out) == 1
    assert str(path) in out[0]
    assert INVALID_FAULTS[name] in out[0]


def test_every_invalid_file_is_listed() -> None:
    assert {p.name for p in INVALID.glob("*.json")} == set(INVALID_FAULTS)


def test_invalid_among_valid_still_exits_2() -> None:
    proc = run(str(OURS / "talaj_round_over.json"), str(INVALID / "bad_json.json"))
    assert proc.returncode == 2
    assert "PASS talaj_round_over.json" in proc.stdout


def test_no_files_exits_2(tmp_path: Path) -> None:
    assert conformance.main([str(tmp_path)]) == 2


def test_expected_codes_cover_every_error_code() -> None:
    seen: set[str] = set()
    for path in our_files():
        for step in json.loads(path.read_text(encoding="utf-8"))["steps"]:
            seen.add(step["expect"])
    missing = {c.value for c in ErrorCode} - seen
    assert not missing, f"no scenario expects {sorted(missing)}"


def test_every_preset_is_exercised() -> None:
    presets = {json.loads(p.read_text(encoding="utf-8"))["preset"] for p in our_files()}
    assert presets == {"talaj", "rami-talaj", "tallage", "simple"}


@pytest.mark.parametrize("path", our_files(), ids=lambda p: p.name)
def test_scenario_is_well_formed(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["name"].strip()
    assert data["steps"]
    assert all("expect" in step for step in data["steps"])
    scenario = conformance.load(path)  # real deal: sizes, copies, jokers
    report = conformance.play(scenario)
    assert conformance.failures(scenario, report) == []
    if report["round"]["over"]:
        assert "expect_round" in data


def test_generator_is_in_sync() -> None:
    proc = subprocess.run([PYTHON, str(REPO / "tools" / "make_scenario.py"), "--check"],
                          cwd=REPO, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout
