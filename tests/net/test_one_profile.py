"""One profile, one seat: two joiners started from one user profile (one ``RAMI_HOME``) at one
table, over loopback. The second must not come back on the first one's kept token (which would
throw the first out and give the second the first one's seat and name): it takes a new seat
under its own name, and the seat kept stays the first one's."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from rami_desktop.commands import join
from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.join.seat_lock import SeatLock
from rami_desktop.storage.network_settings import joined_entry
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.settings import load_settings
from tests.net.harness import Table, config_of, host_table

RULES = PRESETS["talaj"]
LIMIT = 20.0


def until(test: Callable[[], bool], limit: float = LIMIT) -> None:
    """Wait (bounded) until ``test()`` holds."""
    deadline = time.monotonic() + limit
    while not test():
        assert time.monotonic() < deadline, "not there in time"
        time.sleep(0.02)


def joiner(table: Table, name: str, codes: list[int]) -> threading.Thread:
    """``python -m rami_desktop.join`` on a thread, its exit code into ``codes``."""
    port = table.url.rsplit(":", 1)[1].strip("/")
    argv = ["--address", "127.0.0.1", "--port", port, "--code", table.session.code,
            "--name", name, "--bot", "easy", "--seed", "1", "--timeout", "30"]
    thread = threading.Thread(target=lambda: codes.append(join.main(argv)), daemon=True)
    thread.start()
    return thread


def kept_token(paths: Paths, table: Table) -> str | None:
    port = int(table.url.rsplit(":", 1)[1].strip("/"))
    settings, _problem = load_settings(paths)
    entry = joined_entry(settings.network, "127.0.0.1", port, table.session.code)
    return str(entry["token"]) if entry else None


def test_a_second_joiner_of_one_profile_takes_a_new_seat_under_its_own_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RAMI_HOME", str(tmp_path))
    paths = Paths.from_environment()
    # three network seats: the game waits for the third, so nobody plays meanwhile
    table = host_table(config_of(RULES, "net", "net", "net"))
    codes: list[int] = []
    threads = []
    try:
        table.run()
        book = table.session.book
        threads.append(joiner(table, "First", codes))
        until(lambda: kept_token(paths, table) is not None and book.present(0))
        first_token = kept_token(paths, table)
        threads.append(joiner(table, "Second", codes))
        until(lambda: book.present(1))
        time.sleep(0.3)  # a REPLACED would have thrown the first out by now
        assert book.present(0) and book.present(1)
        names = [seat.name for seat in table.session.config.seats]
        assert names[:2] == ["First", "Second"]
        assert book.tokens[0] == first_token != book.tokens[1]
        assert kept_token(paths, table) == first_token  # the seat kept is still the first's
        assert codes == []  # neither has ended
    finally:
        table.close()
        for thread in threads:
            thread.join(LIMIT)
    assert not any(t.is_alive() for t in threads)
    # both gone: the lock is free again, and the kept seat is the first one's to come back to
    port = int(table.url.rsplit(":", 1)[1].strip("/"))
    lock = SeatLock(paths, "127.0.0.1", port, table.session.code)
    assert lock.take()
    lock.release()


def test_the_seat_lock_is_held_once_per_table_and_free_without_a_profile(
        tmp_path: Path) -> None:
    paths = Paths.under(tmp_path)
    first, second = SeatLock(paths, "h", 1, "ABCD"), SeatLock(paths, "h", 1, "ABCD")
    other = SeatLock(paths, "h", 1, "WXYZ")
    assert first.take() and first.take()  # taken again by its holder
    assert not second.take()
    assert other.take()
    first.release()
    assert second.take()
    second.release()
    other.release()
    nowhere = SeatLock(None, "h", 1, "ABCD")
    assert nowhere.take() and nowhere.held
    nowhere.release()
