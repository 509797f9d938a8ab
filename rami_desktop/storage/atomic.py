"""Crash-safe file writes and tolerant reads with a backup.

:func:`write_atomic` never leaves a half-written file under the real name: it writes a temporary
file in the same folder, flushes and fsyncs it, keeps the previous file as ``<name>.bak`` and then
renames the new file into place with :func:`os.replace`. At every moment the file or its backup is
complete, even if the process is killed.

:func:`read_with_backup` tries the file, then its backup; damaged files are moved aside as
``<name>.corrupt-<time>`` (a few are kept) so nothing is ever silently destroyed.

Everything written here is private to the user who runs the game or the host: files are made
with mode 0600 and folders with mode 0700, whatever the umask
(:mod:`rami_desktop.storage.private`): seat tokens and matches are nobody else's to read.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import secrets
import stat
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from rami_desktop.storage import problems
from rami_desktop.storage.private import (
    open_private,
    private_folder,
)
from rami_desktop.storage.versioning import NewerVersionError

log = logging.getLogger(__name__)

T = TypeVar("T")

#: How many ``<name>.corrupt-<time>`` files are kept for each file name.
KEEP_CORRUPT = 3
#: Files larger than this are treated as damaged rather than read into memory.
MAX_BYTES = 64 * 1024 * 1024
#: Temporary files older than this (seconds) are left-overs of a killed process and are removed.
STALE_TEMP_AGE = 60.0

_MISSING = "missing"
_NOT_FILE = "not_file"
_OK = "ok"
_CORRUPT = "corrupt"
_UNREADABLE = "unreadable"
_NEWER = "newer"


def backup_path(path: Path) -> Path:
    """Return the path of the backup (the last good version) of ``path``."""
    return path.with_name(path.name + ".bak")


def newer_path(path: Path) -> Path:
    """Return where a file written by a newer version of the game is kept aside."""
    return path.with_name(path.name + ".newer")


def _temp_prefix(path: Path) -> str:
    return f".{path.name}.tmp-"


def fsync_dir(directory: Path) -> None:
    """Flush a folder's entries to disk where the platform allows it."""
    if os.name == "nt":  # pragma: no cover - Windows cannot open folders
        return
    try:
        fd = os.open(directory, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _clean_stale_temps(path: Path) -> None:
    """Remove temporary files left by a process killed in the middle of a write.

    Both kinds are removed: the new content's (``.<name>.tmp-*``) and the second name made for
    the backup (``.<name>.bak.tmp-*``).
    """
    prefixes = (_temp_prefix(path), _temp_prefix(backup_path(path)))
    now = time.time()
    try:
        entries = list(os.scandir(path.parent))
    except OSError:
        return
    for entry in entries:
        if not entry.name.startswith(prefixes):
            continue
        try:
            if now - entry.stat(follow_symlinks=False).st_mtime > STALE_TEMP_AGE:
                os.unlink(entry.path)
        except OSError:
            pass


def _is_good_file(path: Path, is_good: Callable[[bytes], bool]) -> bool:
    try:
        raw = read_limited(path)
    except OSError:
        return False
    try:
        return bool(is_good(raw))
    except Exception:
        return False


def _rotate_backup(path: Path, backup: Path) -> None:
    """Make the current ``path`` the backup, keeping ``path`` in place where possible."""
    link_tmp = backup.with_name(f"{_temp_prefix(backup)}{os.getpid()}-{secrets.token_hex(4)}")
    try:
        os.link(path, link_tmp)  # a second name for the current file: no gap without a file
    except (OSError, AttributeError, NotImplementedError):
        os.replace(path, backup)  # file systems without hard links: a short gap, backup exists
        return
    try:
        os.replace(link_tmp, backup)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(link_tmp)
        raise


def write_atomic(
    path: Path | str,
    data: bytes,
    *,
    keep_backup: bool = True,
    is_good: Callable[[bytes], bool] | None = None,
) -> None:
    """Write ``data`` to ``path`` so that a crash never leaves a damaged file.

    Args:
        path: the file to write; its folder is created if needed.
        data: the new content.
        keep_backup: keep the previous file as ``<name>.bak``.
        is_good: if given, the previous file becomes the backup only if ``is_good(its bytes)``
            is true, so a damaged file never replaces the last good backup.

    Raises:
        OSError: the file could not be written (the previous file and backup are untouched).
    """
    path = Path(path)
    directory = path.parent
    private_folder(directory)
    _clean_stale_temps(path)
    tmp = directory / f"{_temp_prefix(path)}{os.getpid()}-{secrets.token_hex(4)}"
    fd = open_private(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        rotate = keep_backup and os.path.isfile(path)
        if rotate and (is_good is None or _is_good_file(path, is_good)):
            _rotate_backup(path, backup_path(path))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(directory)


def write_atomic_safe(
    path: Path | str,
    data: bytes,
    *,
    keep_backup: bool = True,
    is_good: Callable[[bytes], bool] | None = None,
) -> str | None:
    """Like :func:`write_atomic`, but return a problem code instead of raising ``OSError``."""
    try:
        write_atomic(path, data, keep_backup=keep_backup, is_good=is_good)
    except OSError as exc:
        log.warning("could not write %s: %s", path, exc)
        return problems.problem_for_write_error(exc)
    return None


def remove_with_backup(path: Path | str) -> str | None:
    """Remove a file and its backup (the backup first); return a problem code or None."""
    path = Path(path)
    problem: str | None = None
    for target in (backup_path(path), path):
        try:
            os.unlink(target)
        except (FileNotFoundError, NotADirectoryError):
            continue
        except OSError as exc:
            log.warning("could not remove %s: %s", target, exc)
            problem = problem or problems.problem_for_write_error(exc)
    fsync_dir(path.parent)
    return problem


class NotAFileError(OSError):
    """The name is a FIFO, a device, a socket or a folder: storage reads only regular files."""


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)


def read_regular_file(path: Path | str, limit: int) -> bytes:
    """Read at most ``limit + 1`` bytes of a regular file, without ever blocking (a longer
    result means the file is over the limit).

    Raises:
        FileNotFoundError: no such file.
        NotAFileError: the name is not a regular file (a FIFO would block a plain open, a
            device like /dev/zero never ends).
        OSError: any other reading error (a folder included).
    """
    fd = os.open(path, _READ_FLAGS)  # non-blocking: opening a FIFO must not wait for a writer
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotAFileError(f"{path} is not a regular file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        with os.fdopen(fd, "rb") as handle:
            fd = -1  # the handle closes it
            return handle.read(limit + 1)
    finally:
        if fd >= 0:
            os.close(fd)


def read_limited(path: Path) -> bytes:
    """Read at most ``MAX_BYTES + 1`` bytes of a regular file (see :func:`read_regular_file`)."""
    return read_regular_file(path, MAX_BYTES)


def _try_read(path: Path, parse: Callable[[bytes], T]) -> tuple[str, Any, bytes | None]:
    """Return (outcome, value or error, raw bytes) for one file; never raises."""
    try:
        raw = read_limited(path)
    except (FileNotFoundError, NotADirectoryError):  # no such file (the folder says why)
        return _MISSING, None, None
    except NotAFileError:
        return _NOT_FILE, None, None
    except (OSError, ValueError) as exc:
        log.warning("could not read %s: %s", path, exc)
        return _UNREADABLE, exc, None
    if len(raw) > MAX_BYTES:
        log.warning("%s is larger than %d bytes: treated as damaged", path, MAX_BYTES)
        return _CORRUPT, None, raw
    try:
        return _OK, parse(raw), raw
    except NewerVersionError as exc:
        log.warning("%s was written by a newer version (%s)", path, exc.version)
        return _NEWER, exc, raw
    except RecursionError:
        log.warning("%s is nested too deeply: treated as damaged", path)
        return _CORRUPT, None, raw
    except Exception as exc:
        log.warning("%s is damaged: %s: %s", path, type(exc).__name__, exc)
        return _CORRUPT, exc, raw


def is_regular_file(path: Path) -> bool:
    """Whether ``path`` is a regular file (a link is followed: one to a device is not)."""
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def set_aside(path: Path) -> Path | None:
    """Move a name that is not a regular file (a FIFO, a device or a link to one, a folder)
    out of the way as ``<name>.not-a-file-<time>``, with one log line; return the new name."""
    target = path.with_name(f"{path.name}.not-a-file-{_timestamp()}")
    try:
        os.replace(path, target)
    except OSError as exc:
        log.warning("%s is not a regular file and could not be set aside: %s", path, exc)
        return None
    log.warning("%s is not a regular file: set aside as %s", path, target.name)
    return target


def _timestamp() -> str:
    now = time.time()
    return time.strftime("%Y%m%dT%H%M%S", time.gmtime(now)) + f"{int(now % 1 * 1e6):06d}Z"


def move_aside(path: Path, keep: int = KEEP_CORRUPT) -> Path | None:
    """Rename a damaged file to ``<name>.corrupt-<time>``, keeping at most ``keep`` of them.

    Returns:
        The new path, or None if the file could not be moved (the error is logged).
    """
    stamp = _timestamp()
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    counter = 1
    while target.exists():
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{counter}")
        counter += 1
    try:
        os.replace(path, target)
    except OSError as exc:
        log.warning("could not move the damaged %s aside: %s", path, exc)
        return None
    log.warning("moved the damaged %s to %s", path, target.name)
    _prune_corrupt(path, keep)
    return target


def _prune_corrupt(path: Path, keep: int) -> None:
    prefix = f"{path.name}.corrupt-"
    try:
        names = sorted(name for name in os.listdir(path.parent) if name.startswith(prefix))
    except OSError:
        return
    for name in names[: max(0, len(names) - keep)]:
        with contextlib.suppress(OSError):
            os.unlink(path.parent / name)


def _keep_newer(path: Path, raw: bytes | None) -> None:
    if raw is None:
        return
    try:
        write_atomic(newer_path(path), raw, keep_backup=False)
    except OSError as exc:
        log.warning("could not keep a copy of the newer %s: %s", path, exc)


def read_with_backup(
    path: Path | str,
    parse: Callable[[bytes], T],
    *,
    restore: bool = True,
) -> tuple[T | None, str | None]:
    """Read a file with ``parse``, falling back on its backup; never raises on bad content.

    ``parse`` turns the bytes into a value and raises (any ``Exception``) on bad content, or
    :class:`~rami_desktop.storage.versioning.NewerVersionError` for a file from a newer game.

    A damaged file is moved aside (``<name>.corrupt-<time>``); when it cannot be (a read-only
    folder) it is left in place and the problem says so (``corrupt_not_moved``). A file from a
    newer version is left in place, copied to ``<name>.newer``, and not loaded (its backup is not
    tried either: it would be an older state the newer game already replaced). When the backup is
    used in place of a missing or damaged file and ``restore`` is true, it is copied back under
    the real name.

    Returns:
        ``(value, problem)``: value is None when nothing could be loaded (or nothing was there:
        then problem is None too); problem is a code of :mod:`rami_desktop.storage.problems`.
    """
    path = Path(path)
    outcome, main_value, main_raw = _try_read(path, parse)
    if outcome == _NOT_FILE:  # a FIFO, a device, a folder: set aside, then as if missing
        set_aside(path)
        outcome = _MISSING
    if outcome == _OK:
        return main_value, None
    if outcome == _NEWER:
        _keep_newer(path, main_raw)
        return None, problems.NEWER_VERSION
    kept = False  # a damaged file that could not be moved aside (read-only folder)
    if outcome == _CORRUPT:
        kept = move_aside(path) is None

    backup = backup_path(path)
    bak_outcome, bak_value, bak_raw = _try_read(backup, parse)
    if bak_outcome == _NOT_FILE:
        set_aside(backup)
        bak_outcome = _MISSING
    if bak_outcome == _OK:
        if restore and outcome in (_MISSING, _CORRUPT) and bak_raw is not None:
            try:
                write_atomic(path, bak_raw, keep_backup=False)
            except OSError as exc:
                log.warning("could not restore %s from its backup: %s", path, exc)
        problem = {
            _MISSING: problems.MISSING_RESTORED_BACKUP,
            _CORRUPT: problems.CORRUPT_RESTORED_BACKUP,
            _UNREADABLE: problems.UNREADABLE,
        }[outcome]
        if kept:
            problem = problems.CORRUPT_NOT_MOVED
        log.warning("loaded the backup of %s (%s)", path, problem)
        return bak_value, problem
    if bak_outcome == _CORRUPT:
        kept = move_aside(backup) is None or kept
    if bak_outcome == _NEWER:
        _keep_newer(backup, bak_raw)
        if outcome == _MISSING:
            return None, problems.NEWER_VERSION
    if outcome == _UNREADABLE or (outcome == _MISSING and bak_outcome == _UNREADABLE):
        return None, problems.UNREADABLE
    if kept:
        return None, problems.CORRUPT_NOT_MOVED
    if outcome == _CORRUPT or bak_outcome in (_CORRUPT, _NEWER):
        return None, problems.CORRUPT_NO_BACKUP
    return None, None


def parse_json_bytes(raw: bytes) -> Any:
    """Decode JSON strictly (UTF-8, no NaN or Infinity); raise ValueError on bad content."""
    text = raw.decode("utf-8")
    if text.startswith("\ufeff"):
        text = text[1:]

    def _no_constants(name: str) -> Any:
        raise ValueError(f"non-standard JSON constant {name}")

    return json.loads(text, parse_constant=_no_constants)


def dump_json_bytes(value: Any, compact: bool = False) -> bytes:
    """Encode JSON for storage (UTF-8, stable key order is not imposed, no NaN); ``compact``
    leaves out the indentation (the match save: long, read by the game only).

    Raises:
        ValueError, TypeError: the value is not plain JSON data (a programming error).
    """
    if compact:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    else:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False, indent=1)
    return (text + "\n").encode("utf-8")
