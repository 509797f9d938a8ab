"""A host's collector: what is alive when its tables are open, and what survives a look through
the oldest generation, is set aside (no later look covers it again: no long pause); the
thorough look frees the cycles that died among what was set aside (nothing kept for ever).
Each check runs in a process of its own (the collector is a whole process's)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from tests.net.test_commands import LIMIT

SCRIPT = textwrap.dedent("""
    import gc, time, weakref
    from rami_desktop.net.hall.heap import steady_heap

    class Node:
        pass

    def cycle():
        a, b = Node(), Node()
        a.other, b.other = b, a
        freed = []
        weakref.finalize(a, freed.append, True)
        return a, freed

    kept, _ = cycle()  # alive as the host starts: set aside
    dying, freed = cycle()
    steady_heap(every=0.2)
    aside = gc.get_freeze_count()
    assert aside > 0, aside
    later, _ = cycle()  # made after: a look through the oldest generation sets it aside too
    gc.collect()
    assert gc.get_freeze_count() > aside, (gc.get_freeze_count(), aside)
    del dying
    gc.collect(0); gc.collect(1)
    assert not freed  # set aside: the collector's looks do not see it
    deadline = time.monotonic() + 10
    while not freed and time.monotonic() < deadline:
        time.sleep(0.05)
    assert freed, "the thorough look frees the cycles that died among what was set aside"
    assert gc.get_freeze_count() > 0  # and sets aside again what lives
    print("ok")
""")


def test_what_a_host_keeps_is_set_aside_and_what_died_among_it_is_freed() -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                          timeout=LIMIT, check=False)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
