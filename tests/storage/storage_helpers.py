"""Helpers shared by the storage tests."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator

from rami_desktop.storage.paths import Paths


@contextlib.contextmanager
def fresh_home() -> Iterator[Paths]:
    """A new temporary RAMI_HOME for one hypothesis example (fixtures are per test)."""
    with tempfile.TemporaryDirectory() as folder:
        old = os.environ.get("RAMI_HOME")
        os.environ["RAMI_HOME"] = folder
        try:
            yield Paths.from_environment()
        finally:
            if old is None:
                os.environ.pop("RAMI_HOME", None)
            else:
                os.environ["RAMI_HOME"] = old
