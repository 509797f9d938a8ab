"""Scenes and the scene stack.

A scene is an object built for a :class:`Context` (by route:
``ctx.scene(Route.MENU)``) and pushed on a :class:`SceneStack`. Requests to change the stack
made while a scene handles an event or updates are queued and applied by the app between
frames, so a scene never disappears while its own code is running.

Lifecycle: ``on_enter`` when it joins the stack, ``on_pause`` when another scene is pushed on
top of it, ``on_resume`` when it is on top again, ``on_exit`` when it leaves the stack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import pygame

from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.keys import KeysDown
from rami_desktop.ui.widgets import WidgetGroup

if TYPE_CHECKING:
    from rami_desktop.play.game.config import GameConfig
    from rami_desktop.storage.paths import Paths
    from rami_desktop.ui.kit.card_art import CardArt
    from rami_desktop.ui.routes import Route


class Scene:
    """Base class of every screen and overlay.

    Attributes:
        ctx: the game context (window size, services, stack, routes).
        transparent: an overlay: the scene below is drawn first.
        tells_startup_problems: the problems met at start are said over this screen, once,
            when it first shows (the menu).
    """

    transparent: bool = False
    tells_startup_problems: bool = False

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx

    # lifecycle
    def on_enter(self) -> None:
        """Called when the scene joins the stack (layout is computed here)."""
        self.on_resize(self.ctx.size)

    def on_exit(self) -> None:
        """Called when the scene leaves the stack."""

    def on_pause(self) -> None:
        """Called when another scene is pushed on top."""

    def on_resume(self) -> None:
        """Called when the scene is on top again."""

    # per frame
    def handle_event(self, event: pygame.event.Event) -> None:
        """Handle one input event (only the top scene receives events)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def update_covered(self, dt: float) -> None:
        """Advance by ``dt`` seconds while another scene is on top (only what must go on
        unseen: a network table keeps taking its messages)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw onto the window surface."""

    def needs_redraw(self) -> bool:
        """Whether this frame must be drawn although no input came (something moves or
        changed). A scene at rest answers False: the app then neither draws nor flips."""
        return True

    def on_resize(self, size: tuple[int, int]) -> None:
        """Recompute the layout for a window size."""


