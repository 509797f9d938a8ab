"""The headless commands: ``python -m rami_desktop.host`` and ``python -m rami_desktop.join``
over loopback (their exit codes, the JSON line, the seat's token kept in the settings)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from rami_desktop.engine.rules import PRESETS
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.settings import load_settings
from tests.net.harness import config_of, host_table, join_bot

REPO = Path(__file__).resolve().parents[2]
LIMIT = 120


def command(module: str, *args: str, home: Path) -> list[str]:
    """The command line of a module of the game."""
    return [sys.executable, "-m", f"rami_desktop.{module}", *args]


def env(home: Path) -> dict[str, str]:
    """The environment of a command: its own settings folder."""
    return {**os.environ, "RAMI_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy"}


def start_host(home: Path, *args: str) -> tuple[subprocess.Popen[str], int]:
    """Start a headless host; return it and its port (its first line says it)."""
    proc = subprocess.Popen(command("host", "--port", "0", "--no-advertise", *args, home=home),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=REPO, env=env(home))
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first.startswith("table "), (first, proc.stderr.read() if proc.stderr else "")
    return proc, int(first.split(" on port ")[1].split()[0])


def kept_token(home: Path) -> bool:
    """Whether a joiner's settings keep a seat's token (it was welcomed)."""
    settings, _problem = load_settings(Paths.under(home))
    return bool(settings.network and settings.network["joined"])


def join(home: Path, port: int, *args: str) -> subprocess.Popen[str]:
    """Start a headless joiner."""
    return subprocess.Popen(command("join", "--address", "127.0.0.1", "--port", str(port),
                                    *args, home=home),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=REPO, env=env(home))


def test_host_and_join_play_to_the_end_and_the_host_says_so_in_json(tmp_path: Path) -> None:
    host, port = start_host(tmp_path / "host", "--preset", "simple", "--seats",
                            "net,bot:easy", "--code", "ABCDE23456", "--rounds", "1", "--json")
    joiner = join(tmp_path / "joiner", port, "--code", "abcde-23456", "--bot", "easy",
                  "--name", "Sara")
    out, err = joiner.communicate(timeout=LIMIT)
    assert joiner.returncode == 0, (out, err)
    host_out, host_err = host.communicate(timeout=LIMIT)
    assert host.returncode == 0, host_err
    summary = json.loads(host_out.strip().splitlines()[-1])
    assert summary["rounds"] == 1
    assert [(s["name"], s["kind"]) for s in summary["seats"]] == [("Sara", "net"),
                                                                  ("Khadija", "bot")]
    assert all(isinstance(s["score"], int) for s in summary["seats"])
    settings, _problem = load_settings(Paths.under(tmp_path / "joiner"))
    assert settings.network is not None
    kept = settings.network["joined"][0]
    assert (kept["port"], kept["code"], kept["seat"], kept["name"]) == (port, "ABCDE23456", 0,
                                                                        "Sara")
    assert len(kept["token"]) >= 20


def test_a_wrong_code_or_a_full_table_exits_2_with_one_line(tmp_path: Path) -> None:
    table = host_table(config_of(PRESETS["talaj"], "net", "bot"), code="RXGHT23456")
    stop = threading.Event()

    def pump() -> None:  # the table answers, and is never started
        while not stop.is_set():
            table.session.pump()
            table.hosting.mailbox.wait(0.05)

    pumping = threading.Thread(target=pump, daemon=True)
    pumping.start()
    port = int(table.url.rsplit(":", 1)[1].strip("/"))
    try:
        wrong = join(tmp_path / "a", port, "--code", "WRXNGWRXNG")
        out, _err = wrong.communicate(timeout=LIMIT)
        assert wrong.returncode == 2
        assert out.splitlines() == ["That table code is not right: ask the host for it again."]
        first = join_bot(table, "First")
        full = join(tmp_path / "b", port, "--code", "rxght-23456")
        out, _err = full.communicate(timeout=LIMIT)
        assert full.returncode == 2
        assert out.splitlines() == ["This table has no free seat."]
        first.close()
    finally:
        stop.set()
        pumping.join(5)
        table.close()


@pytest.mark.slow
def test_a_killed_joiner_started_again_comes_back_to_its_seat(tmp_path: Path) -> None:
    host, port = start_host(tmp_path / "host", "--preset", "talaj", "--seats",
                            "net,net,bot:easy", "--code", "KXZZ234567", "--policy", "wait",
                            "--json")
    a = join(tmp_path / "a", port, "--code", "KXZZ234567", "--bot", "easy", "--name", "Amal")
    b = join(tmp_path / "b", port, "--code", "KXZZ234567", "--bot", "easy", "--name", "Badr")
    deadline = time.monotonic() + LIMIT
    while not all(kept_token(tmp_path / side) for side in ("a", "b")):  # both seated: it plays
        assert time.monotonic() < deadline and a.poll() is None
        time.sleep(0.01)
    a.kill()  # in the match's first moves: a match lasts seconds, this is milliseconds
    a.wait(LIMIT)
    time.sleep(1.0)
    again = join(tmp_path / "a", port, "--code", "KXZZ234567", "--bot", "easy", "--name", "Other")
    assert again.wait(LIMIT * 5) == 0
    assert b.wait(LIMIT) == 0
    host_out, host_err = host.communicate(timeout=LIMIT)
    assert host.returncode == 0, host_err
    summary = json.loads(host_out.strip().splitlines()[-1])
    names = {s["name"] for s in summary["seats"]}
    assert {"Amal", "Badr"} <= names and "Other" not in names
