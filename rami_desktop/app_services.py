"""The application's services at start-up: storage folders, logging, settings, saved files,
sound and card art (:func:`start_services` starts the first four, in their order). File loading
is a boundary: a failure is logged and the game starts anyway.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rami_desktop.storage.logs import setup_logging
from rami_desktop.storage.paths import Paths, default_paths
from rami_desktop.storage.saves import check_match
from rami_desktop.storage.settings import Settings
from rami_desktop.storage.settings import load_settings as storage_load
from rami_desktop.storage.settings import save_settings as storage_save
from rami_desktop.storage.stats import load_stats
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.card_art import CardArt
from rami_desktop.ui.kit.sound import Sounds

log = logging.getLogger(__name__)

DEFAULT_SETTINGS: dict[str, Any] = {
    # the keys and values of rami_desktop.storage.settings.Settings
    "language": None,  # None until chosen at first start
    "sound_volume": 0.8,
    "muted": False,
    "animation_speed": "normal",  # off, slow, normal, fast
    "wait_for_me": False,  # pause after each bot's discard until a click or a key
    "deck_style": "classic",  # classic, four
    "large_index": False,
    "interface_scale": 100,  # percent: 100, 125, 150 (text, buttons, panels)
    "large_cards": False,
    "hints": True,
    "fullscreen": False,
    "window_size": None,
    "last_setup": None,  # GameConfig.to_dict() of the last match started
    "lessons_done": [],  # the keys of the lessons of Learn to play finished
    "tutorial_offered": False,  # the first start offered Learn to play
    "controls_hint_rounds": 0,  # rounds the table showed "F1: controls" (it stops after a few)
    "network": None,  # tables joined and hosted (storage.network_settings)
}


@dataclass
class Started:
    """What the services found at start: where the files are, the settings, the problems met
    (bare codes or "subject:code", shown once over the menu) and the log file."""

    paths: Paths | None
    settings: dict[str, Any]
    problems: list[str]
    log_file: Path | None


def start_services(settings: dict[str, Any] | None, persist: bool) -> Started:
    """Find the folders, start logging, load the settings (``settings`` given: those, over the
    defaults) and give every screen their look, then check the saved match and the statistics.

    Args:
        settings: settings to use instead of loading them (tests).
        persist: whether the player's files are used (log, folders, saved files).
    """
    paths = find_paths() if persist or settings is None else None
    problems: list[str] = []
    log_file: Path | None = None
    if persist and paths is not None:
        log_file = start_logging(paths)
        problems.extend(check_folders(paths))
    values: dict[str, Any] = dict(DEFAULT_SETTINGS)
    if settings is None:
        loaded, problem = load_settings(paths)
        values.update(loaded)
        if problem:
            problems.append(f"settings:{problem}")
    else:
        values.update(settings)
    apply_look(values)
    if persist and paths is not None:
        problems.extend(check_saved_files(paths))
    return Started(paths, values, problems, log_file)


def find_paths() -> Paths | None:
    """The storage paths, or None when they cannot be found (nothing is stored then)."""
    try:
        return default_paths()
    except Exception:  # boundary: the environment points nowhere usable
        log.exception("storage paths could not be found")
        return None


def start_logging(paths: Paths) -> Path | None:
    """Log to the log folder; return the log file (None when logging goes to stderr)."""
    log_file = setup_logging(paths)
    log.info("Rami starting; log file %s", log_file)
    return log_file


def check_folders(paths: Paths) -> list[str]:
    """Create the storage folders if needed; return the problem codes of unwritable ones."""
    return list(paths.ensure())


def check_saved_files(paths: Paths) -> list[str]:
    """Check the saved match's document and load the statistics once at start, so a damaged
    file is moved aside (and its backup restored) before the player presses Continue; return
    "subject:code" entries for the start-up message. The match itself is rebuilt once, when
    the player continues it."""
    found: list[str] = []
    checks: tuple[tuple[str, Callable[[Paths], str | None]], ...] = (
        ("save", check_match), ("stats", lambda p: load_stats(p)[1]))
    for subject, check in checks:
        try:
            problem = check(paths)
        except Exception:  # boundary: file loading
            log.exception("the %s could not be checked", subject)
            continue
        if problem:
            found.append(f"{subject}:{problem}")
    return found


def load_settings(paths: Paths | None) -> tuple[dict[str, Any], str | None]:
    """Load the settings: (settings dict, problem code or None)."""
    data: dict[str, Any] = dict(DEFAULT_SETTINGS)
    if paths is None:
        return data, None
    try:
        loaded, problem = storage_load(paths)
    except Exception:  # boundary: file loading; the game starts with the defaults
        log.exception("settings could not be loaded")
        return data, None
    values = loaded.to_dict()
    values.pop("version", None)
    data.update(values)
    return data, problem


def save_settings(paths: Paths | None, data: dict[str, Any]) -> str | None:
    """Save a settings dict; return its problem code or None."""
    if paths is None:
        return None
    settings, _repaired = Settings.from_dict(data)
    return storage_save(paths, settings)


#: the settings of the look every screen reads (:func:`apply_look`)
LOOK_KEYS = ("interface_scale", "large_cards")


def apply_look(settings: dict[str, Any]) -> None:
    """Give every screen the settings' interface scale and larger cards (``ui.kit.theme``); the
    scenes take them at their next layout."""
    scale = settings.get("interface_scale", 100)
    theme.set_look(scale if isinstance(scale, int) else 100, bool(settings.get("large_cards")))


def apply_services(settings: dict[str, Any], sounds: Sounds, art: CardArt) -> None:
    """Apply the settings' volume, mute, deck style, large index and language to the sounds
    and the card pictures (the pictures are drawn again only when their look changed)."""
    sounds.volume = float(settings.get("sound_volume", 0.8))
    sounds.muted = bool(settings.get("muted"))
    style = str(settings.get("deck_style", "classic"))
    large = bool(settings.get("large_index"))
    lang = str(settings.get("language") or "en")
    if (art.style, art.large_index, art.lang) != (style, large, lang):
        art.style, art.large_index, art.lang = style, large, lang
        art.clear()


def make_sounds(settings: dict[str, Any]) -> Sounds:
    """The sound effects player (silent when there is no audio device)."""
    return Sounds(float(settings.get("sound_volume", 0.8)), bool(settings.get("muted")))


def make_card_art(settings: dict[str, Any]) -> CardArt:
    """The card pictures of the chosen style."""
    return CardArt(str(settings.get("deck_style", "classic")),
                   bool(settings.get("large_index")), str(settings.get("language") or "en"))
