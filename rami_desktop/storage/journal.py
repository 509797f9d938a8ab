"""The journal of a kept match: the steps played since its last snapshot, one line each.

A journal is ``journal-<id>.jsonl`` beside the snapshot (``match.json``) that names it. Its
first line is ``{"journal": "<id>"}``; every other line is one step (any JSON object, its
``n`` counting from 1), written as ``<crc32 in 8 hex digits> <JSON>\\n``: a line whose check
does not match, or without its end of line, is a line a crash cut (the last one) and is never
read. :meth:`Journal.append` writes lines and fsyncs them once: when it returns ``None`` they are
on disk (in a host's pass: once the pass's batch flushed them, :mod:`.sync_batch`). After a
failed write or flush the journal is not written again (a cut line may lie at its end): the
caller starts a new one with a new snapshot.

Storage only moves bytes: what a step means is the session's.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import os
import re
import secrets
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rami_desktop.storage import problems
from rami_desktop.storage.atomic import (
    MAX_BYTES,
    NotAFileError,
    fsync_dir,
    read_regular_file,
    set_aside,
)
from rami_desktop.storage.private import open_private, private_folder
from rami_desktop.storage.sync_batch import SyncShare

log = logging.getLogger(__name__)

#: a journal's file name: ``journal-<id>.jsonl``
_NAME = re.compile(r"^journal-([0-9a-f]{16})\.jsonl$")


def new_id() -> str:
    """A new journal's id."""
    return secrets.token_hex(8)


def journal_path(folder: Path, journal_id: str) -> Path:
    """Where the journal ``journal_id`` is kept in ``folder``."""
    return folder / f"journal-{journal_id}.jsonl"


