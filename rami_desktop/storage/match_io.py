"""The game-level autosave: a match and its setup, saved after every turn and loaded to continue.

The saved ``match`` payload (see :mod:`rami_desktop.storage.saves`) is
``{"config": GameConfig.to_dict(), "match": Match.to_dict()}``. Loading rebuilds both: the setup
through :meth:`GameConfig.from_dict` and the match by replaying its action log through the rules
(:meth:`Match.from_dict`). A save the rules refuse (an impossible game) is treated like a damaged
file: moved aside, the backup tried.

Pure Python: never imports pygame (:mod:`rami_desktop.play.config` is plain data).
"""

from __future__ import annotations

import logging
from typing import Any

from rami_desktop.engine.match import Match
from rami_desktop.play.config import GameConfig
from rami_desktop.storage import problems
from rami_desktop.storage.names import clean_seat_names
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.saves import clear_match, has_saved_match, load_match, save_match

log = logging.getLogger(__name__)

#: A problem code of this module: the match to save did not survive a replay (a bug); nothing
#: was written, so the last good save stays in place.
NOT_SAVED_INCONSISTENT = "not_saved_inconsistent"

__all__ = [
    "NOT_SAVED_INCONSISTENT",
    "autosave",
    "clear_saved_game",
    "game_payload",
    "has_saved_game",
    "load_saved_game",
    "rebuild_game",
]


def game_payload(config: GameConfig | dict[str, Any], match: Match) -> dict[str, Any]:
    """Return the JSON data saved for a game: ``{"config": ..., "match": ...}``.

    Args:
        config: the match setup (a :class:`GameConfig` or its ``to_dict()`` data).
        match: the match in play.
    """
    config_data = config.to_dict() if isinstance(config, GameConfig) else dict(config)
    return {"config": config_data, "match": match.to_dict()}


def rebuild_game(payload: Any) -> tuple[GameConfig, Match]:
    """Rebuild the setup and the match from a saved payload (the ``validate`` of the loader).

    Raises:
        ValueError: malformed data, a log the rules refuse, or a setup that does not fit the match.
    """
    if not isinstance(payload, dict):
        raise ValueError("saved game: not an object")
    config_data = payload.get("config")
    match_data = payload.get("match")
    if not isinstance(config_data, dict) or not isinstance(match_data, dict):
        raise ValueError("saved game: needs a config and a match")
    if "seats" in config_data:  # names from a file get the typed names' filter
        config_data = {**config_data, "seats": clean_seat_names(config_data["seats"])}
    config = GameConfig.from_dict(config_data)
    match = Match.from_dict(match_data)
    if config.players != match.n:
        raise ValueError(
            f"saved game: {config.players} seats in the setup, {match.n} in the match")
    return config, match


def autosave(
    paths: Paths, config: GameConfig | dict[str, Any], match: Match, *, verify: bool = True
) -> str | None:
    """Save the game atomically (the previous save becomes the backup).

    Call it after every completed turn. With ``verify`` (the default) the data is first replayed
    through the rules: a match that would not load again (a bug somewhere) is not written, so it
    can never push the last good save out of the backup.

    Returns:
        None, ``unwritable``, ``disk_full`` or ``not_saved_inconsistent`` (the match goes on,
        unsaved; the problem is logged). Never raises.
    """
    try:
        payload = game_payload(config, match)
        if verify:
            _config, copy = rebuild_game(payload)
            if copy.round.snapshot() != match.round.snapshot() or copy.scores != match.scores:
                raise ValueError("the replayed match differs from the match in play")
        return save_match(paths, payload)
    except Exception:
        log.exception("the match was not saved: it does not replay")
        return NOT_SAVED_INCONSISTENT


def load_saved_game(
    paths: Paths,
) -> tuple[tuple[GameConfig, Match] | None, str | None]:
    """Load the autosaved game; never raises on a bad file.

    A damaged save, or one describing an impossible game, is moved aside (``match.json.corrupt-
    <time>``) and the backup (the previous turn) is tried.

    Returns:
        ``((config, match), problem)``, or ``(None, problem)`` when there is no usable save
        (problem None: there simply is none). Problem codes are those of
        :func:`~rami_desktop.storage.saves.load_match`.
    """
    try:
        game, problem = load_match(paths, rebuild_game)
    except Exception:
        log.exception("the saved match could not be loaded")
        return None, problems.UNREADABLE
    if game is None:
        return None, problem
    return game, problem  # type: ignore[return-value]


def has_saved_game(paths: Paths) -> bool:
    """Whether a save (or its backup) exists; cheap (see :func:`saves.has_saved_match`)."""
    return has_saved_match(paths)


def clear_saved_game(paths: Paths) -> str | None:
    """Forget the saved game (the match is over): remove the save and its backup."""
    return clear_match(paths)
