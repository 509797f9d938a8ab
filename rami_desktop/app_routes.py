"""The route registry of the game, filled at start-up with explicit imports of every scene
(so that PyInstaller bundles them and scenes never import each other).

The network's scenes are imported when first opened (their imports, in the functions below, are
still explicit for PyInstaller): websockets, zeroconf and asyncio are not loaded by a game that
never plays on the network, and the window opens sooner.
"""

from __future__ import annotations

from typing import Any

from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.controls_help import ControlsHelpOverlay
from rami_desktop.ui.scenes.error_screen import ErrorScreen
from rami_desktop.ui.scenes.face_chooser import FaceChooser
from rami_desktop.ui.scenes.kept_rounds import KeptRoundsScene
from rami_desktop.ui.scenes.language import LanguageScene
from rami_desktop.ui.scenes.learn import LearnScene
from rami_desktop.ui.scenes.match_end import MatchEndScene
from rami_desktop.ui.scenes.menu import MenuScene
from rami_desktop.ui.scenes.overlays import ConfirmDialog, MessageDialog, PauseOverlay
from rami_desktop.ui.scenes.privacy import PrivacyScene
from rami_desktop.ui.scenes.replay import ReplayScene
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.scenes.rules_guide import RulesGuideOverlay
from rami_desktop.ui.scenes.settings import SettingsScene
from rami_desktop.ui.scenes.setup import SetupScene
from rami_desktop.ui.scenes.statistics import StatisticsScene
from rami_desktop.ui.scenes.table import TableScene
from rami_desktop.ui.scenes.tutorial import TutorialScene
from rami_desktop.ui.scenes.winner_moment import WinnerMoment
from rami_desktop.ui.stage.route_table import Routes
from rami_desktop.ui.stage.scene import Context, Scene


def _network(ctx: Context, *args: Any, **kwargs: Any) -> Scene:
    from rami_desktop.ui.scenes.network import NetworkScene

    return NetworkScene(ctx, *args, **kwargs)


def _lobby(ctx: Context, *args: Any, **kwargs: Any) -> Scene:
    from rami_desktop.ui.scenes.net_lobby import LobbyScene

    return LobbyScene(ctx, *args, **kwargs)


def _join(ctx: Context, *args: Any, **kwargs: Any) -> Scene:
    from rami_desktop.ui.scenes.net_join import JoinScene

    return JoinScene(ctx, *args, **kwargs)


def _server(ctx: Context, *args: Any, **kwargs: Any) -> Scene:
    from rami_desktop.ui.scenes.net_server import ServerScene

    return ServerScene(ctx, *args, **kwargs)


def _net_table(ctx: Context, *args: Any, **kwargs: Any) -> Scene:
    from rami_desktop.ui.net_table import NetTableScene

    return NetTableScene(ctx, *args, **kwargs)


def scene_routes() -> Routes:
    """A registry holding every scene of the game under its route."""
    routes = Routes()
    routes.register(Route.LANGUAGE, LanguageScene)
    routes.register(Route.MENU, MenuScene)
    routes.register(Route.SETUP, SetupScene)
    routes.register(Route.SETTINGS, SettingsScene)
    routes.register(Route.STATISTICS, StatisticsScene)
    routes.register(Route.TABLE, TableScene)
    routes.register(Route.PAUSE, PauseOverlay)
    routes.register(Route.RULES_HELP, RulesGuideOverlay)
    routes.register(Route.CONTROLS_HELP, ControlsHelpOverlay)
    routes.register(Route.LEARN, LearnScene)
    routes.register(Route.TUTORIAL, TutorialScene)
    routes.register(Route.MESSAGE, MessageDialog)
    routes.register(Route.CONFIRM, ConfirmDialog)
    routes.register(Route.PRIVACY, PrivacyScene)
    routes.register(Route.ROUND_SUMMARY, RoundSummaryScene)
    routes.register(Route.MATCH_END, MatchEndScene)
    routes.register(Route.ERROR, ErrorScreen)
    routes.register(Route.REPLAY, ReplayScene)
    routes.register(Route.KEPT_ROUNDS, KeptRoundsScene)
    routes.register(Route.FACE_CHOOSER, FaceChooser)
    routes.register(Route.WINNER_MOMENT, WinnerMoment)
    routes.register(Route.NETWORK, _network)
    routes.register(Route.NET_LOBBY, _lobby)
    routes.register(Route.NET_JOIN, _join)
    routes.register(Route.NET_SERVER, _server)
    routes.register(Route.NET_TABLE, _net_table)
    return routes
