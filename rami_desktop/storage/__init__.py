"""Storage: paths, settings, the autosaved match, statistics, logs and deal codes.

Pure Python (never imports pygame). Nothing here raises on a bad file or an unwritable folder:
functions return a problem code (see :mod:`rami_desktop.storage.problems`) for the UI to show.
"""

from __future__ import annotations

from rami_desktop.storage.paths import Paths, default_paths

__all__ = ["Paths", "default_paths"]
