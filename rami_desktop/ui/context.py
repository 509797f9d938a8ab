"""What a scene may use of the running game: the small context every scene is given.

The application implements it (:class:`rami_desktop.app.App`); scenes never import the app.
They navigate through :meth:`Context.scene` with a :class:`~rami_desktop.ui.routes.Route`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from rami_desktop.play.config import GameConfig
    from rami_desktop.storage.paths import Paths
    from rami_desktop.ui.card_art import CardArt
    from rami_desktop.ui.routes import Route
    from rami_desktop.ui.scene import Scene, SceneStack


class Context(Protocol):
    """The services, settings and navigation a scene needs.

    Attributes:
        stack: the scene stack (changes apply between frames).
        settings: the settings as a dict (read; change them with :meth:`update_setting`).
        paths: the storage folders, None when nothing is stored (tests).
        card_art: the card pictures.
        fullscreen: whether the window is fullscreen.
    """

    stack: SceneStack
    settings: dict[str, Any]
    paths: Paths | None
    card_art: CardArt
    fullscreen: bool

    @property
    def size(self) -> tuple[int, int]:
        """The window size."""
        ...

    def scene(self, route: Route, *args: Any, **kwargs: Any) -> Scene:
        """Build the scene registered under a route, for this context."""
        ...

    def play(self, name: str) -> None:
        """Play a sound effect by name."""
        ...

    def update_setting(self, key: str, value: Any) -> None:
        """Change one setting, apply it and save."""
        ...

    def set_language(self, code: str, save: bool = True) -> None:
        """Switch the language now."""
        ...

    def start_game(self, config: GameConfig, remember: bool = True) -> bool:
        """Start a match on the table."""
        ...

    def saved_match_available(self) -> bool:
        """Whether Continue can resume a saved match."""
        ...

    def continue_match(self) -> bool:
        """Resume the saved match on the table."""
        ...

    def quit(self) -> None:
        """Stop the game at the end of the frame."""
        ...
