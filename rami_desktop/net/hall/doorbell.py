"""Which of a host's tables have something to do: the loop that serves many tables steps those
and no other.

A table rings (:meth:`Doorbell.ring`, from any thread) when something arrives for it: a request
in its mailbox, its bot's decision ready. The loop sets a look at a time for what is due
without anything arriving (:meth:`Doorbell.at`: a bot's pause over, a turn's time up), and
waits (:meth:`Doorbell.wait`) until a table rings or a look is due, then steps the tables named.
Nothing here looks at a table that has nothing to do; an idle host wakes only at its longest
wait to look at its stop signal.
"""

from __future__ import annotations

import heapq
import threading
import time
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)

#: a look this close to being due is taken now (a wait may end a hair early)
EARLY = 1e-4


class Doorbell(Generic[K]):
    """The tables rung, and the looks set at a time (see the module's text).

    Args:
        event: the event a ring sets (given: another source may wake the same loop with it,
            a stop signal or a ``create``).
        clock: the time, in seconds (``time.monotonic``).
    """

    def __init__(self, event: threading.Event | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.event = event or threading.Event()
        self.clock = clock
        self._lock = threading.Lock()
        self._rung: set[K] = set()
        self._due: dict[K, float] = {}
        self._heap: list[tuple[float, int, K]] = []
        self._count = 0

    def ring(self, key: K) -> None:
        """Something arrived for ``key``: the loop steps it at its next wake (any thread)."""
        with self._lock:
            self._rung.add(key)
        if not self.event.is_set():  # set already: the loop's wait takes this key too
            self.event.set()

    def at(self, key: K, when: float | None) -> None:
        """Look at ``key`` at ``when`` (a time of :attr:`clock`) even if it does not ring,
        in place of any look set before (None: no look; the loop's thread only)."""
        if when is None:
            self._due.pop(key, None)
            return
        if self._due.get(key) == when:
            return
        self._due[key] = when
        self._count += 1
        heapq.heappush(self._heap, (when, self._count, key))
        if len(self._heap) > 2 * len(self._due) + 64:  # looks replaced: keep the heap small
            self._heap = [(w, i, k) for w, i, k in self._heap if self._due.get(k) == w]
            heapq.heapify(self._heap)

    def next_look(self) -> float | None:
        """The time of the first look set (None: none)."""
        while self._heap and self._due.get(self._heap[0][2]) != self._heap[0][0]:
            heapq.heappop(self._heap)  # replaced or forgotten
        return self._heap[0][0] if self._heap else None

    def wait(self, longest: float) -> set[K]:
        """Wait until a key rings or a look is due (at most ``longest`` seconds); return the
        keys to step now (possibly none: the longest wait passed, or the event was set by
        another source)."""
        first = self.next_look()
        timeout = longest if first is None else min(longest, first - self.clock())
        if timeout > 0:
            self.event.wait(timeout)
        self.event.clear()
        with self._lock:
            keys, self._rung = self._rung, set()
        now = self.clock() + EARLY
        while (first := self.next_look()) is not None and first <= now:
            _when, _i, key = heapq.heappop(self._heap)
            del self._due[key]
            keys.add(key)
        return keys

    def forget(self, key: K) -> None:
        """A key that is no more: no look, no ring kept for it (the loop's thread only)."""
        self._due.pop(key, None)
        with self._lock:
            self._rung.discard(key)


__all__ = ["EARLY", "Doorbell"]
