"""Every bad input is one line on standard error and exit 2, nothing beside it: a FIFO or a
device as ``rami --screenshot`` (never opened: no hang), empty values (``--replay ""``,
``--lang ""``, ``--screenshot ""``, ``rami-host --config ""``, ``--admin-token-file ""``), a
loop of links as ``--replay`` (its log line kept off the console), and control characters in a
path printed escaped, never sent raw to the terminal (docs/dev/bad-inputs.md)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from rami_desktop.__main__ import main as rami
from rami_desktop.commands import host, join, review, sim, solver
from rami_desktop.commands.arguments import shown
from rami_desktop.ui.kit.screenshot import save_image

ROOT = Path(__file__).resolve().parents[2]
POSIX = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")
ESC = "a\x1b[2Jb"


def one_line(err: str, prog: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{prog}: "), err
    assert "Traceback" not in err and "\x1b" not in err, err
    return lines[0]


def refused(capsys: pytest.CaptureFixture[str], main: Callable[[list[str]], int], prog: str,
            *argv: str) -> str:
    """Run a tool in this process: it must exit 2 with one line: return it."""
    try:
        code = main(list(argv))
    except SystemExit as stop:
        code = int(stop.code or 0)
    assert code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    return one_line(captured.err, prog)


@POSIX
@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_a_screenshot_onto_a_fifo_or_a_device_is_refused_at_once(tmp_path: Path,
                                                                  kind: str) -> None:
    target = tmp_path / "shot.png"
    if kind == "fifo":
        os.mkfifo(target)
    else:
        target.symlink_to("/dev/zero")
    env = dict(os.environ, RAMI_HOME=str(tmp_path / "home"), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy")
    proc = subprocess.run([sys.executable, "-m", "rami_desktop", "--frames", "2",
                           "--screenshot", str(target)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 2 and proc.stdout == ""
    assert one_line(proc.stderr, "rami") == (
        f"rami: cannot save the screenshot: {target} is not a regular file (a FIFO or a "
        "device)")


@POSIX
def test_a_fifo_made_where_the_frame_goes_is_never_opened(tmp_path: Path) -> None:
    """The frame is written beside the name and renamed over it: a FIFO put there between
    the check and the save is replaced, never opened for writing (which would hang)."""
    target = tmp_path / "shot.png"
    os.mkfifo(target)
    surface = pygame.Surface((40, 30))
    done: list[bool] = []
    worker = threading.Thread(target=lambda: done.append(save_image(surface, str(target))
                                                         is None), daemon=True)
    worker.start()
    worker.join(20)
    assert done == [True], "the save opened the FIFO"
    assert target.is_file() and target.read_bytes()[:4] == b"\x89PNG"
    assert [p.name for p in tmp_path.iterdir()] == ["shot.png"]  # no temporary file left


@pytest.mark.parametrize("flag", ["--replay", "--lang", "--screenshot"])
def test_rami_refuses_an_empty_value(flag: str, capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, rami, "rami", f"{flag}=")
    assert line.startswith(f"rami: argument {flag}: ")


def test_an_unknown_language_is_refused_before_any_window(
        capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, rami, "rami", "--lang", "xx")
    assert "invalid choice: 'xx' (choose from 'ar_MA', 'en', 'fr')" in line


@pytest.mark.parametrize("flag", ["--config", "--admin-token-file"])
def test_the_host_refuses_an_empty_file_name(flag: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """An empty name was taken for none: the host served the command line's table, or served
    without its admin token."""
    line = refused(capsys, host.main, "rami-host", "--no-advertise", "--seats", "net,bot:easy",
                   f"{flag}=")
    assert f"argument {flag}: an empty value" in line


def test_the_joiner_refuses_an_empty_token_file(capsys: pytest.CaptureFixture[str]) -> None:
    line = refused(capsys, join.main, "python -m rami_desktop.join", "--address", "127.0.0.1",
                   "--port", "9", "--create", "talaj", "--admin-token-file=")
    assert "argument --admin-token-file: an empty value" in line


@POSIX
def test_a_loop_of_links_as_a_replay_is_one_line(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    line = refused(capsys, rami, "rami", "--replay", str(tmp_path / "a"))
    assert line == f"rami: cannot replay {tmp_path / 'a'}: unreadable"


def test_control_characters_in_paths_are_printed_escaped(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / ESC
    folder.mkdir()
    bad = tmp_path / f"{ESC}.json"
    bad.write_text("[1]")
    escaped = shown(str(folder))
    assert "\\x1b" in escaped
    for main, prog, argv in (
        (rami, "rami", ["--replay", str(bad)]),
        (rami, "rami", ["--screenshot", str(folder / "missing" / "x.png")]),
        (review.main, "python -m rami_desktop.review", [str(folder)]),
        (solver.main, "python -m rami_desktop.solver", [str(folder)]),
        (sim.main, "python -m rami_desktop.sim", ["--rounds", "1", "--keep", str(bad)]),
        (host.main, "rami-host", ["--no-advertise", "--config", str(bad)]),
        (host.main, "rami-host", ["--no-advertise", "--seats", "net,bot:easy", "--cert",
                                  str(folder), "--key", str(folder)]),
        (join.main, "python -m rami_desktop.join", ["--address", "127.0.0.1", "--port", "9",
                                                    "--code", "ABCDE23456", "--cafile",
                                                    str(folder)]),
    ):
        line = refused(capsys, main, prog, *argv)
        assert "\\x1b[2J" in line, line


def test_shown_escapes_what_a_terminal_would_act_on() -> None:
    assert shown("a\x1b[31mb") == "a\\x1b[31mb"
    assert shown("x\ny\tz\x00") == "x\\ny\\tz\\x00"
    assert shown("\u202eevil") == "\\u202eevil"  # a bidi control
    assert shown("\ud800") == "\\ud800"  # a lone surrogate
    assert shown("Amina · أمينة · café") == "Amina · أمينة · café"
