"""One profile, one seat, on the join screen: while another window of this profile sits at the
table joined last, the screen offers neither that seat (**Back to my last table**) nor that
window's name; once it has gone, both are offered again."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rami_desktop.net.join.seat_lock import SeatLock
from rami_desktop.storage.paths import Paths
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.text import line_height
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


@pytest.mark.parametrize(("size", "scale"), [((800, 600), 100), ((1366, 768), 125),
                                             ((1366, 768), 150), ((1280, 800), 150)])
@pytest.mark.parametrize("language", ["fr", "ar_MA"])
def test_the_join_screen_s_rows_never_lie_over_each_other(make_app: Any, size: tuple[int, int],
                                                          scale: int, language: str) -> None:
    """Every field, the face, the seat and she/he, the status's two lines (an invite read
    says so in two; a little smaller, not under 80 %, in the shortest window) and the buttons
    each in a place of its own, at every interface scale (the seat and she/he side by side where
    the window is short)."""
    app = make_app(size, language=language, interface_scale=scale)
    scene = app.scene(Route.NET_JOIN)
    assert isinstance(scene, JoinScene)
    app.stack.push(scene)
    app.step(1 / 60, [])
    s = scene.scale
    small = theme.px(theme.FONT_SMALL, s)
    assert scene.status_label.rect.h >= 2 * line_height(int(small * 0.8))
    placed = [scene.address, scene.port, scene.code, scene.face, scene.name, scene.ask_button,
              scene.seat, scene.gender, scene.status_label, scene.back_button,
              scene.join_button, *scene.table_buttons[:scene.listed]]
    for k, one in enumerate(placed):
        assert scene.panel.rect.contains(one.rect), one
        for other in placed[k + 1:]:
            assert not one.rect.colliderect(other.rect), (one, other)
