"""The smoke test of a built game: ``rami --smoke-test`` (``python -m rami_desktop --smoke-test``).

It proves that an installed or bundled game has everything it needs, without a player:

- every asset loads: the cards of every deck variant (and the French court cards), the
  sounds, the fonts (with Latin, Arabic and suit-symbol text), and the licences are there;
- every language loads its compiled catalog and translates what it has translated;
- every screen renders one frame in every language (screens still being written are listed,
  not failed: see :data:`PENDING_SCENES`);
- a short round played by bots through the engine ends, and a match survives a round trip;
- a save, settings and statistics are written and read back in a temporary ``RAMI_HOME``.

:func:`run` returns 0, or 1 after naming each failure on stderr (``smoke: FAIL <check>: ...``).
It is headless-safe: the dummy video and audio drivers are used unless others are set. When
``RAMI_SMOKE_LOG`` names a file, the report is also written there (a windowed Windows build
has no console to print to).
"""

from __future__ import annotations

import contextlib
import os
import random
import shutil
import sys
import tempfile
import time
import traceback
import wave
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

#: Scenes that must exist: a missing one is a failure.
REQUIRED_SCENES: tuple[str, ...] = (
    "language", "menu", "setup", "settings", "rules help", "pause", "message", "confirm",
    "table", "round summary", "match end", "statistics", "pass and play", "error",
)
#: Scenes being written: missing ones are listed, not failed (move them to REQUIRED once landed).
PENDING_SCENES: tuple[str, ...] = ()

FRAME_DT = 1 / 60
ROUND_ACTION_CAP = 4000
PLAIN_ACTION_CAP = 240
SAMPLES: dict[str, str] = {
    "latin": "Rami Talaj — Tallage, première main",
    "arabic": "الرامي المغربي: التهبيطة والطلاج",
    "symbols": "♠ ♥ ♦ ♣",
}


class Report:
    """What the smoke test found: passed checks, failures and notes."""

    def __init__(self) -> None:
        self.passed: list[str] = []
        self.failures: list[str] = []
        self.notes: list[str] = []
        self.lines: list[str] = []

    def say(self, line: str, error: bool = False) -> None:
        """Print a line (stderr for failures) and keep it for the log file."""
        self.lines.append(line)
        stream = sys.stderr if error else sys.stdout
        if stream is not None:
            with contextlib.suppress(Exception):
                print(line, file=stream, flush=True)

    def check(self, name: str, fn: Callable[[], str | None]) -> bool:
        """Run one check; an exception is a failure named after the check."""
        start = time.perf_counter()
        try:
            detail = fn()
        except Exception as exc:  # every failure is reported, the next checks still run
            where = traceback.extract_tb(exc.__traceback__)[-1]
            self.fail(name, f"{type(exc).__name__}: {exc} "
                            f"({Path(where.filename).name}:{where.lineno})")
            return False
        ms = (time.perf_counter() - start) * 1000
        self.passed.append(name)
        self.say(f"smoke: ok {name} ({ms:.0f} ms){': ' + detail if detail else ''}")
        return True

    def fail(self, name: str, message: str) -> None:
        """Record a failure."""
        self.failures.append(f"{name}: {message}")
        self.say(f"smoke: FAIL {name}: {message}", error=True)

    def note(self, message: str) -> None:
        """Record something worth knowing that is not a failure."""
        self.notes.append(message)
        self.say(f"smoke: note: {message}")


class SmokeError(Exception):
    """A check found something wrong."""


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise SmokeError(message)


@contextlib.contextmanager
def _environment() -> Iterator[Path]:
    """Dummy drivers unless set, and a temporary RAMI_HOME, restored afterwards."""
    saved = {k: os.environ.get(k) for k in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "RAMI_HOME")}
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    home = Path(tempfile.mkdtemp(prefix="rami-smoke-"))
    os.environ["RAMI_HOME"] = str(home)
    try:
        yield home
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        shutil.rmtree(home, ignore_errors=True)


def _from_source_tree() -> bool:
    """Whether the game runs from a source checkout (catalogs may then be uncompiled)."""
    from rami_desktop.resources import locales_dir

    package = Path(__file__).resolve().parent
    return not getattr(sys, "frozen", False) and locales_dir().parent == package.parent


