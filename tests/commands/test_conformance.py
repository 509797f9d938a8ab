"""The conformance runner on the shared scenarios, on ours, and on files that are not scenarios.

``tests/scenarios/shared/`` is the project's copy of the team's shared scenarios (the tests never
read outside the repository).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rami_desktop.commands import conformance
from rami_desktop.engine.errors import ErrorCode

REPO = Path(__file__).resolve().parents[2]
OURS = REPO / "tests" / "scenarios"
SHARED = OURS / "shared"
INVALID = OURS / "invalid"
PYTHON = sys.executable


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the runner as a user would."""
    return subprocess.run([PYTHON, "-m", "rami_desktop.conformance", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=300)


def run_here(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run the runner through its own entry point in this process (its exit code and output
    are the process's: the tests marked "as a user runs it" start it as a program):
    ``(code, stdout, stderr)``."""
    code = conformance.main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def our_files() -> list[Path]:
    return sorted(OURS.glob("*.json"))


def test_shared_scenarios_pass() -> None:
    proc = run(str(SHARED))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    assert len(lines) == len(list(SHARED.glob("*.json"))) >= 7
    assert all(line.startswith("PASS ") for line in lines)


def test_shared_invalid_scenario_is_refused() -> None:
    path = SHARED / "invalid" / "three_copies.json"
    proc = run(str(path))
    assert proc.returncode == 2
    assert proc.stdout.strip().splitlines() == [
        f"{path}: not a valid scenario: 3 copies of KS (the deck has 2)"]


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


@pytest.mark.parametrize("json_mode", [False, True])
def test_invalid_file_exits_2_with_one_line_as_a_user_runs_it(json_mode: bool) -> None:
    path = INVALID / "bad_json.json"
    proc = run(*(["--json"] if json_mode else []), str(path))
    assert proc.returncode == 2
    out = (proc.stdout + proc.stderr).strip().splitlines()
    assert len(out) == 1
    assert str(path) in out[0]
    assert INVALID_FAULTS["bad_json.json"] in out[0]


@pytest.mark.parametrize("name", sorted(INVALID_FAULTS))
@pytest.mark.parametrize("json_mode", [False, True])
def test_invalid_file_exits_2_with_one_line(name: str, json_mode: bool,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """Every invalid file, through the runner's own entry point (the process's exit code and
    output are the same: the test above runs it as a user would)."""
    path = INVALID / name
    code = conformance.main([*(["--json"] if json_mode else []), str(path)])
    assert code == 2
    captured = capsys.readouterr()
    out = (captured.out + captured.err).strip().splitlines()
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


def _variant(tmp_path: Path, change: object) -> Path:
    """Write a copy of a good scenario with ``change`` applied (a function of the data)."""
    data = json.loads((OURS / "talaj_round_over.json").read_text(encoding="utf-8"))
    change(data)  # type: ignore[operator]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _set(key: str, value: object) -> object:
    return lambda data: data.__setitem__(key, value)


def _set_step(key: str, value: object) -> object:
    return lambda data: data["steps"][0].__setitem__(key, value)


BAD_CONTENT = {
    "not_utf8": (b'{"name": "\xff\xfe"}', "not UTF-8 text"),
    "deep": (b"[" * 100_000 + b"]" * 100_000, "bad JSON: nested too deeply"),
    "long_int": (b'{"players": ' + b"9" * 5000 + b"}",
                 "bad JSON: a number with thousands of digits"),
}


@pytest.mark.parametrize("name", sorted(BAD_CONTENT))
def test_bad_bytes_are_malformed(tmp_path: Path, name: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    content, fault = BAD_CONTENT[name]
    path = tmp_path / f"{name}.json"
    path.write_bytes(content)
    code, stdout, stderr = run_here(capsys, str(path))
    assert code == 2
    out = stdout.strip().splitlines()
    assert len(out) == 1 and not stderr
    assert out[0].startswith(f"{path}: not a valid scenario: {fault}")


BAD_FIELDS = {
    "preset_list": (_set("preset", ["talaj"]), "preset must be a preset name"),
    "options_preset": (_set("options", {"preset": "poker"}), "options cannot change the preset"),
    "expect_code": (_set_step("expect", "nope"), "step 0: unknown expect code 'nope'"),
    "expect_round_key": (_set("expect_round", {"overr": True}),
                         "unknown expect_round key 'overr'"),
    "expect_match_key": (_set("expect_match", {"score": [0, 0]}),
                         "unknown expect_match key 'score'"),
    "players_huge": (_set("players", 10**4000), "players must be a number from 2 to 6"),
    "scores_huge": (_set("scores", [10**4000, 0]), "scores must be 2 numbers"),
}


@pytest.mark.parametrize("name", sorted(BAD_FIELDS))
def test_bad_fields_are_malformed(tmp_path: Path, name: str,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    change, fault = BAD_FIELDS[name]
    path = _variant(tmp_path, change)
    code, stdout, stderr = run_here(capsys, str(path))
    assert code == 2, stdout + stderr
    out = stdout.strip().splitlines()
    assert len(out) == 1 and not stderr
    assert out[0].startswith(f"{path}: not a valid scenario: {fault}")


def test_missing_file_and_folder_inside_folder(tmp_path: Path) -> None:
    (tmp_path / "inner.json").mkdir()
    missing = tmp_path / "missing.json"
    proc = run(str(missing), str(tmp_path))
    assert proc.returncode == 2
    assert proc.stdout.strip().splitlines() == [
        f"{missing}: not a valid scenario: no such file",
        f"{tmp_path / 'inner.json'}: not a valid scenario: a folder inside a folder (folders are "
        "not searched recursively)",
    ]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")
def test_fifo_is_not_read(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    proc = run(str(fifo))  # a plain open would wait for a writer for ever (the run's timeout)
    assert proc.returncode == 2
    assert proc.stdout.strip() == f"{fifo}: not a valid scenario: not a regular file"


def test_huge_file_is_not_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "huge.json"
    path.write_bytes(b" " * (conformance.MAX_BYTES + 1))
    code, stdout, _stderr = run_here(capsys, str(path))
    assert code == 2
    assert stdout.strip() == f"{path}: not a valid scenario: larger than 1024 KB"


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=12,
)
KEYS = ["name", "preset", "options", "players", "dealer", "hands", "talaj", "stock", "scores",
        "steps", "expect_round", "expect_match"]


@settings(max_examples=60, deadline=None)
@given(key=st.sampled_from(KEYS), value=JSON, step_key=st.sampled_from(
    ["player", "do", "from", "cards", "card", "meld", "at", "expect"]), step_value=JSON)
def test_any_field_value_is_played_or_malformed(key: str, value: object, step_key: str,
                                                step_value: object) -> None:
    """Whatever a field holds, the runner plays the file or names the fault: nothing else."""
    data = json.loads((OURS / "talaj_round_over.json").read_text(encoding="utf-8"))
    data["steps"][1][step_key] = step_value
    data[key] = value
    try:
        scenario = conformance.parse_scenario(data)
    except conformance.ScenarioError:
        return
    report = conformance.play(scenario)
    conformance.failures(scenario, report)
