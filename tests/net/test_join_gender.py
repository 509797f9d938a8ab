"""A player joining over the network says how the game speaks to her or him: the host keeps it
with the seat and every screen at the table reads it (the host's, each joiner's); a joiner that
says nothing is unsaid, and a gender the game does not know is refused."""

from __future__ import annotations

import json

from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.join.joining import Joining
from rami_desktop.net.join.remote import RemoteSession
from rami_desktop.net.wire.errors import NetError
from rami_desktop.net.wire.protocol import VERSION, Join, Refusal, parse_request, request_text
from rami_desktop.net.wire.view import SeatInfo, seat_info_from_dict
from rami_desktop.play.table.table import Table as GameTable
from tests.net.harness import config_of, host_table, welcome


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
