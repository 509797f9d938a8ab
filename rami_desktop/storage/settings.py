"""The player's settings, stored as versioned JSON in the config folder.

Loading is tolerant: unknown keys are ignored and every bad value is replaced by its default,
field by field (problem ``repaired``). A damaged file is moved aside and the backup tried.

A file written by a newer version of the game is not loaded: the defaults are used, the problem
``newer_version`` is reported and the file is copied to ``settings.json.newer`` before anything
can overwrite it. The next :func:`save_settings` writes the current version (the newer file then
becomes ``settings.json.bak`` and stays in ``settings.json.newer``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from rami_desktop.engine.rules import PRESET_NAMES
from rami_desktop.storage import problems
from rami_desktop.storage.atomic import (
    dump_json_bytes,
    parse_json_bytes,
    read_with_backup,
    write_atomic_safe,
)
from rami_desktop.storage.names import clean_gender, clean_name, clean_seat_names
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.versioning import Upgrader, upgrade

SETTINGS_VERSION = 1
#: ``UPGRADERS[n]`` turns a version-n settings dict into version n + 1 (none yet).
UPGRADERS: dict[int, Upgrader] = {}

ANIMATION_SPEEDS: tuple[str, ...] = ("off", "slow", "normal", "fast")
DECK_STYLES: tuple[str, ...] = ("classic", "four")
#: The interface scales offered, in percent (text, buttons and panels; Settings).
INTERFACE_SCALES: tuple[int, ...] = (100, 125, 150)
MIN_WINDOW = (640, 400)
#: The largest window a settings file (or ``--size``) may ask for (an 8K screen); larger sizes
#: are brought down to it, and :func:`fit_window_size` brings them down to the screen.
MAX_WINDOW = (7680, 4320)
#: The window that opens at the first start, when the desktop leaves room for it.
FIRST_WINDOW = (1280, 800)
#: The smallest window that opens (the table's smallest layout), unless the screen is smaller.
FIT_MIN = (1024, 640)
#: What a title bar and a taskbar (or a dock and a menu bar) may take of the desktop: the window
#: opens within the rest, so neither pushes the hand off the bottom (1366x768 gives 1280x640).
DESKTOP_RESERVED = (64, 128)
#: The languages the game is translated into (the keys of ``rami_desktop.i18n.LANGUAGES``; a
#: test keeps the two equal). Any other code in the file is treated as not chosen yet.
LANGUAGES: tuple[str, ...] = ("en", "fr", "ar_MA")


@dataclass(frozen=True)
class Settings:
    """Every setting of the game.

    ``language`` is None until the player chooses one at the first start (the system locale is
    never used). ``last_setup`` is the JSON dict of the last match setup, shaped
    ``{"preset": str, "options": {...}, "seats": [...]}``, or None (do not hash a Settings
    holding one). ``network`` keeps the tables joined (their code and the seat's token, to
    come back) and the table hosted (its code and its seats' tokens), see
    :func:`_check_network`. ``controls_hint_rounds`` counts the rounds the table showed its
    "F1: controls" button (it stops after the first few).
    """

    language: str | None = None
    sound_volume: float = 0.8
    muted: bool = False
    animation_speed: str = "normal"
    wait_for_me: bool = False
    deck_style: str = "classic"
    large_index: bool = False
    interface_scale: int = 100
    large_cards: bool = False
    hints: bool = True
    fullscreen: bool = False
    window_size: tuple[int, int] = (1280, 800)
    last_setup: dict[str, Any] | None = None
    lessons_done: tuple[str, ...] = ()
    tutorial_offered: bool = False
    controls_hint_rounds: int = 0
    network: dict[str, Any] | None = None

    def to_dict(self) -> dict[str, Any]:
        """Return the settings as a versioned JSON document."""
        data: dict[str, Any] = {"version": SETTINGS_VERSION}
        for field in fields(self):
            value = getattr(self, field.name)
            data[field.name] = list(value) if isinstance(value, tuple) else value
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> tuple[Settings, bool]:
        """Build settings from a current-version dict, field by field.

        Returns:
            ``(settings, repaired)``: repaired is true when some value was bad and replaced by
            its default. Missing keys take their default silently; unknown keys are ignored.
        """
        defaults = cls()
        values: dict[str, Any] = {}
        repaired = False
        for field in fields(cls):
            if field.name not in data:
                continue
            default = getattr(defaults, field.name)
            try:
                values[field.name] = _CHECKS[field.name](data[field.name])
            except (TypeError, ValueError, ArithmeticError):  # 10**400 overflows a float
                values[field.name] = default
                repaired = True
        return cls(**values), repaired


def _check_language(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, str) and value in LANGUAGES:
        return value
    raise ValueError("not a language of the game: ask again at start")


def _check_volume(value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("volume must be a number")
    volume = float(value)
    if not math.isfinite(volume):
        raise ValueError("volume must be finite")
    return min(1.0, max(0.0, volume))


def _check_bool(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError("must be true or false")
    return value


def _check_choice(choices: tuple[str, ...]) -> Any:
    def check(value: Any) -> str:
        if value not in choices or not isinstance(value, str):
            raise ValueError(f"must be one of {choices}")
        return value

    return check


def _check_scale(value: Any) -> int:
    if isinstance(value, bool) or value not in INTERFACE_SCALES:
        raise ValueError(f"interface scale must be one of {INTERFACE_SCALES}")
    return int(value)


def _check_count(value: Any) -> int:
    """A small count (rounds the controls' hint was shown): a whole number, kept under 1000."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("must be a whole number")
    return min(999, max(0, value))


def _check_window(value: Any) -> tuple[int, int]:
    """Whole numbers, brought within ``MIN_WINDOW`` and ``MAX_WINDOW`` (not a repair)."""
    if not isinstance(value, (list, tuple)) or len(value) != 2:
        raise TypeError("window size must be [width, height]")
    for number in value:
        if isinstance(number, bool) or not isinstance(number, int):
            raise TypeError("window size must be whole numbers")
    return clamp_window((value[0], value[1]))


def fit_window_size(size: tuple[int, int] | None, screen: tuple[int, int] | None,
                    default: tuple[int, int] = FIRST_WINDOW) -> tuple[int, int]:
    """Return the window size to open: the saved one, within the usable part of the desktop.

    Args:
        size: the saved size (None: the first start's ``default``).
        screen: the desktop's size (``pygame.display.get_desktop_sizes()[0]``), None if unknown.
        default: the size when none was saved.

    Returns:
        A size no larger than the screen less :data:`DESKTOP_RESERVED` (or
        :data:`MAX_WINDOW` when the screen is unknown) and no smaller than :data:`FIT_MIN`;
        a screen smaller than ``FIT_MIN`` gives its own size.
    """
    width, height = size if size is not None else default
    high_w, high_h = MAX_WINDOW
    if screen is not None and screen[0] > 0 and screen[1] > 0:
        high_w, high_h = (min(high, max(side - reserved, min(low, side)))
                          for high, side, reserved, low in zip(
                              MAX_WINDOW, screen, DESKTOP_RESERVED, FIT_MIN, strict=True))
    low_w, low_h = min(FIT_MIN[0], high_w), min(FIT_MIN[1], high_h)
    return min(high_w, max(low_w, width)), min(high_h, max(low_h, height))


def clamp_window(size: tuple[int, int]) -> tuple[int, int]:
    """A window size brought within :data:`MIN_WINDOW` and :data:`MAX_WINDOW` (as the settings
    file's is at load; ``--size`` too)."""
    low_w, low_h = MIN_WINDOW
    high_w, high_h = MAX_WINDOW
    return min(high_w, max(low_w, size[0])), min(high_h, max(low_h, size[1]))


#: the most lesson keys kept (the game has seven lessons)
MAX_LESSONS = 100


def _check_lessons(value: Any) -> tuple[str, ...]:
    """The keys of the lessons done: short names, each once, sorted; a bad or repeated entry is
    dropped and the good ticks are kept."""
    if not isinstance(value, (list, tuple)):
        raise TypeError("lessons done must be a list")
    keys = {k for k in value[: 4 * MAX_LESSONS] if isinstance(k, str) and 0 < len(k) <= 40}
    return tuple(sorted(keys)[:MAX_LESSONS])


def _check_setup(value: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise TypeError("last setup must be an object")
    preset = value.get("preset")
    options = value.get("options", {})
    seats = value.get("seats", [])
    if not isinstance(preset, str) or not isinstance(options, dict):
        raise ValueError("last setup needs a preset name and an options object")
    if preset not in PRESET_NAMES or options.get("preset", preset) != preset:
        raise ValueError("last setup names a preset the game does not have")
    if not isinstance(seats, list):
        raise ValueError("last setup seats must be a list")
    return {**value, "preset": preset, "options": dict(options),
            "seats": clean_seat_names(seats)}


#: tables joined kept in the settings (the most recent first)
MAX_JOINED = 8


def _short(value: Any, limit: int) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= limit:
        raise ValueError("must be a short text")
    return value


def _port(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 < value < 65536:
        raise ValueError("must be a port number")
    return value


def _check_joined(entry: Any) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise TypeError("a joined table must be an object")
    seat = entry.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < 6:
        raise ValueError("seat must be a seat number")
    checked = {"address": _short(entry.get("address"), 300), "port": _port(entry.get("port")),
               "code": _short(entry.get("code"), 40), "seat": seat,
               "token": _short(entry.get("token"), 64),
               "name": clean_name(entry.get("name")) or "",
               "gender": clean_gender(entry.get("gender"))}
    if entry.get("pin") is not None:  # a table far away: its invite's pin, in hexadecimal
        pin = _short(entry["pin"], 32)
        if len(pin) != 32 or any(c not in "0123456789abcdef" for c in pin):
            raise ValueError("a pin is 32 hexadecimal digits")
        checked["pin"] = pin
    if entry.get("face") is not None:  # the face the player chose (an id the game may not know)
        checked["face"] = _short(entry["face"], 40)
    return checked


def _check_far(value: Any) -> dict[str, int] | None:
    """The hosted table's door for joiners far away: ``{port, outside}``, or None."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise TypeError("far must be an object")
    return {"port": _port(value.get("port")), "outside": _port(value.get("outside"))}


def _check_server(value: Any) -> dict[str, str] | None:
    """The family's server: ``{address, token}`` (its admin token), or None."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise TypeError("server must be an object")
    return {"address": _short(value.get("address"), 300),
            "token": _short(value.get("token"), 128)}


def _check_network(value: Any) -> dict[str, Any] | None:
    """``{"joined": [{address, port, code, seat, token, name, gender, pin?, face?}, ...], "hosted":
    {code, port, policy, tokens: {seat: token}, far?} or null, "server": {address, token} or
    null}``."""
    if value is None:
        return None
    if not isinstance(value, dict):
        raise TypeError("network must be an object")
    joined = value.get("joined", [])
    if not isinstance(joined, list):
        raise TypeError("joined tables must be a list")
    hosted = value.get("hosted")
    if hosted is not None:
        if not isinstance(hosted, dict) or not isinstance(hosted.get("tokens"), dict):
            raise TypeError("the hosted table must be an object with tokens")
        tokens = {str(int(k)): _short(v, 64) for k, v in hosted["tokens"].items()}
        policy = hosted.get("policy", "wait")
        if policy not in ("wait", "bot"):
            raise ValueError("policy must be wait or bot")
        hosted = {"code": _short(hosted.get("code"), 40), "port": _port(hosted.get("port")),
                  "policy": policy, "tokens": tokens, "far": _check_far(hosted.get("far"))}
    return {"joined": [_check_joined(e) for e in joined[:MAX_JOINED]], "hosted": hosted,
            "server": _check_server(value.get("server"))}


_CHECKS: dict[str, Any] = {
    "language": _check_language,
    "sound_volume": _check_volume,
    "muted": _check_bool,
    "animation_speed": _check_choice(ANIMATION_SPEEDS),
    "wait_for_me": _check_bool,
    "deck_style": _check_choice(DECK_STYLES),
    "large_index": _check_bool,
    "interface_scale": _check_scale,
    "large_cards": _check_bool,
    "hints": _check_bool,
    "fullscreen": _check_bool,
    "window_size": _check_window,
    "last_setup": _check_setup,
    "lessons_done": _check_lessons,
    "tutorial_offered": _check_bool,
    "controls_hint_rounds": _check_count,
    "network": _check_network,
}


def _parse(raw: bytes) -> tuple[Settings, bool]:
    data = parse_json_bytes(raw)
    if not isinstance(data, dict):
        raise ValueError("settings: not a JSON object")
    data = upgrade(data, SETTINGS_VERSION, UPGRADERS)
    return Settings.from_dict(data)


def _is_good(raw: bytes) -> bool:
    _parse(raw)
    return True


def load_settings(paths: Paths) -> tuple[Settings, str | None]:
    """Load the settings; never raises.

    Returns:
        ``(settings, problem)``: the defaults when there is no file or it cannot be used; problem
        is None, ``repaired``, or a code of :func:`~rami_desktop.storage.atomic.read_with_backup`.
    """
    result, problem = read_with_backup(paths.settings_file, _parse)
    if result is None:
        return Settings(), problem
    settings, repaired = result
    if repaired and problem is None:
        problem = problems.REPAIRED
    return settings, problem


def save_settings(paths: Paths, settings: Settings) -> str | None:
    """Save the settings atomically; return None, ``unwritable`` or ``disk_full``.

    Raises:
        ValueError, TypeError: ``last_setup`` holds something that is not JSON data (a bug).
    """
    data = dump_json_bytes(settings.to_dict())
    return write_atomic_safe(paths.settings_file, data, is_good=_is_good)
