"""One table, whoever plays it: the local game and a joiner's are the same class over two
sources, and a screen's table object holds no full round."""

from __future__ import annotations

import functools
import inspect

from rami_desktop.net.host.host_session import HostSession
from rami_desktop.net.join.net_game import NetTable
from rami_desktop.net.join.remote import RemoteSession
from rami_desktop.net.join.remote_view import RemoteView
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.play.table.table_game import TableGame

#: every class a table is made of: the table, and each source with its bases
TABLE_CLASSES = (Table, NetTable, Session, HostSession, RemoteSession, RemoteView)
#: at most this many of the interface's members may be defined in more than one of them
MOST_DEFINED_TWICE = 8


def interface_members() -> set[str]:
    """The members of the table interface (its methods, properties and attributes)."""
    own = set(vars(TableGame)) | set(TableGame.__annotations__)
    return {name for name in own if not name.startswith("_")}


def defined_in(cls: type) -> set[str]:
    """The names a class implements itself (methods and properties of its own body)."""
    return {n for n, v in vars(cls).items()
            if not n.startswith("__") and (callable(v) or isinstance(v, property))}


@functools.cache
def held_by(cls: type) -> frozenset[str]:
    """The names a class's own code sets on its objects (``self.name = ...``): data."""
    source = inspect.getsource(cls)
    return frozenset(line.split("self.", 1)[1].split(":")[0].split("=")[0].strip()
                     for line in source.splitlines()
                     if line.strip().startswith("self.") and "=" in line
                     and "==" not in line.split("=")[0])


def defined_more_than_once() -> dict[str, list[str]]:
    """Each interface member defined in more than one table class, with those classes."""
    members = interface_members()
    where: dict[str, list[str]] = {}
    for cls in TABLE_CLASSES:
        for name in defined_in(cls) & members:
            where.setdefault(name, []).append(cls.__name__)
    return {name: classes for name, classes in sorted(where.items()) if len(classes) > 1}


def test_the_table_interface_is_written_once() -> None:
    twice = defined_more_than_once()
    data = {n: [c.__name__ for c in TABLE_CLASSES if n in held_by(c)]
            for n in sorted(interface_members()) if any(n in held_by(c) for c in TABLE_CLASSES)}
    print(f"table interface: {len(interface_members())} members, {len(twice)} implemented in "
          f"more than one class: {twice}; held as data by the sources (the table reads "
          f"them): {data}")
    assert len(interface_members()) >= 37
    assert len(twice) <= MOST_DEFINED_TWICE, twice
    # what a screen reads of the game, and the screen's rule, are the table's alone
    for name in ("shown", "face_up", "privacy_due", "reveal", "hand_order", "human_to_play",
                 "story", "review", "think", "poll", "bot_to_play", "talaj_open"):
        assert [c.__name__ for c in TABLE_CLASSES if name in vars(c)] == ["Table"], name


def test_a_screens_table_exposes_no_full_round() -> None:
    session = Session(GameConfig(seats=(Seat("Sara", "human"), Seat("Bot", "bot", "easy")),
                                 seed=4))
    table = Table(session)
    public = [n for n in dir(table) if not n.startswith("_")]
    assert "round" not in public and "match" not in public
    for name in public:
        value = getattr(table, name)
        assert value is not session.match and value is not session.round, name
        assert value is not session, name
    assert table.shown.round is not session.round  # rebuilt from the seat's view alone
    session.close()
