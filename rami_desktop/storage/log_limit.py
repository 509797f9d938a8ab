"""Logs that never flood: each cause says one line a minute at most, with a count.

A host reachable from the internet meets clients that misbehave on purpose, and machines that
run out of room (descriptors, disk): the same line thousands of times a second would bury what
matters, and fill the journal. :class:`LogLimit` lets the first line of a cause through, holds
back the others for :data:`EVERY` seconds, and says how many it held with the next one. No
traceback is ever printed through it: a client's misbehaviour is not the program's error.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

#: seconds between two lines of one cause
EVERY = 60.0
#: causes remembered at most (the oldest forgotten first)
CAUSES = 1000


class LogLimit:
    """One line a minute per cause (see the module's text).

    Args:
        logger: where the lines go.
        every: seconds between two lines of one cause.
        clock: the time in seconds (a test's own clock).
    """

    def __init__(self, logger: logging.Logger, every: float = EVERY,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.logger = logger
        self.every = every
        self.clock = clock
        self._said: dict[str, tuple[float, int]] = {}

    def warning(self, cause: str, message: str, *args: object) -> bool:
        """Log ``message % args`` at WARNING unless ``cause`` said a line less than
        ``every`` seconds ago (then it is counted); return whether it was logged."""
        now = self.clock()
        last = self._said.get(cause)
        if last is not None and now - last[0] < self.every:
            self._said[cause] = (last[0], last[1] + 1)
            return False
        held = last[1] if last is not None else 0
        if len(self._said) >= CAUSES and cause not in self._said:
            del self._said[next(iter(self._said))]
        self._said[cause] = (now, 0)
        text = message % args if args else message
        if held:
            text += f" ({held} more like it since the last such line)"
        self.logger.warning("%s", text)
        return True


class LimitFilter(logging.Filter):
    """A filter for a logger one does not write oneself (a library's): one record a minute
    per message, the others counted; never a traceback (the exception's words instead)."""

    def __init__(self, every: float = EVERY, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__()
        self.every = every
        self.clock = clock
        self._said: dict[str, tuple[float, int]] = {}

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether the record goes on (rewritten: its count, its exception in words)."""
        cause = f"{record.name}:{record.msg}"
        now = self.clock()
        last = self._said.get(cause)
        if last is not None and now - last[0] < self.every:
            self._said[cause] = (last[0], last[1] + 1)
            return False
        if len(self._said) >= CAUSES and cause not in self._said:
            del self._said[next(iter(self._said))]
        self._said[cause] = (now, 0)
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            text += f": {record.exc_info[1]!r}"
        if last is not None and last[1]:
            text += f" ({last[1]} more like it since the last such line)"
        record.msg, record.args = text, None
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        return True


__all__ = ["EVERY", "LimitFilter", "LogLimit"]
