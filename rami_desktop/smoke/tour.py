"""Every screen of the game in a state a player meets, for the checks that look at them all
(the window fit test, ``tools/screens.py``'s screenshots).

A stop of the tour puts one screen (over the screen it opens from, for an overlay) on an app's
stack; the matches it shows are played by bots through the session, once per tour.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rami_desktop.engine.match import Match
from rami_desktop.engine.rules import Rules, preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table

from .games import bot_session, play_match
from .report import require

#: the human's name at the tables of the tour
PLAYER = "Amina"


def _human_first(rules: Rules, match_of: Session, n: int) -> Session:
    """The bots' match with a human in seat 0 (a single human: the hand shows in their turn)."""
    seats = (Seat(PLAYER, "human"), *(Seat(None, "bot", "easy") for _ in range(n - 1)))
    return Session(GameConfig(rules=rules, seats=seats, seed=match_of.config.seed),
                   match_of.match)


def mid_round(rules: Rules, n: int, seed: int, turns: int) -> Session:
    """A round played by bots for about ``turns`` turns, stopped when seat 0 is to play it
    (with a human in seat 0)."""
    bots = bot_session(rules, n, seed)
    bots.ask_redeals()
    st = bots.round
    while not st.over and (st.turn < turns or st.current != 0 or st.has_drawn):
        bots.step_bot()
    require(not st.over, "the tour's round ended before its turn")
    return _human_first(rules, bots, n)


def round_over(rules: Rules, n: int, seed: int) -> Session:
    """A round played to its end by bots (with a human in seat 0)."""
    bots = play_match(rules, n, seed=seed, max_rounds=1)
    require(bots.round.over, "the bots did not finish the tour's round")
    return _human_first(rules, bots, n)


@dataclass
class Tour:
    """The matches the tour's screens show (played once, on first use)."""

    _cache: dict[str, Session] = field(default_factory=dict)
    _folders: list[Any] = field(default_factory=list)

    def folder(self, make: Callable[[], str]) -> Any:
        """A folder of the tour's own (the host's key of its lobby), made once."""
        from pathlib import Path

        if not self._folders:
            self._folders.append(Path(make()))
        return self._folders[0]

    def session(self, name: str) -> Session:
        """A fresh session over the named match (a table may change its session)."""
        if name not in self._cache:
            self._cache[name] = self._play(name)
        kept = self._cache[name]
        return Session(kept.config, Match.from_dict(kept.match.to_dict()))

    @staticmethod
    def _play(name: str) -> Session:
        talaj = preset("talaj")
        teams = dataclasses.replace(talaj, teams=True)
        if name == "start":
            seats = (Seat(PLAYER, "human"), Seat(None, "bot", "easy"), Seat(None, "bot", "hard"))
            return Session(GameConfig(rules=talaj, seats=seats, seed=7))
        if name == "middle":
            return mid_round(talaj, 4, seed=4, turns=30)
        if name == "over":
            return round_over(talaj, 3, seed=7)
        if name == "teams over":
            return round_over(teams, 4, seed=5)
        if name == "match over":
            short = dataclasses.replace(talaj, target=60)
            bots = play_match(short, 3, seed=7)
            require(bots.match.over, "the bots did not finish the tour's match")
            return _human_first(short, bots, 3)
        raise ValueError(f"no match {name!r} in the tour")


Stop = Callable[[Any, Tour], None]


def _show(route_name: str, *args: Any, **kwargs: Any) -> Stop:
    def stop(app: Any, _tour: Tour) -> None:
        from rami_desktop.ui.routes import Route

        app.stack.clear_to(app.scene(Route.MENU))
        app.stack.push(app.scene(Route(route_name), *args, **kwargs))

    return stop


def _table(match: str) -> Stop:
    def stop(app: Any, tour: Tour) -> None:
        from rami_desktop.ui.routes import Route

        app.stack.clear_to(app.scene(Route.TABLE, Table(tour.session(match))))

    return stop


def _over_table(route_name: str, *args: Any) -> Stop:
    def stop(app: Any, tour: Tour) -> None:
        from rami_desktop.ui.routes import Route

        app.stack.clear_to(app.scene(Route.TABLE, Table(tour.session("middle"))))
        app.stack.push(app.scene(Route(route_name), *args))

    return stop


def _summary(match: str) -> Stop:
    def stop(app: Any, tour: Tour) -> None:
        from rami_desktop.ui.routes import Route

        session = Table(tour.session(match))
        app.stack.clear_to(app.scene(Route.TABLE, session))
        app.stack.push(app.scene(Route.ROUND_SUMMARY, session, lambda: None))

    return stop


def _review(match: str) -> Stop:
    """The round summary showing the round's review, once the bot worker has it (5 s at
    most: else it says it is looking back)."""

    def stop(app: Any, tour: Tour) -> None:
        import time

        from rami_desktop.ui.routes import Route

        session = Table(tour.session(match))
        deadline = time.monotonic() + 5
        while session.review() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        app.stack.clear_to(app.scene(Route.TABLE, session))
        summary = app.scene(Route.ROUND_SUMMARY, session, lambda: None)
        app.stack.push(summary)
        summary.toggle_review()

    return stop


