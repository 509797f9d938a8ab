"""The autosaved match as a session's store: ``match.json`` and its backup, written atomically.

:class:`MatchFiles` is what a session saves through (see
:class:`rami_desktop.play.persist.MatchStore`): it writes the session's document as it is given
and reads it back through the session's ``rebuild`` (which replays the match through the rules).
A save the rules refuse (an impossible game) is treated like a damaged file: moved aside, the
backup tried. Storage only moves bytes: it never imports the session layer.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

from rami_desktop.storage import problems
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.saves import clear_match, has_saved_match, load_match, save_match

log = logging.getLogger(__name__)

T = TypeVar("T")


class MatchFiles:
    """The match save of a storage folder.

    Args:
        paths: the storage paths.
    """

    def __init__(self, paths: Paths) -> None:
        self.paths = paths

    def save(self, payload: dict[str, Any]) -> str | None:
        """Write the match atomically (the previous save becomes the backup); return None,
        ``unwritable`` or ``disk_full``."""
        return save_match(self.paths, payload)

    def load(self, rebuild: Callable[[dict[str, Any]], T]) -> tuple[T | None, str | None]:
        """Read and rebuild the match; never raises on a bad file (see
        :func:`~rami_desktop.storage.saves.load_match` for the problem codes)."""
        try:
            value, problem = load_match(self.paths, rebuild)
        except Exception:  # boundary: file loading
            log.exception("the saved match could not be loaded")
            return None, problems.UNREADABLE
        return value, problem  # type: ignore[return-value]

    def clear(self) -> str | None:
        """Forget the match (it is over): remove the save and its backup."""
        return clear_match(self.paths)

    def exists(self) -> bool:
        """Whether a save (or its backup) is there; cheap, says nothing of its content."""
        return has_saved_match(self.paths)


__all__ = ["MatchFiles"]
