"""``rami-host --processes N``: the tables spread over rooms, processes of their own, behind the
one network process. Each table lives in one room (its code says which, in every run and for
every count), a host killed resumes every kept table exactly once whatever the count, a room
killed tells its joiners ``bye`` while the other rooms' tables play on, and a stop keeps every
table and says ``bye`` to every joiner."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rami_desktop.net.hall.room import owned_codes, room_of
from rami_desktop.net.host.hosting import new_code
from rami_desktop.net.wire.protocol import CODE_ALPHABET
from rami_desktop.storage.table_folders import kept_codes
from tests.net.test_commands import LIMIT, REPO, command, env, join, kept_token
from tests.net.test_host_resume import host

codes = st.text(alphabet=CODE_ALPHABET, min_size=10, max_size=10)


@given(codes, st.integers(1, 64))
def test_a_code_names_one_room_and_always_the_same(code: str, rooms: int) -> None:
    assert 0 <= room_of(code, rooms) < rooms
    assert room_of(code, rooms) == room_of(code, rooms)
    assert room_of(code, 1) == 0


def test_each_room_makes_codes_of_its_own_and_the_tables_spread() -> None:
    for room in range(3):
        make = owned_codes(new_code, room, 3)
        assert all(room_of(make(), 3) == room for _ in range(50))
    spread = Counter(room_of(new_code(), 4) for _ in range(4000))
    assert set(spread) == {0, 1, 2, 3} and min(spread.values()) > 800


def two_codes(rooms: int) -> tuple[str, str]:
    """Two table codes in two different rooms."""
    first = "RAAMSAAAA2"
    other = next(c for c in (f"RAAMSBBB{a}{b}" for a in CODE_ALPHABET for b in CODE_ALPHABET)
                 if room_of(c, rooms) != room_of(first, rooms))
    return first, other


def config(path: Path, codes: tuple[str, ...]) -> Path:
    path.write_text(json.dumps({"port": 0, "tables": [
        {"preset": "talaj", "seats": "net,net,bot:easy", "code": c, "rounds": 1,
         "policy": "wait"} for c in codes]}))
    return path


def rooms_of(pid: int) -> list[int]:
    """The host's room processes (Linux's /proc: its children started by multiprocessing)."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().rsplit(")", 1)[1].split()[1])
            line = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if ppid == pid and b"spawn_main" in line:
            out.append(int(stat.parent.name))
    return out


def holding(pids: list[int], code: str) -> int:
    """The room process that has a table's journal open."""
    for pid in pids:
        for fd in Path(f"/proc/{pid}/fd").iterdir():
            try:
                if f"/tables/{code}/" in os.readlink(fd):
                    return pid
            except OSError:
                continue
    raise AssertionError(f"no room holds {code}")


def gone(pid: int) -> bool:
    """Whether a process ended (a zombie: nobody reaps an orphan's child here at once)."""
    try:
        return Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()[0] == b"Z"
    except OSError:
        return True


def host_refused(home: Path, *args: str) -> str:
    """Start a host that must refuse to start; return its error line."""
    proc = subprocess.run(command("host", "--no-advertise", *args, home=home),
                          capture_output=True, text=True, cwd=REPO, env=env(home),
                          timeout=LIMIT, check=False)
    assert proc.returncode == 2, (proc.stdout, proc.stderr)
    return proc.stderr


def wait_moving(state: Path, codes: tuple[str, ...]) -> None:
    """Until a move of every table is kept (each round under way)."""
    deadline = time.monotonic() + LIMIT

    def kept(code: str) -> int:
        data = state / "tables" / code / "data"
        return sum(p.stat().st_size for p in data.glob("journal-*.jsonl"))

    sizes = {code: kept(code) for code in codes}
    while any(kept(code) == sizes[code] for code in codes):
        assert time.monotonic() < deadline
        time.sleep(0.005)


def wait_gone(pid: int, deadline: float) -> None:
    """Until a process ended."""
    while Path(f"/proc/{pid}").exists() and not gone(pid):
        assert time.monotonic() < deadline
        time.sleep(0.01)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SIGKILL and /proc")
