"""``rami-host`` stopped by SIGTERM (systemd's stop), SIGINT (Ctrl-C) or SIGHUP (its terminal
closed): every joiner gets a ``bye`` ``host_quit`` (a connection that has not joined too), the
tables stay kept for a ``--resume``, and the exit code is 0 (a normal stop, not a failure)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from rami_desktop.net.wire.protocol import VERSION, envelope
from rami_desktop.storage.table_folders import kept_codes

REPO = Path(__file__).resolve().parents[2]
CODE = "STXPSTXP23"


def frames_until_closed(ws: ClientConnection) -> list[dict[str, object]]:
    out = []
    with pytest.raises(ConnectionClosed):
        while True:
            out.append(json.loads(ws.recv(timeout=20)))
    return out


@pytest.mark.parametrize(("signum", "processes"), [
    (signal.SIGTERM, "1"), pytest.param(signal.SIGINT, "1", marks=pytest.mark.slow),
    pytest.param(getattr(signal, "SIGHUP", None), "1", marks=pytest.mark.skipif(
        not hasattr(signal, "SIGHUP"), reason="no SIGHUP here")),
    (signal.SIGTERM, "2"), pytest.param(signal.SIGINT, "2", marks=pytest.mark.slow)])
def test_a_signal_says_bye_to_every_joiner_keeps_the_tables_and_exits_0(
        tmp_path: Path, signum: int, processes: str) -> None:
    state = tmp_path / "state"
    env = {**os.environ, "RAMI_HOME": str(tmp_path / "home")}
    proc = subprocess.Popen(
        [sys.executable, "-m", "rami_desktop.host", "--port", "0", "--no-advertise",
         "--seats", "net,net,bot:easy", "--policy", "wait", "--code", CODE, "--state",
         str(state), "--processes", processes], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, cwd=REPO, env=env)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()
        assert first.startswith(f"table {CODE} on port "), first
        url = f"ws://127.0.0.1:{int(first.split(' on port ')[1].split()[0])}/"
        with connect(url, open_timeout=20) as joined, connect(url, open_timeout=20) as idle:
            joined.send(envelope("join", code=CODE, name="Amal", seat=None, token=None))
            assert json.loads(joined.recv(timeout=20))["type"] == "welcome"
            idle.send(envelope("info"))
            assert json.loads(idle.recv(timeout=20))["type"] == "table"
            os.kill(proc.pid, signum)
            bye = {"v": VERSION, "type": "bye", "reason": "host_quit"}
            assert frames_until_closed(joined)[-1] == bye
            assert frames_until_closed(idle)[-1] == bye
        _out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        assert "Traceback" not in err
        assert kept_codes(state) == [CODE]  # kept for a --resume
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(60)
