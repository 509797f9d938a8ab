"""The registry of scenes by route, filled once at start-up (see
:mod:`rami_desktop.ui.routes`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import Context, Scene

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
