"""A player joining over the network chooses their own face, as the host's players do in the
setup: the join carries it, the host keeps it with the seat (its screen, its saves) and every
seat's table shows it; a join without one leaves the seat its default face (a face of the
player's gender no other seat wears), as does an id the host does not know. The field moves no
protocol version: the join sends it only when one was chosen, and a host before it passes over
it (a request's unknown fields are never refused), so an older host still seats the player."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import typing
from pathlib import Path

import pytest

from rami_desktop.commands.join import worn_face
from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.join.joining import Joining
from rami_desktop.net.join.remote import RemoteSession
from rami_desktop.net.wire.errors import NetError
from rami_desktop.net.wire.protocol import VERSION, Join, Refusal, parse_request, request_text
from rami_desktop.net.wire.schema import RequestWire
from rami_desktop.play.game.config import seat_faces
from rami_desktop.play.game.people import FACES, HE, SHE, face_gender
from rami_desktop.play.table.table import Table as GameTable
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.settings import load_settings
from tests.net.harness import config_of, host_table, welcome
from tests.net.test_join_gender import REPO, kept_seat

#: a face no default would give the first seat of a woman (chosen, not fallen upon)
HERS = "grandmother-grey"


def test_a_join_carries_the_face_only_when_one_was_chosen() -> None:
    plain = request_text(Join("ABC234", "Omar", gender=HE))
    assert "face" not in json.loads(plain)  # the bytes a join had before faces
    chosen = Join("ABC234", "Amina", None, None, SHE, HERS)
    assert json.loads(request_text(chosen))["face"] == HERS
    assert parse_request(request_text(chosen)) == chosen
    assert parse_request(plain) == Join("ABC234", "Omar", gender=HE)
    for odd in (7, "x" * 41, None):  # not a face's id at all: refused as any bad field
        refused = parse_request(json.dumps({"v": VERSION, "type": "join", "code": "ABC234",
                                            "name": "X", "face": odd}))
        assert isinstance(refused, Refusal) and refused.code is NetError.BAD_FIELD


def test_a_host_reads_past_a_request_field_it_does_not_know() -> None:
    """What lets a host before ``face`` seat a joiner that sends one: no request is refused
    for a field of a later joiner (as hosts before the wire's schema read only their fields)."""
    for kind in typing.get_args(RequestWire):
        assert not kind.__struct_config__.forbid_unknown_fields, kind
    later = json.dumps({"v": VERSION, "type": "join", "code": "ABC234", "name": "Lina",
                        "gender": SHE, "sparkle": {"of": "a later version"}})
    assert parse_request(later) == Join("ABC234", "Lina", gender=SHE)


@pytest.fixture
def two_joiners() -> typing.Iterator[tuple[typing.Any, list[RemoteSession]]]:
    table = host_table(config_of(PRESETS["talaj"], "net", "net", "net", "bot"))
    joiners: list[RemoteSession] = []
    try:
        table.run()
        yield table, joiners
    finally:
        for joiner in joiners:
            joiner.close()
        table.close()


def test_a_joiners_own_face_reaches_the_host_and_every_seat(
        two_joiners: tuple[typing.Any, list[RemoteSession]]) -> None:
    """Amina chose hers; Omar chose none (the default of a man's face); Lina sent a face of a
    later version (the default of a woman's)."""
    table, joiners = two_joiners
    for name, gender, face in (("Amina", SHE, HERS), ("Omar", HE, None),
                               ("Lina", SHE, "aunt-from-a-later-version")):
        joining = Joining(table.url, table.session.code, name, gender=gender, face=face)
        joiners.append(RemoteSession(joining.link, welcome(joining), name))
    host = table.session.config
    assert [s.face for s in host.seats[:3]] == [HERS, None, None]  # kept with the seat
    faces = seat_faces(host)
    assert faces[0] == HERS
    assert face_gender(faces[1]) == HE and face_gender(faces[2]) == SHE
    assert len(set(faces)) == len(faces)
    assert HERS not in faces[1:]  # no default takes the face she chose
    for joiner in joiners:  # every screen at the table shows each seat with that face
        game = GameTable(joiner)
        for _ in range(200):
            joiner.pump()
            if [game.face(i) for i in range(4)] == list(faces):
                break
            joiner.link.wait(0.05)
        assert [game.face(i) for i in range(4)] == list(faces)
    assert {f.id for f in FACES} >= set(faces)


def test_the_join_command_wears_the_face_asked_and_keeps_it(tmp_path: Path) -> None:
    """``python -m rami_desktop.join --face ID``: the host's seat wears it, the settings keep it
    with the seat, and a join started again without ``--face`` wears it again."""
    table = host_table(config_of(PRESETS["simple"], "net", "bot"))
    home = tmp_path / "amina"
    port = table.url.rsplit(":", 1)[1].strip("/")
    joiner = subprocess.Popen(
        [sys.executable, "-m", "rami_desktop.join", "--address", "127.0.0.1", "--port", port,
         "--code", table.session.code, "--name", "Amina", "--gender", "she", "--face", HERS,
         "--bot", "easy"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=REPO,
        env={**os.environ, "RAMI_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
             "SDL_AUDIODRIVER": "dummy"})
    try:
        deadline = time.monotonic() + 60
        while table.session.config.seats[0].name != "Amina" or not kept_seat(home):
            assert time.monotonic() < deadline and joiner.poll() is None, joiner.stderr
            table.session.pump()
            table.hosting.mailbox.wait(0.05)
        assert table.session.config.seats[0].face == HERS
        assert seat_faces(table.session.config)[0] == HERS
        assert kept_seat(home)["face"] == HERS
        assert worn_face(None, load_settings(Paths.under(home))[0].network) == HERS
    finally:
        joiner.kill()
        joiner.wait(30)
        table.close()


def test_the_join_command_wears_none_the_first_time_and_refuses_an_unknown_face() -> None:
    assert worn_face(None, None) is None
    assert worn_face(None, {"joined": [{"face": "a-face-from-later"}]}) is None
    assert worn_face("boy", {"joined": [{"face": HERS}]}) == "boy"
    proc = subprocess.run([sys.executable, "-m", "rami_desktop.join", "--code", "ABCDE23456",
                           "--address", "127.0.0.1", "--port", "9", "--face", "nobody"],
                          capture_output=True, text=True, cwd=REPO, timeout=60)
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1
    assert "--face" in proc.stderr


def test_a_player_back_at_their_seat_may_come_with_another_face(
        two_joiners: tuple[typing.Any, list[RemoteSession]]) -> None:
    """Back with the seat's token: the face they come with is theirs now (the host's screen,
    its saves, every seat); back with none chosen (an older joiner), the face stays."""
    table, joiners = two_joiners
    code = table.session.code
    first = Joining(table.url, code, "Amina", gender=SHE, face=HERS)
    amina = RemoteSession(first.link, welcome(first), "Amina")
    seat, token = amina.seat, amina.token
    amina.close()
    other = next(f.id for f in FACES if f.id != HERS and face_gender(f.id) == SHE)
    for face, worn in ((other, other), (None, other)):
        back = Joining(table.url, code, "Amina", seat=seat, token=token, gender=SHE, face=face)
        joiner = RemoteSession(back.link, welcome(back), "Amina")
        joiners.append(joiner)
        assert table.session.config.seats[seat].face == worn
        assert table.session.config.seats[seat].name == "Amina"
        game = GameTable(joiner)
        for _ in range(200):
            joiner.pump()
            if game.face(seat) == worn:
                break
            joiner.link.wait(0.05)
        assert game.face(seat) == worn  # the table shows it
        joiner.close()
        joiners.remove(joiner)
