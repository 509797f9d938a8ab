"""A pass's files flushed together: each writer hears, in order, that what it wrote is on disk,
or what refused it; a refused flush breaks the journal it holds (nothing more is appended to
it: its writer starts a new one with a snapshot) and tells nobody it was kept."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from rami_desktop.storage import problems, sync_batch
from rami_desktop.storage.journal import Journal, read_journal
from rami_desktop.storage.sync_batch import Flusher, SyncBatch


def journals(folder: Path, count: int) -> list[Journal]:
    made = []
    for i in range(count):
        journal = Journal(folder, f"{i:016x}")
        assert journal.create() is None
        made.append(journal)
    return made


@pytest.mark.parametrize("together", [True, False])
def test_the_lines_of_a_pass_are_told_kept_in_order_once_flushed(
        tmp_path: Path, together: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    flushed: list[list[int]] = []
    real = Flusher.flush

    def watched(self: Flusher, fds: list[int]) -> dict[int, OSError]:
        flushed.append(list(fds))
        return real(self, fds)

    monkeypatch.setattr(Flusher, "flush", watched)
    batch = SyncBatch(Flusher(together))
    told: list[tuple[int, str | None]] = []
    kept = journals(tmp_path, 3)
    for i, journal in enumerate(kept):
        share = batch.share()
        assert journal.append([{"a": i}, {"a": i + 10}], share) is None
        share.then(lambda problem, i=i: told.append((i, problem)))
    assert told == [] and flushed == []  # written, not yet told
    batch.sync()
    assert told == [(0, None), (1, None), (2, None)]
    assert len(flushed) == 1 and len(flushed[0]) == 3  # one flush for them all
    for i, journal in enumerate(kept):
        assert [s["a"] for s in read_journal(tmp_path, journal.id).steps] == [i, i + 10]
        assert journal.append([{"a": 99}]) is None  # still open for more


@pytest.mark.parametrize("together", [True, False])
def test_a_refused_flush_tells_each_writer_why_and_breaks_its_journal(
        tmp_path: Path, together: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if together and not sync_batch.syncfs_works():
        pytest.skip("no syncfs here")

    first, second = journals(tmp_path, 2)

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(sync_batch, "syncfs", full)
    monkeypatch.setattr(os, "fsync", full)
    batch = SyncBatch(Flusher(together))
    told: list[str | None] = []
    for journal in (first, second):
        share = batch.share()
        assert journal.append([{"a": 1}], share) is None
        share.then(told.append)
    batch.sync()
    assert told == [problems.DISK_FULL, problems.DISK_FULL]
    assert first.broken and second.broken
    assert first.append([{"a": 2}]) == problems.UNWRITABLE  # a new snapshot, a new journal


def test_a_writer_that_wrote_nothing_is_told_at_once_and_nothing_is_flushed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def never(fd: int) -> None:
        raise AssertionError("nothing to flush")

    monkeypatch.setattr(sync_batch, "syncfs", never)
    monkeypatch.setattr(os, "fsync", never)
    batch = SyncBatch(Flusher())
    told: list[str | None] = []
    batch.share().then(told.append)
    batch.sync()
    assert told == [None]
    batch.sync()  # an empty batch again: nothing
    assert told == [None]
