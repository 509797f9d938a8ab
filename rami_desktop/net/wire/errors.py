"""Why the network refused something, as codes (the screens word them in their language).

A game move the rules refuse comes back with the engine's own
:class:`~rami_desktop.engine.errors.ErrorCode`; everything else the host or the link refuses is
a :class:`NetError`. Both travel as their value in an ``error`` message's ``code``.
"""

from __future__ import annotations

from enum import Enum

from rami_desktop.engine.errors import ErrorCode


class NetError(str, Enum):
    """A refusal or a trouble of the network game."""

    WRONG_CODE = "wrong_code"
    TABLE_FULL = "table_full"
    SEAT_TAKEN = "seat_taken"
    NO_SUCH_SEAT = "no_such_seat"
    VERSION_NEWER = "version_newer"  # the side that answers runs the newer protocol
    VERSION_OLDER = "version_older"  # the side that answers runs the older protocol
    TOO_BIG = "too_big"
    MALFORMED = "malformed"
    UNKNOWN_TYPE = "unknown_type"
    BAD_FIELD = "bad_field"
    TOO_FAST = "too_fast"
    NOT_YOUR_SEAT = "not_your_seat"
    NOT_JOINED = "not_joined"
    NOT_STARTED = "not_started"
    BUSY = "busy"
    HOST_QUIT = "host_quit"
    LOST = "lost"
    UNREACHABLE = "unreachable"
    CERTIFICATE = "certificate"
    WRONG_HOST = "wrong_host"  # not the certificate the invite pins: someone may be in the way
    REPLACED = "replaced"
    NOT_KEPT = "not_kept"  # the host waits for its disk: the move waits too, one at a time


Code = ErrorCode | NetError


def code_of(value: object) -> Code:
    """The code an ``error`` message carries.

    Raises:
        ValueError: not a code of the game.
    """
    if isinstance(value, str):
        for kind in (ErrorCode, NetError):
            try:
                return kind(value)
            except ValueError:
                continue
    raise ValueError(f"not an error code: {value!r}")


__all__ = ["Code", "NetError", "code_of"]
