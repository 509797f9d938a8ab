"""Pass-and-play: a human's cards are never on screen while another human is to play."""

from __future__ import annotations

from collections import Counter
from typing import Any

from rami_desktop.play.config import Seat
from rami_desktop.ui.scenes.privacy import PrivacyScene
from rami_desktop.ui.scenes.table import TableScene

from .test_table_helpers import Driver, known_table

SEATS = (Seat("Amina", "human"), Seat("Bot", "bot", "easy"), Seat("Youssef", "human"))


def _check_frame(app: Any, scene: TableScene) -> None:
    """The table, when drawn, shows no hand but that of the human to play (or none)."""
    if scene not in app.stack.visible():
        return
    to_play = scene.ctl.human_to_play()
    shown = [s.spec.code for s in scene.board.in_zone("hand")]
    viewer = scene.viewer()
    if to_play is not None and shown:
        assert viewer == to_play
        assert Counter(shown) == Counter(c.code for c in scene.ctl.hand(to_play))


def test_privacy_screen_between_two_humans(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    scene = known_table(app, seats=SEATS)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.step()
    # Amina (seat 0) is to play: the privacy screen comes first, the table is not drawn
    d.step()
    assert isinstance(app.stack.top, PrivacyScene)
    assert scene not in app.stack.visible()
    assert "Amina" in app.stack.top.text.text()  # type: ignore[union-attr]
    app.stack.top.go()  # type: ignore[union-attr]
    d.step()
    assert scene.viewer() == 0
    assert Counter(s.spec.code for s in scene.board.in_zone("hand")) == \
        Counter(c.code for c in scene.ctl.hand(0))
    # Amina plays: draw and discard
    d.click(scene.lay.stock.center)
    scene.discard(scene.ctl.round.hands[0][0])
    # the bot plays, then Youssef: never Amina's cards while Youssef is to play
    for _ in range(300):
        d.step()
        _check_frame(app, scene)
        if isinstance(app.stack.top, PrivacyScene):
            break
    assert isinstance(app.stack.top, PrivacyScene)
    assert scene.ctl.human_to_play() == 2
    assert "Youssef" in app.stack.top.text.text()  # type: ignore[union-attr]
    assert scene.viewer() is None
    app.stack.top.go()  # type: ignore[union-attr]
    d.step()
    assert scene.viewer() == 2
    shown = Counter(s.spec.code for s in scene.board.in_zone("hand"))
    assert shown == Counter(c.code for c in scene.ctl.hand(2))
    assert scene.drawn_faces  # the table was drawn with Youssef's hand


def test_autoplay_of_a_pass_and_play_match_never_shows_the_wrong_hand(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    scene = known_table(app, seats=SEATS)
    app.stack.clear_to(scene)
    d = Driver(app)
    for _ in range(400):
        d.step()
        _check_frame(app, scene)
        top = app.stack.top
        if isinstance(top, PrivacyScene):
            top.go()
            d.step()
            _check_frame(app, scene)
            seat = scene.viewer()
            assert seat is not None
            # play plainly for the human: draw, then discard a legal card
            r = scene.ctl.round
            scene.draw_from("stock")
            _check_frame(app, scene)
            if r.legal_discards():
                scene.discard(r.legal_discards()[0])
        if scene.ctl.round.turn > 8:
            break
    assert scene.ctl.round.turn > 8


def test_one_human_always_sees_their_hand_never_the_bots(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.click(scene.lay.stock.center)
    scene.discard(scene.ctl.round.hands[0][-1])
    for _ in range(30):
        d.step()
        assert not isinstance(app.stack.top, PrivacyScene)
        assert scene.viewer() == 0
        shown = Counter(s.spec.code for s in scene.board.in_zone("hand"))
        assert shown == Counter(c.code for c in scene.ctl.hand(0))
        assert {s.spec.code for s in scene.board.in_zone("seat:")} <= {"back"}
