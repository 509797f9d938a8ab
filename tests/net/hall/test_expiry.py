"""Tables nobody joins close after their time (``rami-host --expire``, 24 hours by default),
counted from the first opening across a ``--resume``; a table whose seat was taken never
expires; ``expire`` 0 is never."""

from __future__ import annotations

from pathlib import Path

from rami_desktop.net.hall.tables import Hall, TableSpec
from rami_desktop.net.host.hosting import new_code
from rami_desktop.net.transport.server import HostServer
from rami_desktop.storage.table_folders import kept_codes

HOUR = 3600.0


def hall_at(state: Path | None, now: list[float], hours: float = 1.0) -> Hall:
    hall = Hall(HostServer(), state, new_code)
    hall.expiry.hours = hours
    hall.wall_clock = lambda: now[0]
    return hall


def spec(code: str, expire: float | None = None) -> TableSpec:
    return TableSpec("talaj", "net,bot:easy", code, 1, "wait", 0.0, 7, "", expire)


def test_a_table_nobody_joins_closes_after_its_time_and_a_joined_one_stays(
        tmp_path: Path) -> None:
    now = [1_000_000.0]
    hall = hall_at(tmp_path / "state", now)
    try:
        hall.open(spec("NXBXDYJXN2"))
        hall.open(spec("JXXNEDJXN2"))
        hall.open(spec("NEVERNEVR2", expire=0))
        hall.tables["JXXNEDJXN2"].session.book.take(1, None, None)  # a seat taken
        now[0] += HOUR - 10
        hall.step()
        assert set(hall.tables) == {"NXBXDYJXN2", "JXXNEDJXN2", "NEVERNEVR2"}
        now[0] += 10  # the hall looks every few seconds
        hall.step()
        assert set(hall.tables) == {"JXXNEDJXN2", "NEVERNEVR2"}
        assert "NXBXDYJXN2" not in kept_codes(tmp_path / "state")
        assert "NXBXDYJXN2" not in hall.server.tables
        now[0] += 1000 * HOUR
        hall.step()
        assert set(hall.tables) == {"JXXNEDJXN2", "NEVERNEVR2"}
    finally:
        hall.close()


def test_the_time_counts_from_the_first_opening_across_a_resume(tmp_path: Path) -> None:
    state = tmp_path / "state"
    now = [2_000_000.0]
    first = hall_at(state, now)
    first.open(spec("RESXMERES2"))
    first.close()
    now[0] += HOUR / 2  # the host is started again half an hour later
    again = hall_at(state, now)
    try:
        assert again.resume() == ["RESXMERES2"]
        now[0] += HOUR / 2
        again.step()
        assert again.tables == {}
        assert kept_codes(state) == []
    finally:
        again.close()


def test_a_kept_opening_time_that_is_no_time_counts_from_the_resume(tmp_path: Path) -> None:
    state = tmp_path / "state"
    now = [3_000_000.0]
    first = hall_at(state, now)
    first.open(spec("BADTXMEBA2"))
    first.close()
    table_json = state / "tables" / "BADTXMEBA2" / "table.json"
    table_json.write_text(table_json.read_text().replace('"opened": 3000000.0',
                                                         '"opened": "soon"'))
    again = hall_at(state, now)
    try:
        assert again.resume() == ["BADTXMEBA2"]
        now[0] += HOUR - 10
        again.step()
        assert list(again.tables) == ["BADTXMEBA2"]
    finally:
        again.close()


def test_the_hall_goes_through_its_tables_for_expiry_only_when_it_looks() -> None:
    now = [1_000_000.0]
    hall = hall_at(None, now)
    try:
        hall.open(spec("NXBXDYJXN2"))
        hall.step()
        assert not hall.expiry.looking(now[0])  # it just looked
        now[0] += 1.0
        assert not hall.expiry.looking(now[0])
        now[0] += HOUR
        assert hall.expiry.looking(now[0])
        hall.step()
        assert not hall.tables
    finally:
        hall.close()
