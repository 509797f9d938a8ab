"""Rami: Moroccan rummy for the desktop."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

try:
    #: the installed distribution's version: pyproject.toml is its one source
    __version__ = version("rami-desktop")
except PackageNotFoundError:  # a source tree run without installing: no metadata to read
    __version__ = "0+unknown"
