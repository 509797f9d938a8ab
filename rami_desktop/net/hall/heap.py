"""The cyclic collector of a host's process: no pause as long as all it keeps.

CPython's collector stops the whole process while it looks through a generation of objects.
Its oldest generation holds what a host keeps (hundreds of tables, their matches and logs):
looking through it took 100 to 300 ms at 500 tables, and every table waited meanwhile. A
host's process therefore calls :func:`steady_heap` once its tables are open: what survives a
look through the oldest generation is set aside (``gc.freeze``), so each later look covers
only what is new; and every :data:`THOROUGH` seconds one look covers everything, set aside or
not, so that the cycles that died among those objects are freed (the one pause left, rare).
"""

from __future__ import annotations

import gc
import threading
import time
from typing import Any

#: seconds between two looks through everything a host keeps
THOROUGH = 600.0


def _set_aside(phase: str, info: dict[str, Any]) -> None:
    """After a look through the oldest generation, what survived it is set aside."""
    if phase == "stop" and info.get("generation") == 2:
        gc.freeze()


def _thorough(every: float) -> None:
    while True:
        time.sleep(every)
        gc.unfreeze()
        gc.collect()
        gc.freeze()


def steady_heap(every: float = THOROUGH) -> None:
    """Set this process's collector as the module's text says (once a process; what is alive
    now is set aside at once). Its thorough looks run on a thread of their own."""
    if _set_aside in gc.callbacks:
        return
    gc.collect()
    gc.freeze()
    gc.callbacks.append(_set_aside)
    threading.Thread(target=_thorough, args=(every,), name="rami-heap", daemon=True).start()


__all__ = ["THOROUGH", "steady_heap"]