class SceneStack:
    """A stack of scene objects; changes requested are applied by :meth:`apply_pending`."""

    def __init__(self) -> None:
        self._scenes: list[Scene] = []
        self._pending: list[tuple[str, Scene | None]] = []

    # queries
    @property
    def scenes(self) -> tuple[Scene, ...]:
        """The scenes, bottom first."""
        return tuple(self._scenes)

    @property
    def top(self) -> Scene | None:
        """The scene receiving events, or None when the stack is empty."""
        return self._scenes[-1] if self._scenes else None

    @property
    def has_pending(self) -> bool:
        """Whether changes are waiting to be applied."""
        return bool(self._pending)

    def __len__(self) -> int:
        return len(self._scenes)

    def __bool__(self) -> bool:
        return bool(self._scenes) or bool(self._pending)

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and those below transparent ones."""
        start = 0
        for i in range(len(self._scenes) - 1, -1, -1):
            if not self._scenes[i].transparent:
                start = i
                break
        return self._scenes[start:]

    # requests (queued)
    def push(self, scene: Scene) -> None:
        """Put a scene on top."""
        self._pending.append(("push", scene))

    def pop(self) -> None:
        """Remove the top scene."""
        self._pending.append(("pop", None))

    def replace(self, scene: Scene) -> None:
        """Replace the top scene."""
        self._pending.append(("replace", scene))

    def clear_to(self, scene: Scene) -> None:
        """Remove every scene and leave only ``scene``."""
        self._pending.append(("clear_to", scene))

    def clear(self) -> None:
        """Remove every scene (the app quits when the stack is empty)."""
        self._pending.append(("clear", None))

    # applying
    def apply_pending(self) -> bool:
        """Apply the queued changes in order; return whether anything changed."""
        changed = False
        while self._pending:
            op, scene = self._pending.pop(0)
            changed = True
            if op == "push":
                assert scene is not None
                self._push_now(scene)
            elif op == "pop":
                self._pop_now(resume=True)
            elif op == "replace":
                assert scene is not None
                self._pop_now(resume=False)
                self._push_now(scene, pause=False)
            elif op == "clear_to":
                assert scene is not None
                while self._scenes:
                    self._pop_now(resume=False)
                self._push_now(scene)
            elif op == "clear":
                while self._scenes:
                    self._pop_now(resume=False)
        return changed

    def _push_now(self, scene: Scene, pause: bool = True) -> None:
        if pause and self._scenes:
            self._scenes[-1].on_pause()
        self._scenes.append(scene)
        scene.on_enter()

    def _pop_now(self, resume: bool) -> None:
        if not self._scenes:
            return
        scene = self._scenes.pop()
        scene.on_exit()
        if resume and self._scenes:
            self._scenes[-1].on_resume()

    def for_each(self, fn: Callable[[Scene], Any]) -> None:
        """Call ``fn`` on every scene, bottom first."""
        for scene in list(self._scenes):
            fn(scene)


@runtime_checkable
class Reopenable(Protocol):
    """A scene that may be pushed again once left (the last round's summary)."""

    def again(self, back: str) -> Scene:
        """The scene made ready to show again (``back``: the msgid of its button that
        leaves it)."""
        ...


class WidgetScene(Scene):
    """A scene made of widgets: builds them once, lays them out for each window size, routes
    events through a :class:`~rami_desktop.ui.widgets.WidgetGroup`; Escape calls :meth:`back`.
    """

    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self.group = WidgetGroup()
        self.scale = 1.0
        self.build()

    def build(self) -> None:
        """Create the widgets (once)."""

    def layout(self, size: tuple[int, int]) -> None:
        """Place the widgets for a window size."""

    def on_resize(self, size: tuple[int, int]) -> None:
        self.scale = theme.scale_for(size)
        self.group.set_scale(self.scale)
        self.layout(size)

    def on_enter(self) -> None:
        super().on_enter()
        self._follow_input()

    def on_resume(self) -> None:
        # the language or the window may have changed meanwhile
        self.on_resize(self.ctx.size)
        self._follow_input()

    def _follow_input(self) -> None:
        """Reached with a key (Enter on the screen before, Escape from the one after): the
        focus shows at once, ready for the next key."""
        keys = getattr(self.ctx, "keys", None)
        if keys is not None and keys.by_keyboard:
            self.group.keyboard = True

    def back(self) -> None:
        """Escape: leave this scene."""
        self.ctx.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.group.handle_event(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def needs_redraw(self) -> bool:
        """A screen of widgets at rest is not drawn again: only input (which always redraws)
        or a widget changing on its own (a text field's caret) draws it."""
        return self.group.wants_redraw()

    def draw_background(self, surface: pygame.Surface) -> None:
        """Draw what lies under the widgets (the felt, unless transparent)."""
        if not self.transparent:
            surface.blit(theme.felt_background(surface.get_size()), (0, 0))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_background(surface)
        self.group.draw(surface)


class Context(Protocol):
    """The services, settings and navigation a scene needs.

    Attributes:
        stack: the scene stack (changes apply between frames).
        settings: the settings as a dict (read; change them with :meth:`update_setting`).
        paths: the storage folders, None when nothing is stored (tests).
        card_art: the card pictures.
        keys: the keys held now (read from every event before the scenes get it).
        last_summary: the last round's summary, to open again (statistics), or None.
    """

    stack: SceneStack
    settings: dict[str, Any]
    paths: Paths | None
    card_art: CardArt
    keys: KeysDown
    last_summary: Reopenable | None

    @property
    def size(self) -> tuple[int, int]:
        """The window size."""
        ...

    @property
    def fullscreen(self) -> bool:
        """Whether the window is fullscreen (switch it with :meth:`update_setting`)."""
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
