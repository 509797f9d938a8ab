"""One short translated sentence per storage problem code, and the start-up message built from them.

Storage functions return problem codes (:mod:`rami_desktop.storage.problems`); only the UI turns
them into words. Messages are translated at call time, so a language switch shows at once.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rami_desktop.i18n import N_, _, ngettext
from rami_desktop.play.keep.save_problems import NOT_SAVED_INCONSISTENT, SAVE_FAILED
from rami_desktop.storage import problems

__all__ = [
    "ALL_FOLDERS_UNWRITABLE",
    "NOT_SAVED_INCONSISTENT",
    "PROBLEM_MESSAGES",
    "SAVE_FAILED",
    "STARTUP_TITLE",
    "SUBJECTS",
    "UNKNOWN_PROBLEM",
    "known_codes",
    "problem_text",
    "split_problem",
    "startup_message",
]

#: English source of each message.
PROBLEM_MESSAGES: dict[str, str] = {
    problems.CORRUPT_RESTORED_BACKUP: N_(
        "A damaged file was set aside and its last good copy was loaded."),
    problems.CORRUPT_NO_BACKUP: N_(
        "A damaged file was set aside and could not be recovered."),
    problems.CORRUPT_NOT_MOVED: N_(
        "A damaged file in a read-only folder was left as it is; its last good copy was used if "
        "any."),
    problems.MISSING_RESTORED_BACKUP: N_(
        "An interrupted save was recovered from its last good copy."),
    problems.UNREADABLE: N_(
        "A file could not be read, so its last good copy was used if there was one."),
    problems.NEWER_VERSION: N_(
        "A file from a newer version of Rami was left untouched and not loaded."),
    problems.REPAIRED: N_("Some invalid values were reset to their defaults."),
    problems.UNWRITABLE: N_(
        "A file could not be written, so changes are kept only until you quit."),
    problems.DISK_FULL: N_("The disk is full, so changes are kept only until you quit."),
    problems.CONFIG_DIR_UNWRITABLE: N_(
        "The settings folder cannot be written, so settings changes will not be kept."),
    problems.DATA_DIR_UNWRITABLE: N_(
        "The data folder cannot be written, so matches and statistics will not be saved."),
    problems.LOG_DIR_UNWRITABLE: N_(
        "The log folder cannot be written, so the log goes to the console instead."),
    problems.JOURNAL_NOT_A_FILE: N_(
        "The record of the last moves was not a file: the match resumed from its last save."),
    problems.JOURNAL_CUT: N_("The last moves could not be read: the match resumed without them."),
    # not storage codes: the session's save refused a match that did not replay, or failed in
    # an unexpected way (see play.keep.persist)
    NOT_SAVED_INCONSISTENT: N_(
        "The last turn could not be saved; the previous save was kept."),
    SAVE_FAILED: N_(
        "The last turn could not be saved; the previous save was kept."),
}

#: Said for a code this module does not know.
UNKNOWN_PROBLEM = N_("A file problem occurred; the game goes on.")

#: Said instead of the three folder messages when two or more folders cannot be written.
ALL_FOLDERS_UNWRITABLE = N_(
    "Rami cannot write its files, so nothing will be kept after you quit.")

#: What a problem is about: a short label shown before its sentence.
SUBJECTS: dict[str, str] = {
    "settings": N_("Settings"),
    "save": N_("Saved match"),
    "stats": N_("Statistics"),
}

#: The title of the start-up message.
STARTUP_TITLE = N_("About your files")

_FOLDER_CODES = (problems.CONFIG_DIR_UNWRITABLE, problems.DATA_DIR_UNWRITABLE,
                 problems.LOG_DIR_UNWRITABLE)


def problem_text(code: str, subject: str | None = None) -> str:
    """Return the translated sentence for a problem code.

    Args:
        code: a code of :mod:`rami_desktop.storage.problems` (unknown codes get a generic line).
        subject: ``settings``, ``save`` or ``stats`` to start the line with what it is about.
    """
    base, _sep, count = code.partition(":")
    if base == problems.JOURNAL_CUT and count.isdigit():
        moves = int(count)
        sentence = ngettext("The last move could not be read: the match resumed without it.",
                            "The last {count} moves could not be read: the match resumed "
                            "without them.", moves).format(count=moves)
    else:
        sentence = _(PROBLEM_MESSAGES.get(code, UNKNOWN_PROBLEM))
    label = SUBJECTS.get(subject or "")
    if label is None:
        return sentence
    return _("{subject}: {message}").format(subject=_(label), message=sentence)


def split_problem(entry: str) -> tuple[str, str | None]:
    """Split a start-up entry ``"subject:code"`` (or a bare ``"code"``) into (code, subject)."""
    subject, sep, code = entry.partition(":")
    if sep and subject in SUBJECTS:
        return code, subject
    return entry, None


def startup_message(entries: Iterable[str]) -> str:
    """Return one message (one line per distinct problem) for the start-up problems.

    Args:
        entries: problem codes, bare or as ``"subject:code"`` (subject ``settings``, ``save`` or
            ``stats``), in the order met. Repeats are said once; when two or more folders cannot
            be written one line says so for all of them.
    """
    seen: list[tuple[str, str | None]] = []
    for entry in entries:
        item = split_problem(entry)
        if item not in seen:
            seen.append(item)
    folders = [code for code, _subject in seen if code in _FOLDER_CODES]
    lines: list[str] = []
    if len(set(folders)) >= 2:
        lines.append(_(ALL_FOLDERS_UNWRITABLE))
        # the files of unwritable folders cannot be written either: do not say it twice
        seen = [(c, s) for c, s in seen
                if c not in _FOLDER_CODES and c not in (problems.UNWRITABLE, problems.DISK_FULL)]
    for code, subject in seen:
        lines.append(problem_text(code, subject))
    if len(lines) > 1:
        lines = ["\u2022 " + line for line in lines]
    return "\n".join(lines)


def known_codes() -> Sequence[str]:
    """Every code with its own sentence."""
    return tuple(PROBLEM_MESSAGES)
