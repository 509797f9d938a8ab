"""A player joining over the network says how the game speaks to her or him: the host keeps it
with the seat and every screen at the table reads it (the host's, each joiner's); a joiner that
says nothing is unsaid, and a gender the game does not know is refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from rami_desktop.commands.join import GENDER_CHOICES, spoken_as
from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.join.joining import Joining
from rami_desktop.net.join.remote import RemoteSession
from rami_desktop.net.wire.errors import NetError
from rami_desktop.net.wire.protocol import VERSION, Join, Refusal, parse_request, request_text
from rami_desktop.net.wire.view import SeatInfo, seat_info_from_dict
from rami_desktop.play.table.table import Table as GameTable
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.settings import load_settings
from tests.net.harness import config_of, host_table, welcome

REPO = Path(__file__).resolve().parents[2]


def test_a_join_says_she_he_or_nothing() -> None:
    assert parse_request(request_text(Join("ABC234", "Amina", None, None, "she"))) == Join(
        "ABC234", "Amina", None, None, "she")
    old = json.dumps({"v": VERSION, "type": "join", "code": "ABC234", "name": "Omar"})
    assert parse_request(old) == Join("ABC234", "Omar")  # unsaid
    odd = json.dumps({"v": VERSION, "type": "join", "code": "ABC234", "name": "X",
                      "gender": "queen"})
    refused = parse_request(odd)
    assert isinstance(refused, Refusal) and refused.code is NetError.BAD_FIELD


def test_a_seat_tells_its_gender_to_every_screen() -> None:
    seat = SeatInfo("Amina", "net", True, True, False, "she")
    assert seat_info_from_dict(json.loads(json.dumps(seat.to_dict()))) == seat
    older = {"name": None, "kind": "bot", "taken": False, "present": False, "stand_in": False}
    assert seat_info_from_dict(older).gender == ""  # an older host says nothing


def test_the_host_and_the_joiners_speak_to_her_as_she_asked() -> None:
    table = host_table(config_of(PRESETS["talaj"], "net", "net", "bot"))
    joiners: list[RemoteSession] = []
    try:
        table.run()
        for name, gender in (("Amina", "she"), ("Omar", "")):
            joining = Joining(table.url, table.session.code, name, gender=gender)
            joiners.append(RemoteSession(joining.link, welcome(joining), name))
        host = table.session.config.seats
        assert [(s.name, s.gender) for s in host[:2]] == [("Amina", "she"), ("Omar", "")]
        for joiner in joiners:  # the first joiner reads it too, once the seats are told
            game = GameTable(joiner)
            for _ in range(200):
                game.poll()
                if game.gender(0) == "she":
                    break
                joiner.link.wait(0.05)
            assert (game.gender(0), game.gender(1)) == ("she", "")
    finally:
        for joiner in joiners:
            joiner.close()
        table.close()


def test_the_join_command_offers_the_screens_choices_and_keeps_hers(tmp_path: Path) -> None:
    """``python -m rami_desktop.join --gender she``: the host speaks to her as she asked, and
    her settings keep it with the seat, as the join screen keeps its choice."""
    from rami_desktop.ui.pieces.seat_row import GENDER_LABELS

    assert sorted(GENDER_CHOICES.values()) == sorted(GENDER_LABELS)  # she, he, she/he: unsaid
    assert [GENDER_LABELS[g] for g in GENDER_CHOICES.values()] == ["she/he", "she", "he"]
    table = host_table(config_of(PRESETS["simple"], "net", "bot"))
    home = tmp_path / "amina"
    port = table.url.rsplit(":", 1)[1].strip("/")
    joiner = subprocess.Popen(
        [sys.executable, "-m", "rami_desktop.join", "--address", "127.0.0.1", "--port", port,
         "--code", table.session.code, "--name", "Amina", "--gender", "she", "--bot", "easy"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO,
        env={**os.environ, "RAMI_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
             "SDL_AUDIODRIVER": "dummy"})
    try:
        deadline = time.monotonic() + 60
        while table.session.config.seats[0].name != "Amina" or not kept_seat(home):
            assert time.monotonic() < deadline and joiner.poll() is None, joiner.stderr
            table.session.pump()
            table.hosting.mailbox.wait(0.05)
        assert table.session.config.seats[0].gender == "she"
        assert kept_seat(home)["gender"] == "she"
        # started again with no --gender: as at the last table joined
        assert spoken_as(None, load_settings(Paths.under(home))[0].network) == "she"
    finally:
        joiner.kill()
        joiner.wait(30)
        table.close()


def test_the_join_command_says_she_he_the_first_time_and_refuses_another_word() -> None:
    assert spoken_as(None, None) == ""
    assert spoken_as("she/he", {"joined": [{"gender": "she"}]}) == ""
    assert spoken_as("he", None) == "he"
    proc = subprocess.run([sys.executable, "-m", "rami_desktop.join", "--code", "ABCDE23456",
                           "--address", "127.0.0.1", "--port", "9", "--gender", "queen"],
                          capture_output=True, text=True, cwd=REPO, timeout=60)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
    assert "--gender" in proc.stderr


def kept_seat(home: Path) -> dict[str, Any]:
    """The seat a joiner's settings keep (empty before its welcome)."""
    settings, _problem = load_settings(Paths.under(home))
    joined = (settings.network or {}).get("joined") or [{}]
    return dict(joined[0])
