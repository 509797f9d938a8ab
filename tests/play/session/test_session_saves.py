"""The one save path: a session keeps every move on disk before it returns (a snapshot and a
journal of the steps since) and :meth:`Session.resume` brings the same game back.

Bot rounds of every preset are saved and resumed after every turn; damaged, impossible and
newer saves, a save that would not replay, and an unwritable folder."""

from __future__ import annotations

import errno
import importlib.util
import json
import logging
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from rami_desktop.engine.actions import Action
from rami_desktop.engine.match import Match
from rami_desktop.engine.rules import PRESET_NAMES
from rami_desktop.play.keep.persist import NOT_SAVED_INCONSISTENT, game_payload, rebuild_game
from rami_desktop.play.session.session import Session
from rami_desktop.storage import journal as journal_module
from rami_desktop.storage import problems
from rami_desktop.storage import saves as saves_module
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.saves import save_match
from tests.conftest import some_by_default

ROOT = Path(__file__).resolve().parents[3]


def _soak_module() -> Any:
    """tools/soak_rounds.py (its players and turns are shared with this test)."""
    spec = importlib.util.spec_from_file_location("soak_rounds", ROOT / "tools" / "soak_rounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("soak_rounds", module)
    spec.loader.exec_module(module)
    return module


soak = _soak_module()


@pytest.fixture
def paths(tmp_path: Path) -> Paths:
    """Storage folders of the test's own."""
    p = Paths.under(tmp_path / "home")
    p.ensure()
    return p


def _session(paths: Paths, preset: str, seed: int, local: bool = False,
             verify: bool = True) -> tuple[Session, dict[str, Any]]:
    config = soak.new_config(preset, seed)
    players, _kind = soak.make_players(config.players, "easy", local=local)
    options = soak.seat_players(players, random.Random(seed))
    return Session(config, store=MatchFiles(paths), verify_saves=verify, **options), options


def _apply_all(match: Match, actions: list[Action]) -> None:
    for action in actions:
        match.apply(action)


def _same(a: Match, b: Match) -> None:
    assert a.to_dict() == b.to_dict()
    assert a.round.snapshot() == b.round.snapshot()
    assert a.scores == b.scores and a.results == b.results and a.eliminated == b.eliminated


def _resume(paths: Paths, options: dict[str, Any]) -> Session:
    """The game resumed (it writes nothing until it changes: the copies are only read)."""
    resumed, problem = Session.resume(MatchFiles(paths), **options)
    assert problem is None and resumed is not None
    resumed.close()
    return resumed


def _play_checked(paths: Paths, preset: str, seed: int, max_turns: int, extra_turns: int,
                  local: bool = False) -> tuple[int, int]:
    """Play a round (then a few turns of the next), resuming the save after every turn.

    Each resumed copy is given the same next actions as the original and must stay equal; every
    fifth copy follows the original to the end. Returns (turns played, copies followed).
    """
    session, options = _session(paths, preset, seed, local)
    followers: list[tuple[int, Match]] = []  # (turn it was resumed at, copy)
    turns = 0
    after_round = -1
    while turns < max_turns and after_round < extra_turns:
        actions = soak.play_turn(session)
        turns += 1
        for _at, copy in followers:
            _apply_all(copy, actions)
            _same(copy, session.match)
        followers = [(at, c) for at, c in followers if at % 5 == 0]
        session.flush()
        assert session.save_problem is None
        if session.match.over:
            break
        resumed = _resume(paths, options)
        assert resumed.config == session.config
        _same(resumed.match, session.match)
        followers.append((turns, resumed.match))
        if after_round >= 0:
            after_round += 1
        if session.round.over:
            session.next_round()
            for _at, copy in followers:
                copy.next_round()
                _same(copy, session.match)
            after_round = max(after_round, 0)
            session.flush()  # the new deal is saved before any turn
            _same(_resume(paths, options).match, session.match)
    for _at, copy in followers:
        _same(copy, session.match)
    session.close()
    return turns, len(followers)


@pytest.mark.parametrize("preset", some_by_default(PRESET_NAMES, 2))
def test_save_and_resume_every_turn_bots(paths: Paths, preset: str) -> None:
    """Bots play; the session saves itself, and is resumed, after every turn."""
    turns, followed = _play_checked(paths, preset, seed=PRESET_NAMES.index(preset) + 11,
                                    max_turns=70, extra_turns=3)
    assert turns >= 5 and followed >= 2


@pytest.mark.parametrize("preset", some_by_default(PRESET_NAMES[::-1], 2))
def test_save_and_resume_every_turn_local_player(paths: Paths, preset: str) -> None:
    """The same with the test's own simple player (draw, lay what the solver finds, discard)."""
    turns, followed = _play_checked(paths, preset, seed=PRESET_NAMES.index(preset) + 21,
                                    max_turns=60, extra_turns=3, local=True)
    assert turns >= 5 and followed >= 2


def _two_saves(paths: Paths) -> tuple[Session, dict[str, Any]]:
    """A snapshot at the deal, turn 1 in its journal, a snapshot after turn 1 (a resumed game
    starts a journal of its own with one), turn 2 in its journal; return the session and the
    turn-1 match data."""
    session, options = _session(paths, "tallage", 3)
    soak.play_turn(session)
    first = session.match.to_dict()
    session.close()
    resumed, problem = Session.resume(MatchFiles(paths), **options)
    assert problem is None and resumed is not None
    soak.play_turn(resumed)
    assert paths.match_backup.exists()
    return resumed, first


def test_damaged_save_uses_the_backup(paths: Paths) -> None:
    session, first = _two_saves(paths)
    paths.match_file.write_bytes(b'{"format": "rami-save", "version": 1, "match": {"con')
    resumed, problem = Session.resume(MatchFiles(paths))
    assert problem == problems.CORRUPT_RESTORED_BACKUP
    assert resumed is not None
    assert resumed.config == session.config and resumed.match.to_dict() == first
    assert list(paths.data_dir.glob("match.json.corrupt-*"))
    # the backup was copied back under the real name: the next start is clean
    resumed, problem = Session.resume(MatchFiles(paths))
    assert problem is None and resumed is not None and resumed.match.to_dict() == first


def _impossible(data: dict[str, Any]) -> dict[str, Any]:
    """The same game with the first discard changed to a player who is not to play."""
    data = json.loads(json.dumps(data))
    steps = data["match"]["rounds"][0]
    discard = next(s for s in steps if s["do"] == "discard")
    discard["player"] = (discard["player"] + 1) % data["match"]["seats"]
    return data


def test_impossible_game_is_moved_aside(paths: Paths) -> None:
    """A log the rules refuse, with no backup: moved aside, nothing loaded, a problem code."""
    session, _options = _session(paths, "talaj", 8)
    for _turn in range(3):
        soak.play_turn(session)
    session.close()
    paths.match_file.unlink()
    paths.match_backup.unlink(missing_ok=True)
    payload = game_payload(session.config, session.match)
    assert save_match(paths, _impossible(payload)) is None
    with pytest.raises(ValueError):
        rebuild_game(_impossible(payload))
    resumed, problem = Session.resume(MatchFiles(paths))
    assert resumed is None and problem == problems.CORRUPT_NO_BACKUP
    assert not paths.match_file.exists()
    assert len(list(paths.data_dir.glob("match.json.corrupt-*"))) == 1
    assert not MatchFiles(paths).exists()


def test_impossible_game_falls_back_on_the_backup(paths: Paths) -> None:
    session, _first = _two_saves(paths)
    # an impossible game written over the save (by a bug): the previous turn is loaded
    assert save_match(paths, _impossible(session.payload())) is None
    resumed, problem = Session.resume(MatchFiles(paths))
    assert problem == problems.CORRUPT_RESTORED_BACKUP and resumed is not None
    assert resumed.round.snapshot() == Match.from_dict(session.match.to_dict()).round.snapshot()


@pytest.mark.parametrize("change", ["seats", "config", "match", "shape"])
def test_setup_that_does_not_fit(paths: Paths, change: str) -> None:
    payload: Any = game_payload(soak.new_config("talaj", 4), Match(
        soak.new_config("talaj", 4).rules, 3, 4))
    if change == "seats":
        payload["config"]["seats"] = payload["config"]["seats"][:2]
    elif change == "config":
        payload["config"]["preset"] = "no-such-preset"
    elif change == "match":
        payload["match"]["seed"] = "seven"
    else:
        payload = [payload]
    with pytest.raises(ValueError):
        rebuild_game(payload)
    assert save_match(paths, payload if isinstance(payload, dict) else {"x": payload}) is None
    resumed, problem = Session.resume(MatchFiles(paths))
    assert resumed is None and problem == problems.CORRUPT_NO_BACKUP


def test_a_match_that_does_not_replay_is_not_saved(paths: Paths,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken state never replaces the last good save (nor pushes it out of the backup)."""
    session, _first = _two_saves(paths)
    before = (paths.match_file.read_bytes(), paths.match_backup.read_bytes())
    good = session.match.to_dict()
    monkeypatch.setattr(session.match, "to_dict",
                        lambda: _impossible({"match": good})["match"])
    session.match.logs[-1].clear()  # as if the round began again: a snapshot is due
    session.autosave()
    assert session.keeper is not None and session.keeper.problem == NOT_SAVED_INCONSISTENT
    session.autosave()
    assert session.keeper.problem == NOT_SAVED_INCONSISTENT
    assert (paths.match_file.read_bytes(), paths.match_backup.read_bytes()) == before


def test_newer_save_is_kept(paths: Paths) -> None:
    session, _options = _session(paths, "simple", 2)
    session.autosave()
    session.flush()
    data = json.loads(paths.match_file.read_text("utf-8"))
    data["version"] = 99
    paths.match_file.write_text(json.dumps(data), "utf-8")
    resumed, problem = Session.resume(MatchFiles(paths))
    assert resumed is None and problem == problems.NEWER_VERSION
    assert paths.match_file.exists()
    assert (paths.data_dir / "match.json.newer").exists()


def test_a_full_disk_pauses_the_game_until_it_is_kept(
        paths: Paths, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """ENOSPC on every write: the move that could not be kept is the last one played (no bot
    plays, no move is taken), the problem is kept for the screen, tries on a backoff make one
    log line, the last good state stays on disk; once there is room, a try keeps it all and
    play goes on."""
    session, options = _session(paths, "talaj", 1)
    now = [0.0]
    session.clock = lambda: now[0]
    soak.play_turn(session)
    kept = session.match.to_dict()

    def full(*_args: Any, **_kwargs: Any) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(journal_module, "_write_all", full)
    monkeypatch.setattr(saves_module, "write_atomic_safe",
                        lambda *_a, **_k: problems.DISK_FULL)
    with caplog.at_level(logging.WARNING):
        soak.play_turn(session)
        played = session.match.to_dict()
        assert sum(map(len, played["rounds"])) == sum(map(len, kept["rounds"])) + 1
        for _try in range(6):
            soak.play_turn(session)  # nothing is played while it waits
            assert session.bot_turn() is None and session.holds(0)
            now[0] += 10.0
            assert not session.keep_again()
    assert session.match.to_dict() == played
    assert session.save_problem == problems.DISK_FULL
    assert session.keeper is not None and session.keeper.failures >= 6
    lines = [r for r in caplog.records if "could not be kept" in r.getMessage()]
    assert len(lines) == 1
    resumed, problem = Session.resume(MatchFiles(paths), **options)
    assert problem is None and resumed is not None
    assert resumed.match.to_dict() == kept
    monkeypatch.undo()
    assert not session.keep_again()  # its backoff is not over yet
    now[0] += 10.0
    assert session.keep_again() and session.save_problem is None
    resumed, problem = Session.resume(MatchFiles(paths), **options)
    assert problem is None and resumed is not None
    assert resumed.match.to_dict() == played
    soak.play_turn(session)
    resumed, problem = Session.resume(MatchFiles(paths), **options)
    assert resumed is not None and resumed.match.to_dict() == session.match.to_dict()


def test_no_save_and_a_finished_match_clears_it(paths: Paths) -> None:
    assert Session.resume(MatchFiles(paths)) == (None, None)
    session, _options = _session(paths, "rami-talaj", 6)
    session.autosave()
    session.flush()
    assert MatchFiles(paths).exists()
    session.match.round.over = True  # as if the match had ended
    monkey_over = type(session.match).over
    try:
        type(session.match).over = property(lambda m: True)  # type: ignore[assignment]
        session.autosave()
        session.flush()
    finally:
        type(session.match).over = monkey_over  # type: ignore[assignment]
    assert not MatchFiles(paths).exists()
    assert Session.resume(MatchFiles(paths)) == (None, None)


def _bench_load() -> Any:
    spec = importlib.util.spec_from_file_location("bench_load", ROOT / "tools" / "bench_load.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_loading_is_linear_in_the_size_of_the_save() -> None:
    """A save four times longer (one turn's lay-and-undo moves, the longest a turn makes)
    takes about four times as long to load, not sixteen. Prints the figures."""
    bench = _bench_load()
    small, big = bench.crafted_save(600), bench.crafted_save(2400)
    t_small, t_big = bench.load_seconds(small), bench.load_seconds(big)
    ratio = t_big / t_small
    print(f"load {len(small) / 1e3:.0f} kB: {t_small * 1e3:.0f} ms; {len(big) / 1e3:.0f} kB: "
          f"{t_big * 1e3:.0f} ms (x{ratio:.1f} for x{len(big) / len(small):.1f} the size)")
    assert ratio < 8
