"""Everything the game and the host write is theirs alone: files 0600 in folders 0700, whatever
the umask (seat tokens, matches, settings, the host's tables)."""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from rami_desktop.net.hall.tables import Hall, TableSpec
from rami_desktop.net.host.hosting import new_code
from rami_desktop.net.transport.server import HostServer
from rami_desktop.storage.atomic import write_atomic
from rami_desktop.storage.private import open_private, private_folder
from rami_desktop.storage.table_folders import TableFiles

POSIX = pytest.mark.skipif(os.name == "nt", reason="POSIX modes")


def mode(path: Path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture(autouse=True)
def open_umask() -> Iterator[None]:
    old = os.umask(0o022)  # the usual default: everything world-readable unless we say so
    try:
        yield
    finally:
        os.umask(old)


@POSIX
def test_a_file_written_and_the_folders_made_for_it_are_private(tmp_path: Path) -> None:
    target = tmp_path / "a" / "b" / "c.json"
    write_atomic(target, b"{}")
    write_atomic(target, b"[]")  # again: the backup keeps the mode
    assert mode(target) == 0o600
    assert mode(target.with_name("c.json.bak")) == 0o600
    assert mode(tmp_path / "a") == mode(tmp_path / "a" / "b") == 0o700


@POSIX
def test_a_table_kept_by_the_host_is_private(tmp_path: Path) -> None:
    files = TableFiles(tmp_path / "state", "ABCDE23456")
    assert files.save({"code": "ABCDE23456", "tokens": {"0": "x" * 24}}) is None
    assert mode(files.folder / "table.json") == 0o600
    for folder in (tmp_path / "state", tmp_path / "state" / "tables", files.folder):
        assert mode(folder) == 0o700


@POSIX
def test_a_file_opened_to_append_is_narrowed_to_0600(tmp_path: Path) -> None:
    old = tmp_path / "journal"
    old.write_bytes(b"x")
    old.chmod(0o644)  # left by an older version
    os.close(open_private(old, os.O_WRONLY | os.O_APPEND))
    assert mode(old) == 0o600
    assert private_folder(tmp_path / "p" / "q") == tmp_path / "p" / "q"
    assert mode(tmp_path / "p") == 0o700


@POSIX
def test_a_hosted_tables_files_are_private(tmp_path: Path) -> None:
    hall = Hall(HostServer(), tmp_path / "state", new_code)
    hall.open(TableSpec("talaj", "net,bot:easy", "ABCDE23456", 1, "wait", 0.0, 7, ""))
    hall.close()
    found = [Path(root) / name for root, dirs, files in os.walk(tmp_path / "state")
             for name in dirs + files]
    assert {p.name for p in found} >= {"tables", "ABCDE23456", "table.json", "match.json"}
    for path in found:
        assert mode(path) == (0o700 if path.is_dir() else 0o600), path
