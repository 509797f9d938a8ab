"""The registry of scenes by route, filled once at start-up (see
:mod:`rami_desktop.ui.routes`)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rami_desktop.ui.routes import Route
from rami_desktop.ui.stage.scene import Context, Scene

#: a scene class or a function building one: ``factory(ctx, *args, **kwargs)``
SceneFactory = Callable[..., "Scene"]


class RouteError(LookupError):
    """A route was asked for before a scene was registered under it."""


@dataclass(frozen=True)
class SceneRef:
    """A scene class by its module and name, imported the first time its route is built: the
    window opens without the modules of the screens not shown yet (the table, the bots, the
    network's libraries)."""

    module: str
    name: str

    def load(self) -> SceneFactory:
        """The scene class (its module imported now if it was not yet)."""
        factory: SceneFactory = getattr(importlib.import_module(self.module), self.name)
        return factory


class Routes:
    """The registry of scene factories by route."""

    def __init__(self) -> None:
        self._factories: dict[Route, SceneFactory | SceneRef] = {}

    def register(self, route: Route, factory: SceneFactory | SceneRef) -> None:
        """Register the factory of a route, or where to find it (a later registration
        replaces it)."""
        self._factories[route] = factory

    def __contains__(self, route: object) -> bool:
        return route in self._factories

    def factory(self, route: Route) -> SceneFactory:
        """The factory of a route (a :class:`SceneRef`'s module imported now).

        Raises:
            RouteError: nothing is registered under ``route``.
        """
        found = self._factories.get(route)
        if found is None:
            raise RouteError(f"no scene registered for route {route.value!r}")
        if isinstance(found, SceneRef):
            found = self._factories[route] = found.load()
        return found

    def build(self, route: Route, ctx: Context, *args: Any, **kwargs: Any) -> Scene:
        """Build the scene of a route for a context.

        Raises:
            RouteError: nothing is registered under ``route``.
        """
        return self.factory(route)(ctx, *args, **kwargs)
