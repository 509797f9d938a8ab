"""Named routes: scenes reach each other by name, never by importing each other.

The registry (:class:`rami_desktop.ui.stage.route_table.Routes`) is filled once at start-up by
:func:`rami_desktop.app_routes.scene_routes`, which names every scene's module and class; a
scene's module is imported the first time its route is built. A scene asks its context for
``ctx.scene(Route.MENU)`` and pushes the result on the stack.
"""

from __future__ import annotations

from enum import Enum


class Route(str, Enum):
    """The scenes one scene may open."""

    LANGUAGE = "language"
    MENU = "menu"
    SETUP = "setup"
    SETTINGS = "settings"
    STATISTICS = "statistics"
    TABLE = "table"
    PAUSE = "pause"
    RULES_HELP = "rules_help"
    MESSAGE = "message"
    CONFIRM = "confirm"
    PRIVACY = "privacy"
    ROUND_SUMMARY = "round_summary"
    MATCH_END = "match_end"
    ERROR = "error"
    LEARN = "learn"
    TUTORIAL = "tutorial"
    CONTROLS_HELP = "controls_help"
    NETWORK = "network"
    NET_LOBBY = "net_lobby"
    NET_JOIN = "net_join"
    NET_SERVER = "net_server"
    NET_TABLE = "net_table"
    REPLAY = "replay"
    KEPT_ROUNDS = "kept_rounds"
    FACE_CHOOSER = "face_chooser"
    WINNER_MOMENT = "winner_moment"
