"""Named routes: scenes reach each other by name, never by importing each other.

The registry is filled once at start-up by :func:`rami_desktop.app_routes.register_scenes`,
which imports every scene explicitly (so PyInstaller sees them). A scene asks its context for
``ctx.scene(Route.MENU)`` and pushes the result on the stack.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rami_desktop.ui.context import Context
    from rami_desktop.ui.scene import Scene


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


#: a scene class or a function building one: ``factory(ctx, *args, **kwargs)``
SceneFactory = Callable[..., "Scene"]


class RouteError(LookupError):
    """A route was asked for before a scene was registered under it."""


class Routes:
    """The registry of scene factories by route."""

    def __init__(self) -> None:
        self._factories: dict[Route, SceneFactory] = {}

    def register(self, route: Route, factory: SceneFactory) -> None:
        """Register the factory of a route (a later registration replaces it)."""
        self._factories[route] = factory

    def __contains__(self, route: object) -> bool:
        return route in self._factories

    def build(self, route: Route, ctx: Context, *args: Any, **kwargs: Any) -> Scene:
        """Build the scene of a route for a context.

        Raises:
            RouteError: nothing is registered under ``route``.
        """
        factory = self._factories.get(route)
        if factory is None:
            raise RouteError(f"no scene registered for route {route.value!r}")
        return factory(ctx, *args, **kwargs)