# ---------------------------------------------------------------------------------- assets
def check_cards() -> str:
    """Every card picture of every variant exists, loads and is drawn by the card art."""
    import pygame

    from rami_desktop.resources import asset, assets_dir
    from rami_desktop.ui.card_art import (
        FACE_CODES,
        FRENCH_LETTERS,
        JOKER_CODE,
        STYLES,
        CardArt,
    )

    _require(assets_dir().is_dir(), f"no assets folder at {assets_dir()}")
    files = [asset("cards", "back.png")]
    for style in STYLES:
        for index in ("normal", "large"):
            variant = f"{style}-{index}"
            for code in sorted(FACE_CODES):
                files.append(asset("cards", variant, f"{code}.png"))
                if code != JOKER_CODE and code[:-1] in FRENCH_LETTERS:
                    files.append(asset("cards", variant, f"{code}.fr.png"))
    missing = [str(p) for p in files if not p.is_file()]
    _require(not missing, f"{len(missing)} card files missing, e.g. {missing[:3]}")
    for path in files:
        surf = pygame.image.load(str(path))
        _require(surf.get_width() > 0 and surf.get_height() > 0, f"empty picture {path}")
    drawn = 0
    for style in STYLES:
        for large in (False, True):
            for lang in ("en", "fr"):
                art = CardArt(style, large, lang)
                for code in [*sorted(FACE_CODES), "back"]:
                    _require(art.path_for(code).is_file(), f"card art has no file for {code}")
                    surf = art.face(code, 90)
                    _require(surf.get_size() == CardArt.size_for_width(90), f"bad size {code}")
                    drawn += 1
    return f"{len(files)} files, {drawn} faces drawn"


def check_sounds() -> str:
    """Every sound file is a readable WAV and (when a mixer starts) loads as a sound."""
    import pygame

    from rami_desktop.resources import asset
    from rami_desktop.ui.sound import SOUND_NAMES

    for name in SOUND_NAMES:
        path = asset("sounds", f"{name}.wav")
        _require(path.is_file(), f"missing sound {path}")
        with wave.open(str(path), "rb") as handle:
            _require(handle.getnframes() > 0, f"empty sound {path}")
    mixer = "no mixer"
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
        ready = bool(pygame.mixer.get_init())
    except pygame.error:
        ready = False
    if ready:
        for name in SOUND_NAMES:
            sound = pygame.mixer.Sound(str(asset("sounds", f"{name}.wav")))
            _require(sound.get_length() > 0, f"sound {name} has no length")
        mixer = "mixer loaded them"
    return f"{len(SOUND_NAMES)} sounds, {mixer}"


def check_fonts() -> str:
    """Every font loads and the text renderer draws Latin, Arabic and suit symbols."""
    import pygame

    from rami_desktop.resources import asset
    from rami_desktop.ui import text

    if not pygame.font.get_init():
        pygame.font.init()
    names = sorted({n for files in text.FONT_FILES.values() for n in files})
    for name in names:
        path = asset("fonts", name)
        _require(path.is_file(), f"missing font {path}")
        _require(pygame.font.Font(str(path), 24).size("Rami")[0] > 0, f"font {name} is empty")
    for script, sample in SAMPLES.items():
        for bold in (False, True):
            surf = text.render(sample, 24, (0, 0, 0), bold=bold)
            _require(surf.get_width() > 20, f"{script} text rendered empty")
    return f"{len(names)} fonts"


def check_licences() -> str:
    """The licences of the assets are shipped with them."""
    from rami_desktop.resources import asset

    needed = [asset("LICENSES.md"), asset("fonts", "OFL.txt")]
    missing = [str(p) for p in needed if not p.is_file()]
    _require(not missing, f"missing licence files {missing}")
    return ", ".join(p.name for p in needed)


def check_languages() -> str:
    """Every language's catalog is there (compiled outside a source tree) and translates."""
    import gettext
    import io

    from rami_desktop import i18n
    from rami_desktop.i18n.catalogs import DOMAIN, mo_bytes, mo_is_stale, read_po
    from rami_desktop.resources import locales_dir

    source = _from_source_tree()
    found = []
    try:
        for code in i18n.LANGUAGES:
            if code == "en":
                continue
            folder = locales_dir() / code / "LC_MESSAGES"
            mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
            if source and po.is_file() and mo_is_stale(po):
                data = mo_bytes(read_po(po))  # what the game reads from a source tree
            else:
                _require(mo.is_file(), f"no compiled catalog {mo}")
                data = mo.read_bytes()
            catalog = gettext.GNUTranslations(io.BytesIO(data))
            messages = {k: v for k, v in catalog._catalog.items()
                        if isinstance(k, str) and k and "\x04" not in k}
            _require(len(messages) >= 10, f"catalog {code} has only {len(messages)} messages")
            i18n.set_language(code)
            wrong = [k for k, v in messages.items() if i18n._(k) != v]
            _require(not wrong, f"{code}: {len(wrong)} messages not translated, e.g. {wrong[:2]}")
            found.append(f"{code} ({len(messages)} messages)")
    finally:
        i18n.set_language("en")
    return ", ".join(found)


