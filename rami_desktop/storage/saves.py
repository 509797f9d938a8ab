"""The autosaved match: ``match.json`` in the data folder, with ``match.json.bak`` before it.

The file is ``{"format": "rami-save", "version": 2, "saved_at": "<UTC ISO time>", "match": {...},
"journal": "<id>"}`` where ``match`` is whatever dict the session produces (a snapshot) and
``journal`` names the journal of the steps played since (:mod:`rami_desktop.storage.journal`;
a version-1 file, from before journals, has none and loads as a snapshot alone). The engine
rebuilds the match from it (by replaying its action log and the journal's steps) in the
``validate`` callable given to :func:`load_match`; a save that describes an impossible game
is treated like a damaged file (moved aside, backup tried).

A save from a newer version is not loaded (problem ``newer_version``, copy kept as
``match.json.newer``); the next autosave of a new match replaces it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from rami_desktop.engine.rules import RULE_OPTIONS
from rami_desktop.storage.atomic import (
    backup_path,
    dump_json_bytes,
    is_regular_file,
    parse_json_bytes,
    read_limited,
    read_with_backup,
    remove_with_backup,
    write_atomic_safe,
)
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.versioning import Upgrader, upgrade

T = TypeVar("T")

SAVE_FORMAT = "rami-save"
SAVE_VERSION = 3
#: the oldest version written: the versions from it to :data:`SAVE_VERSION` differ only by the
#: rule options they know (each option's ``saved``), and a save is stamped with the oldest that
#: knows its rules (:func:`save_version`): an older game continues a match whose rules it knows,
#: and finds a save that uses an option it does not know newer (kept, never taken as damaged).
#: A change of the document itself makes it the new :data:`SAVE_VERSION`.
SAVE_OLDEST = 2
#: ``UPGRADERS[n]`` turns a version-n save document into version n + 1: a version-1 save is a
#: snapshot with no journal; from :data:`SAVE_OLDEST` on, nothing changes but the rules known.
UPGRADERS: dict[int, Upgrader] = {1: dict, **{n: dict for n in range(SAVE_OLDEST, SAVE_VERSION)}}


def save_version(match: dict[str, Any]) -> int:
    """The version a save of ``match`` is stamped with: the oldest that knows every rule option
    its rules hold. Rules are written as ``Rules.to_dict`` writes them (an option an older
    version does not know is left out at its default) or as the options changed from a preset:
    an option's name among the keys of the document's objects (not its lists: the moves) means
    the option is in use."""
    return max([SAVE_OLDEST] + [RULE_OPTIONS[key].saved for key in _keys(match)
                                if key in RULE_OPTIONS])


def _keys(data: dict[str, Any], depth: int = 4) -> list[str]:
    """The keys of an object and of the objects it holds, ``depth`` levels down."""
    keys = list(data)
    if depth > 1:
        for value in data.values():
            if isinstance(value, dict):
                keys += _keys(value, depth - 1)
    return keys


def _document(raw: bytes) -> dict[str, Any]:
    """Decode and upgrade a save document; raise ValueError when it is not one."""
    return save_document(parse_json_bytes(raw))


def save_document(data: Any) -> dict[str, Any]:
    """A save document (the autosave's, a round file's) as read from JSON, checked and
    brought up to this version; raise ValueError (NewerVersionError for a newer game's) when
    it is not one."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ValueError("not a Rami save")
    data = upgrade(data, SAVE_VERSION, UPGRADERS)
    if not isinstance(data.get("match"), dict):
        raise ValueError("save without a match")
    journal = data.get("journal")
    if journal is not None and not (isinstance(journal, str) and len(journal) == 16
                                    and all(c in "0123456789abcdef" for c in journal)):
        raise ValueError("a save naming no journal")
    return data


def _is_good(raw: bytes) -> bool:
    _document(raw)
    return True


def save_match(paths: Paths, match_dict: dict[str, Any],
               journal: str | None = None) -> str | None:
    """Autosave the match atomically (the previous save becomes ``match.json.bak``), naming
    the journal of the steps that follow it (None: none).

    Returns:
        None, ``unwritable`` or ``disk_full`` (the match goes on, only unsaved).

    Raises:
        ValueError, TypeError: ``match_dict`` is not plain JSON data (a bug in the caller).
    """
    document: dict[str, Any] = {
        "format": SAVE_FORMAT,
        "version": save_version(match_dict),
        "saved_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "match": match_dict,
    }
    if journal is not None:
        document["journal"] = journal
    return write_atomic_safe(paths.match_file, dump_json_bytes(document, compact=True),
                             is_good=_is_good)


def load_match(
    paths: Paths, validate: Callable[[dict[str, Any]], T] | None = None,
    steps: Callable[[str], list[dict[str, Any]]] | None = None,
) -> tuple[T | dict[str, Any] | None, str | None]:
    """Load the autosaved match; never raises on a bad file.

    Args:
        paths: the storage paths.
        validate: rebuilds the match from the saved ``match`` dict and raises ``ValueError`` if it
            describes an impossible game (any other exception is treated the same way). Its
            result is returned. Without it the ``match`` dict itself is returned.
        steps: reads the steps of the journal a save names (given its id); they are given to
            ``validate`` as the ``steps`` of the ``match`` dict (none for a save naming no
            journal).

    Returns:
        ``(match, problem)``: match is None when there is no save or none could be used;
        problem is None or a code of :func:`~rami_desktop.storage.atomic.read_with_backup`.
    """

    def parse(raw: bytes) -> Any:
        document = _document(raw)
        match = document["match"]
        journal = document.get("journal")
        if steps is not None:
            match = {**match, "steps": steps(journal) if journal is not None else []}
        return match if validate is None else validate(match)

    return read_with_backup(paths.match_file, parse)


def check_match(paths: Paths) -> str | None:
    """Check the save's document at start, without rebuilding the match (quick whatever its
    length): a damaged file is moved aside and its backup restored before the player can press
    Continue; return the problem code, if any (the match itself is checked when continued)."""
    _value, problem = read_with_backup(paths.match_file, _document)
    return problem


def has_saved_match(paths: Paths) -> bool:
    """Whether a save (or its backup) exists; cheap, for showing a "Continue" entry.

    It says nothing about whether the save is good: :func:`load_match` decides that.
    """
    return any(is_regular_file(p) for p in (paths.match_file, backup_path(paths.match_file)))


def saved_match_is_newer(paths: Paths) -> bool:
    """Whether the save was written by a newer version of the game (it cannot be continued).

    Reads the file (small) but never raises: a missing or damaged file is not "newer".
    """
    try:
        data = parse_json_bytes(read_limited(paths.match_file))
    except (OSError, ValueError):
        return False
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        return False
    version = data.get("version")
    return type(version) is int and version > SAVE_VERSION


def clear_match(paths: Paths) -> str | None:
    """Remove the autosave and its backup when a match is over; return None or a problem code."""
    return remove_with_backup(paths.match_file)
