"""A player joining over the network chooses their own face on the join screen, with the
keyboard as with clicks: a plain disc beside the name until one is chosen; the face chosen goes
with the join, the host's seat and every screen at the table wear it, and the next join screen
shows it again (kept with the last table joined); a name the statistics know wears its face
until another is chosen. A player seated later is drawn at once with
theirs on the tables already seated."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pygame

from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.join.joining import Joining
from rami_desktop.play.game.config import seat_faces
from rami_desktop.play.game.people import FACES, known_face
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.stats import record_round
from rami_desktop.ui.net_table import NetTableScene
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.face_chooser import FaceChooser
from rami_desktop.ui.scenes.net_join import JoinScene
from tests.net.harness import config_of, host_table, welcome
from tests.ui.conftest import DT

LIMIT = 60.0


def _key(app: Any, key: int) -> None:
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""),
                  pygame.event.Event(pygame.KEYUP, key=key, mod=0)])


def test_a_joiner_chooses_a_face_by_keyboard_and_every_seat_wears_it(make_app: Any) -> None:
    host = host_table(config_of(PRESETS["talaj"], "net", "net", "net", "bot", seed=3),
                      code="VISAGE")
    try:
        host.run()
        app = make_app((800, 600), language="fr")
        join = app.scene(Route.NET_JOIN)
        assert isinstance(join, JoinScene)
        app.stack.push(join)
        app.step(DT, [])
        assert not join.face.chosen and join.chosen_face() is None
        assert known_face(join.face.face) is None  # a plain disc: the host would choose
        assert join.face.rect.right <= join.name.rect.x and join.face.rect.h >= join.name.rect.h
        join.address.value = "127.0.0.1"
        join.port.value = host.url.rsplit(":", 1)[1].strip("/")
        join.code.value = "visage"
        join.name.value = "Amina"
        join.group.focused = join.code
        _key(app, pygame.K_TAB)  # from the code to the face, as they are drawn
        assert join.group.focused is join.face
        _key(app, pygame.K_RETURN)
        chooser = app.stack.top
        assert isinstance(chooser, FaceChooser)
        _key(app, pygame.K_TAB)  # from Cancel to the first face, then the one after it
        _key(app, pygame.K_RIGHT)
        _key(app, pygame.K_RETURN)
        assert app.stack.top is join and join.chosen_face() == FACES[1].id
        join.join()
        deadline = time.monotonic() + LIMIT
        while not isinstance(app.stack.top, NetTableScene):
            assert time.monotonic() < deadline, "not seated in time"
            app.step(DT, [])
            time.sleep(0.002)
        table = app.stack.top
        assert host.session.config.seats[0].face == FACES[1].id
        assert seat_faces(host.session.config)[0] == FACES[1].id
        assert table.session.face(0) == FACES[1].id  # this screen's own seat wears it
        assert app.settings["network"]["joined"][0]["face"] == FACES[1].id
        # a player seated after her, with a face of their own: her table shows them at once
        deadline = time.monotonic() + LIMIT
        while not table._banner or table.painter.layer is None or table.needs_redraw():
            assert time.monotonic() < deadline, "her table did not come to rest in time"
            app.step(DT, [])
            time.sleep(0.002)
        drawn = table.painter.layer
        fez = "grandfather-fez"
        hassan = Joining(host.url, "VISAGE", "Hassan", face=fez)
        welcome(hassan)
        deadline = time.monotonic() + LIMIT
        while table.session.face(1) != fez or table.painter.layer is drawn:
            assert time.monotonic() < deadline, "the new seat was not drawn in time"
            app.step(DT, [])
            time.sleep(0.002)
        assert table.session.name(1) == "Hassan" and table.painter.layer is not None
        hassan.link.stop(0.3)
        again = app.scene(Route.NET_JOIN)
        assert isinstance(again, JoinScene)
        assert again.face.chosen and again.face.face == FACES[1].id
    finally:
        host.close()


def test_the_join_screen_shows_the_face_and_gender_a_name_had_until_another_is_chosen(
        make_app: Any, tmp_path: Path) -> None:
    """As the setup does: a name the statistics know wears its face (and joins with it) and is
    spoken to as before, a name they do not know has a plain disc (the host's default); a face
    chosen stays whatever the name."""
    paths = Paths.under(tmp_path)
    record_round(paths, "Khadija", "talaj", won=True, turns=9, gender="she",
                 face="woman-scarf-rose")
    app = make_app((800, 600))
    app.paths = paths
    join = app.scene(Route.NET_JOIN)
    assert isinstance(join, JoinScene)
    app.stack.push(join)
    app.step(DT, [])
    join.group.focused = join.name
    app.step(DT, [pygame.event.Event(pygame.TEXTINPUT, text="Khadija")])
    assert join.face.face == "woman-scarf-rose" == join.chosen_face()
    assert join.gender.value == "she"  # spoken to as before, as the setup does
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0,
                                     unicode="\b")])
    assert known_face(join.face.face) is None and join.chosen_face() is None  # «Khadij»
    join.face.pick("boy")
    app.step(DT, [pygame.event.Event(pygame.TEXTINPUT, text="a")])
    assert join.chosen_face() == "boy"


def test_back_at_a_seat_the_face_kept_is_the_one_the_table_shows(make_app: Any) -> None:
    """A joiner back at her seat (its token) with another face chosen: the table seats her with
    it (her name as she took the seat), and the seat kept here says the same, never a face the
    table does not show (the next join screen shows the one her seat wears)."""
    host = host_table(config_of(PRESETS["talaj"], "net", "net", "bot", seed=5), code="RETOUR")
    try:
        host.run()
        app = make_app((800, 600), language="fr")

        def seated(join: JoinScene, how: Any) -> None:
            app.stack.push(join)
            app.step(DT, [])
            how()
            deadline = time.monotonic() + LIMIT
            while not isinstance(app.stack.top, NetTableScene):
                assert time.monotonic() < deadline, "not seated in time"
                app.step(DT, [])
                time.sleep(0.002)

        first = app.scene(Route.NET_JOIN)
        assert isinstance(first, JoinScene)
        first.address.value = "127.0.0.1"
        first.port.value = host.url.rsplit(":", 1)[1].strip("/")
        first.code.value = "retour"
        first.name.value = "Amina"
        first.face.pick("woman-curls")
        seated(first, first.join)
        assert host.session.config.seats[0].face == "woman-curls"
        app.stack.clear()
        app.stack.apply_pending()  # she leaves: her seat is kept, its lock free again
        back = app.scene(Route.NET_JOIN)
        assert isinstance(back, JoinScene)
        assert back.face.face == "woman-curls" and back.name.value == "Amina"
        back.face.pick("grandmother-grey")
        seated(back, back.back_to_last)
        assert host.session.config.seats[0].face == "grandmother-grey"  # chosen on the way back
        kept = app.settings["network"]["joined"][0]
        assert (kept["face"], kept["name"], kept["seat"]) == ("grandmother-grey", "Amina", 0)
        app.stack.clear()
        app.stack.apply_pending()
        again = app.scene(Route.NET_JOIN)
        assert isinstance(again, JoinScene) and again.face.face == "grandmother-grey"
    finally:
        host.close()
