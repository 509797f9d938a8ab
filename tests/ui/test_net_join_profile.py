"""One profile, one seat, on the join screen: while another window of this profile sits at the
table joined last, the screen offers neither that seat (**Back to my last table**) nor that
window's name; once it has gone, both are offered again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rami_desktop.net.join.seat_lock import SeatLock
from rami_desktop.storage.paths import Paths
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.net_join import JoinScene

KEPT = {"address": "127.0.0.1", "port": 4567, "code": "ABCD23", "seat": 0, "token": "t" * 24,
        "name": "Sara"}


def test_another_window_at_the_last_table_keeps_its_seat_and_name(make_app: Any,
                                                                  tmp_path: Path) -> None:
    app = make_app(network={"joined": [KEPT], "hosted": None})
    app.paths = Paths.under(tmp_path)
    first = SeatLock(app.paths, "127.0.0.1", 4567, "ABCD23")  # the first window, at the table
    assert first.take()
    second = app.scene(Route.NET_JOIN)
    assert isinstance(second, JoinScene)
    assert not second.last_button.visible and second.name.value == ""
    second.back_to_last()  # nothing to come back to here
    assert second.joining is None
    first.release()
    later = app.scene(Route.NET_JOIN)
    assert isinstance(later, JoinScene)
    assert later.last_button.visible and later.name.value == "Sara"


def test_the_join_screen_says_she_or_he_as_the_last_join_did(make_app: Any) -> None:
    """The she/he choice sits beside the seat, kept with the last table joined (unsaid the
    first time), and is what the join sends."""
    first = make_app()
    scene = first.scene(Route.NET_JOIN)
    assert isinstance(scene, JoinScene) and scene.gender.value == ""
    assert not scene.gender.rect.colliderect(scene.seat.rect) and scene.gender.label
    app = make_app(network={"joined": [{**KEPT, "gender": "she"}], "hosted": None})
    scene = app.scene(Route.NET_JOIN)
    assert isinstance(scene, JoinScene) and scene.gender.value == "she"
