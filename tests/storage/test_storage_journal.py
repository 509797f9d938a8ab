"""The journal of a kept match: steps on disk once appended, a line a crash cut short (the last)
left out and never a reason to lose the match, a damaged line ending what is read, two journals
kept at most, and a game resumed from a snapshot and the journal's steps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.storage.journal import Journal, encode_line, journal_path, read_steps
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths

JOURNAL_ID = "0123456789abcdef"


def written(folder: Path, count: int) -> Journal:
    journal = Journal(folder, JOURNAL_ID)
    assert journal.create() is None
    assert journal.append([{"a": i} for i in range(count)]) is None
    journal.close()
    return journal


def test_appended_steps_read_back_in_order(tmp_path: Path) -> None:
    written(tmp_path, 5)
    assert [s["a"] for s in read_steps(tmp_path, JOURNAL_ID)] == [0, 1, 2, 3, 4]
    assert [s["n"] for s in read_steps(tmp_path, JOURNAL_ID)] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("cut", [1, 5, 20])
def test_a_last_line_cut_by_a_crash_is_left_out(tmp_path: Path, cut: int) -> None:
    written(tmp_path, 3)
    path = journal_path(tmp_path, JOURNAL_ID)
    with path.open("ab") as handle:
        handle.write(encode_line({"n": 4, "a": 3})[:cut])
    assert [s["a"] for s in read_steps(tmp_path, JOURNAL_ID)] == [0, 1, 2]


def test_a_damaged_line_ends_what_is_read(tmp_path: Path) -> None:
    written(tmp_path, 4)
    path = journal_path(tmp_path, JOURNAL_ID)
    lines = path.read_bytes().split(b"\n")
    lines[2] = lines[2].replace(b'"a":1', b'"a":7')  # its check no longer holds
    path.write_bytes(b"\n".join(lines))
    assert [s["a"] for s in read_steps(tmp_path, JOURNAL_ID)] == [0]


def test_another_journal_under_the_name_is_refused(tmp_path: Path) -> None:
    written(tmp_path, 2)
    path = journal_path(tmp_path, JOURNAL_ID)
    lines = path.read_bytes().split(b"\n")
    lines[0] = encode_line({"journal": "ffffffffffffffff"}).rstrip(b"\n")
    path.write_bytes(b"\n".join(lines))
    with pytest.raises(ValueError):
        read_steps(tmp_path, JOURNAL_ID)


def test_a_missing_journal_leaves_the_snapshot_alone(tmp_path: Path) -> None:
    assert read_steps(tmp_path, JOURNAL_ID) == []


def _config() -> GameConfig:
    """Two easy bots; a target no match of the tests reaches."""
    return GameConfig(rules=preset("tallage", target=100_000), seed=11,
                      seats=(Seat(None, "bot", "easy"), Seat(None, "bot", "easy")))


def test_a_game_resumes_from_its_snapshot_and_journal_even_with_a_torn_tail(
        tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    session = Session(_config(), store=MatchFiles(paths))
    for _step in range(30):
        if session.round.over:
            break
        session.step_bot()
    kept = session.match.to_dict()
    journals = list(paths.data_dir.glob("journal-*.jsonl"))
    assert len(journals) == 1
    with journals[0].open("ab") as handle:  # a crash in the middle of the next append
        handle.write(b'1234abcd {"n": 999, "a": {"pla')
    resumed, problem = Session.resume(MatchFiles(paths))
    assert problem is None and resumed is not None
    assert resumed.match.to_dict() == kept
    resumed.close()
    session.close()


def test_two_journals_are_kept_at_most(tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    session = Session(_config(), store=MatchFiles(paths))
    for _round in range(3):
        while not session.round.over:
            session.step_bot()
        if session.match.over:
            break
        session.next_round()
        assert len(list(paths.data_dir.glob("journal-*.jsonl"))) <= 2
    document = json.loads(paths.match_file.read_text())
    assert (paths.data_dir / f"journal-{document['journal']}.jsonl").exists()
    session.close()
