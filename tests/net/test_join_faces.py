"""Every seat's face crosses the wire: a joiner's table shows each seat (the host's, the other
joiners', the bots') with the portrait and the gender the host's screen shows it with, and each
bot with its level; a joiner of protocol 5 gets the very messages it got before faces were sent;
a face a joiner does not know is the seat's default, a face that is no face's id makes the
message unreadable."""

from __future__ import annotations

import asyncio
import json
import re

import pytest
from websockets.asyncio.client import connect

from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.join.joining import Joining, table_info_from
from rami_desktop.net.join.remote import RemoteSession
from rami_desktop.net.wire.protocol import OLDEST, VERSION
from rami_desktop.net.wire.schema import FACE_SINCE
from rami_desktop.net.wire.view import SeatInfo, seat_info_from_dict
from rami_desktop.play.game.config import GameConfig, Seat, seat_faces, seat_gender
from rami_desktop.play.game.people import FACE_IDS, FACES, SHE
from rami_desktop.play.table.table import Table as GameTable
from tests.net.harness import host_table, welcome

#: the host's setup: her own face chosen, a joiner's seat, a bot with a face chosen, a bot
#: with its person's, a named bot with hers
CHOSEN = GameConfig(rules=PRESETS["talaj"], seed=5, seats=(
    Seat("Fatima", "human", "easy", SHE, "grandmother-scarf"),
    Seat(None, "net", "easy"),
    Seat(None, "bot", "medium", face="man-glasses"),
    Seat(None, "bot", "easy"),
    Seat("Zineb", "bot", "expert", SHE, "woman-curls")))
#: what a seat said before version 6, in its order
OLD_KEYS = ["name", "kind", "taken", "present", "stand_in", "gender"]


def seen_by(joiner: RemoteSession, host: GameConfig) -> GameTable:
    """The joiner's table once it holds the host's seats as they are now (bounded wait)."""
    game = GameTable(joiner)
    for _ in range(200):
        game.poll()
        if [s.name for s in joiner.config.seats] == [s.name for s in host.seats]:
            break
        joiner.link.wait(0.05)
    return game


def test_a_joiner_sees_every_seat_with_the_hosts_face_gender_and_level() -> None:
    table = host_table(CHOSEN)
    joiner: RemoteSession | None = None
    try:
        table.run()
        joining = Joining(table.url, table.session.code, "Amina", gender=SHE)
        joiner = RemoteSession(joining.link, welcome(joining), "Amina")
        host = table.session.config
        game = seen_by(joiner, host)
        faces = seat_faces(host)
        assert faces[0] == "grandmother-scarf" and faces[2] == "man-glasses"
        assert faces[4] == "woman-curls"
        assert [game.face(i) for i in range(5)] == list(faces)
        assert [game.gender(i) for i in range(5)] == [seat_gender(host, i) for i in range(5)]
        assert game.gender(1) == SHE and game.face(1) in {f.id for f in FACES
                                                           if f.gender == SHE}
        assert game.gender(0) == SHE and game.is_bot(2) and game.is_bot(3)
        assert [game.level(i) for i in range(5)] == [None, None, "medium", "easy", "expert"]
        # the lobby, the summary and the winner's moment read the table's config's faces
        assert seat_faces(joiner.config) == faces
    finally:
        if joiner is not None:
            joiner.close()
        table.close()


async def _messages(url: str, version: int, join_name: str | None = None,
                    more: int = 0) -> list[str]:
    """The raw answers a joiner of ``version`` gets to an ``info`` (and a ``join``, then
    ``more`` messages after its welcome)."""
    async with connect(url, proxy=None) as ws:
        await ws.send(json.dumps({"v": version, "type": "info"}))
        got = [str(await asyncio.wait_for(ws.recv(), 20))]
        if join_name is not None:
            await ws.send(json.dumps({"v": version, "type": "join", "code": "TESTABCDEF",
                                      "name": join_name}))
            for _ in range(1 + more):
                got.append(str(await asyncio.wait_for(ws.recv(), 20)))
        return got


def _as_before(text: str, version: int) -> str:
    """A message of this version as an older joiner's host wrote it: no face, no level, its
    ``v``."""
    text = re.sub(r',"(face|level)":"[a-z-]+"', "", text)
    return text.replace(f'{{"v":{VERSION},', f'{{"v":{version},', 1)


