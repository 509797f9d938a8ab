"""The headless host keeps its tables (``--state``) through the session's save path: killed in
the middle of a round, it starts again with ``--resume`` (on the port it served on, kept in
``table.json``) and its joiners take their seats back and finish; one host serves several
tables (a config file) and creates one for a game holding its admin token."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest
from websockets.sync.client import connect as sync_connect

from rami_desktop.net.wire.protocol import VERSION, envelope
from rami_desktop.storage.table_folders import kept_codes
from tests.net.test_commands import LIMIT, REPO, command, env, join, kept_token


def host(home: Path, *args: str) -> tuple[subprocess.Popen[str], list[str], int]:
    """Start a headless host; return it, the lines naming its tables, and its port."""
    proc = subprocess.Popen(command("host", "--no-advertise", *args, home=home),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=REPO, env=env(home))
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first.startswith("table"), (first, proc.stderr.read() if proc.stderr else "")
    lines = [first]
    return proc, lines, int(first.split(" on port ")[1].split()[0])


def test_a_killed_host_resumes_and_both_joiners_finish_the_round(tmp_path: Path) -> None:
    state = tmp_path / "state"
    code = "RESUME2345"
    first, _lines, port = host(tmp_path / "h", "--port", "0", "--seats", "net,net,bot:easy",
                               "--code", code, "--rounds", "1", "--policy", "wait",
                               "--state", str(state), "--json")
    a = join(tmp_path / "a", port, "--code", code, "--bot", "easy", "--name", "Amal")
    b = join(tmp_path / "b", port, "--code", code, "--bot", "easy", "--name", "Badr")
    data = state / "tables" / code / "data"
    deadline = time.monotonic() + LIMIT

    def kept() -> int:
        return sum(p.stat().st_size for p in data.glob("journal-*.jsonl"))

    while not all(kept_token(tmp_path / side) for side in ("a", "b")):
        assert time.monotonic() < deadline and a.poll() is None and b.poll() is None
        time.sleep(0.01)
    size = kept()
    while kept() == size:  # a move was kept: the round is under way
        assert time.monotonic() < deadline
        time.sleep(0.002)
    first.send_signal(signal.SIGKILL)
    first.wait(LIMIT)
    assert kept_codes(state) == [code]
    kept = json.loads((state / "tables" / code / "table.json").read_text())
    assert kept["port"] == port and kept["listen"] is None
    again, _lines, port2 = host(tmp_path / "h", "--state", str(state), "--resume", "--json")
    assert port2 == port  # no --port: where the joiners' kept address points
    assert a.wait(LIMIT) == 0 and b.wait(LIMIT) == 0
    out, err = again.communicate(timeout=LIMIT)
    assert again.returncode == 0, err
    summary = json.loads(out.strip().splitlines()[-1])
    assert summary["rounds"] == 1
    assert {s["name"] for s in summary["seats"]} >= {"Amal", "Badr"}
    assert kept_codes(state) == []  # the table ended: nothing is kept


@pytest.mark.parametrize("processes", [  # over rooms: the same Hall creates, behind the relay
    pytest.param("1", marks=pytest.mark.slow), "2"])
def test_one_host_serves_the_tables_of_its_config_and_creates_one_with_the_token(
        tmp_path: Path, processes: str) -> None:
    token_file = tmp_path / "admin.token"
    token_file.write_text("s3cret-admin-token-0123\n")
    config = tmp_path / "host.json"
    config.write_text(json.dumps({"port": 0, "processes": int(processes), "tables": [
        {"preset": "talaj", "seats": "net,bot:easy", "code": "FRSTTABXE2", "rounds": 1},
        {"preset": "simple", "seats": "net,bot:easy", "code": "SECNDTABX2", "rounds": 1}]}))
    proc, lines, port = host(tmp_path / "h", "--config", str(config), "--admin-token-file",
                             str(token_file), "--json")
    try:
        assert proc.stdout is not None
        lines.append(proc.stdout.readline())
        assert [line.split()[1] for line in lines] == ["FRSTTABXE2", "SECNDTABX2"]
        url = f"ws://127.0.0.1:{port}/"
        with sync_connect(url, open_timeout=10) as ws:
            ws.send(envelope("create", admin="wrong-token-0000000", preset="talaj",
                             seats="net,bot:easy", rounds=1, name="Amina"))
            assert json.loads(ws.recv(timeout=10))["code"] == "wrong_code"
        with sync_connect(url, open_timeout=10) as ws:
            ws.send(envelope("create", admin="s3cret-admin-token-0123", preset="talaj",
                             seats="net,bot:easy", rounds=1, name="Amina"))
            created = json.loads(ws.recv(timeout=10))
        assert created["type"] == "created" and len(created["code"]) == 10
        joiners = [join(tmp_path / c, port, "--code", c, "--bot", "easy")
                   for c in ("FRSTTABXE2", "SECNDTABX2", created["code"])]
        maker = join(tmp_path / "maker", port, "--create", "simple", "--seats", "net,bot:easy",
                     "--rounds", "1", "--admin-token-file", str(token_file), "--bot", "easy")
        assert [j.wait(LIMIT) for j in joiners] == [0, 0, 0]
        made, _err = maker.communicate(timeout=LIMIT)
        assert maker.returncode == 0, _err
        made_code = made.split()[1]
        assert len(made_code) == 10
        os.kill(proc.pid, signal.SIGTERM)  # it serves on (the token may create more)
        out, _err = proc.communicate(timeout=LIMIT)
        summary = json.loads(out.strip().splitlines()[-1])
        assert sorted(t["code"] for t in summary["tables"]) == sorted(
            ["FRSTTABXE2", "SECNDTABX2", created["code"], made_code])
        assert all(t["rounds"] == 1 for t in summary["tables"])
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(LIMIT)
    assert created.get("v") == VERSION
