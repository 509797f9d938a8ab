"""A table's end is told to every joiner: one who was away when it ended is welcomed back with
it (the final view, the round's summary) and then ``bye end``; a host killed while it waits for
them (its end on disk, nobody told) and resumed without ``--port`` serves it on the same port;
a joiner who never comes back lets the table end after its wait."""

from __future__ import annotations

import json
import random
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection
from websockets.sync.client import connect as sync_connect

from rami_desktop.bots import make_bot
from rami_desktop.engine.rules import preset
from rami_desktop.net.hall.tables import Hall, TableSpec
from rami_desktop.net.host.hosting import new_code
from rami_desktop.net.transport.server import HostServer
from rami_desktop.net.wire.protocol import envelope
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.keep.persist import rebuild_game
from rami_desktop.play.session.session import Session
from rami_desktop.storage.table_folders import TableFiles, kept_codes
from tests.net.test_commands import LIMIT, REPO, command, env
from tests.net.test_host_kills import CODE, Joiner

needs_sigkill = pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")


def start(home: Path, *args: str) -> tuple[subprocess.Popen[str], int]:
    """A headless host; it and its port (from its first line)."""
    proc = subprocess.Popen(command("host", "--no-advertise", "--json", *args, home=home),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=REPO, env=env(home))
    assert proc.stdout is not None
    first = proc.stdout.readline()
    assert first.startswith(f"table {CODE} on port "), (first, proc.stderr.read()
                                                         if proc.stderr else "")
    return proc, int(first.split(" on port ")[1].split()[0])


def ended_on_disk(state: Path) -> bool:
    """Whether the kept table's round is over on disk (its last action kept)."""
    files = TableFiles(state, CODE)
    try:
        game, _problem = files.match.load(rebuild_game)
    finally:
        files.match.close()
    return game is not None and game.match.round.over


def come_back(joiner: Joiner, ws: ClientConnection) -> tuple[dict[str, Any], list[str]]:
    """Take the seat back: the welcome, then the types of what follows until the host closes."""
    ws.send(envelope("join", code=CODE, name="Kim", seat=joiner.seat, token=joiner.token))
    welcome: dict[str, Any] | None = None
    after: list[str] = []
    deadline = time.monotonic() + LIMIT
    while time.monotonic() < deadline:
        try:
            msg = json.loads(ws.recv(timeout=LIMIT))
        except Exception:  # closed by the host after its bye
            break
        if msg["type"] == "welcome":
            welcome = msg
        elif welcome is not None:
            after.append(msg["type"] if msg["type"] != "bye" else f"bye {msg['reason']}")
    assert welcome is not None
    return welcome, after


@needs_sigkill
def test_a_host_killed_while_its_end_is_untold_tells_it_on_the_same_port(
        tmp_path: Path) -> None:
    """The joiner leaves mid-round; a bot plays its seat to the round's end (``--rounds 1``):
    the host waits for the joiner; killed then, resumed without ``--port``, it welcomes the
    joiner back with the end and says ``bye end``, then exits 0, nothing kept."""
    state = tmp_path / "state"
    first, port = start(tmp_path / "h", "--port", "0", "--seats", "net,bot:easy", "--code",
                        CODE, "--rounds", "1", "--policy", "bot", "--turn-time", "0",
                        "--state", str(state))
    joiner = Joiner(5)
    try:
        with sync_connect(f"ws://127.0.0.1:{port}/", open_timeout=LIMIT) as ws:
            joiner.join(ws)
            joiner.play(ws, time.monotonic() + 0.3)  # a few moves, then away
        doc = json.loads((state / "tables" / CODE / "table.json").read_text())
        assert doc["port"] == port and doc["listen"] is None
        deadline = time.monotonic() + LIMIT
        while not ended_on_disk(state):  # a bot stands in to the end; the host waits
            assert time.monotonic() < deadline and first.poll() is None
            time.sleep(0.05)
        first.send_signal(signal.SIGKILL)
        first.wait(LIMIT)
    finally:
        if first.poll() is None:
            first.kill()
            first.wait(LIMIT)
    assert kept_codes(state) == [CODE]  # the end is kept, untold
    again, port2 = start(tmp_path / "h", "--state", str(state), "--resume")
    try:
        assert port2 == port  # where the joiner's kept address points
        with sync_connect(f"ws://127.0.0.1:{port}/", open_timeout=LIMIT) as ws:
            welcome, after = come_back(joiner, ws)
        view = welcome["view"]
        assert view["observation"]["over"] and view["reveal"] is not None
        assert after[-1] == "bye end", after
        out, err = again.communicate(timeout=LIMIT)
        assert again.returncode == 0, err
        assert "Traceback" not in err
        summary = json.loads(out.strip().splitlines()[-1])
        assert summary["rounds"] == 1
    finally:
        if again.poll() is None:
            again.kill()
            again.wait(LIMIT)
    assert kept_codes(state) == []


