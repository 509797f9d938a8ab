"""A thread-safe inbox: the network thread puts, the game's loop takes without waiting."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class Inbox(Generic[T]):
    """Items handed from one thread to another, oldest first.

    Args:
        wake: set whenever an item arrives (one event may wake a loop serving many inboxes).
        on_put: called whenever an item arrives, on the thread that put it (a loop serving
            many inboxes learns which one has something: see :mod:`.doorbell`).
    """

    def __init__(self, wake: threading.Event | None = None,
                 on_put: Callable[[], None] | None = None) -> None:
        self.wake = wake or threading.Event()
        self.on_put = on_put
        self._items: queue.SimpleQueue[T] = queue.SimpleQueue()

    def put(self, item: T) -> None:
        """Hand over an item (from the network thread)."""
        self._items.put(item)
        if not self.wake.is_set():  # set already: its waiter takes this item too
            self.wake.set()
        if self.on_put is not None:
            self.on_put()

    def empty(self) -> bool:
        """Whether nothing waits to be taken."""
        return self._items.empty()

    def take(self, limit: int = 1000) -> list[T]:
        """The items waiting, oldest first (at most ``limit``); never blocks."""
        out: list[T] = []
        while len(out) < limit:
            try:
                out.append(self._items.get_nowait())
            except queue.Empty:
                break
        return out

    def wait(self, timeout: float) -> None:
        """Block until an item arrives (or ``timeout`` seconds): headless play."""
        self.wake.wait(timeout)
        self.wake.clear()
