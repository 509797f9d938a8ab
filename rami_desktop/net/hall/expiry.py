"""Tables nobody joins do not stay for ever: each expires :attr:`Expiry.after` seconds after it
was opened if no seat was ever taken (``rami-host --expire HOURS``, a config file's
``expire``, a table's own ``expire``; 0: never). The time a table was opened is kept with it
(``opened`` in its ``table.json``, wall-clock seconds), so a host started again with
``--resume`` counts from the first opening, not from the restart.

Pure bookkeeping, with the time passed in: the hall asks which tables are due and closes them.
"""

from __future__ import annotations

import math
from typing import Any

#: hours a table nobody joined is kept by default
DEFAULT_HOURS = 24.0
#: the longest expiry, in hours (a year)
MAX_HOURS = 24.0 * 365
#: seconds between two looks for tables due
LOOK_EVERY = 5.0


def hours_of(value: Any) -> float | None:
    """A number of hours as a config or a kept table gives it (None: not one, or out of
    range)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    if not math.isfinite(value) or not 0 <= value <= MAX_HOURS:
        return None
    return float(value)


class Expiry:
    """When each table was opened and when it expires unjoined.

    Args:
        hours: the host's expiry for tables that do not say theirs (0: never).
    """

    def __init__(self, hours: float = DEFAULT_HOURS) -> None:
        self.hours = hours
        self._opened: dict[str, float] = {}
        self._hours: dict[str, float] = {}
        self._looked = -math.inf

    def opened(self, code: str, now: float, hours: float | None = None,
               kept: Any = None, kept_hours: Any = None) -> None:
        """A table was opened (``kept``, ``kept_hours``: what its kept document says, for a
        table resumed; read only when they are numbers in range)."""
        since = kept if isinstance(kept, (int, float)) and not isinstance(kept, bool) \
            and math.isfinite(kept) and kept <= now else now
        self._opened[code] = float(since)
        own = hours if hours is not None else hours_of(kept_hours)
        self._hours[code] = own if own is not None else self.hours

    def document(self, code: str) -> dict[str, float]:
        """What to keep with a table (``opened``, ``expire`` in hours)."""
        return {"opened": self._opened.get(code, 0.0),
                "expire": self._hours.get(code, self.hours)}

    def forget(self, code: str) -> None:
        """A table ended."""
        self._opened.pop(code, None)
        self._hours.pop(code, None)

    def looking(self, now: float) -> bool:
        """Whether :meth:`due` would look now (not within :data:`LOOK_EVERY` of its last
        look): a host of many tables lists its unjoined ones only then."""
        return now - self._looked >= LOOK_EVERY

    def due(self, unjoined: list[str], now: float) -> list[str]:
        """Of the tables no seat of which was ever taken, those past their time (looked at
        every :data:`LOOK_EVERY` seconds at most)."""
        if not self.looking(now):
            return []
        self._looked = now
        out = []
        for code in unjoined:
            hours = self._hours.get(code, self.hours)
            if hours and now - self._opened.get(code, now) >= hours * 3600.0:
                out.append(code)
        return out


__all__ = ["DEFAULT_HOURS", "MAX_HOURS", "Expiry", "hours_of"]
