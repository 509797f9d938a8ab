"""The problem codes of keeping a match that are the session's own, not a file's (a file's are
in :mod:`rami_desktop.storage.problems`); the screens word them (``ui.words.problems_text``)
without loading the session."""

from __future__ import annotations

#: the match to save did not survive a replay (a bug): nothing was written
NOT_SAVED_INCONSISTENT = "not_saved_inconsistent"
#: writing failed in an unexpected way (the log has the details)
SAVE_FAILED = "save_failed"
