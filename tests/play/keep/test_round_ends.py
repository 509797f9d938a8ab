"""A finished round is kept with its last action: its round file and its statistics are
written once its last action is on disk, written again by Continue when a kill came first,
tried again when the disk refuses them, and never counted twice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rami_desktop.play.session.session import Session
from rami_desktop.storage import problems
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.round_files import RoundFiles
from rami_desktop.storage.stats import StatsFiles, load_stats, record_round_end
from tests.play.session.test_session_kill import soak


@pytest.fixture
def paths(tmp_path: Path) -> Paths:
    """Storage folders of the test's own."""
    p = Paths.under(tmp_path / "home")
    p.ensure()
    return p


def open_game(paths: Paths, **options: Any) -> Session:
    """The soak's game (Amal and three bots), kept as the game keeps it."""
    return Session(soak.soak_config(8), store=MatchFiles(paths), stats=StatsFiles(paths),
                   rounds=RoundFiles.of(paths), **options)


def continued(paths: Paths, **options: Any) -> Session:
    """Continue: the saved match resumed."""
    session, problem = Session.resume(MatchFiles(paths), StatsFiles(paths),
                                      rounds=RoundFiles.of(paths), **options)
    assert session is not None and problem is None
    return session


def play_to_round_end(session: Session) -> None:
    """Play until the current round is over (Amal's moves through play, bots)."""
    human = soak.Human(session.seed)
    for _action in range(3000):
        if session.round.over:
            return
        soak.step(session, human)
    raise AssertionError("the round did not end")


def rounds_played(paths: Paths) -> int:
    """Amal's rounds counted in the statistics."""
    stats, _problem = load_stats(paths)
    return stats.for_player("Amal").for_preset("tallage").rounds_played


def kept_rounds(paths: Paths) -> list[int]:
    """The numbers of the round files kept."""
    return sorted(r.number for r in RoundFiles.of(paths).listing())


def test_a_kill_before_the_round_file_is_written_is_mended_by_continue(
        paths: Paths) -> None:
    """The round's last action is on disk, its file and statistics are not (the writer
    thread never ran them: the game was killed): Continue writes them, once."""
    session = open_game(paths)
    session.writer.run = lambda job: None  # type: ignore[method-assign]  # killed first
    play_to_round_end(session)
    assert session.round.over and kept_rounds(paths) == [] and rounds_played(paths) == 0
    again = continued(paths)  # as after kill -9: nothing of the first session is closed
    again.flush()
    assert kept_rounds(paths) == [1] and rounds_played(paths) == 1
    again.close()
    third = continued(paths)  # a second Continue counts nothing again
    third.flush()
    assert kept_rounds(paths) == [1] and rounds_played(paths) == 1
    third.next_round()
    play_to_round_end(third)
    third.flush()
    third.autosave()
    assert kept_rounds(paths) == [1, 2] and rounds_played(paths) == 2  # two rounds: two
    third.close()


def test_a_kill_after_the_next_deal_still_keeps_the_round_before(paths: Paths) -> None:
    """Killed once the next round was dealt, its round before never written: Continue in the
    middle of the new round writes it (the save says it is not kept yet)."""
    session = open_game(paths)
    session.writer.run = lambda job: None  # type: ignore[method-assign]
    play_to_round_end(session)
    session.next_round()
    soak.step(session, soak.Human(session.seed))
    again = continued(paths)
    again.flush()
    assert kept_rounds(paths) == [1] and rounds_played(paths) == 1
    again.close()


def test_a_full_disk_at_the_round_end_is_said_once_and_kept_when_there_is_room(
        paths: Paths, monkeypatch: pytest.MonkeyPatch) -> None:
    now = [0.0]
    session = open_game(paths, clock=lambda: now[0])
    real_keep = RoundFiles.keep
    full = [True]

    def keep(files: RoundFiles, payload: dict[str, Any], name: str | None = None) -> str | None:
        return problems.DISK_FULL if full[0] else real_keep(files, payload, name)

    monkeypatch.setattr(RoundFiles, "keep", keep)
    play_to_round_end(session)
    session.flush()
    session.autosave()
    assert session.rounds_problem == problems.DISK_FULL
    assert kept_rounds(paths) == [] and rounds_played(paths) == 0
    assert session.save_problem is None  # the match itself is kept: play goes on
    now[0] += 1.0
    session.autosave()
    session.flush()
    assert session.rounds_problem == problems.DISK_FULL  # tried again: still refused
    full[0] = False
    now[0] += 10.0
    session.autosave()  # its backoff over: tried again
    session.flush()
    session.autosave()
    assert session.rounds_problem is None
    assert kept_rounds(paths) == [1] and rounds_played(paths) == 1
    again = continued(paths)  # kept with the match: Continue writes nothing again
    again.flush()
    assert kept_rounds(paths) == [1] and rounds_played(paths) == 1
    again.close()
    session.close()


def test_a_round_is_counted_once_under_its_key(paths: Paths) -> None:
    from rami_desktop.storage.stats import MatchLine, RoundLine

    line = RoundLine("Amal", "talaj", won=True, turns=9, opening_points=71)
    end = MatchLine("Amal", "talaj", won=True, rounds=3)
    for _twice in range(2):
        _stats, problem = record_round_end(paths, "m1/3", [line], [end])
        assert problem is None
    mine = load_stats(paths)[0].for_player("Amal").for_preset("talaj")
    assert (mine.rounds_played, mine.rounds_won, mine.matches_played) == (1, 1, 1)
    record_round_end(paths, "m1/4", [line])
    assert load_stats(paths)[0].for_player("Amal").for_preset("talaj").rounds_played == 2