def test_a_room_that_outlives_its_killed_host_keeps_the_folder_then_each_table_resumes_once(
        tmp_path: Path) -> None:
    state = tmp_path / "state"
    codes = two_codes(2)
    first, lines, _port = host(tmp_path / "h", "--config",
                               str(config(tmp_path / "c.json", codes)), "--state", str(state),
                               "--processes", "2")
    assert first.stdout is not None
    lines.append(first.stdout.readline())
    deadline = time.monotonic() + LIMIT
    rooms = rooms_of(first.pid)
    assert len(rooms) == 2
    os.kill(rooms[0], signal.SIGSTOP)  # a room that outlives its host (stopped, or slow)...
    first.send_signal(signal.SIGKILL)
    first.wait(LIMIT)
    wait_gone(rooms[1], deadline)  # a room whose first process is gone stops by itself
    refused = host_refused(tmp_path / "h", "--state", str(state), "--resume")
    assert "used by another rami-host" in refused  # ...keeps the folder: nobody writes beside
    os.kill(rooms[0], signal.SIGKILL)
    wait_gone(rooms[0], deadline)
    again, lines, _port = host(tmp_path / "h", "--state", str(state), "--resume",
                               "--processes", "3")
    assert again.stdout is not None
    lines.append(again.stdout.readline())
    again.send_signal(signal.SIGTERM)
    out, err = again.communicate(timeout=LIMIT)
    assert again.returncode == 0, err
    assert sorted(line.split()[1] for line in lines) == sorted(codes)  # each once
    assert "table" not in out  # no third line: no table twice
    assert kept_codes(state) == sorted(codes)


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SIGKILL and /proc")
def test_a_host_killed_resumes_each_table_once_over_another_count_and_they_finish(
        tmp_path: Path) -> None:
    state = tmp_path / "state"
    codes = two_codes(2)
    first, lines, port = host(tmp_path / "h", "--config", str(config(tmp_path / "c.json", codes)),
                              "--state", str(state), "--processes", "2")
    assert first.stdout is not None
    lines.append(first.stdout.readline())
    assert sorted(line.split()[1] for line in lines) == sorted(codes)
    joiners = [join(tmp_path / f"{c}{s}", port, "--code", c, "--bot", "easy", "--name", n)
               for c in codes for s, n in ((0, "Amal"), (1, "Badr"))]
    deadline = time.monotonic() + LIMIT
    while not all(kept_token(tmp_path / f"{c}{s}") for c in codes for s in (0, 1)):
        assert time.monotonic() < deadline and all(j.poll() is None for j in joiners)
        time.sleep(0.01)
    wait_moving(state, codes)
    rooms = rooms_of(first.pid)
    assert len(rooms) == 2
    os.kill(rooms[0], signal.SIGSTOP)  # a room that outlives its host (stopped, or slow)...
    first.send_signal(signal.SIGKILL)
    first.wait(LIMIT)
    while Path(f"/proc/{rooms[1]}").exists() and not gone(rooms[1]):
        assert time.monotonic() < deadline  # a room whose first process is gone stops
        time.sleep(0.01)
    refused = host_refused(tmp_path / "h", "--state", str(state), "--resume")
    assert "used by another rami-host" in refused  # ...keeps the folder: nobody writes beside
    os.kill(rooms[0], signal.SIGKILL)
    while Path(f"/proc/{rooms[0]}").exists() and not gone(rooms[0]):
        assert time.monotonic() < deadline
        time.sleep(0.01)
    assert kept_codes(state) == sorted(codes)
    again, _lines, port2 = host(tmp_path / "h", "--state", str(state), "--resume", "--json",
                                "--processes", "3")
    assert port2 == port
    assert [j.wait(LIMIT) for j in joiners] == [0, 0, 0, 0]
    out, err = again.communicate(timeout=LIMIT)
    assert again.returncode == 0, err
    ended = json.loads(out.strip().splitlines()[-1])["tables"]
    assert sorted(t["code"] for t in ended) == sorted(codes)  # each once
    assert all(t["rounds"] == 1 for t in ended)
    assert kept_codes(state) == []


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="SIGKILL and /proc")
def test_a_room_killed_tells_its_joiners_the_others_play_on_and_a_resume_brings_it_back(
        tmp_path: Path) -> None:
    state = tmp_path / "state"
    lost, other = two_codes(2)
    proc, _lines, port = host(tmp_path / "h", "--config",
                              str(config(tmp_path / "c.json", (lost, other))),
                              "--state", str(state), "--processes", "2", "--json")
    joiners = {c: [join(tmp_path / f"{c}{s}", port, "--code", c, "--bot", "easy", "--name", n)
                   for s, n in ((0, "Amal"), (1, "Badr"))] for c in (lost, other)}
    deadline = time.monotonic() + LIMIT
    while not all(kept_token(tmp_path / f"{c}{s}") for c in (lost, other) for s in (0, 1)):
        assert time.monotonic() < deadline
        time.sleep(0.01)
    wait_moving(state, (lost,))
    rooms = rooms_of(proc.pid)
    assert len(rooms) == 2
    os.kill(holding(rooms, lost), signal.SIGKILL)
    assert [j.wait(LIMIT) for j in joiners[other]] == [0, 0]  # its round played to its end
    for j in joiners[lost]:  # told the host is gone: each waits to come back, or gives up
        j.kill()
        j.wait(LIMIT)
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=LIMIT)
    assert "the process of 1 tables stopped" in err and "kept for a --resume" in err
    assert "Traceback" not in err
    assert [t["code"] for t in json.loads(out.strip().splitlines()[-1])["tables"]] == [other]
    assert kept_codes(state) == [lost]
    again, _lines, port2 = host(tmp_path / "h", "--state", str(state), "--resume", "--json",
                                "--processes", "2")
    back = [join(tmp_path / f"{lost}{s}", port2, "--code", lost, "--bot", "easy")
            for s in (0, 1)]
    assert [j.wait(LIMIT) for j in back] == [0, 0]
    out, err = again.communicate(timeout=LIMIT)
    assert again.returncode == 0, err
    assert [t["code"] for t in json.loads(out.strip().splitlines()[-1])["tables"]] == [lost]


