"""The application shell: scene stack, loop, window, command line."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame
import pytest

from rami_desktop.__main__ import main
from rami_desktop.app import App
from rami_desktop.engine.rules import PRESETS
from rami_desktop.play.game.config import GameConfig, Seat, autoplay_config
from rami_desktop.ui.scenes.menu import MenuScene
from rami_desktop.ui.scenes.table import TableScene
from rami_desktop.ui.stage.scene import Scene, SceneStack


class Recorder(Scene):
    """A scene writing its lifecycle calls to a shared log."""

    def __init__(self, app: App | None, name: str, log: list[str],
                 transparent: bool = False) -> None:
        self.app = app  # type: ignore[assignment]
        self.name = name
        self.log = log
        self.transparent = transparent
        self.sizes: list[tuple[int, int]] = []
        self.events: list[int] = []
        self.on_event = None

    def on_enter(self) -> None:
        self.log.append(f"{self.name}.enter")

    def on_exit(self) -> None:
        self.log.append(f"{self.name}.exit")

    def on_pause(self) -> None:
        self.log.append(f"{self.name}.pause")

    def on_resume(self) -> None:
        self.log.append(f"{self.name}.resume")

    def on_resize(self, size: tuple[int, int]) -> None:
        self.sizes.append(size)

    def handle_event(self, event: pygame.event.Event) -> None:
        self.events.append(event.type)
        if self.on_event is not None:
            self.on_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"{self.name}.draw")


def test_stack_lifecycle_and_queue() -> None:
    log: list[str] = []
    stack = SceneStack()
    a, b, c = (Recorder(None, n, log) for n in "abc")
    stack.push(a)
    assert stack.top is None and stack.has_pending  # queued until applied
    stack.apply_pending()
    stack.push(b)
    stack.apply_pending()
    assert log == ["a.enter", "a.pause", "b.enter"]
    log.clear()
    stack.replace(c)
    stack.apply_pending()
    assert log == ["b.exit", "c.enter"] and stack.scenes == (a, c)
    log.clear()
    stack.pop()
    stack.apply_pending()
    assert log == ["c.exit", "a.resume"] and stack.top is a
    log.clear()
    stack.push(b)
    stack.clear_to(c)
    stack.apply_pending()
    assert stack.scenes == (c,)
    assert log == ["a.pause", "b.enter", "b.exit", "a.exit", "c.enter"]


def test_visible_scenes_draw_below_transparent(app: App) -> None:
    log: list[str] = []
    base = Recorder(app, "base", log)
    overlay = Recorder(app, "overlay", log, transparent=True)
    app.stack.push(base)
    app.stack.push(overlay)
    log.clear()
    app.step(1 / 60)
    assert [e for e in log if e.endswith("draw")] == ["base.draw", "overlay.draw"]
    app.stack.push(Recorder(app, "opaque", log))
    log.clear()
    app.step(1 / 60)
    assert [e for e in log if e.endswith("draw")] == ["opaque.draw"]


def test_scene_change_during_events_applies_between_frames(app: App) -> None:
    log: list[str] = []
    first = Recorder(app, "first", log)
    second = Recorder(app, "second", log)
    first.on_event = lambda event: app.stack.push(second)
    app.stack.push(first)
    app.step(1 / 60)
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)
    app.step(1 / 60, [click, click])
    # the second click is not delivered to a scene about to be covered
    assert first.events == [pygame.MOUSEBUTTONDOWN]
    assert second.events == []
    assert app.stack.top is second


def test_step_counts_frames_and_times(app: App) -> None:
    app.stack.push(MenuScene(app))
    for _ in range(5):
        app.step(0.25)
    assert app.frames == 5 and len(app.frame_times) == 5
    p50, p99, worst = app.frame_stats()
    assert 0 <= p50 <= p99 <= worst
    assert re.fullmatch(r"frame_ms p50=\d+\.\d+ p99=\d+\.\d+ max=\d+\.\d+", app.perf_line())


def test_quit_event_stops(app: App) -> None:
    app.stack.push(MenuScene(app))
    app.step(1 / 60, [pygame.event.Event(pygame.QUIT)])
    assert not app.running


def test_resize_recomputes_layouts(app: App) -> None:
    menu = MenuScene(app)
    app.stack.push(menu)
    app.step(1 / 60)
    small = menu.new_game.rect.copy()
    assert small.centerx == 1024 // 2
    app.step(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 1000),
                                         w=1600, h=1000)])
    assert app.size == (1600, 1000)
    big = menu.new_game.rect
    assert big.centerx == 800 and big.w > small.w
    assert all(pygame.Rect(0, 0, 1600, 1000).contains(b.rect) for b in menu.buttons)


def test_resize_reaches_every_scene(app: App) -> None:
    log: list[str] = []
    below = Recorder(app, "below", log)
    above = Recorder(app, "above", log, transparent=True)
    app.stack.push(below)
    app.stack.push(above)
    app.step(1 / 60)
    app.step(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 700), w=1100, h=700)])
    assert below.sizes[-1] == (1100, 700) and above.sizes[-1] == (1100, 700)


def test_fullscreen_toggle_keys(app: App) -> None:
    app.stack.push(MenuScene(app))
    app.step(1 / 60)
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0)])
    assert app.fullscreen
    app.step(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN,
                                         mod=pygame.KMOD_LALT)])
    assert not app.fullscreen
    assert app.size == (1024, 640)


def test_first_scene_asks_language_when_unset(make_app: object) -> None:
    from rami_desktop.ui.scenes.language import LanguageScene

    app = make_app(language=None)  # type: ignore[operator]
    assert isinstance(app.first_scene(), LanguageScene)
    app2 = make_app()  # type: ignore[operator]
    assert isinstance(app2.first_scene(), MenuScene)


def test_start_game_shows_the_table(app: App) -> None:
    app.stack.push(MenuScene(app))
    app.step(1 / 60)
    assert app.start_game(GameConfig(), remember=False)
    app.step(1 / 60)
    assert isinstance(app.stack.top, TableScene)


def test_every_route_builds_a_scene(app: App) -> None:
    from rami_desktop.ui.routes import Route

    needs_args = {Route.TABLE, Route.MESSAGE, Route.CONFIRM, Route.PRIVACY,
                  Route.ROUND_SUMMARY, Route.MATCH_END, Route.NET_TABLE, Route.REPLAY,
                  Route.WINNER_MOMENT}
    for route in Route:
        assert route in app.routes
        if route not in needs_args:
            assert isinstance(app.scene(route), Scene)


def test_game_config_round_trip() -> None:
    config = GameConfig(rules=PRESETS["tallage"].with_options(threshold=51),
                        seats=(Seat("Ama", "human", "hard"), Seat("B", "bot", "easy")), seed=7)
    data = config.to_dict()
    assert data["preset"] == "tallage" and data["options"] == {"threshold": 51}
    assert GameConfig.from_dict(data) == config
    with pytest.raises(ValueError):
        GameConfig(seats=(Seat("x", "robot", "hard"),))
    auto = autoplay_config("talaj", 9, 3)
    assert auto.players == 5 and all(s.is_bot for s in auto.seats) and auto.seed == 3


def test_main_frames_writes_screenshot(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    assert main(["--frames", "3", "--screenshot", str(out), "--lang", "en",
                 "--size", "1024x640"]) == 0
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 640)


def test_main_perf_prints_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--frames", "4", "--perf", "--lang", "en"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    assert re.fullmatch(r"frame_ms p50=\d+(\.\d+)? p99=\d+(\.\d+)? max=\d+(\.\d+)?", out[0])


def test_main_autoplay_runs(tmp_path: Path) -> None:
    out = tmp_path / "auto.png"
    assert main(["--autoplay", "--seed", "5", "--players", "3", "--preset", "simple",
                 "--frames", "2", "--screenshot", str(out)]) == 0
    assert out.exists()


def test_main_rejects_unknown_language() -> None:
    with pytest.raises(SystemExit) as stop:  # refused by the command line, before any window
        main(["--frames", "1", "--lang", "xx"])
    assert stop.value.code == 2


def test_frame_times_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    """One float a frame is kept for --perf, the last FRAME_TIMES_KEPT only."""
    from rami_desktop import app as app_module

    monkeypatch.setattr(app_module, "FRAME_TIMES_KEPT", 50)
    app = app_module.App((1024, 640), settings={"language": "en"}, persist=False,
                         fullscreen=False)
    try:
        app.stack.push(MenuScene(app))
        for _ in range(120):
            app.step(1 / 60)
        assert app.frames == 120 and len(app.frame_times) == 50
        assert app.frame_stats()[2] >= app.frame_stats()[0] > 0
    finally:
        app.close()


class CountingClock:
    """A clock that does not wait: it notes the frame rate each tick asks for."""

    def __init__(self) -> None:
        self.asked: list[int] = []

    def tick(self, fps: int = 0) -> int:
        self.asked.append(fps)
        return 1000 // fps


def test_a_screen_at_rest_runs_every_other_frame_and_input_runs_the_next_at_once() -> None:
    from rami_desktop import app as app_module

    app = app_module.App((1024, 640), settings={"language": "en"}, persist=False,
                         fullscreen=False)
    clock = CountingClock()
    app.clock = clock  # type: ignore[assignment]
    stepped: list[float] = []
    step = app.step

    def counted(dt: float, events: Any = ()) -> None:
        stepped.append(dt)
        step(dt, events)

    app.step = counted  # type: ignore[method-assign]
    try:
        app.stack.push(MenuScene(app))
        app.run(max_frames=app.frames + 100)  # the menu drawn, then nothing moves
        rest = app_module.REST_AFTER
        assert set(clock.asked) == {app_module.FPS}  # the rate never changes
        assert len(stepped) < 70  # past the rest, one frame in two
        assert stepped[rest + 2:] and all(abs(dt - 2 / 60) < 0.01 for dt in stepped[rest + 2:])
        if app.frames % 2 == 0:  # the next frame is one that would be skipped
            app.run(max_frames=app.frames + 1)
        stepped.clear()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                             buttons=(0, 0, 0)))
        app.run(max_frames=app.frames + 1)  # input: the frame runs at once
        assert len(stepped) == 1
    finally:
        app.close()


def test_the_first_window_fits_the_usable_desktop_with_the_rami_icon(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from rami_desktop import app as app_module
    from rami_desktop.storage.settings import fit_window_size

    calls: list[str] = []
    icons: list[tuple[int, int]] = []
    set_icon, set_mode = pygame.display.set_icon, pygame.display.set_mode

    def record_icon(surface: pygame.Surface) -> None:
        calls.append("icon")
        icons.append(surface.get_size())
        set_icon(surface)

    def record_mode(*args: object, **kwargs: object) -> pygame.Surface:
        calls.append("window")
        return set_mode(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pygame.display, "set_icon", record_icon)
    monkeypatch.setattr(pygame.display, "set_mode", record_mode)
    app = app_module.App(None, settings={"language": "en"}, persist=False, fullscreen=False)
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
        assert app.size == fit_window_size(None, desktop)
        assert 1024 <= app.size[0] <= 1280 and 640 <= app.size[1] <= 800
        assert calls[:2] == ["icon", "window"] and icons == [(128, 128)]
    finally:
        app.close()


@pytest.mark.parametrize("saved", [[900, 700], [True, 700], "900x700", [900], None])
def test_the_window_opens_at_the_saved_size_and_a_bad_one_is_not_one(saved: object) -> None:
    from rami_desktop.storage.settings import fit_window_size

    app = App(None, settings={"language": "en", "window_size": saved}, persist=False,
              fullscreen=False)
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
        wanted = (900, 700) if saved == [900, 700] else None
        assert app.size == fit_window_size(wanted, desktop)
        app.resize((1000, 720))  # the size the player gives it is the one saved
        assert app.size == (1000, 720) and app.settings["window_size"] == [1000, 720]
    finally:
        app.close()


def test_continue_opens_the_lobby_for_a_match_with_players_on_the_network(
        make_app: Any, tmp_path: Path) -> None:
    """Continue does not resume a match with seats on the network on this computer's table: it
    opens the lobby (route NET_LOBBY, no new setup), where the host shares it again, and its save
    stays for it. The lobby itself is not entered here (it would listen)."""
    from rami_desktop.play.game.config import Seat
    from rami_desktop.play.session.session import Session
    from rami_desktop.storage.match_io import MatchFiles
    from rami_desktop.storage.paths import Paths
    from rami_desktop.ui.routes import Route
    from rami_desktop.ui.scenes.overlays import MessageDialog

    paths = Paths.under(tmp_path / "home")
    paths.ensure()
    config = GameConfig(PRESETS["talaj"], (Seat("Sara", "human"), Seat(None, "net", "easy")), 5)
    Session(config, store=MatchFiles(paths)).close()
    app = make_app()
    app.paths = paths
    asked: list[tuple[object, ...]] = []

    def lobby(ctx: Any, *args: object) -> MessageDialog:
        asked.append(args)
        return MessageDialog(ctx, "lobby", "")

    app.routes.register(Route.NET_LOBBY, lobby)
    assert app.saved_match_available()
    assert app.continue_match()
    assert asked == [(None,)]
    assert app.saved_match_available()
