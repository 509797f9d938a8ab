"""Versioned JSON documents: upgraders from one version to the next, and refusing newer files."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

#: A function that turns a document of version N into a document of version N + 1.
Upgrader = Callable[[dict[str, Any]], dict[str, Any]]


class NewerVersionError(ValueError):
    """The document was written by a newer version of the game."""

    def __init__(self, version: int) -> None:
        super().__init__(f"written by a newer version ({version})")
        self.version = version


def upgrade(
    data: dict[str, Any], current: int, upgraders: Mapping[int, Upgrader]
) -> dict[str, Any]:
    """Bring a document up to version ``current``.

    Args:
        data: the document, with an integer ``version`` key.
        current: the version this game writes.
        upgraders: ``upgraders[n]`` upgrades a version-n document to version n + 1.

    Raises:
        NewerVersionError: the document is newer than ``current``.
        ValueError: the version is missing or invalid, or an upgrader is missing.
    """
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise ValueError(f"bad version {version!r}")
    if version > current:
        raise NewerVersionError(version)
    while version < current:
        step = upgraders.get(version)
        if step is None:
            raise ValueError(f"no upgrader from version {version}")
        data = step(dict(data))
        version += 1
        data["version"] = version
    return data
