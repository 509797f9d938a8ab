"""Atomic writes, backups, moving damaged files aside, and a process killed while saving."""

from __future__ import annotations

import errno
import json
import os
import time
from pathlib import Path

import pytest

from rami_desktop.storage import atomic, problems
from rami_desktop.storage.atomic import (
    KEEP_CORRUPT,
    backup_path,
    newer_path,
    read_with_backup,
    write_atomic,
    write_atomic_safe,
)
from rami_desktop.storage.versioning import NewerVersionError, upgrade


def parse(raw: bytes) -> dict:
    data = json.loads(raw)
    if not isinstance(data, dict):
        raise ValueError("not an object")
    return upgrade(data, 1, {})


def doc(n: int, version: int = 1) -> bytes:
    return json.dumps({"version": version, "n": n}).encode()


def corrupt_files(path: Path) -> list[Path]:
    return sorted(path.parent.glob(path.name + ".corrupt-*"))


def test_write_keeps_previous_as_backup(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "f.json"
    write_atomic(path, doc(1))
    assert path.read_bytes() == doc(1) and not backup_path(path).exists()
    write_atomic(path, doc(2))
    write_atomic(path, doc(3))
    assert path.read_bytes() == doc(3)
    assert backup_path(path).read_bytes() == doc(2)
    assert sorted(p.name for p in path.parent.iterdir()) == ["f.json", "f.json.bak"]


def test_bad_file_never_becomes_the_backup(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    write_atomic(path, doc(1))
    write_atomic(path, doc(2))
    path.write_bytes(b"{broken")
    write_atomic(path, doc(3), is_good=lambda raw: bool(parse(raw)))
    assert backup_path(path).read_bytes() == doc(1)
    assert path.read_bytes() == doc(3)


def test_without_hard_links_the_backup_is_still_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_link(*args: object) -> None:
        raise OSError(errno.EPERM, "no hard links here")

    monkeypatch.setattr(os, "link", no_link)
    path = tmp_path / "f.json"
    write_atomic(path, doc(1))
    write_atomic(path, doc(2))
    assert backup_path(path).read_bytes() == doc(1) and path.read_bytes() == doc(2)


def test_read_good_file(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    assert read_with_backup(path, parse) == (None, None)
    write_atomic(path, doc(1))
    assert read_with_backup(path, parse) == ({"version": 1, "n": 1}, None)


def test_corrupt_file_restores_backup(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    write_atomic(path, doc(1))
    write_atomic(path, doc(2))
    path.write_bytes(b'{"version": 1, "n": ')
    value, problem = read_with_backup(path, parse)
    assert (value, problem) == ({"version": 1, "n": 1}, problems.CORRUPT_RESTORED_BACKUP)
    [aside] = corrupt_files(path)
    assert aside.read_bytes() == b'{"version": 1, "n": '
    assert path.read_bytes() == doc(1)  # restored under the real name
    assert read_with_backup(path, parse) == ({"version": 1, "n": 1}, None)


def test_corrupt_without_backup(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(b"\x00\xff garbage")
    assert read_with_backup(path, parse) == (None, problems.CORRUPT_NO_BACKUP)
    assert not path.exists() and len(corrupt_files(path)) == 1


def test_corrupt_file_and_backup(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(b"[]")
    backup_path(path).write_bytes(b"nope")
    assert read_with_backup(path, parse) == (None, problems.CORRUPT_NO_BACKUP)
    assert len(corrupt_files(path)) == 1 and len(corrupt_files(backup_path(path))) == 1
    assert read_with_backup(path, parse) == (None, None)


def test_missing_file_with_backup(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    backup_path(path).write_bytes(doc(7))
    value, problem = read_with_backup(path, parse)
    assert (value, problem) == ({"version": 1, "n": 7}, problems.MISSING_RESTORED_BACKUP)
    assert path.read_bytes() == doc(7)


def test_missing_file_with_bad_backup(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    backup_path(path).write_bytes(b"{")
    assert read_with_backup(path, parse) == (None, problems.CORRUPT_NO_BACKUP)


def test_at_most_a_few_corrupt_files_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    for i in range(KEEP_CORRUPT + 4):
        path.write_bytes(b"bad %d" % i)
        read_with_backup(path, parse)
    kept = corrupt_files(path)
    assert len(kept) == KEEP_CORRUPT
    assert kept[-1].read_bytes() == b"bad %d" % (KEEP_CORRUPT + 3)  # the newest are kept


def test_newer_version_is_kept_and_not_loaded(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    write_atomic(path, doc(1))
    write_atomic(path, doc(2, version=9))
    assert read_with_backup(path, parse) == (None, problems.NEWER_VERSION)
    assert path.read_bytes() == doc(2, version=9)  # left in place
    assert newer_path(path).read_bytes() == doc(2, version=9)  # and copied aside
    assert corrupt_files(path) == []


def test_newer_version_error_carries_version() -> None:
    with pytest.raises(NewerVersionError) as info:
        upgrade({"version": 3}, 2, {})
    assert info.value.version == 3


def test_upgraders_run_in_order() -> None:
    steps = {1: lambda d: {**d, "a": 1}, 2: lambda d: {**d, "b": d["a"] + 1}}
    assert upgrade({"version": 1}, 3, steps) == {"version": 3, "a": 1, "b": 2}
    with pytest.raises(ValueError):
        upgrade({"version": 1}, 3, {1: steps[1]})
    for bad in ({}, {"version": "1"}, {"version": 0}, {"version": True}):
        with pytest.raises(ValueError):
            upgrade(bad, 1, {})


def test_a_folder_in_the_files_place_is_set_aside_and_the_backup_used(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.mkdir()
    assert read_with_backup(path, parse) == (None, None)
    assert not path.exists() and list(tmp_path.glob("f.json.not-a-file-*"))
    path.mkdir()
    backup_path(path).write_bytes(doc(4))
    assert read_with_backup(path, parse) == ({"version": 1, "n": 4},
                                             problems.MISSING_RESTORED_BACKUP)
    assert path.is_file()  # the backup was put back under the real name


def test_huge_file_is_treated_as_damaged(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(atomic, "MAX_BYTES", 10)
    path = tmp_path / "f.json"
    path.write_bytes(doc(123456789))
    assert read_with_backup(path, parse) == (None, problems.CORRUPT_NO_BACKUP)


def test_parser_crash_of_any_kind_is_contained(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    path.write_bytes(b"[" * 100_000 + b"]" * 100_000)

    def deep(raw: bytes) -> object:
        return json.loads(raw)["key"]

    assert read_with_backup(path, deep) == (None, problems.CORRUPT_NO_BACKUP)


def test_stale_temporary_files_are_removed(tmp_path: Path) -> None:
    path = tmp_path / "f.json"
    stale = tmp_path / ".f.json.tmp-999-dead"
    fresh = tmp_path / ".f.json.tmp-998-live"
    stale.write_bytes(b"half")
    fresh.write_bytes(b"half")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    write_atomic(path, doc(1))
    assert not stale.exists() and fresh.exists()


def test_failed_write_leaves_everything_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "f.json"
    write_atomic(path, doc(1))
    write_atomic(path, doc(2))
    real_replace = os.replace

    def failing_replace(src: object, dst: object) -> None:
        if Path(str(dst)) == path:
            raise OSError(errno.ENOSPC, "No space left on device")
        real_replace(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", failing_replace)
    assert write_atomic_safe(path, doc(3)) == problems.DISK_FULL
    assert path.read_bytes() == doc(2)
    assert read_with_backup(path, parse)[0] == {"version": 1, "n": 2}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f.json", "f.json.bak"]


def test_write_into_read_only_folder_is_reported(tmp_path: Path, read_only) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "ro" / "f.json"
    write_atomic(path, doc(1))
    read_only(path.parent)
    assert write_atomic_safe(path, doc(2)) == problems.UNWRITABLE
    assert write_atomic_safe(tmp_path / "ro" / "sub" / "g.json", doc(2)) == problems.UNWRITABLE
    assert read_with_backup(path, parse) == ({"version": 1, "n": 1}, None)
    # a damaged file that cannot be moved aside is reported as such, and left as it is
    with open(path, "wb") as handle:  # builtin open: allowed by the simulation, like a root user
        handle.write(b"{bad")
    value, problem = read_with_backup(path, parse)
    assert value is None and problem == problems.CORRUPT_NOT_MOVED
    assert path.read_bytes() == b"{bad"