def _hall(state: Path, wait: float) -> tuple[Hall, int]:
    server = HostServer()
    hall = Hall(server, state, new_code)
    hall.end_wait = wait
    hall.open(TableSpec(seats="net,bot:easy", code=CODE, rounds=1, policy="bot",
                        turn_time=0))
    port = server.start("127.0.0.1", 0)
    hall.serving("127.0.0.1", port)
    return hall, port


def _run(hall: Hall) -> tuple[threading.Thread, list[bool]]:
    """The hall's loop on a thread (it answers the joins); what it returned, once it has."""
    done: list[bool] = []
    thread = threading.Thread(target=lambda: done.append(
        hall.run(threading.Event(), deadline=time.monotonic() + LIMIT)))
    thread.start()
    return thread, done


def test_a_joiner_who_never_comes_back_lets_the_ended_table_go_after_its_wait(
        tmp_path: Path) -> None:
    hall, port = _hall(tmp_path / "state", wait=0.5)
    thread, done = _run(hall)
    joiner = Joiner(9)
    try:
        with sync_connect(f"ws://127.0.0.1:{port}/", open_timeout=LIMIT) as ws:
            joiner.join(ws)  # and away: a bot plays the seat to the end
        left = time.monotonic()
        thread.join(LIMIT)
    finally:
        hall.close()
        hall.server.stop()
    assert done == [True] and time.monotonic() - left >= 0.5
    assert [t["code"] for t in hall.ended] == [CODE]
    assert kept_codes(tmp_path / "state") == []


def test_a_table_whose_joiners_saw_the_end_goes_at_once(tmp_path: Path) -> None:
    """Every joiner there at the end: told it with the last update, the table ends at once
    (an hour's wait would show)."""
    hall, port = _hall(tmp_path / "state", wait=3600)
    thread, done = _run(hall)
    joiner = Joiner(11)
    try:
        with sync_connect(f"ws://127.0.0.1:{port}/", open_timeout=LIMIT) as ws:
            joiner.join(ws)
            joiner.play(ws, time.monotonic() + LIMIT)  # to the bye
        thread.join(LIMIT)
    finally:
        hall.close()
        hall.server.stop()
    assert done == [True] and [t["code"] for t in hall.ended] == [CODE]
    assert joiner.view["observation"]["over"]


def test_a_match_that_ended_is_kept_until_told_then_removed(tmp_path: Path) -> None:
    """A match over (not only a table's rounds): the host keeps it with its last action (it
    used to forget it at once); resumed, it welcomes its joiner back with the end, says
    ``bye end``, and only then removes it."""
    state = tmp_path / "state"
    hall = Hall(HostServer(), state, new_code)
    hall.open(TableSpec(seats="net,bot:easy", code=CODE, policy="bot"))
    hall.close()
    files = TableFiles(state, CODE)
    doc = json.loads((files.folder / "table.json").read_text())
    (files.folder / "table.json").write_text(json.dumps({**doc, "tokens": {"0": "t" * 20}}))
    rules = preset("talaj", target=10)  # a match of a round or two
    config = GameConfig(rules, (Seat("Kim", "net"), Seat(None, "bot", "easy")), 4)
    played = Session(config, store=files.match, keep_end=True)
    player, rng = make_bot("easy"), random.Random(4)
    for _ in range(5000):
        if played.match.over:
            break
        if played.round.over:
            played.next_round()
        elif played.driver.bot_seat() is not None:
            played.step_bot()
        else:
            played.play(0, player.act(played.observation(0), rng))
    played.close()
    assert played.match.over and ended_on_disk(state)
    server = HostServer()
    again = Hall(server, state, new_code)
    assert again.resume() == [CODE]
    port = server.start("127.0.0.1", 0)
    thread, done = _run(again)
    joiner = Joiner(3)
    joiner.seat, joiner.token = 0, "t" * 20
    try:
        with sync_connect(f"ws://127.0.0.1:{port}/", open_timeout=LIMIT) as ws:
            welcome, after = come_back(joiner, ws)
        thread.join(LIMIT)
    finally:
        again.close()
        server.stop()
    told = welcome["view"]["match"]
    assert told["over"] and told["winners"] == list(played.match.winners())
    assert welcome["view"]["observation"]["over"] and after[-1] == "bye end"
    assert done == [True] and kept_codes(state) == []