def test_a_joiner_of_version_5_gets_the_seats_as_before_without_faces() -> None:
    assert (VERSION, OLDEST, FACE_SINCE) == (6, 4, 6)
    table = host_table(CHOSEN)
    try:
        table.run()

        async def both() -> tuple[list[str], list[str]]:
            old = await _messages(table.url, 5)
            new = await _messages(table.url, VERSION)
            return old, new

        (old_info,), (new_info,) = asyncio.run(both())
        assert '"face"' not in old_info and old_info.startswith('{"v":5,"type":"table",')
        assert old_info == _as_before(new_info, 5)  # the very bytes, but the faces and levels
        new_seats = json.loads(new_info)["seats"]
        assert [s["face"] for s in new_seats] == list(seat_faces(table.session.config))
        assert [s.get("level") for s in new_seats] == [None, None, "medium", "easy", "expert"]
        for seat in json.loads(old_info)["seats"]:
            assert list(seat) == OLD_KEYS

        old_welcome, old_seats = asyncio.run(_messages(table.url, 5, "Omar", more=1))[1:]
        assert json.loads(old_welcome)["type"] == "welcome"
        assert json.loads(old_seats)["type"] == "seats"
        for text in (old_welcome, old_seats):
            assert text.startswith('{"v":5,') and '"face"' not in text
            for seat in json.loads(text)["seats"]:
                assert list(seat) == OLD_KEYS
    finally:
        table.close()


def test_a_joiner_of_version_5_at_a_table_with_a_joiner_of_6_is_told_no_face() -> None:
    """The ``seats`` every join sends everyone goes out in each connection's own version."""
    table = host_table(GameConfig(rules=PRESETS["talaj"], seed=5, seats=(
        Seat(None, "net", "easy"), Seat(None, "net", "easy"), Seat(None, "bot", "easy"))))
    texts: list[str] = []
    joiner: RemoteSession | None = None
    try:
        table.run()

        async def old_then_new() -> None:
            async with connect(table.url, proxy=None) as ws:
                await ws.send(json.dumps({"v": 5, "type": "join", "code": "TESTABCDEF",
                                          "name": "Omar"}))
                for _ in range(2):  # its welcome, then the seats told to all
                    texts.append(str(await asyncio.wait_for(ws.recv(), 20)))
                nonlocal joiner
                joining = Joining(table.url, table.session.code, "Amina", gender=SHE)
                joiner = RemoteSession(joining.link, await asyncio.to_thread(welcome, joining),
                                       "Amina")
                texts.append(str(await asyncio.wait_for(ws.recv(), 20)))  # Amina sat down

        asyncio.run(old_then_new())
        assert [json.loads(t)["type"] for t in texts] == ["welcome", "seats", "seats"]
        assert all(t.startswith('{"v":5,') and '"face"' not in t for t in texts)
        assert json.loads(texts[-1])["seats"][1]["name"] == "Amina"
        assert joiner is not None
        game = seen_by(joiner, table.session.config)
        assert [game.face(i) for i in range(3)] == list(seat_faces(table.session.config))
    finally:
        if joiner is not None:
            joiner.close()
        table.close()


def test_a_seats_face_reads_back_and_an_unknown_one_is_the_default() -> None:
    seat = SeatInfo("Amina", "net", True, True, False, SHE, "woman-curls")
    assert seat_info_from_dict(json.loads(json.dumps(seat.to_dict()))) == seat
    bot = SeatInfo(None, "bot", face="man-glasses", level="medium")
    assert seat_info_from_dict(json.loads(json.dumps(bot.to_dict()))) == bot
    assert "level" not in bot.to_dict(5) and "face" not in bot.to_dict(5)
    assert seat_info_from_dict({**bot.to_dict(), "level": "grandmaster"}).level is None
    assert "face" not in seat.to_dict(5) and "face" not in seat.to_dict(OLDEST)
    assert seat.to_dict(5) == {"name": "Amina", "kind": "net", "taken": True, "present": True,
                               "stand_in": False, "gender": SHE}
    newer = {**seat.to_dict(), "face": "woman-astronaut"}  # a newer host's portrait
    assert "woman-astronaut" not in FACE_IDS
    assert seat_info_from_dict(newer).face is None
    older = {"name": None, "kind": "bot", "taken": False, "present": False, "stand_in": False}
    assert seat_info_from_dict(older).face is None  # a host before 6 says nothing


@pytest.mark.parametrize("face", [5, None, True, ["woman-curls"], "x" * 41])
def test_a_face_that_is_no_id_makes_the_hosts_table_unreadable(face: object) -> None:
    seat = {**SeatInfo("Amina", "net").to_dict(), "face": face}
    with pytest.raises(ValueError, match="face"):
        seat_info_from_dict(seat)
    with pytest.raises(ValueError, match="face"):
        table_info_from({"host": "", "seats": [seat, SeatInfo(None, "bot").to_dict()],
                         "started": False, "policy": "wait", "paused": None})

