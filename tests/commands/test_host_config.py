"""``rami-host`` checks every field of its ``--config`` file and of its admin-token file before
serving anything: a bad one is one line naming the file and the field, exit 2, never a
traceback; a token file every user can read gets a warning line."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from rami_desktop.commands import host, join
from rami_desktop.commands.host_config import read_token

POSIX = pytest.mark.skipif(os.name == "nt", reason="POSIX modes and FIFOs")
TOKEN = "t" * 24


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("rami-host: "), err
    assert "Traceback" not in err
    return lines[0]


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert host.main(["--no-advertise", *argv]) == 2
    return one_line(capsys)


DEEP = "[" * 100_000 + "]" * 100_000
BAD_CONFIGS: list[tuple[str, Any, str]] = [
    ("deep", DEEP, "nested too deep"),
    ("deep_tables", '{"tables": ' + DEEP + "}", "nested too deep"),
    ("state_5", {"state": 5}, "'state' must be a text"),
    ("state_empty", {"state": ""}, "'state' must be a text"),
    ("state_nul", {"state": "a\u0000b"}, "'state' must be a text"),
    ("listen_5", {"listen": 5}, "'listen' must be a text"),
    ("listen_list", {"listen": ["::"]}, "'listen' must be a text"),
    ("port_float", {"port": 1.5}, "'port' is a whole number"),
    ("port_true", {"port": True}, "'port' is a whole number"),
    ("port_big", {"port": 70000}, "'port' is a whole number"),
    ("processes_0", {"processes": 0}, "'processes' is a whole number 1 to 64"),
    ("processes_big", {"processes": 65}, "'processes' is a whole number 1 to 64"),
    ("processes_text", {"processes": "2"}, "'processes' is a whole number 1 to 64"),
    ("processes_true", {"processes": True}, "'processes' is a whole number 1 to 64"),
    ("expire_neg", {"expire": -1}, "'expire' is a number of hours"),
    ("expire_text", {"expire": "24"}, "'expire' is a number of hours"),
    ("expire_huge", {"expire": 1e300}, "'expire' is a number of hours"),
    ("not_object", [1, 2], "an object with a list of tables"),
    ("tables_object", {"tables": {}}, "'tables' is a list"),
    ("too_many", {"tables": [{}] * 501}, "'tables' is a list of at most 500"),
    ("unknown", {"x" * 1000: 1}, "unknown fields 'xxxxxxxx"),
    ("nan", '{"tables": [{"turn_time": NaN}]}', "not JSON"),
    ("not_utf8", b"\xff\xfe{}", "not JSON"),
    ("big", " " * (300 * 1024), "over 262144 bytes"),
    ("table_5", {"tables": [5]}, "table 1: a table is an object"),
    ("table_field", {"tables": [{"nope": 1}]}, "table 1: unknown table fields: 'nope'"),
    ("turn_neg", {"tables": [{"turn_time": -5}]}, "'turn_time' must be a number"),
    ("turn_text", {"tables": [{"turn_time": "nan"}]}, "'turn_time' must be a number"),
    ("turn_big", {"tables": [{"turn_time": 1e308}]}, "'turn_time' must be a number"),
    ("code_alphabet", {"tables": [{"code": "0O1IL0O1IL"}]}, "the code holds '01I'"),
    ("code_short", {"tables": [{"code": "ABCDE2345"}]}, "the code has 9 signs"),
    ("code_long", {"tables": [{"code": "A" * 17}]}, "the code has 17 signs"),
    ("code_int", {"tables": [{"code": 5}]}, "'code' must be text"),
    ("name_long", {"tables": [{"name": "x" * 100_000}]}, "'name' must be a text"),
    ("name_control", {"tables": [{"name": "a\u001b[2J"}]}, "'name' must be a text"),
    ("seats_long", {"tables": [{"seats": "net," * 100}]}, "'seats' must be a text"),
    ("seats_int", {"tables": [{"seats": 3}]}, "'seats' must be a text"),
    ("seed_big", {"tables": [{"seed": 2 ** 70}]}, "'seed' must be a whole number"),
    ("seed_neg", {"tables": [{"seed": -1}]}, "'seed' must be a whole number"),
    ("rounds_zero", {"tables": [{"rounds": 0}]}, "'rounds' must be a whole number"),
    ("rounds_float", {"tables": [{"rounds": 2.0}]}, "'rounds' must be a whole number"),
    ("policy", {"tables": [{"policy": "never"}]}, "policy must be wait or bot"),
    ("preset", {"tables": [{"preset": "poker"}]}, "no preset 'poker'"),
    ("two_codes", {"tables": [{"code": "ABCDE23456"}, {"code": "abcde-23456"}]},
     "table 2: the code ABCDE23456 is another table's too"),
]


@pytest.mark.parametrize(("name", "content", "says"), BAD_CONFIGS,
                         ids=[c[0] for c in BAD_CONFIGS])
def test_a_bad_config_file_is_one_line_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, content: Any,
        says: str) -> None:
    path = tmp_path / f"{name}.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content if isinstance(content, str) else json.dumps(content))
    line = refused(capsys, "--config", str(path), "--port", "0")
    assert str(path) in line and says in line, line
    assert not (tmp_path / "state").exists()


BAD_TOKENS: list[tuple[str, bytes, str]] = [
    ("empty", b"", "0 lines with text"),
    ("null", b"null", "must be 16 to 128 characters (it has 4)"),
    ("short", b"x" * 15, "must be 16 to 128 characters (it has 15)"),
    ("over_128", b"x" * 129 + b"\n", "must be 16 to 128 characters (it has 129)"),
    ("two_lines", b"x" * 20 + b"\n" + b"y" * 20, "2 lines with text"),
    ("space", b"x" * 10 + b" " + b"y" * 10, "printable ASCII, no space"),
    ("control", b"x" * 10 + b"\x1b" + b"y" * 10, "printable ASCII, no space"),
    ("not_ascii", "é".encode() * 20, "printable ASCII, no space"),
    ("not_utf8", b"\xff" * 20, "not UTF-8"),
    ("big", b"x" * 5000, "over 4096 bytes"),
]


@pytest.mark.parametrize(("name", "content", "says"), BAD_TOKENS,
                         ids=[c[0] for c in BAD_TOKENS])
def test_a_bad_admin_token_file_is_one_line_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, content: bytes,
        says: str) -> None:
    path = tmp_path / name
    path.write_bytes(content)
    line = refused(capsys, "--admin-token-file", str(path), "--seats", "net,bot:easy")
    assert str(path) in line and says in line, line


@POSIX
def test_an_admin_token_file_that_is_missing_a_fifo_or_a_folder_is_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in (tmp_path / "missing", fifo, tmp_path):
        line = refused(capsys, "--admin-token-file", str(path), "--seats", "net,bot:easy")
        assert str(path) in line


def test_the_longest_and_shortest_tokens_are_read(tmp_path: Path) -> None:
    for length in (16, 128):
        path = tmp_path / f"t{length}"
        path.write_text("\n" + "k" * length + "  \n\n")
        assert read_token(str(path)) == "k" * length


@POSIX
def test_a_token_file_every_user_can_read_gets_a_warning(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    token = tmp_path / "admin.token"
    token.write_text(TOKEN)
    cert = tmp_path / "cert.pem"
    cert.write_text("not a certificate")
    args = ["--admin-token-file", str(token), "--cert", str(cert), "--key", str(cert),
            "--seats", "net,bot:easy", "--no-advertise"]
    token.chmod(0o644)
    assert host.main(args) == 2  # the certificate stops it, after the token was read
    err = capsys.readouterr().err.splitlines()
    assert err[0] == (f"rami-host: warning: {token} can be read by every user of this machine "
                      "(chmod 600, or 640 with the host's group)")
    assert "certificate" in err[1] and len(err) == 2
    token.chmod(0o640)
    assert host.main(args) == 2
    assert "warning" not in capsys.readouterr().err


@pytest.mark.parametrize("argv", [["--turn-time", "nan"], ["--turn-time", "-1"],
                                  ["--turn-time", "inf"], ["--name", "x" * 100_000],
                                  ["--name", "a\u0007b"], ["--code", "0O1IL0O1IL"],
                                  ["--code", "ABCDE2345"], ["--code", "A" * 17],
                                  ["--processes", "0"], ["--processes", "65"],
                                  ["--processes", "two"]])
def test_bad_flags_of_the_host_are_one_line(capsys: pytest.CaptureFixture[str],
                                            argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        host.main(argv)
    assert exit_.value.code == 2
    line = one_line(capsys)
    assert f"argument {argv[0]}: " in line and len(line) < 300


@pytest.mark.parametrize("argv", [["--timeout", "nan"], ["--timeout", "-1"],
                                  ["--timeout", "0"], ["--timeout", "inf"],
                                  ["--name", "x" * 100_000], ["--name", "a\nb"],
                                  ["--code", "0O1IL0O1IL"]])
def test_bad_flags_of_the_joiner_are_one_line(capsys: pytest.CaptureFixture[str],
                                              argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        join.main(["--address", "127.0.0.1", "--port", "9", "--code", "ABCDE23456", *argv])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert err.startswith(f"python -m rami_desktop.join: argument {argv[0]}: ") and len(err) < 300
