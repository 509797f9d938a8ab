"""The files ``rami-host`` is given, read and checked whole before anything is served: the
``--config`` file and the admin-token file.

Every field is checked for its type and its range (finite numbers, texts of bounded length, no
control character, nesting no deeper than the format's); what does not fit is one
:class:`ValueError` naming the file and the field, which the host prints as one line before
exiting 2. Nothing here raises anything else.
"""

from __future__ import annotations

import hmac
import os
import stat
from typing import Any

from rami_desktop.net.hall.expiry import MAX_HOURS, hours_of
from rami_desktop.net.transport.address_check import host_name
from rami_desktop.net.wire.protocol import ADMIN_LIMIT
from rami_desktop.storage.atomic import parse_json_bytes, read_regular_file

#: the largest config file read (bytes)
FILE_LIMIT = 256 * 1024
#: the largest admin-token file read (bytes: one line)
TOKEN_FILE_LIMIT = 4096
#: the shortest admin token
TOKEN_MIN = 16
#: the longest admin token: the protocol's (a ``create``'s ``admin`` field)
TOKEN_MAX = ADMIN_LIMIT
#: the fields of a config file
FIELDS = ("port", "listen", "state", "expire", "processes", "tables")
#: processes a host may spread its tables over at most (``--processes``)
MAX_PROCESSES = 64
#: the longest ``listen`` address and ``state`` folder name
LISTEN_LIMIT = 255
PATH_LIMIT = 4096
#: the most tables a config file lists (the host serves 500 at most)
TABLES_LIMIT = 500


def read_json_file(path: str, limit: int = FILE_LIMIT) -> Any:
    """A small JSON file (a regular file, never blocking).

    Raises:
        ValueError: it cannot be read, is too large, nested too deep or not JSON.
    """
    try:
        raw = read_regular_file(path, limit)
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: {getattr(exc, 'strerror', None) or exc}") from exc
    if len(raw) > limit:
        raise ValueError(f"{path}: over {limit} bytes")
    try:
        return parse_json_bytes(raw)
    except RecursionError as exc:
        raise ValueError(f"{path}: nested too deep") from exc
    except (ValueError, UnicodeDecodeError) as exc:
        raise ValueError(f"{path}: not JSON ({str(exc)[:80]})") from exc


def readable_by_all(path: str) -> bool:
    """Whether a file's mode lets every user of the machine read it."""
    try:
        return bool(os.stat(path).st_mode & stat.S_IROTH)
    except OSError:
        return False


def read_token(path: str) -> str:
    """The admin token of a file: its one line, :data:`TOKEN_MIN` to :data:`TOKEN_MAX`
    printable ASCII characters, no space.

    Raises:
        ValueError: missing, not one line, or not such a token.
    """
    try:
        raw = read_regular_file(path, TOKEN_FILE_LIMIT)
    except (OSError, ValueError) as exc:
        raise ValueError(f"{path}: {getattr(exc, 'strerror', None) or exc}") from exc
    if len(raw) > TOKEN_FILE_LIMIT:
        raise ValueError(f"{path}: over {TOKEN_FILE_LIMIT} bytes: an admin token is one line")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not UTF-8 text") from exc
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if len(lines) != 1:
        raise ValueError(f"{path}: the admin token is the file's one line "
                         f"({len(lines)} lines with text)")
    token = lines[0]
    if not TOKEN_MIN <= len(token) <= TOKEN_MAX:
        raise ValueError(f"{path}: the admin token must be {TOKEN_MIN} to {TOKEN_MAX} "
                         f"characters (it has {len(token)})")
    if not all(c.isascii() and c.isprintable() and not c.isspace() for c in token):
        raise ValueError(f"{path}: the admin token holds only printable ASCII, no space")
    return token


def _text(path: str, data: dict[str, Any], key: str, limit: int) -> str | None:
    value = data.get(key)
    if value is None:
        return value
    if not isinstance(value, str) or not value or len(value) > limit \
            or not value.isprintable():
        raise ValueError(f"{path}: {key!r} must be a text of 1 to {limit} printable characters"
                         + (" (leave it out to listen on every address)" if key == "listen"
                            else ""))
    if key == "listen":
        try:
            return host_name(value)
        except ValueError as exc:
            raise ValueError(f"{path}: 'listen': {exc}") from exc
    return value


def checked_config(path: str, data: Any) -> dict[str, Any]:
    """A config file's host settings, checked: ``port``, ``listen``, ``state``, ``expire``
    (hours), ``processes`` as given (absent or null: None), and ``tables`` (a list of objects, for
    :meth:`~rami_desktop.net.hall.tables.TableSpec.from_dict`).

    Raises:
        ValueError: a field of the wrong type or out of its range, or an unknown one.
    """
    if not isinstance(data, dict):
        raise ValueError(f"{path}: an object with a list of tables")
    unknown = set(data) - set(FIELDS)
    if unknown:
        shown = ", ".join(sorted(repr(k[:40]) for k in unknown)[:5])
        raise ValueError(f"{path}: unknown fields {shown} (fields: {', '.join(FIELDS)})")
    port = data.get("port")
    if port is not None and (isinstance(port, bool) or not isinstance(port, int)
                             or not 0 <= port <= 65535):
        raise ValueError(f"{path}: 'port' is a whole number 0 to 65535")
    expire = data.get("expire")
    if expire is not None and hours_of(expire) is None:
        raise ValueError(f"{path}: 'expire' is a number of hours 0 to {MAX_HOURS:g}")
    processes = data.get("processes")
    if processes is not None and (isinstance(processes, bool) or not isinstance(processes, int)
                                  or not 1 <= processes <= MAX_PROCESSES):
        raise ValueError(f"{path}: 'processes' is a whole number 1 to {MAX_PROCESSES}")
    tables = data.get("tables", [])
    if not isinstance(tables, list) or len(tables) > TABLES_LIMIT:
        raise ValueError(f"{path}: 'tables' is a list of at most {TABLES_LIMIT} tables")
    return {"port": port, "listen": _text(path, data, "listen", LISTEN_LIMIT),
            "state": _text(path, data, "state", PATH_LIMIT),
            "expire": None if expire is None else float(expire), "processes": processes,
            "tables": tables}


def admin_check(token: str | None) -> Any:
    """The server's check of a ``create``'s admin token (None: no token, nothing may be
    created)."""
    if not token:
        return None
    expected = token.encode()

    def check(given: str) -> bool:
        return hmac.compare_digest(given.encode(), expected)

    return check


__all__ = ["FILE_LIMIT", "TOKEN_MAX", "TOKEN_MIN", "admin_check", "checked_config",
           "read_json_file", "read_token", "readable_by_all"]
