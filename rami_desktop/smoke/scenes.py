"""Every screen renders one frame in every language (the end screens over bots' matches)."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table

from .games import play_match
from .report import SmokeError, require

FRAME_DT = 1 / 60


def scene_makers(app: Any) -> list[tuple[str, Callable[[], Any]]]:
    """(name, factory) of every screen."""
    from rami_desktop.ui.routes import Route
    from rami_desktop.ui.scenes.error_screen import ErrorScreen
    from rami_desktop.ui.scenes.language import LanguageScene
    from rami_desktop.ui.scenes.menu import MenuScene
    from rami_desktop.ui.scenes.overlays import (
        ConfirmDialog,
        MessageDialog,
        PauseOverlay,
    )
    from rami_desktop.ui.scenes.privacy import PrivacyScene
    from rami_desktop.ui.scenes.rules_guide import RulesGuideOverlay
    from rami_desktop.ui.scenes.settings import SettingsScene
    from rami_desktop.ui.scenes.setup import SetupScene
    from rami_desktop.ui.scenes.statistics import StatisticsScene
    from rami_desktop.ui.scenes.table import TableScene

    config = GameConfig(rules=preset("talaj"), seed=7, seats=(
        Seat(None, "human"), Seat(None, "bot", "easy"), Seat(None, "bot", "hard")))
    return [
        ("language", lambda: LanguageScene(app)),
        ("menu", lambda: MenuScene(app)),
        ("setup", lambda: SetupScene(app)),
        ("settings", lambda: SettingsScene(app)),
        ("rules help", lambda: RulesGuideOverlay(app, "tallage")),
        ("pause", lambda: PauseOverlay(app)),
        ("message", lambda: MessageDialog(app, "Rami", "Rami")),
        ("confirm", lambda: ConfirmDialog(app, "Rami", "Rami", lambda: None)),
        ("table", lambda: TableScene(app, Table(Session(config)))),
        ("statistics", lambda: StatisticsScene(app)),
        ("error", lambda: ErrorScreen(app, "rami.log", summary="smoke test")),
        *end_scene_makers(app, config),
        ("pass and play", lambda: PrivacyScene(app, "Rami", lambda: None)),
        ("network", lambda: app.routes.build(Route.NETWORK, app)),  # loaded on first use
    ]


def end_scene_makers(app: Any, config: GameConfig) -> list[tuple[str, Callable[[], Any]]]:
    """The round summary and match end screens, over matches played by bots."""
    from rami_desktop.ui.scenes.match_end import MatchEndScene
    from rami_desktop.ui.scenes.round_summary import RoundSummaryScene

    one_round = play_match(config.rules, config.players, seed=7, max_rounds=1)
    require(one_round.round.over, "the bots did not finish the summary's round")
    # a short match: a low target ends it in a few rounds
    short = dataclasses.replace(config, rules=dataclasses.replace(config.rules, target=60))
    whole = play_match(short.rules, short.players, seed=7)
    require(whole.match.over,
            f"the bots did not finish a match in {len(whole.match.results)} rounds")
    return [
        ("round summary", lambda: RoundSummaryScene(
            app, Table(Session(config, one_round.match)), lambda: None)),
        ("match end", lambda: MatchEndScene(app, Table(Session(short, whole.match)))),
    ]


def check_scenes(size: tuple[int, int] | None = None) -> Callable[[], str]:
    """The check: every screen renders one frame in every language."""

    def run_check() -> str:
        from rami_desktop.app import LANGUAGES, App

        # persisting is safe: RAMI_HOME is a temporary folder (autosave and statistics run)
        app = App(size or (1280, 800), settings={"language": "en"}, persist=True,
                  fullscreen=False)
        try:
            makers = scene_makers(app)
            done = 0
            for code, _name in LANGUAGES:
                app.set_language(code, save=False)
                for name, make in makers:
                    try:
                        app.stack.clear_to(make())
                        app.step(FRAME_DT)
                        app.step(FRAME_DT)
                    except Exception as exc:  # named after the screen and the language
                        raise SmokeError(f"{name} in {code}: {type(exc).__name__}: {exc}"
                                         ) from exc
                    done += 1
            app.stack.clear()
            app.stack.apply_pending()
        finally:
            app.close()
        names = ", ".join(name for name, _make in makers)
        return f"{done} frames: {names} x {len(LANGUAGES)} languages"

    return run_check