# ---------------------------------------------------------------------------------- scenes
def _scene_makers(app: Any, notes: Callable[[str], None]) -> list[tuple[str, Callable[[], Any]]]:
    """(name, factory) of every screen that exists; pending ones missing are noted."""
    from rami_desktop.ui.game_config import GameConfig, Seat
    from rami_desktop.ui.scenes.language import LanguageScene
    from rami_desktop.ui.scenes.menu import MenuScene
    from rami_desktop.ui.scenes.overlays import (
        ConfirmDialog,
        MessageDialog,
        PauseOverlay,
        RulesHelpOverlay,
    )
    from rami_desktop.ui.scenes.settings import SettingsScene
    from rami_desktop.ui.scenes.setup import SetupScene

    makers: list[tuple[str, Callable[[], Any]]] = [
        ("language", lambda: LanguageScene(app)),
        ("menu", lambda: MenuScene(app)),
        ("setup", lambda: SetupScene(app)),
        ("settings", lambda: SettingsScene(app)),
        ("rules help", lambda: RulesHelpOverlay(app, "tallage")),
        ("pause", lambda: PauseOverlay(app)),
        ("message", lambda: MessageDialog(app, "Rami", "Rami")),
        ("confirm", lambda: ConfirmDialog(app, "Rami", "Rami", lambda: None)),
    ]
    from rami_desktop.engine.rules import preset

    config = GameConfig(rules=preset("talaj"), seed=7, seats=(
        Seat("You", "human", "hard"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "hard")))
    try:
        from rami_desktop.ui.scenes.table import TableScene
    except ImportError:
        notes("table scene not written yet (rami_desktop.ui.scenes.table)")
    else:
        makers.append(("table", lambda: TableScene(app, config)))
    try:
        from rami_desktop.ui.scenes.statistics import StatisticsScene
    except ImportError:
        notes("statistics scene not written yet (rami_desktop.ui.scenes.statistics)")
    else:
        makers.append(("statistics", lambda: StatisticsScene(app)))
    try:
        from rami_desktop.ui.scenes.error_screen import ErrorScreen
    except ImportError:
        notes("error screen not written yet (rami_desktop.ui.scenes.error_screen)")
    else:
        makers.append(("error", lambda: ErrorScreen(app, "rami.log", summary="smoke test")))
    makers += _end_scene_makers(app, config, notes)
    return makers


def _end_scene_makers(app: Any, config: Any, notes: Callable[[str], None]
                      ) -> list[tuple[str, Callable[[], Any]]]:
    """The round summary, match end and pass-and-play screens, over matches played by bots."""
    import dataclasses

    makers: list[tuple[str, Callable[[], Any]]] = []
    try:
        from rami_desktop.ui.table.controller import GameController
    except ImportError:
        notes("the table controller is not written yet (rami_desktop.ui.table.controller)")
        return makers
    try:
        from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
    except ImportError:
        notes("round summary scene not written yet (rami_desktop.ui.scenes.round_summary)")
    else:
        one_round = play_match(config.rules, config.players, seed=7, max_rounds=1)
        _require(one_round.round.over, "the bots did not finish the summary's round")
        makers.append(("round summary", lambda: RoundSummaryScene(
            app, GameController(config, one_round), lambda: None)))
    try:
        from rami_desktop.ui.scenes.match_end import MatchEndScene
    except ImportError:
        notes("match end scene not written yet (rami_desktop.ui.scenes.match_end)")
    else:
        # a short match: a low target ends it in a few rounds
        short = dataclasses.replace(config, rules=dataclasses.replace(config.rules, target=60))
        whole = play_match(short.rules, short.players, seed=7)
        _require(whole.over, f"the bots did not finish a match in {len(whole.results)} rounds")
        makers.append(("match end", lambda: MatchEndScene(app, GameController(short, whole))))
    try:
        from rami_desktop.ui.scenes.privacy import PrivacyScene
    except ImportError:
        notes("pass-and-play screen not written yet (rami_desktop.ui.scenes.privacy)")
    else:
        makers.append(("pass and play", lambda: PrivacyScene(app, "Rami", lambda: None)))
    return makers