class Server:
    """The first process's server as the rooms see it: what each connection was sent."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, dict[str, object]]] = []
        self.doors: dict[str, object] = {}

    def send_all(self, sends: list[tuple[int, str]]) -> None:
        self.sent += [(conn, json.loads(text)) for conn, text in sends]

    def flush(self) -> None:
        """What was queued leaves."""

    def close(self, conn: int, reason: str = "host_quit") -> None:
        """A connection closed."""

    def add_table(self, door: object) -> None:
        self.doors[door.code] = door  # type: ignore[attr-defined]

    def remove_table(self, code: str) -> None:
        self.doors.pop(code, None)

    def end_table(self, code: str, reason: str = "host_quit") -> None:
        self.doors.pop(code, None)


def test_a_join_that_reaches_a_room_before_it_runs_is_answered_and_the_room_plays_on() -> None:
    import threading

    from rami_desktop.net.hall.rooms import Rooms
    from rami_desktop.net.hall.tables import TableSpec
    from rami_desktop.net.transport.server import Inbound
    from rami_desktop.net.wire.protocol import VERSION, parse_request

    server = Server()
    rooms = Rooms(server, 2, None, new_code)  # type: ignore[arg-type]
    stop = threading.Event()
    try:
        code = rooms.open(TableSpec(seats="net,bot:easy", code="RAAMSAAAA2"))
        deadline = time.monotonic() + LIMIT
        while code not in server.doors:  # the room said it serves the table
            assert time.monotonic() < deadline
            time.sleep(0.01)
        join = parse_request(json.dumps({"v": VERSION, "type": "join", "code": code,
                                         "name": "Aicha", "seat": 0, "token": None}))
        server.doors[code].put(Inbound(7, join))  # type: ignore[attr-defined]
        runner = threading.Thread(target=rooms.run, args=(stop, True), daemon=True)
        runner.start()
        while not any(c == 7 and m["type"] == "welcome" for c, m in list(server.sent)):
            assert time.monotonic() < deadline, server.sent
            assert all(room.ended is None for room in rooms.rooms), "a room stopped"
            time.sleep(0.01)
    finally:
        stop.set()
        rooms.wake.set()
        rooms.close()
