"""The game autosave: a save and a reload at every turn of bot rounds in every preset, damaged
and impossible saves, and a save that would not replay."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rami_desktop.engine.actions import Action
from rami_desktop.engine.match import Match
from rami_desktop.engine.rules import PRESET_NAMES
from rami_desktop.storage import problems
from rami_desktop.storage.match_io import (
    NOT_SAVED_INCONSISTENT,
    autosave,
    clear_saved_game,
    game_payload,
    has_saved_game,
    load_saved_game,
    rebuild_game,
)
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.saves import save_match

ROOT = Path(__file__).resolve().parents[2]


def _soak_module() -> Any:
    """tools/soak_rounds.py (its bot driver is shared with this test)."""
    spec = importlib.util.spec_from_file_location("soak_rounds", ROOT / "tools" / "soak_rounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("soak_rounds", module)
    spec.loader.exec_module(module)
    return module


soak = _soak_module()


def _apply_all(match: Match, actions: list[Action]) -> None:
    for action in actions:
        match.apply(action)


def _same(a: Match, b: Match) -> None:
    assert a.to_dict() == b.to_dict()
    assert a.round.snapshot() == b.round.snapshot()
    assert a.scores == b.scores and a.results == b.results and a.eliminated == b.eliminated


def _play_checked(paths: Paths, preset: str, seed: int, max_turns: int,
                  extra_turns: int, local: bool = False) -> tuple[int, int]:
    """Play a round (then a few turns of the next) with a save and a reload after every turn.

    Each reloaded copy is given the same next actions as the original and must stay equal; every
    fifth copy follows the original to the end. Returns (turns played, copies followed to the end).
    """
    config, match = soak.new_match(preset, seed)
    players, _kind = soak.make_players(match.n, "easy", local=local)
    rng = random.Random(seed)
    followers: list[tuple[int, Match]] = []  # (turn it was loaded at, copy)
    turns = 0
    after_round = -1
    while turns < max_turns and after_round < extra_turns:
        actions = soak.play_turn(match, players, rng)
        turns += 1
        for _loaded_at, copy in followers:
            _apply_all(copy, actions)
            _same(copy, match)
        followers = [(at, c) for at, c in followers if at % 5 == 0]
        assert autosave(paths, config, match) is None
        game, problem = load_saved_game(paths)
        assert problem is None and game is not None
        loaded_config, loaded = game
        assert loaded_config == config
        _same(loaded, match)
        followers.append((turns, loaded))
        if after_round >= 0:
            after_round += 1
        if match.round.over:
            if match.over:
                break
            match.next_round()
            for _loaded_at, copy in followers:
                copy.next_round()
                _same(copy, match)
            after_round = max(after_round, 0)
            assert autosave(paths, config, match) is None  # the new deal, before any turn
            game, problem = load_saved_game(paths)
            assert problem is None and game is not None
            _same(game[1], match)
    for _loaded_at, copy in followers:
        _same(copy, match)
    return turns, len(followers)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_save_and_reload_every_turn_bots(paths: Paths, preset: str) -> None:
    """Bots play; a save and a reload after every turn."""
    turns, followed = _play_checked(paths, preset, seed=PRESET_NAMES.index(preset) + 11,
                                    max_turns=70, extra_turns=3)
    assert turns >= 5 and followed >= 2


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_save_and_reload_every_turn_local_player(paths: Paths, preset: str) -> None:
    """The same with the test's own simple player (draw, lay what the solver finds, discard)."""
    turns, followed = _play_checked(paths, preset, seed=PRESET_NAMES.index(preset) + 21,
                                    max_turns=120, extra_turns=3, local=True)
    assert turns >= 5 and followed >= 2


def test_continue_from_a_reload_equals_the_original(paths: Paths) -> None:
    """Going on from a reloaded copy with the same actions gives the same round and scores."""
    config, match = soak.new_match("talaj", 5)
    players, _kind = soak.make_players(match.n, "easy")
    rng = random.Random(5)
    for _turn in range(6):
        soak.play_turn(match, players, rng)
    assert autosave(paths, config, match) is None
    game, _problem = load_saved_game(paths)
    assert game is not None
    copy = game[1]
    while not match.round.over:
        actions = soak.play_turn(match, players, rng)
        _apply_all(copy, actions)
    _same(copy, match)


def _two_saves(paths: Paths) -> tuple[Any, Match, dict[str, Any]]:
    """Save after turn 1 and after turn 2; return (config, match, the turn-1 dict)."""
    config, match = soak.new_match("tallage", 3)
    players, _kind = soak.make_players(match.n, "easy")
    rng = random.Random(3)
    soak.play_turn(match, players, rng)
    assert autosave(paths, config, match) is None
    first = match.to_dict()
    soak.play_turn(match, players, rng)
    assert autosave(paths, config, match) is None
    return config, match, first


