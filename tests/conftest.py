"""Settings for the whole suite: reproducible property tests, compiled catalogs.

Hypothesis profiles: ``ci`` (chosen when ``CI=true``) draws the same examples on every run
(``derandomize``) so a red CI run fails again on any machine; ``dev`` (the default elsewhere)
explores new examples each run and prints the ``@reproduce_failure`` blob of any failure.
``HYPOTHESIS_PROFILE=ci`` (or ``dev``) picks one explicitly.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE")
    or ("ci" if os.environ.get("CI", "").lower() in ("1", "true", "yes") else "dev")
)


def pytest_sessionstart(session: object) -> None:
    """The game reads the catalogs the build compiled (``pip install .``): a ``.po`` edited
    since is compiled again here, by the same compiler (``tools/compile_catalogs.py``)."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import compile_catalogs
    finally:
        sys.path.pop(0)
    if compile_catalogs.stale():
        compile_catalogs.compile_catalogs()