def _replay(match: str, before_end: int) -> Stop:
    """The replay of a match's round, ``before_end`` turns before its last (the table full)."""

    def stop(app: Any, tour: Tour) -> None:
        from rami_desktop.play.review.replay import Replay
        from rami_desktop.ui.routes import Route

        session = tour.session(match)
        replay = Replay.of_match(session.config, session.match)
        replay.go_to_turn(max(1, replay.moments[-1].turn - before_end))
        app.stack.clear_to(app.scene(Route.MENU))
        app.stack.push(app.scene(Route.REPLAY, replay))

    return stop


def _moment(app: Any, tour: Tour) -> None:
    """The winner's moment over the table of a round just over, halfway through."""
    from rami_desktop.ui.pieces.celebration import DURATION
    from rami_desktop.ui.routes import Route

    session = Table(tour.session("over"))
    app.stack.clear_to(app.scene(Route.TABLE, session))
    seat = session.seat_of(session.shown.round.winner or 0)
    moment = app.scene(Route.WINNER_MOMENT, session.face(seat),
                       lambda: session.name(seat), None, DURATION)
    moment.moment.update(DURATION / 2)
    app.stack.push(moment)


def _match_end(app: Any, tour: Tour) -> None:
    from rami_desktop.ui.routes import Route

    app.stack.clear_to(app.scene(Route.MATCH_END, Table(tour.session("match over"))))


def _faces(app: Any, _tour: Tour) -> None:
    """The face chooser over the setup, a seat's face ringed."""
    from rami_desktop.ui.routes import Route

    app.stack.clear_to(app.scene(Route.MENU))
    app.stack.push(app.scene(Route.SETUP))
    app.stack.push(app.scene(Route.FACE_CHOOSER, "grandmother-scarf", lambda _face: None))


def _lobby(app: Any, tour: Tour) -> None:
    """A table hosted here (it listens until the screen is left), one joiner's seat free."""
    from rami_desktop.ui.routes import Route

    seats = (Seat(PLAYER, "human"), Seat(None, "net"), Seat(None, "bot", "easy"))
    config = GameConfig(rules=preset("talaj"), seats=seats, seed=4)
    app.stack.clear_to(app.scene(Route.MENU))
    app.stack.push(app.scene(Route.NET_LOBBY, config))


def _lobby_invite(app: Any, tour: Tour) -> None:
    """The lobby once its door is open: the invite shown, with Copy."""
    import tempfile
    import time

    from rami_desktop.net.host.inviting import Invited
    from rami_desktop.net.router.ways import Way

    class TourRouter:
        """The tour's home router: it opens every door asked for (at the outside address of
        the team's router in its namespaces, which no real network uses)."""

        way = Way.UPNP

        def outside(self) -> str:
            return "11.77.0.1"

        def map(self, internal: int, external: int, lease: int) -> tuple[int, int]:
            return external, lease

        def unmap(self, internal: int, external: int) -> None:
            return None

    _lobby(app, tour)
    app.stack.apply_pending()
    lobby = app.stack.top
    lobby.find_router = TourRouter
    lobby.key_folder = tour.folder(tempfile.mkdtemp)
    lobby.invite()
    deadline = time.monotonic() + 20
    while not isinstance(lobby.inviting.state, Invited):
        require(time.monotonic() < deadline, "the tour's door did not open")
        time.sleep(0.01)
    app.step(1 / 60, [])


#: an invite the join screen is shown with (a table at the team's router's outside address)
_INVITE = "RAMI-BPANU-QMJU9-X728E-ZNFQG-X8QZF-MP5EQ-N6WX9-4SDV9-ZZBWQ-N5T9Q-ASGJ"

#: (name, stop) of every screen; the network's last (they listen or browse the network)
STOPS: tuple[tuple[str, Stop], ...] = (
    ("language", _show("language")),
    ("menu", lambda app, _tour: app.stack.clear_to(app.scene(_route("menu")))),
    ("setup", _show("setup")),
    ("faces", _faces),
    ("settings", _show("settings")),
    ("statistics", _show("statistics")),
    ("rules", _show("rules_help", "talaj")),
    ("controls", _over_table("controls_help")),
    ("learn", _show("learn")),
    ("lesson", _show("tutorial", "opening_count")),
    ("table-start", _table("start")),
    ("table", _table("middle")),
    ("pause", _over_table("pause")),
    ("privacy", _over_table("privacy", PLAYER, lambda: None)),
    ("message", _over_table("message", "Continue", "The saved match could not be loaded.")),
    ("confirm", _over_table("confirm", "Quit to menu", "Leave the table and return to the menu?",
                            lambda: None)),
    ("summary", _summary("over")),
    ("summary-2v2", _summary("teams over")),
    ("review", _review("over")),
    ("winner", _moment),
    ("match-end", _match_end),
    ("replay", _replay("teams over", 2)),
    ("past-rounds", _show("kept_rounds")),
    ("error", _show("error", "rami.log", summary="ValueError: the tour")),
    ("network", _show("network")),
    ("host", _show("setup", hosting=True)),
    ("join", _show("net_join")),
    ("lobby", _lobby),
    ("lobby-invite", _lobby_invite),
    ("join-invite", _show("net_join", invite=_INVITE)),
    ("server", _show("net_server")),
)


def _route(name: str) -> Any:
    from rami_desktop.ui.routes import Route

    return Route(name)
