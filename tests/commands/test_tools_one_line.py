"""Every command-line tool keeps its promise on crafted input: one line, exit code 2, no
traceback, no hang, no unbounded memory (docs/dev/bad-inputs.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

from rami_desktop.__main__ import main as rami_main
from rami_desktop.__main__ import parse_args
from rami_desktop.commands import cli, conformance, sim, solver
from rami_desktop.storage.settings import MAX_WINDOW, MIN_WINDOW

ROOT = Path(__file__).resolve().parents[2]
SCENARIO = ROOT / "tests" / "scenarios" / "talaj_round_over.json"
POSIX = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")

TOOLS: dict[str, Callable[[Sequence[str]], int]] = {
    "rami": rami_main,
    "python -m rami_desktop.sim": sim.main,
    "python -m rami_desktop.solver": solver.main,
    "python -m rami_desktop.conformance": conformance.main,
    "python -m rami_desktop.cli": cli.main,
}


def _one_line(err: str, prog: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{prog}: "), err
    assert "Traceback" not in err
    return lines[0]


def _run(args: list[str], **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, env=env,
                          capture_output=True, timeout=120, **kwargs)  # type: ignore[call-overload]


@pytest.mark.parametrize("prog", sorted(TOOLS))
@pytest.mark.parametrize("argv", [["--bogus"], ["--seed", "x"], ["--players", "9" * 30]])
def test_a_bad_flag_is_one_line_and_help_has_the_rest(prog: str, argv: list[str],
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    if prog.endswith(("solver", "conformance")) and argv[0] != "--bogus":
        argv = ["--bogus", *argv]
    with pytest.raises(SystemExit) as exit_:
        TOOLS[prog](argv)
    assert exit_.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert _one_line(captured.err, prog).endswith("(--help for the usage)")
    with pytest.raises(SystemExit) as exit_:
        TOOLS[prog](["--help"])
    assert exit_.value.code == 0
    assert "usage:" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["--players", "99999999999999999999"], ["--jobs", "100000"],
                                  ["--rounds", "10" * 30], ["--turn-cap", "0"]])
def test_sim_refuses_numbers_it_cannot_play(argv: list[str],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        sim.main(argv)
    assert exit_.value.code == 2
    line = _one_line(capsys.readouterr().err, "python -m rami_desktop.sim")
    assert argv[0] in line


@POSIX
@pytest.mark.parametrize("name", ["fifo", "/dev/zero"])
def test_the_solver_never_waits_on_a_fifo_or_reads_a_device(tmp_path: Path, name: str) -> None:
    path = tmp_path / "fifo" if name == "fifo" else Path(name)
    if name == "fifo":
        os.mkfifo(path)
    proc = _run(["rami_desktop.solver", str(path)])
    assert proc.returncode == 2
    assert _one_line(proc.stderr.decode(), "python -m rami_desktop.solver").endswith(
        "not a regular file (a FIFO or a device)")


def test_the_solver_reads_no_endless_line_from_stdin() -> None:
    proc = _run(["rami_desktop.solver"], input=b"\0" * 100_000)
    assert proc.returncode == 2
    assert _one_line(proc.stderr.decode(), "python -m rami_desktop.solver").endswith(
        "standard input: a line longer than 4096 characters")


def _scenario(tmp_path: Path, **changes: object) -> Path:
    """The scenario with some fields changed; ``"BIG"`` and ``"HUGE"`` stand for numbers of
    4,300 and 4,301 digits (written as they are: Python prints no integer of 4,301 digits)."""
    data = json.loads(SCENARIO.read_text(encoding="utf-8"))
    data.update(changes)
    text = json.dumps(data).replace('"BIG"', "9" * 4300).replace('"HUGE"', "9" * 4301)
    path = tmp_path / "crafted.json"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(("changes", "fault"), [
    ({"expect_match": {"scores": ["BIG", 0]}},
     "expect_match scores must be one number of at most 1000000000 a player"),
    ({"scores": ["HUGE", 0]}, "bad JSON: a number with thousands of digits"),
    ({"expect_round": {"winner": "BIG"}},
     "expect_round winner must be a seat number, a list of seat numbers or null"),
    ({"expect_round": {"over": "yes"}}, "expect_round over must be true or false"),
    ({"options": {"target": "BIG"}}, "rules: target must be 1 to 100000"),
])
def test_conformance_refuses_numbers_no_game_holds(tmp_path: Path, changes: dict[str, object],
                                                  fault: str,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = _scenario(tmp_path, **changes)
    assert conformance.main([str(path)]) == 2
    assert capsys.readouterr().out.splitlines() == [f"{path}: not a valid scenario: {fault}"]


def test_conformance_prints_a_lone_surrogate_as_an_escape(tmp_path: Path) -> None:
    path = _scenario(tmp_path, name="\ud800 and more")
    for args in ([str(path)], ["--json", str(path)]):
        proc = _run(["rami_desktop.conformance", *args])
        assert proc.returncode == 0, proc.stderr
        assert proc.stderr == b""
        assert b"\\ud800 and more" in proc.stdout


def test_screenshot_into_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert rami_main(["--frames", "1", "--screenshot", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"rami: cannot save the screenshot: {tmp_path} is a folder\n"


def test_size_is_clamped_as_the_settings_clamp_the_window() -> None:
    assert parse_args(["--size", "99999999999999999999x99999999999999999999"]).size == MAX_WINDOW
    assert parse_args(["--size", "10x10"]).size == MIN_WINDOW
    assert parse_args(["--size", "1366x768"]).size == (1366, 768)


def test_the_text_mode_with_its_output_closed() -> None:
    env = dict(os.environ, PYTHONIOENCODING="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "rami_desktop.cli", "--seed", "3"], cwd=ROOT,
                            env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stdin is not None
    proc.stdout.readline()  # the game has started writing
    proc.stdout.close()  # the reader goes away, as `| head -1` does
    _out, err = proc.communicate(b"h\nd\nh\nq\n", timeout=120)
    assert proc.returncode == 2
    assert _one_line(err.decode(), "python -m rami_desktop.cli").endswith("the output was closed")


@pytest.mark.parametrize("data", [b"h\n\xff\xfe\n", b"\0" * 10_000])
def test_the_text_mode_with_input_it_cannot_read(data: bytes) -> None:
    proc = _run(["rami_desktop.cli", "--seed", "3"], input=data)
    assert proc.returncode == 2
    line = _one_line(proc.stderr.decode(), "python -m rami_desktop.cli")
    assert line.endswith(("the input is not UTF-8 text", "a line longer than 4096 characters"))
