"""The tables a headless host keeps: one folder each under its state folder.

``<state>/tables/<CODE>/`` holds the table's match (``data/match.json``, written by the
session's own save path through :class:`~rami_desktop.storage.match_io.MatchFiles`) and
``table.json``: what the match does not say (the code, the seats' tokens, the policy, the turn
time, when it ends). Storage only moves bytes: the host says what the document holds.
"""

from __future__ import annotations

import logging
import shutil
from pathlib import Path
from typing import Any

from rami_desktop.storage.atomic import (
    dump_json_bytes,
    parse_json_bytes,
    read_limited,
    write_atomic_safe,
)
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths

log = logging.getLogger(__name__)

TABLE_NAME = "table.json"
#: a table folder's name: its code, letters and digits only
MAX_CODE = 40


class TableFiles:
    """The files of one kept table.

    Args:
        state: the host's state folder.
        code: the table's code (letters and digits).
    """

    def __init__(self, state: Path | str, code: str) -> None:
        if not code.isascii() or not code.isalnum() or len(code) > MAX_CODE:
            raise ValueError(f"not a table code: {code!r}")
        self.folder = Path(state) / "tables" / code
        self.match = MatchFiles(Paths.under(self.folder))

    def save(self, document: dict[str, Any]) -> str | None:
        """Write the table's document atomically; return None or a problem code."""
        return write_atomic_safe(self.folder / TABLE_NAME, dump_json_bytes(document))

    def load(self) -> dict[str, Any] | None:
        """The table's document, None when it is missing or cannot be read."""
        try:
            value = parse_json_bytes(read_limited(self.folder / TABLE_NAME))
        except (OSError, ValueError) as exc:
            log.warning("the table %s cannot be read: %s", self.folder.name, exc)
            return None
        return value if isinstance(value, dict) else None

    def remove(self) -> None:
        """Forget the table (it ended)."""
        shutil.rmtree(self.folder, ignore_errors=True)


def kept_codes(state: Path | str) -> list[str]:
    """The codes of the tables kept under a state folder, sorted."""
    root = Path(state) / "tables"
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir()
                  if p.is_dir() and p.name.isascii() and p.name.isalnum()
                  and (p / TABLE_NAME).is_file())


__all__ = ["TableFiles", "kept_codes"]
