"""The network's screens, headless: a joiner's table in French against a headless host, and a
host's lobby and table in darija with a joiner; refusals said in the screen's own language."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

from rami_desktop.bots import make_bot
from rami_desktop.engine.actions import Discard, Draw
from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.hall.headless import TablePlan
from rami_desktop.net.join.joining import Joining, Welcome
from rami_desktop.net.join.remote import RemoteSession
from rami_desktop.net.wire.protocol import Act, request_text
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.ui.kit.text import strip_marks
from rami_desktop.ui.net_table import NetTableScene
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.net_join import JoinScene
from rami_desktop.ui.scenes.net_lobby import LobbyScene
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from tests.net.harness import config_of, host_table, play_joiners
from tests.truth import behind
from tests.ui.conftest import DT

RULES = PRESETS["talaj"].with_options(target=60)
LIMIT = 60.0


def frames_until(app: Any, test: Any, limit: float = LIMIT) -> None:
    """Run frames (with a little real time for the network) until ``test()`` holds."""
    deadline = time.monotonic() + limit
    while not test():
        assert time.monotonic() < deadline, "the screen did not get there in time"
        app.step(DT, [])
        time.sleep(0.002)


def play_my_turns(app: Any, table: NetTableScene, until: Any) -> None:
    """Play this screen's seat with a bot's moves through the table's commands."""
    bot, rng = make_bot("easy"), random.Random(3)
    deadline = time.monotonic() + LIMIT
    while not until():
        assert time.monotonic() < deadline, "the round did not end in time"
        seat = table.control.seat()
        if app.stack.top is table and seat is not None and table.control.my_turn():
            table.control.attempt(bot.act(table.net.observation(seat), rng))
        app.step(DT, [])
        time.sleep(0.002)


def joiner_in_french(make_app: Any, whole_round: bool) -> None:
    """A joiner's screen in French against a headless host: a few turns, or the whole round
    to its summary."""
    host = host_table(config_of(RULES, "net", "bot", seed=3), code="FRANCE")
    try:
        host.run(TablePlan())
        app = make_app((1024, 640), language="fr", animation_speed="off")
        join = app.scene(Route.NET_JOIN)
        assert isinstance(join, JoinScene)
        app.stack.push(join)
        app.step(DT, [])
        join.address.value = "127.0.0.1"
        join.port.value = host.url.rsplit(":", 1)[1].strip("/")
        join.code.value = "france"
        join.name.value = "Sara"
        join.join()
        frames_until(app, lambda: isinstance(app.stack.top, NetTableScene))
        table = app.stack.top
        assert isinstance(table, NetTableScene)
        frames_until(app, lambda: len(table._banner) == 1 or table.session.round_over)
        assert "FRANCE" in table._banner[0]
        assert app.settings["network"]["joined"][0]["code"] == "FRANCE"
        # a refusal of this screen's round, and one of the host: both said in French
        me = table.session.action_player(0)
        drawn = table.session.shown.round.has_drawn and table.control.my_turn()
        table.control.attempt(Discard(me, table.session.shown.hand(0)[0]))
        if not drawn:
            assert table.model.message in ("Ce n’est pas ton tour.", "Tire d’abord une carte.")
        other = 1 - me
        table.net.link.send(request_text(Act(999, Draw(other, "stock"))))
        frames_until(app, lambda: table.model.message == "Ce coup est pour une place qui "
                                                         "n’est pas la tienne.")
        if not whole_round:
            play_my_turns(app, table, lambda: table.session.shown.round.turn >= 6)
            frames_until(app, lambda: not table.net.waiting_answer)
            assert host.tap.failures == []
            return
        play_my_turns(app, table, lambda: isinstance(app.stack.top, RoundSummaryScene))
        truth = host.session
        assert truth.round.over and table.session.shown.round.hands == truth.round.hands
        assert table.session.shown.match.scores == truth.match.scores
        assert host.tap.failures == []
    finally:
        host.close()


def test_a_joiner_plays_in_french_against_a_headless_host(make_app: Any) -> None:
    joiner_in_french(make_app, whole_round=False)


@pytest.mark.slow
def test_a_joiner_plays_a_whole_round_in_french_to_its_summary(make_app: Any) -> None:
    joiner_in_french(make_app, whole_round=True)


def test_a_host_in_darija_opens_a_table_a_joiner_takes_a_seat_and_leaves(
        make_app: Any) -> None:
    app = make_app((1024, 640), language="ar_MA", animation_speed="off")
    config = GameConfig(RULES, (Seat("Amal", "human"), Seat(None, "net"),
                                Seat(None, "bot", "easy")), seed=4)
    lobby = app.scene(Route.NET_LOBBY, config)
    assert isinstance(lobby, LobbyScene)
    app.stack.push(lobby)
    app.step(DT, [])
    session = lobby.session
    assert session is not None
    assert session.code in lobby.code_text()
    assert strip_marks(lobby.seat_text(1)) == "2. البلاصة 2: كنتسناو شي حد…"
    port = session.port
    assert app.settings["network"]["hosted"]["port"] == port
    joining = Joining(f"ws://127.0.0.1:{port}/", session.code.lower(), "Yassine")
    frames_until(app, lambda: joining.poll() is not None)  # the lobby answers it
    welcome = joining.poll()
    assert isinstance(welcome, Welcome)
    joiner = RemoteSession(joining.link, welcome, "Yassine", make_bot("easy"), random.Random(5))
    try:
        frames_until(app, lambda: strip_marks(lobby.seat_text(1)) == "2. Yassine: فالطبلة")
        lobby.start()
        frames_until(app, lambda: isinstance(app.stack.top, NetTableScene))
        table = app.stack.top
        assert isinstance(table, NetTableScene)
        playing = threading.Thread(target=play_joiners, args=([joiner],), daemon=True)
        playing.start()
        play_my_turns(app, table, lambda: isinstance(app.stack.top, RoundSummaryScene)
                      or behind(session).round.turn > 4)
        joiner.link.stop(1.0)  # the joiner's link dies: the table waits for Yassine
        frames_until(app, lambda: any("Yassine" in line for line in table._banner))
        assert strip_marks(table._banner[1]) == "كنتسناو الرجوع ديال Yassine…"
        assert app.settings["network"]["hosted"]["tokens"] == {"1": joiner.token}
    finally:
        joiner.close()
        app.stack.clear()
        app.stack.apply_pending()  # the table closes: the host stops listening