def test_damaged_save_uses_the_backup(paths: Paths) -> None:
    config, _match, first = _two_saves(paths)
    paths.match_file.write_bytes(b'{"format": "rami-save", "version": 1, "match": {"con')
    game, problem = load_saved_game(paths)
    assert problem == problems.CORRUPT_RESTORED_BACKUP
    assert game is not None
    assert game[0] == config and game[1].to_dict() == first
    assert list(paths.data_dir.glob("match.json.corrupt-*"))
    # the backup was copied back under the real name: the next start is clean
    game, problem = load_saved_game(paths)
    assert problem is None and game is not None and game[1].to_dict() == first


def _impossible(data: dict[str, Any]) -> dict[str, Any]:
    """The same game with the first discard changed to a card the player does not hold."""
    data = json.loads(json.dumps(data))
    steps = data["match"]["rounds"][0]
    discard = next(s for s in steps if s["do"] == "discard")
    discard["player"] = (discard["player"] + 1) % data["match"]["seats"]
    return data


def test_impossible_game_is_moved_aside(paths: Paths) -> None:
    """A log the rules refuse, with no backup: moved aside, nothing loaded, a problem code."""
    config, match = soak.new_match("talaj", 8)
    players, _kind = soak.make_players(match.n, "easy")
    rng = random.Random(8)
    for _turn in range(3):
        soak.play_turn(match, players, rng)
    assert save_match(paths, _impossible(game_payload(config, match))) is None
    with pytest.raises(ValueError):
        rebuild_game(_impossible(game_payload(config, match)))
    game, problem = load_saved_game(paths)
    assert game is None and problem == problems.CORRUPT_NO_BACKUP
    assert not paths.match_file.exists()
    assert len(list(paths.data_dir.glob("match.json.corrupt-*"))) == 1
    assert not has_saved_game(paths)


def test_impossible_game_falls_back_on_the_backup(paths: Paths) -> None:
    config, match, _first = _two_saves(paths)
    # an impossible game written over the save (by a bug): the previous turn is loaded
    assert save_match(paths, _impossible(game_payload(config, match))) is None
    game, problem = load_saved_game(paths)
    assert problem == problems.CORRUPT_RESTORED_BACKUP and game is not None
    assert game[1].round.snapshot() == Match.from_dict(match.to_dict()).round.snapshot()


@pytest.mark.parametrize("change", ["seats", "config", "match", "shape"])
def test_setup_that_does_not_fit(paths: Paths, change: str) -> None:
    config, match = soak.new_match("talaj", 4)
    payload = game_payload(config, match)
    if change == "seats":
        payload["config"]["seats"] = payload["config"]["seats"][:2]
    elif change == "config":
        payload["config"]["preset"] = "no-such-preset"
    elif change == "match":
        payload["match"]["seed"] = "seven"
    else:
        payload = [payload]  # type: ignore[assignment]
    with pytest.raises(ValueError):
        rebuild_game(payload)
    assert save_match(paths, payload if isinstance(payload, dict) else {"x": payload}) is None
    game, problem = load_saved_game(paths)
    assert game is None and problem == problems.CORRUPT_NO_BACKUP


def test_a_match_that_does_not_replay_is_not_saved(paths: Paths,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken state never replaces the last good save (nor pushes it out of the backup)."""
    config, match, _first = _two_saves(paths)
    before = (paths.match_file.read_bytes(), paths.match_backup.read_bytes())
    good = match.to_dict()
    monkeypatch.setattr(match, "to_dict", lambda: _impossible({"match": good})["match"])
    assert autosave(paths, config, match) == NOT_SAVED_INCONSISTENT
    assert autosave(paths, config, match) == NOT_SAVED_INCONSISTENT
    assert (paths.match_file.read_bytes(), paths.match_backup.read_bytes()) == before


def test_newer_save_is_kept(paths: Paths) -> None:
    config, match = soak.new_match("simple", 2)
    assert autosave(paths, config, match) is None
    data = json.loads(paths.match_file.read_text("utf-8"))
    data["version"] = 99
    paths.match_file.write_text(json.dumps(data), "utf-8")
    game, problem = load_saved_game(paths)
    assert game is None and problem == problems.NEWER_VERSION
    assert paths.match_file.exists()
    assert (paths.data_dir / "match.json.newer").exists()


def test_unwritable_folder(paths: Paths, read_only: Any) -> None:
    config, match = soak.new_match("talaj", 1)
    read_only(paths.data_dir)
    assert autosave(paths, config, match) in (problems.UNWRITABLE, problems.DISK_FULL)
    assert load_saved_game(paths) == (None, None)


def test_no_save_and_clear(paths: Paths) -> None:
    assert load_saved_game(paths) == (None, None)
    config, match = soak.new_match("rami-talaj", 6)
    assert autosave(paths, config, match) is None
    assert autosave(paths, config.to_dict(), match) is None  # the config as data works too
    assert has_saved_game(paths)
    assert clear_saved_game(paths) is None
    assert not has_saved_game(paths) and load_saved_game(paths) == (None, None)


def test_match_io_does_not_import_pygame() -> None:
    code = ("import sys, rami_desktop.storage.match_io\n"
            "sys.exit(1 if 'pygame' in sys.modules else 0)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=False)
    assert result.returncode == 0