#: a line's JSON (``json.dumps`` with these options, without making an encoder a line)
_ENCODER = json.JSONEncoder(ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def encode_line(value: dict[str, Any]) -> bytes:
    """One journal line: its check, its JSON, its end."""
    body = _ENCODER.encode(value).encode("utf-8")
    return b"%08x %s\n" % (zlib.crc32(body), body)


def _decode_line(line: bytes) -> dict[str, Any] | None:
    """A line's object, None when its check fails or it is not an object."""
    if len(line) < 10 or line[8:9] != b" ":
        return None
    body = line[9:]
    try:
        if int(line[:8], 16) != zlib.crc32(body):
            return None
        value = json.loads(body.decode("utf-8"),
                           parse_constant=lambda name: _refuse(name))
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def _refuse(name: str) -> Any:
    raise ValueError(f"non-standard JSON constant {name}")


@dataclass(frozen=True)
class JournalRead:
    """A journal as read: its steps; ``lost``, the moves after a damaged line in its middle
    that could not be read (a cut last line, never acknowledged, is not counted); and
    ``not_a_file``, when it was a FIFO, a device or a folder (set aside: the snapshot alone)."""

    steps: list[dict[str, Any]] = field(default_factory=list)
    lost: int = 0
    not_a_file: bool = False


def read_steps(folder: Path, journal_id: str) -> list[dict[str, Any]]:
    """The steps of a journal (:func:`read_journal`)."""
    return read_journal(folder, journal_id).steps


def read_journal(folder: Path, journal_id: str) -> JournalRead:
    """The steps of a journal, in order, up to its first line a crash cut (that line and any
    after it are left out, with one log line); none when the journal is missing, or is not a
    regular file (set aside as ``<name>.not-a-file-<time>``).

    Raises:
        ValueError: the journal is not the one named (another id in its first line), or over
            the size limit.
    """
    path = journal_path(folder, journal_id)
    try:
        raw = read_regular_file(path, MAX_BYTES)
    except FileNotFoundError:
        log.warning("the journal %s is missing: the snapshot alone is used", path.name)
        return JournalRead()
    except (NotAFileError, IsADirectoryError):
        set_aside(path)  # the snapshot alone is used; the next one starts a real journal
        return JournalRead(not_a_file=True)
    except OSError as exc:
        raise ValueError(f"{path.name}: {exc}") from exc
    if len(raw) > MAX_BYTES:
        raise ValueError(f"{path.name} is over {MAX_BYTES} bytes")
    lines = raw.split(b"\n")
    complete, rest = lines[:-1], lines[-1]  # the last piece has no end of line: cut
    if not complete:
        if rest:
            log.warning("%s: its first line was cut: the snapshot alone is used", path.name)
        return JournalRead()
    head = _decode_line(complete[0])
    if head is None or head.get("journal") != journal_id:
        raise ValueError(f"{path.name} does not begin as the journal {journal_id}")
    steps: list[dict[str, Any]] = []
    for number, line in enumerate(complete[1:], start=2):
        step = _decode_line(line)
        if step is None or step.get("n") != len(steps) + 1:
            log.warning("%s: line %d is cut or damaged: %d steps kept, the rest left out",
                        path.name, number, len(steps))
            return JournalRead(steps, _moves(complete[number - 1:]))
        steps.append(step)
    if rest:
        log.warning("%s: its last line was cut (a crash while writing): left out", path.name)
    return JournalRead(steps)


def _moves(lines: Sequence[bytes]) -> int:
    """The moves among lines left out: each line holding an action, and each that cannot be
    read at all (it may have held one)."""
    count = 0
    for line in lines:
        step = _decode_line(line)
        count += step is None or "a" in step
    return count


def remove_journals(folder: Path, keep: Iterable[str] = ()) -> None:
    """Remove the journals of ``folder`` but those named in ``keep``."""
    kept = set(keep)
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        found = _NAME.match(name)
        if found and found.group(1) not in kept:
            with contextlib.suppress(OSError):
                os.unlink(folder / name)


class Journal:
    """A journal being written (see the module's text).

    Args:
        folder: where it is kept.
        journal_id: its id (the snapshot names it).
    """

    def __init__(self, folder: Path, journal_id: str) -> None:
        self.folder = folder
        self.id = journal_id
        self.path = journal_path(folder, journal_id)
        #: steps written (the ``n`` of the next one is this plus one)
        self.steps = 0
        #: the journal may not be written again (a write failed)
        self.broken = False
        self._fd = -1

    def create(self) -> str | None:
        """Make the journal's file, its first line on disk; return None or a problem code."""
        try:
            private_folder(self.folder)
            self._fd = open_private(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL
                                    | os.O_APPEND)
            _write_all(self._fd, encode_line({"journal": self.id}))
            os.fsync(self._fd)
        except OSError as exc:
            return self._failed(exc)
        fsync_dir(self.folder)
        return None

    def append(self, steps: Sequence[dict[str, Any]],
               share: SyncShare | None = None) -> str | None:
        """Write steps (each given its ``n``) and fsync them once; return None (they are on
        disk) or a problem code (the journal is then broken). Given a ``share`` of a
        :class:`~rami_desktop.storage.sync_batch.SyncBatch`, the steps are written and their
        flush is the batch's: they are on disk only once it says so."""
        if self.broken or self._fd < 0:
            return problems.UNWRITABLE
        if not steps:
            return None
        data = b"".join(encode_line({"n": self.steps + i, **step})
                        for i, step in enumerate(steps, start=1))
        try:
            _write_all(self._fd, data)
            if share is None:
                os.fsync(self._fd)
            if os.fstat(self._fd).st_nlink == 0:  # its folder was removed: kept nowhere
                raise FileNotFoundError(errno.ENOENT, "the journal was removed", str(self.path))
        except OSError as exc:
            return self._failed(exc)
        self.steps += len(steps)
        if share is not None:
            share.add(self._fd, self._failed)
        return None

    def _failed(self, exc: OSError) -> str:
        self.broken = True
        self.close()
        return problems.problem_for_write_error(exc)

    def close(self) -> None:
        """Close the file (what was appended stays)."""
        if self._fd >= 0:
            with contextlib.suppress(OSError):
                os.close(self._fd)
            self._fd = -1


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


__all__ = ["Journal", "JournalRead", "encode_line", "journal_path", "new_id", "read_journal",
           "read_steps", "remove_journals"]
