"""The player's progress through the lessons, as kept in the settings."""

from __future__ import annotations

from collections.abc import Mapping

#: the setting holding the keys of the lessons done (a list of strings)
LESSONS_DONE = "lessons_done"
#: the setting saying the first start already offered the tutorial
TUTORIAL_OFFERED = "tutorial_offered"


def lessons_done(settings: Mapping[str, object]) -> set[str]:
    """The keys of the lessons the player has finished (anything else in the setting is
    ignored)."""
    value = settings.get(LESSONS_DONE)
    if not isinstance(value, list | tuple):
        return set()
    return {k for k in value if isinstance(k, str)}


def with_lesson_done(settings: Mapping[str, object], key: str) -> list[str]:
    """The setting's new value once the lesson ``key`` is done (sorted, each key once)."""
    return sorted(lessons_done(settings) | {key})
