"""The route registry of the game: every scene under its route, by the module and the name of
its class (scenes never import each other).

A scene's module is imported the first time its route is built: the window opens with the
modules of its first screen (the language choice or the menu) and not those of the table, the
bots, the tutorial or the network (websockets, zeroconf, asyncio), which load when the player
first goes there. The bundles hold every module of the package (``build.spec`` collects them
all), so none of these is missing there.
"""

from __future__ import annotations

from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.route_table import Routes, SceneRef

#: the package of the scenes
SCENES = "rami_desktop.ui.scenes"

#: each route's scene: (route, its module, its class)
SCENE_CLASSES: tuple[tuple[Route, str, str], ...] = (
    (Route.LANGUAGE, f"{SCENES}.language", "LanguageScene"),
    (Route.MENU, f"{SCENES}.menu", "MenuScene"),
    (Route.SETUP, f"{SCENES}.setup", "SetupScene"),
    (Route.SETTINGS, f"{SCENES}.settings", "SettingsScene"),
    (Route.STATISTICS, f"{SCENES}.statistics", "StatisticsScene"),
    (Route.TABLE, f"{SCENES}.table", "TableScene"),
    (Route.PAUSE, f"{SCENES}.overlays", "PauseOverlay"),
    (Route.RULES_HELP, f"{SCENES}.rules_guide", "RulesGuideOverlay"),
    (Route.CONTROLS_HELP, f"{SCENES}.controls_help", "ControlsHelpOverlay"),
    (Route.LEARN, f"{SCENES}.learn", "LearnScene"),
    (Route.TUTORIAL, f"{SCENES}.tutorial", "TutorialScene"),
    (Route.MESSAGE, f"{SCENES}.overlays", "MessageDialog"),
    (Route.CONFIRM, f"{SCENES}.overlays", "ConfirmDialog"),
    (Route.PRIVACY, f"{SCENES}.privacy", "PrivacyScene"),
    (Route.ROUND_SUMMARY, f"{SCENES}.round_summary", "RoundSummaryScene"),
    (Route.MATCH_END, f"{SCENES}.match_end", "MatchEndScene"),
    (Route.ERROR, f"{SCENES}.error_screen", "ErrorScreen"),
    (Route.REPLAY, f"{SCENES}.replay", "ReplayScene"),
    (Route.KEPT_ROUNDS, f"{SCENES}.kept_rounds", "KeptRoundsScene"),
    (Route.FACE_CHOOSER, f"{SCENES}.face_chooser", "FaceChooser"),
    (Route.WINNER_MOMENT, f"{SCENES}.winner_moment", "WinnerMoment"),
    (Route.NETWORK, f"{SCENES}.network", "NetworkScene"),
    (Route.NET_LOBBY, f"{SCENES}.net_lobby", "LobbyScene"),
    (Route.NET_JOIN, f"{SCENES}.net_join", "JoinScene"),
    (Route.NET_SERVER, f"{SCENES}.net_server", "ServerScene"),
    (Route.NET_TABLE, "rami_desktop.ui.net_table", "NetTableScene"),
)


def scene_routes() -> Routes:
    """A registry holding every scene of the game under its route (each imported when first
    built)."""
    routes = Routes()
    for route, module, name in SCENE_CLASSES:
        routes.register(route, SceneRef(module, name))
    return routes
