"""The saved match's journal gone wrong, as Continue meets it: a journal that is a FIFO, a link
to /dev/zero or a folder resumes the match from its snapshot and says so (never "damaged", the
good snapshot never set aside); a journal cut by a bad line in its middle resumes from the
steps before it and says how many moves could not be read; a last line a crash cut (never told
to anyone) is left out quietly."""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import pytest

from rami_desktop import i18n
from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.storage import problems
from rami_desktop.storage.journal import journal_path, read_journal
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths
from rami_desktop.ui.scenes.overlays import MessageDialog
from rami_desktop.ui.scenes.table import TableScene
from rami_desktop.ui.words.problems_text import problem_text
from tests.truth import behind

CONFIG = GameConfig(preset("talaj"), (Seat(None, "bot", "easy"), Seat(None, "bot", "easy")), 5)


def _kept(home: Path, actions: int) -> tuple[Paths, Session, Path]:
    """A match kept after ``actions`` bot actions: its paths, the session, its journal."""
    paths = Paths.under(home)
    session = Session(CONFIG, store=MatchFiles(paths))
    while sum(len(log) for log in session.match.logs) < actions:
        session.step_bot()
    session.close()
    journals = sorted(paths.data_dir.glob("journal-*.jsonl"), key=lambda p: p.stat().st_mtime)
    return paths, session, journals[-1]


def _snapshot_actions(paths: Paths) -> int:
    files = MatchFiles(paths)
    try:
        game, _problem = files.load(lambda data: data)
    finally:
        files.close()
    assert isinstance(game, dict)
    return sum(len(r) for r in game["match"]["rounds"])


def _continued(app: Any) -> tuple[Session, str]:
    """Continue, as the menu's button does: the session, and the message shown over it."""
    assert app.continue_match()
    app.stack.apply_pending()
    scenes = app.stack.scenes
    table = next(s for s in scenes if isinstance(s, TableScene))
    dialog = app.stack.top
    return behind(table.session), dialog.message() if isinstance(dialog, MessageDialog) else ""


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder"])
def test_a_journal_that_is_no_file_resumes_from_the_snapshot_saying_so(
        make_app: Any, tmp_path: Path, kind: str) -> None:
    paths, _played, journal = _kept(tmp_path / "home", 12)
    snapshot = paths.match_file.read_bytes()
    journal.unlink()
    if kind == "fifo":
        os.mkfifo(journal)
    elif kind == "dev-zero":
        journal.symlink_to("/dev/zero")
    else:
        journal.mkdir()
    app = make_app()
    app.paths = paths
    outcome: list[tuple[Session, str]] = []
    worker = threading.Thread(target=lambda: outcome.append(_continued(app)), daemon=True)
    worker.start()
    worker.join(30)
    assert outcome, "Continue blocked on the journal"
    session, message = outcome[0]
    assert sum(len(log) for log in session.match.logs) == _snapshot_actions(paths)
    assert message == problem_text(problems.JOURNAL_NOT_A_FILE, "save")
    assert "damaged" not in message
    assert not list(paths.data_dir.glob("match.json.corrupt-*"))  # the snapshot is good
    assert paths.match_file.read_bytes() == snapshot
    assert list(paths.data_dir.glob(journal.name + ".not-a-file-*"))


def _damage(journal: Path, line: int) -> int:
    """Spoil one line in the middle of a journal; return the moves from it on."""
    lines = journal.read_bytes().split(b"\n")
    assert line < len(lines) - 2
    lines[line] = lines[line][:8] + b" {damaged}"
    journal.write_bytes(b"\n".join(lines))
    return sum(b'"a":' in raw or b"damaged" in raw for raw in lines[line:])


def test_a_journal_cut_by_a_bad_line_says_how_many_moves_were_lost(make_app: Any,
                                                                   tmp_path: Path) -> None:
    paths, played, journal = _kept(tmp_path / "home", 30)
    lost = _damage(journal, 10)
    assert lost > 1
    assert read_journal(paths.data_dir, journal.stem.split("-")[1]).lost == lost
    app = make_app()
    app.paths = paths
    session, message = _continued(app)
    kept = sum(len(log) for log in session.match.logs)
    assert kept == sum(len(log) for log in played.match.logs) - lost
    assert message == f"Saved match: The last {lost} moves could not be read: the match " \
                      "resumed without them."


def test_the_words_follow_the_number_and_the_language() -> None:
    try:
        assert problem_text(problems.journal_cut(1)) == (
            "The last move could not be read: the match resumed without it.")
        for language in ("fr", "ar_MA"):
            i18n.set_language(language)
            one, many = problem_text(problems.journal_cut(1)), problem_text("journal_cut:28")
            assert "28" in many and one != many
            assert problem_text(problems.JOURNAL_NOT_A_FILE) != (
                "The record of the last moves was not a file: the match resumed from its last "
                "save.")
    finally:
        i18n.set_language("en")


def test_a_last_line_a_crash_cut_is_left_out_quietly(tmp_path: Path) -> None:
    paths, _played, journal = _kept(tmp_path / "home", 12)
    with journal.open("ab") as handle:
        handle.write(b'0badc0de {"n": 999, "a": ')
    files = MatchFiles(paths)
    try:
        game, problem = files.load(lambda data: data)
    finally:
        files.close()
    assert game is not None and problem is None
    assert journal_path(paths.data_dir, journal.stem.split("-")[1]) == journal
