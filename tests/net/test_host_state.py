"""The headless host's state folder and kept tables: an unusable ``--state`` is refused in one
line (exit 2), a second host on the same folder too (naming the first's pid), a stale lock is
taken over; a ``table.json`` that is damaged or out of range is read from its backup, or the
table is moved aside whole (never written over), with a line naming where it went."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path
from typing import Any

import pytest

from rami_desktop.commands import host
from rami_desktop.net.hall.tables import Hall, TableSpec
from rami_desktop.net.host.hosting import new_code
from rami_desktop.net.transport.server import HostServer
from rami_desktop.storage.state_folder import LOCK_NAME, StateError, lock_state

CODE = "STATE23456"


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the host's command line; it must exit 2 with one line on stderr: return it."""
    assert host.main(["--no-advertise", "--seats", "net,bot:easy", *argv]) == host.BAD_ARGS
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    return err.strip()


def test_a_regular_file_is_not_a_state_folder(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "state"
    path.write_text("kept")
    assert "not a folder" in refused(capsys, "--state", str(path))
    assert path.read_text() == "kept"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_not_a_state_folder(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "state"
    os.mkfifo(path)
    assert "FIFO" in refused(capsys, "--state", str(path))


def test_a_loop_of_links_is_not_a_state_folder(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    assert "loop" in refused(capsys, "--state", str(tmp_path / "a"))


def test_a_folder_that_cannot_be_written_is_refused(tmp_path: Path, read_only: Any,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    read_only(tmp_path / "state")
    assert "cannot be written" in refused(capsys, "--state", str(tmp_path / "state"))


def test_a_state_that_is_not_a_name_in_the_config_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tmp_path / "host.json"
    config.write_text(json.dumps({"state": 5, "tables": [{"seats": "net,bot:easy"}]}))
    assert "'state'" in refused(capsys, "--config", str(config))  # the config's check names it


def test_a_second_host_on_the_same_folder_is_refused_naming_the_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = lock_state(tmp_path / "state")  # as a host serving it holds it
    try:
        line = refused(capsys, "--state", str(tmp_path / "state"))
        assert f"pid {os.getpid()}" in line and "another rami-host" in line
    finally:
        first.release()


def test_a_stale_lock_of_a_dead_host_is_taken_over(tmp_path: Path) -> None:
    state = tmp_path / "state"
    state.mkdir()
    (state / LOCK_NAME).write_text("999999999\n")  # a host killed with kill -9 left it
    lock = lock_state(state)
    try:
        assert (state / LOCK_NAME).read_text() == f"{os.getpid()}\n"
        with pytest.raises(StateError, match=f"pid {os.getpid()}"):
            lock_state(state)
    finally:
        lock.release()
    lock_state(state).release()  # released: free again


# ---- kept tables --------------------------------------------------------------------------


def kept_table(state: Path) -> Path:
    """A table kept under ``state`` (opened, then the host stops); return its folder."""
    hall = Hall(HostServer(), state, new_code)
    hall.open(TableSpec(seats="net,bot:easy", code=CODE))
    hall.close()
    return state / "tables" / CODE


def resumed(state: Path) -> list[str]:
    hall = Hall(HostServer(), state, new_code)
    try:
        return hall.resume()
    finally:
        hall.close()


def test_a_damaged_table_json_is_read_from_its_backup(tmp_path: Path) -> None:
    folder = kept_table(tmp_path / "state")
    hall = Hall(HostServer(), tmp_path / "state", new_code)
    assert hall.resume() == [CODE]
    session = hall.tables[CODE].session
    session.set_policy("wait")  # a second write: the first is the backup
    session.commit()
    hall.close()
    assert (folder / "table.json.bak").is_file()
    (folder / "table.json").write_text('{"code": "STAT')
    assert resumed(tmp_path / "state") == [CODE]


BAD_FIELDS: list[tuple[str, Any]] = [
    ("turn_time", "nan"), ("turn_time", -5), ("turn_time", 1e309), ("turn_time", True),
    ("policy", "later"), ("rounds", 0), ("rounds", "2"), ("name", "x" * 65),
    ("tokens", {"0": 5}), ("tokens", {"seat": "abc"}), ("tokens", []), ("code", "OTHER23456"),
    ("unknown", 1),
]


@pytest.mark.parametrize(("field", "value"), BAD_FIELDS)
def test_a_table_json_out_of_range_moves_the_table_aside_whole(
        tmp_path: Path, field: str, value: Any, caplog: pytest.LogCaptureFixture) -> None:
    folder = kept_table(tmp_path / "state")
    doc = json.loads((folder / "table.json").read_text())
    doc[field] = value
    text = json.dumps(doc).replace("Infinity", "1e309")
    (folder / "table.json").write_text(text)
    match = (folder / "data" / "match.json").read_bytes()
    with caplog.at_level(logging.WARNING):
        assert resumed(tmp_path / "state") == []
    aside = list((tmp_path / "state" / "tables").glob(f"{CODE}.unreadable-*"))
    assert len(aside) == 1 and not folder.exists()
    assert (aside[0] / "data" / "match.json").read_bytes() == match  # nothing lost
    assert any(aside[0].name in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("damage", ["missing", "random", "deep", "fifo", "huge", "state5"])
def test_a_table_json_that_cannot_be_read_never_loses_the_match(
        tmp_path: Path, damage: str) -> None:
    """The issue's case: a damaged ``table.json`` beside an intact match, and a table opened
    under the same code afterwards: the kept match is still on disk, aside."""
    folder = kept_table(tmp_path / "state")
    match = (folder / "data" / "match.json").read_bytes()
    path = folder / "table.json"
    path.unlink()
    if damage == "random":
        path.write_bytes(os.urandom(300))
    elif damage == "deep":
        path.write_text("[" * 100_000 + "]" * 100_000)
    elif damage == "fifo" and hasattr(os, "mkfifo"):
        os.mkfifo(path)
    elif damage == "huge":
        path.write_text(json.dumps({"code": CODE, "name": "x" * 70_000}))
    elif damage == "state5":
        path.write_text(json.dumps(5))
    assert resumed(tmp_path / "state") == []
    hall = Hall(HostServer(), tmp_path / "state", new_code)
    hall.open(TableSpec(seats="net,bot:easy", code=CODE))  # the same code again
    hall.close()
    aside = list((tmp_path / "state" / "tables").glob(f"{CODE}.unreadable-*"))
    assert len(aside) == 1
    assert (aside[0] / "data" / "match.json").read_bytes() == match


def test_a_kept_table_not_resumed_is_moved_aside_before_its_code_is_used_again(
        tmp_path: Path) -> None:
    folder = kept_table(tmp_path / "state")
    match = (folder / "data" / "match.json").read_bytes()
    hall = Hall(HostServer(), tmp_path / "state", new_code)
    hall.open(TableSpec(seats="net,bot:easy", code=CODE))  # started again without --resume
    hall.close()
    aside = list((tmp_path / "state" / "tables").glob(f"{CODE}.unreadable-*"))
    assert len(aside) == 1 and (aside[0] / "data" / "match.json").read_bytes() == match


def test_a_table_whose_match_had_ended_is_removed_not_moved_aside(tmp_path: Path) -> None:
    """A host stopped between a match's end (its match files cleared) and the table's removal:
    nothing of the match is kept, so nothing is lost; the table is removed."""
    folder = kept_table(tmp_path / "state")
    for name in ("match.json", "match.json.bak"):
        (folder / "data" / name).unlink(missing_ok=True)
    for journal in (folder / "data").glob("journal-*"):
        journal.unlink()
    assert resumed(tmp_path / "state") == []
    assert list((tmp_path / "state" / "tables").iterdir()) == []


def test_a_table_whose_match_is_damaged_is_moved_aside(tmp_path: Path) -> None:
    folder = kept_table(tmp_path / "state")
    for name in ("match.json", "match.json.bak"):
        path = folder / "data" / name
        if path.exists():
            path.write_text("{damaged")
    assert resumed(tmp_path / "state") == []
    aside = list((tmp_path / "state" / "tables").glob(f"{CODE}.unreadable-*"))
    assert len(aside) == 1 and list((aside[0] / "data").glob("match.json.corrupt-*"))


def test_a_table_that_ended_leaves_the_tables_at_once_and_nothing_is_left(
        tmp_path: Path) -> None:
    """The end's removal renames the folder first: a host stopped in the middle of removing
    it leaves a ``.ended-`` folder, removed at the next start, never taken for a table."""
    folder = kept_table(tmp_path / "state")
    half = folder.with_name(f".ended-{CODE}-0123abcd")
    folder.rename(half)
    (half / "table.json").unlink()  # half removed
    assert resumed(tmp_path / "state") == []
    assert list((tmp_path / "state" / "tables").iterdir()) == []
