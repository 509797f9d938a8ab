"""Settings for the whole suite: reproducible property tests.

Hypothesis profiles: ``ci`` (chosen when ``CI=true``) draws the same examples on every run
(``derandomize``) so a red CI run fails again on any machine; ``dev`` (the default elsewhere)
explores new examples each run and prints the ``@reproduce_failure`` blob of any failure.
``HYPOTHESIS_PROFILE=ci`` (or ``dev``) picks one explicitly.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE")
    or ("ci" if os.environ.get("CI", "").lower() in ("1", "true", "yes") else "dev")
)
