"""Addresses typed by a person: ``rami-host --listen`` takes IPv6 literals (``::1``, ``::``,
``[::1]``) and host names, and refuses an empty address (which would listen on every one) in
one line; a joiner's ``--address`` with a label over 63 characters, an empty label (``a..b``)
or a space is one line and exit 2, never a traceback from the resolver's thread."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
from pathlib import Path

import pytest
from websockets.sync.client import connect

from rami_desktop.commands import host, join
from rami_desktop.net.transport.address_check import host_name
from rami_desktop.net.transport.client import address_url
from rami_desktop.net.wire.protocol import envelope
from tests.net.test_commands import LIMIT, REPO, command, env


def _has_ipv6_loopback() -> bool:
    if not socket.has_ipv6:
        return False
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


needs_ipv6 = pytest.mark.skipif(not _has_ipv6_loopback(), reason="no IPv6 loopback here")
LONG = "a" * 64


def one_line(err: str, prog: str) -> str:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{prog}: "), err
    assert "Traceback" not in err
    return lines[0]


@pytest.mark.parametrize("text", ["", "  ", "a..b", LONG, "h st", "[::1", ":::", "a\x1b[2Jb"])
def test_the_host_refuses_a_listen_address_that_is_none(
        text: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        host.main(["--seats", "net,bot:easy", "--no-advertise", f"--listen={text}"])
    assert exit_.value.code == 2
    line = one_line(capsys.readouterr().err, "rami-host")
    assert "argument --listen: " in line and "\x1b" not in line
    if not text.strip():
        assert "leave --listen out to listen on every address" in line


def test_a_config_file_with_an_empty_listen_is_refused(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    config = tmp_path / "host.json"
    config.write_text(json.dumps({"listen": "", "tables": [{"seats": "net,bot:easy"}]}))
    assert host.main(["--no-advertise", "--config", str(config)]) == host.BAD_ARGS
    line = one_line(capsys.readouterr().err, "rami-host")
    assert "'listen'" in line and "every address" in line


def test_listen_addresses_as_typed_are_read() -> None:
    for text, read in (("::1", "::1"), ("[::1]", "::1"), ("::", "::"), ("127.0.0.1", "127.0.0.1"),
                       ("localhost", "localhost"), (" ::1 ", "::1")):
        assert host.parse_args(["--listen", text]).listen == read
    assert host.parse_args([]).listen is None


@needs_ipv6
@pytest.mark.parametrize("listen", ["::1", "::"])
def test_the_host_serves_on_an_ipv6_literal(tmp_path: Path, listen: str) -> None:
    proc = subprocess.Popen(command("host", "--no-advertise", "--port", "0", "--listen", listen,
                                    "--seats", "net,bot:easy", home=tmp_path),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO,
                            env=env(tmp_path))
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert " on port " in first, proc.stderr.read() if proc.stderr else ""
        port = int(first.split(" on port ")[1].split()[0])
        with connect(f"ws://[::1]:{port}/", open_timeout=LIMIT) as ws:
            ws.send(envelope("info"))
            assert json.loads(ws.recv(timeout=LIMIT))["type"] == "table"
        os.kill(proc.pid, signal.SIGTERM)
        _out, err = proc.communicate(timeout=LIMIT)
        assert proc.returncode == 0 and err == "", err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(LIMIT)


@pytest.mark.parametrize("address", [LONG, f"{LONG}.example", "a..b", ".a", "h st", "[::1",
                                     "x" * 254, "a\x1bb"])
def test_the_joiner_refuses_an_address_no_resolver_takes(
        address: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAMI_HOME", str(tmp_path))
    assert join.main(["--address", address, "--port", "9", "--code", "ABCDE23456"]) == 2
    line = one_line(capsys.readouterr().err, "rami-join")
    assert "\x1b" not in line


def test_addresses_a_joiner_types_are_read() -> None:
    assert address_url("::1", 5) == "ws://[::1]:5/"
    assert address_url("[::1]:7000", 5) == "ws://[::1]:7000/"
    assert address_url("wss://[fe80::1]:6/x", None) == "wss://[fe80::1]:6/"
    assert address_url("Host-1.example.", 5) == "ws://Host-1.example.:5/"
    assert address_url("café.example", 5) == "ws://café.example:5/"
    assert host_name("a" * 63 + ".b") == "a" * 63 + ".b"
    with pytest.raises(ValueError, match="1 to 63"):
        address_url(LONG, 5)
