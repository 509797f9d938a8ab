"""The tables a headless host keeps: one folder each under its state folder.

``<state>/tables/<CODE>/`` holds the table's match (``data/match.json``, written by the
session's own save path through :class:`~rami_desktop.storage.match_io.MatchFiles`) and
``table.json`` (with its ``.bak``, the one before): what the match does not say (the code, the
seats' tokens, the policy, the turn time, when it ends). Nothing kept is overwritten: a table
that cannot be resumed is moved aside whole, as ``<code>.unreadable-<time>``, with a log line
naming it. Storage only moves bytes: the host says what the document holds (the ``check`` given
to :meth:`TableFiles.load`).
"""

from __future__ import annotations

import logging
import os
import secrets
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from rami_desktop.storage.atomic import (
    dump_json_bytes,
    fsync_dir,
    parse_json_bytes,
    read_with_backup,
    write_atomic_safe,
)
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths

log = logging.getLogger(__name__)

T = TypeVar("T")

TABLE_NAME = "table.json"
#: a table folder's name: its code, letters and digits only
MAX_CODE = 40
#: the largest ``table.json`` read (bytes)
MAX_TABLE_BYTES = 64 * 1024
#: the name a table's folder takes once it ended, on its way out
ENDED = ".ended-"


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

    def load(self, check: Callable[[Any], T]) -> tuple[T | None, str | None]:
        """The table's document as ``check`` reads it (it raises ValueError on a bad one),
        its backup tried when it is missing or bad; ``(None, problem)`` when neither can be
        used (see :func:`~rami_desktop.storage.atomic.read_with_backup`)."""

        def parse(raw: bytes) -> T:
            if len(raw) > MAX_TABLE_BYTES:
                raise ValueError(f"over {MAX_TABLE_BYTES} bytes")
            return check(parse_json_bytes(raw))

        return read_with_backup(self.folder / TABLE_NAME, parse)

    def move_aside(self) -> Path | None:
        """Move the whole table out of the way as ``<code>.unreadable-<time>`` (it cannot be
        resumed: nothing of it is lost), with a log line naming it; return where it went."""
        now = time.time()
        stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(now)) + f"{int(now % 1 * 1e6):06d}Z"
        target = self.folder.with_name(f"{self.folder.name}.unreadable-{stamp}")
        try:
            os.replace(self.folder, target)
        except OSError as exc:
            log.warning("the table %s cannot be resumed and could not be moved aside: %s",
                        self.folder.name, exc)
            return None
        log.warning("the table %s cannot be resumed: its files are kept as %s",
                    self.folder.name, target)
        return target

    def exists(self) -> bool:
        """Whether anything of the table is kept."""
        return self.folder.exists() or self.folder.is_symlink()

    def remove(self) -> None:
        """Forget the table (it ended): its folder leaves the tables at once (renamed, so that
        a host stopped meanwhile never finds half a table), then is removed."""
        gone = self.folder.with_name(f"{ENDED}{self.folder.name}-{secrets.token_hex(4)}")
        try:
            os.replace(self.folder, gone)
        except OSError:
            gone = self.folder
        fsync_dir(self.folder.parent)
        shutil.rmtree(gone, ignore_errors=True)


def remove_ended(state: Path | str) -> None:
    """Remove what is left of tables that ended while their host was stopped."""
    root = Path(state) / "tables"
    try:
        names = os.listdir(root)
    except OSError:
        return
    for name in names:
        if name.startswith(ENDED):
            shutil.rmtree(root / name, ignore_errors=True)


def kept_codes(state: Path | str) -> list[str]:
    """The codes of the tables kept under a state folder, sorted: every folder named as a
    code (whatever it holds: one that cannot be resumed is moved aside, never forgotten)."""
    root = Path(state) / "tables"
    if not root.is_dir():
        return []
    return sorted(p.name for p in root.iterdir()
                  if p.name.isascii() and p.name.isalnum() and len(p.name) <= MAX_CODE)


__all__ = ["ENDED", "TableFiles", "kept_codes", "remove_ended"]
