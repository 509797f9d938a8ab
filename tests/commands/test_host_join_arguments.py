"""``rami-host`` and ``python -m rami_desktop.join`` refuse in one line, exit 2, at once: a
FIFO, a device, a folder or a missing file as ``--cert``, ``--key`` or ``--cafile``; a table
code with control characters, nothing, or too few letters (docs/dev/bad-inputs.md)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rami_desktop.commands import host, join

ROOT = Path(__file__).resolve().parents[2]
POSIX = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs and /dev/zero are POSIX")
HOST = "rami-host"
JOIN = "python -m rami_desktop.join"
JOIN_ARGS = ["--address", "127.0.0.1", "--port", "9"]


def one_line(err: str, prog: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{prog}: "), err
    assert "Traceback" not in err
    return lines[0]


def run(module: str, *args: str, home: Path) -> subprocess.CompletedProcess[str]:
    """A command in its own process (a FIFO opened for a blocking read would hang it: the
    timeout fails the test instead)."""
    env = dict(os.environ, RAMI_HOME=str(home), SDL_VIDEODRIVER="dummy",
               SDL_AUDIODRIVER="dummy", PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", f"rami_desktop.{module}", *args], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=60, check=False)


@POSIX
@pytest.mark.parametrize("flag", ["--cert", "--key", "both"])
def test_the_host_refuses_a_fifo_as_its_certificate_or_key(tmp_path: Path, flag: str) -> None:
    fifo = tmp_path / "pem"
    os.mkfifo(fifo)
    good = tmp_path / "good.pem"
    good.write_text("not checked before the FIFO\n", encoding="utf-8")
    cert, key = {"--cert": (fifo, good), "--key": (good, fifo), "both": (fifo, fifo)}[flag]
    proc = run("host", "--seats", "net,bot:easy", "--no-advertise", "--cert", str(cert),
               "--key", str(key), home=tmp_path / "home")
    assert proc.returncode == 2
    assert proc.stdout == ""
    line = one_line(proc.stderr, HOST)
    assert f"{fifo}: not a regular file (a FIFO or a device)" in line


@POSIX
def test_the_joiner_refuses_a_fifo_as_its_cafile(tmp_path: Path) -> None:
    fifo = tmp_path / "ca.pem"
    os.mkfifo(fifo)
    proc = run("join", *JOIN_ARGS, "--code", "ABCDE23456", "--cafile", str(fifo),
               home=tmp_path / "home")
    assert proc.returncode == 2
    assert one_line(proc.stderr, JOIN).endswith(
        f"argument --cafile: {fifo}: not a regular file (a FIFO or a device) "
        "(--help for the usage)")


@pytest.mark.parametrize(("name", "fault"), [
    ("/dev/zero", "not a regular file (a FIFO or a device)"),
    ("folder", "is a folder, not a file"),
    ("missing.pem", "no such file"),
    ("big.pem", "larger than 1024 KB"),
])
def test_other_files_that_are_no_certificates(tmp_path: Path, name: str, fault: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    if name == "/dev/zero" and not Path(name).exists():
        pytest.skip("no /dev/zero")
    path = Path(name) if name.startswith("/") else tmp_path / name
    if name == "folder":
        path.mkdir()
    if name == "big.pem":
        path.write_bytes(b"-" * (host.PEM_LIMIT + 1))
    for main, prog, argv in (
        (host.main, HOST, ["--seats", "net,bot:easy", "--cert", str(path), "--key", str(path)]),
        (join.main, JOIN, [*JOIN_ARGS, "--code", "ABCDE23456", "--cafile", str(path)]),
    ):
        with pytest.raises(SystemExit) as exit_:
            main(argv)
        assert exit_.value.code == 2
        assert f"{path}: {fault}" in one_line(capsys.readouterr().err, prog)


@pytest.mark.parametrize("code", ["", "   ", "--", "abc", "AB\x01CD", "ABCD\n", "AB\tCD",
                                  "ABC\x00D", "ABCD\x1b[2J", "ÉCOLE2", "ABCDEFGHJKMNPQRST",
                                  "0O1IL0O1IL", "ABCDE2345"])
def test_a_table_code_that_is_no_code_is_refused_not_repaired(
        code: str, capsys: pytest.CaptureFixture[str]) -> None:
    for main, prog, argv in ((host.main, HOST, ["--seats", "net,bot:easy"]),
                             (join.main, JOIN, JOIN_ARGS)):
        with pytest.raises(SystemExit) as exit_:
            main([*argv, f"--code={code}"])
        assert exit_.value.code == 2
        line = one_line(capsys.readouterr().err, prog)
        assert "argument --code: " in line
        assert "\x1b" not in line and "\x00" not in line  # shown escaped


def test_a_table_code_as_typed_is_read() -> None:
    assert host.parse_args(["--code", "abcde-23456"]).code == "ABCDE23456"
    assert join.parse_args([*JOIN_ARGS, "--code", " kxzz 2345 6789 "]).code == "KXZZ23456789"
    assert host.parse_args([]).code is None  # a new code is made


def test_a_flag_given_only_a_double_dash_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse drops the ``--`` of ``--code=--`` and leaves the flag an empty list."""
    for argv in (["--code=--"], ["--seed=--"], ["--cert=--", "--key=--"]):
        with pytest.raises(SystemExit) as exit_:
            host.main(argv)
        assert exit_.value.code == 2
        assert one_line(capsys.readouterr().err, HOST).endswith(
            ": expected one argument (--help for the usage)")


def test_a_flag_given_many_times_is_read_and_a_double_dash_still_refused() -> None:
    from rami_desktop.commands.arguments import OneLineParser

    parser = OneLineParser(prog="t")
    parser.add_argument("--lang", action="append", default=[], choices=["en", "fr"])
    assert parser.parse_args(["--lang", "en", "--lang=fr"]).lang == ["en", "fr"]
    with pytest.raises(SystemExit):
        parser.parse_args(["--lang=--"])