def check_scenes(size: tuple[int, int] | None = None) -> Callable[[], str]:
    """Every screen renders one frame in every language (returns the check)."""

    def run_check() -> str:
        from rami_desktop.app import LANGUAGES, App

        # persisting is safe: RAMI_HOME is a temporary folder (autosave and statistics run)
        app = App(size or (1280, 800), settings={"language": "en"}, persist=True,
                  fullscreen=False)
        notes: list[str] = []
        try:
            makers = _scene_makers(app, notes.append)
            names = [name for name, _make in makers]
            missing = [n for n in REQUIRED_SCENES if n not in names]
            _require(not missing, f"required scenes missing: {missing}")
            done = 0
            for code, _name in LANGUAGES:
                app.set_language(code, save=False)
                for name, make in makers:
                    try:
                        scene = make()
                        app.stack.clear_to(scene)
                        app.step(FRAME_DT)
                        app.step(FRAME_DT)
                    except Exception as exc:
                        raise SmokeError(f"{name} in {code}: {type(exc).__name__}: {exc}"
                                         ) from exc
                    done += 1
            app.stack.clear()
            app.stack.apply_pending()
        finally:
            app.close()
        for line in notes:
            _note(line)
        return f"{done} frames: {', '.join(names)} x {len(LANGUAGES)} languages"

    return run_check


_NOTES: list[str] = []


def _note(line: str) -> None:
    if line not in _NOTES:
        _NOTES.append(line)


# ---------------------------------------------------------------------------------- engine
def _make_bots(n: int) -> tuple[list[Any], str]:
    """The game's bots when they exist, else a plain draw-and-discard player."""
    try:
        from rami_desktop.bots import make_bot  # type: ignore[attr-defined]
    except ImportError:
        make_bot = None
    if make_bot is not None:
        levels = ("easy", "medium", "hard")
        return [make_bot(levels[i % 3]) for i in range(n)], "rami_desktop.bots.make_bot"
    _note("rami_desktop.bots.make_bot not written yet: a plain draw-and-discard "
                  "player played the round")
    return [_PlainBot() for _ in range(n)], "plain player"


class _PlainBot:
    """Draws from the stock and discards its highest card (a stand-in until real bots exist)."""

    level = "plain"

    def act(self, obs: Any, rng: random.Random) -> Any:
        from rami_desktop.engine.actions import Discard, Draw

        if not obs.has_drawn:
            return Draw(obs.player, "stock")
        return Discard(obs.player, obs.hand[-1])

    def wants_redeal(self, obs: Any, rng: random.Random) -> bool:
        return False


def play_round(match: Any, bots: list[Any], rng: random.Random) -> int:
    """Play the current round of ``match`` with one bot a seat; return the actions applied.

    Real bots must play only legal actions; the plain stand-in player plays at most
    :data:`PLAIN_ACTION_CAP` actions (it never lays, so its rounds need not end).
    """
    from rami_desktop.engine.actions import Discard
    from rami_desktop.engine.errors import RuleError

    plain = any(isinstance(bot, _PlainBot) for bot in bots)
    cap = PLAIN_ACTION_CAP if plain else ROUND_ACTION_CAP
    steps = 0
    while not match.round.over and steps < cap:
        player = match.round.current
        seat = match.seat_of(player)
        action = bots[seat].act(match.observation(seat), rng)
        try:
            match.apply(action)
        except RuleError:
            legal = match.round.legal_discards() if match.round.has_drawn else []
            if not plain or not isinstance(action, Discard) or not legal:
                raise
            match.apply(Discard(player, legal[0]))
        steps += 1
    return steps


def play_match(rules: Any, n: int, seed: int, max_rounds: int = 40) -> Any:
    """A match played by bots until it ends (or ``max_rounds``); returns the Match."""
    from rami_desktop.engine.match import Match

    match = Match(rules, n, seed)
    bots, _kind = _make_bots(n)
    rng = random.Random(seed)
    for k in range(max_rounds):
        play_round(match, bots, rng)
        if match.over or not match.round.over or k == max_rounds - 1:
            break
        match.next_round()
    return match


_PLAYED: dict[str, Any] = {}


