"""Rami: Moroccan rummy for the desktop."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    #: the installed distribution's version: pyproject.toml is its one source
    __version__: str


def __getattr__(name: str) -> str:
    """``__version__``, read from the installed distribution's metadata the first time it is
    asked for: importlib.metadata and the email package it loads wait for the first screen that
    shows the version (the menu), and the first start's language question opens without them."""
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("rami-desktop")
    except PackageNotFoundError:  # a source tree run without installing: no metadata to read
        found = "0+unknown"
    globals()["__version__"] = found  # asked once: later reads find it here
    return found