def check_bot_round() -> str:
    """Bots play one round of each preset through the engine; the match replays identically."""
    from rami_desktop.engine.match import Match
    from rami_desktop.engine.rules import PRESET_NAMES, preset

    details = []
    for name in PRESET_NAMES:
        rules = preset(name)
        n = max(rules.min_players, min(rules.max_players, 3))
        match = Match(rules, n, seed=2024)
        bots, kind = _make_bots(n)
        steps = play_round(match, bots, random.Random(2024))
        if kind == "plain player":
            _require(steps > 0, f"{name}: no action was applied")
        else:
            _require(match.round.over, f"{name}: the bots did not finish a round in "
                                       f"{ROUND_ACTION_CAP} actions")
        replay = Match.from_dict(match.to_dict())
        _require(replay.to_dict() == match.to_dict(), f"{name}: the replay differs")
        ending = match.results[-1].reason if match.results else "unfinished"
        details.append(f"{name} {steps} actions ({ending})")
        _PLAYED[name] = match
    return f"{kind}: " + "; ".join(details)


# ---------------------------------------------------------------------------------- storage
def check_storage() -> str:
    """A save, the settings and the statistics are written and read back under RAMI_HOME."""
    from rami_desktop.engine.match import Match
    from rami_desktop.engine.rules import preset
    from rami_desktop.storage.match_io import autosave, has_saved_game, load_saved_game
    from rami_desktop.storage.paths import Paths
    from rami_desktop.storage.settings import Settings, load_settings, save_settings
    from rami_desktop.storage.stats import Stats, load_stats, record_match, record_round

    paths = Paths.from_environment()
    home = Path(os.environ["RAMI_HOME"])
    _require(home in paths.data_dir.parents, f"RAMI_HOME not honoured: {paths.data_dir}")
    _require(not paths.ensure(), "the temporary folders are not writable")
    from rami_desktop.ui.game_config import GameConfig, Seat

    match = _PLAYED.get("talaj") or Match(preset("talaj"), 3, seed=5)
    seats = tuple(Seat(f"Bot {i + 1}", "bot", "easy") for i in range(match.n))
    config = GameConfig(rules=match.rules, seats=seats, seed=match.seed)
    problem = autosave(paths, config, match)
    _require(problem is None, f"save failed: {problem}")
    _require(has_saved_game(paths), "the save is not seen")
    game, problem = load_saved_game(paths)
    _require(problem is None and game is not None, f"load failed: {problem}")
    assert game is not None
    _require(game[1].to_dict() == match.to_dict(), "the loaded match differs from the saved one")
    settings, _repaired = Settings.from_dict({"language": "fr", "sound_volume": 0.5})
    _require(save_settings(paths, settings) is None, "settings not saved")
    back, problem = load_settings(paths)
    _require(problem is None and back.to_dict()["language"] == "fr", "settings not read back")
    _require(record_round(paths, "talaj", won=True, turns=9, opening_points=61)[1] is None,
             "statistics: round not recorded")
    _require(record_match(paths, "talaj", won=True, rounds=3)[1] is None,
             "statistics: match not recorded")
    stats, problem = load_stats(paths)
    _require(problem is None, f"statistics not readable: {problem}")
    _require(stats.to_dict() != Stats().to_dict(), "statistics not read back")
    return f"saved and reloaded under {home.name}"


# ---------------------------------------------------------------------------------- run
def run(size: tuple[int, int] | None = None) -> int:
    """Run every check; return 0 when all passed, else 1 (failures named on stderr)."""
    report = Report()
    start = time.perf_counter()
    _NOTES.clear()
    _PLAYED.clear()
    with _environment():
        frozen = "bundle" if getattr(sys, "frozen", False) else "python"
        report.say(f"smoke: running from {frozen} {sys.version.split()[0]} ({sys.platform})")
        try:
            import pygame

            pygame.display.init()
            pygame.display.set_mode((64, 64))
        except Exception as exc:
            report.fail("display", f"{type(exc).__name__}: {exc}")
        report.check("cards", check_cards)
        report.check("sounds", check_sounds)
        report.check("fonts", check_fonts)
        report.check("licences", check_licences)
        report.check("languages", check_languages)
        report.check("bots", check_bot_round)
        report.check("storage", check_storage)
        report.check("scenes", check_scenes(size))
        for note in _NOTES:
            report.note(note)
        with contextlib.suppress(Exception):
            import pygame

            pygame.quit()
    seconds = time.perf_counter() - start
    if report.failures:
        report.say(f"smoke: FAILED {len(report.failures)} of "
                   f"{len(report.failures) + len(report.passed)} checks in {seconds:.1f} s",
                   error=True)
    else:
        report.say(f"smoke: passed {len(report.passed)} checks in {seconds:.1f} s")
    log = os.environ.get("RAMI_SMOKE_LOG")
    if log:
        with contextlib.suppress(OSError):
            Path(log).write_text("\n".join(report.lines) + "\n", encoding="utf-8")
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(run())
