"""The autosaved match: round trip, validation, truncation at every length, fuzzing."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from storage_helpers import fresh_home

from rami_desktop.engine.rules import PRESETS, RULE_OPTIONS
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.storage import problems, saves
from rami_desktop.storage.atomic import backup_path, newer_path
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.saves import (
    SAVE_VERSION,
    clear_match,
    has_saved_match,
    load_match,
    save_match,
)
from tests.conftest import some_by_default

MATCH_1 = {"seed": 1, "actions": [["draw", 0], ["discard", 0, "AS"]], "names": ["Ana", "Bot"]}
SEATS = (Seat("Yasmine", "human"), Seat(None, "bot", "easy"))
MATCH_2 = {"seed": 1, "actions": [["draw", 0], ["discard", 0, "AS"], ["draw", 1]], "names": ["é"]}


class Rebuilt:
    """What an engine's validate would return."""

    def __init__(self, match: dict[str, Any]) -> None:
        self.actions = match["actions"]


def validate(match: dict[str, Any]) -> Rebuilt:
    if not isinstance(match.get("actions"), list) or match.get("seed") != 1:
        raise ValueError("impossible game")
    return Rebuilt(match)


def test_round_trip_and_clear(paths: Paths) -> None:
    assert load_match(paths, validate) == (None, None)
    assert not has_saved_match(paths)
    assert save_match(paths, MATCH_1) is None
    assert save_match(paths, MATCH_2) is None
    match, problem = load_match(paths, validate)
    assert problem is None and isinstance(match, Rebuilt) and match.actions == MATCH_2["actions"]
    assert load_match(paths) == (MATCH_2, None)
    document = json.loads(paths.match_file.read_text("utf-8"))
    assert document["format"] == "rami-save" and document["version"] == 2
    assert document["saved_at"].endswith("Z")
    assert json.loads(paths.match_backup.read_text("utf-8"))["match"] == MATCH_1
    assert has_saved_match(paths)
    assert clear_match(paths) is None
    assert not paths.match_file.exists() and not paths.match_backup.exists()
    assert not has_saved_match(paths)
    assert load_match(paths, validate) == (None, None)
    assert clear_match(paths) is None  # nothing to clear is fine


def test_impossible_game_is_treated_as_corrupt(paths: Paths) -> None:
    save_match(paths, MATCH_1)
    save_match(paths, {**MATCH_2, "seed": 2})  # well-formed but the engine refuses it
    match, problem = load_match(paths, validate)
    assert problem == problems.CORRUPT_RESTORED_BACKUP
    assert isinstance(match, Rebuilt) and match.actions == MATCH_1["actions"]
    assert len(list(paths.data_dir.glob("match.json.corrupt-*"))) == 1


def test_validate_crashing_oddly_is_contained(paths: Paths) -> None:
    save_match(paths, MATCH_1)

    def broken(match: dict[str, Any]) -> None:
        raise KeyError("engine bug")

    assert load_match(paths, broken) == (None, problems.CORRUPT_NO_BACKUP)


def test_not_a_save(paths: Paths) -> None:
    paths.data_dir.mkdir(parents=True)
    paths.match_file.write_text('{"format": "other", "version": 1, "match": {}}')
    assert load_match(paths, validate) == (None, problems.CORRUPT_NO_BACKUP)
    paths.match_file.write_text('{"format": "rami-save", "version": 1, "match": []}')
    assert load_match(paths, validate) == (None, problems.CORRUPT_NO_BACKUP)


def test_newer_version_refused(paths: Paths) -> None:
    save_match(paths, MATCH_1)
    newer = {"format": "rami-save", "version": SAVE_VERSION + 1, "saved_at": "x",
             "match": {"new": True}}
    paths.match_file.write_text(json.dumps(newer))
    assert load_match(paths, validate) == (None, problems.NEWER_VERSION)
    assert json.loads(newer_path(paths.match_file).read_text()) == newer
    assert json.loads(paths.match_file.read_text()) == newer  # not overwritten by loading


def test_upgraders_are_applied(paths: Paths, monkeypatch: pytest.MonkeyPatch) -> None:
    save_match(paths, MATCH_1)
    monkeypatch.setattr(saves, "SAVE_VERSION", SAVE_VERSION + 1)
    monkeypatch.setitem(
        saves.UPGRADERS, SAVE_VERSION,
        lambda doc: {**doc, "match": {**doc["match"], "seed": 1, "up": 2}})
    match, problem = load_match(paths)
    assert problem is None and match == {**MATCH_1, "up": 2}


def test_every_rule_option_is_known_to_this_save_version() -> None:
    """An option's ``saved`` is a save version that exists, and each version past SAVE_OLDEST
    brought an option (a change of the document itself moves SAVE_OLDEST up)."""
    newer = {name: spec.saved for name, spec in RULE_OPTIONS.items() if spec.saved > SAVE_VERSION}
    assert newer == {}, f"options newer than save version {SAVE_VERSION}: bump it ({newer})"
    assert set(range(saves.SAVE_OLDEST + 1, SAVE_VERSION + 1)) <= {
        spec.saved for spec in RULE_OPTIONS.values()}
    assert all(saves.UPGRADERS[n] is dict for n in range(saves.SAVE_OLDEST, SAVE_VERSION))


def test_a_save_is_stamped_with_the_oldest_version_that_knows_its_rules(
        paths: Paths, monkeypatch: pytest.MonkeyPatch) -> None:
    """The save gate, with a save version before this one and an option it does not know yet
    (Rami sec, as if this version brought it): a match that leaves it at its default is saved
    for the older version; one that changes it is saved for this one, and the older game finds
    it newer (kept, never taken as damaged)."""
    older = SAVE_VERSION - 1
    monkeypatch.setattr(saves, "SAVE_OLDEST", older)
    monkeypatch.setitem(saves.UPGRADERS, older, dict)
    monkeypatch.setitem(RULE_OPTIONS, "rami_sec",
                        dataclasses.replace(RULE_OPTIONS["rami_sec"], saved=SAVE_VERSION))
    plain = {**MATCH_1, "config": {"preset": "talaj", "options": {"target": 500}}}
    save_match(paths, plain)
    assert json.loads(paths.match_file.read_text())["version"] == older
    assert load_match(paths)[0] == plain
    sec = {**MATCH_1, "config": {"preset": "talaj", "options": {"rami_sec": True}}}
    save_match(paths, sec)
    assert json.loads(paths.match_file.read_text())["version"] == SAVE_VERSION
    assert load_match(paths)[0] == sec
    monkeypatch.setattr(saves, "SAVE_VERSION", older)  # the older game
    assert load_match(paths, validate) == (None, problems.NEWER_VERSION)


def test_a_version_1_save_from_before_journals_loads_as_a_snapshot(paths: Paths) -> None:
    """A save written before journals (version 1, no ``journal``) loads, with no steps."""
    old = {"format": "rami-save", "version": 1, "saved_at": "x", "match": MATCH_1}
    paths.data_dir.mkdir(parents=True, exist_ok=True)
    paths.match_file.write_text(json.dumps(old))
    assert load_match(paths, steps=lambda _id: [{"n": 1}]) == ({**MATCH_1, "steps": []},
                                                              None)


def test_unserializable_match_is_a_bug(paths: Paths) -> None:
    with pytest.raises((TypeError, ValueError)):
        save_match(paths, {"x": object()})
    with pytest.raises(ValueError):
        save_match(paths, {"x": float("nan")})


def test_read_only_folder_reported(paths: Paths, read_only) -> None:  # type: ignore[no-untyped-def]
    save_match(paths, MATCH_1)
    read_only(paths.data_dir)
    assert save_match(paths, MATCH_2) == problems.UNWRITABLE
    assert clear_match(paths) == problems.UNWRITABLE
    assert load_match(paths) == (MATCH_1, None)


def test_missing_folder_reported(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    paths = Paths.under(blocker)
    assert save_match(paths, MATCH_1) == problems.UNWRITABLE
    assert load_match(paths, validate) == (None, None)
    assert clear_match(paths) is None


@pytest.mark.parametrize("half", some_by_default([0, 1], 1))
def test_save_cut_at_every_length(paths: Paths, half: int) -> None:
    """Every other length by default, the other half too with ``-m slow``; and the whole."""
    big = {**MATCH_2, "actions": MATCH_2["actions"] * 20}
    save_match(paths, MATCH_1)
    save_match(paths, big)
    full = paths.match_file.read_bytes()
    good_backup = paths.match_backup.read_bytes()
    for length in [*range(half, len(full), 2), len(full) - 1, len(full)]:
        for with_backup in (True, False):
            for leftover in paths.data_dir.iterdir():
                leftover.unlink()
            paths.match_file.write_bytes(full[:length])
            if with_backup:
                paths.match_backup.write_bytes(good_backup)
            match, problem = load_match(paths, validate)
            if length >= len(full) - 1:  # only the final newline is missing: still complete
                assert problem is None and match.actions == big["actions"]
            elif with_backup:
                assert problem == problems.CORRUPT_RESTORED_BACKUP
                assert match.actions == MATCH_1["actions"]
            else:
                assert (match, problem) == (None, problems.CORRUPT_NO_BACKUP)


def _check_load(paths: Paths, main: bytes, backup: bytes | None) -> None:
    paths.data_dir.mkdir(parents=True, exist_ok=True)
    paths.match_file.write_bytes(main)
    if backup is not None:
        backup_path(paths.match_file).write_bytes(backup)
    for validator in (validate, None):
        match, problem = load_match(paths, validator)
        assert problem is None or problem in problems.ALL_PROBLEMS
        assert match is not None or problem is not None or not paths.match_file.exists()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)
FUZZ = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@FUZZ
@given(main=st.binary(max_size=300), backup=st.none() | st.binary(max_size=100))
def test_random_bytes_never_raise(main: bytes, backup: bytes | None) -> None:
    with fresh_home() as paths:
        _check_load(paths, main, backup)


@FUZZ
@given(value=json_values, match=json_values, version=json_values)
def test_random_json_never_raises(value: object, match: object, version: object) -> None:
    with fresh_home() as paths:
        _check_load(paths, json.dumps(value).encode(), None)
        document = {"format": "rami-save", "version": version, "match": match}
        _check_load(paths, json.dumps(document).encode(), json.dumps(value).encode())


@FUZZ
@given(data=st.data())
def test_mutated_valid_save_never_raises(data: st.DataObject) -> None:
    with fresh_home() as paths:
        save_match(paths, MATCH_1)
        save_match(paths, MATCH_2)
        raw = bytearray(paths.match_file.read_bytes())
        for _ in range(data.draw(st.integers(1, 6))):
            position = data.draw(st.integers(0, len(raw) - 1))
            action = data.draw(st.sampled_from(["flip", "delete", "insert"]))
            if action == "flip":
                raw[position] = data.draw(st.integers(0, 255))
            elif action == "delete" and len(raw) > 1:
                del raw[position]
            else:
                raw.insert(position, data.draw(st.integers(0, 255)))
        paths.match_file.write_bytes(bytes(raw))
        match, problem = load_match(paths, validate)
        if problem == problems.NEWER_VERSION:  # e.g. "version": 1 became 11: rightly not loaded
            assert match is None
            assert json.loads(bytes(raw))["version"] > SAVE_VERSION
        else:
            assert problem in (None, problems.CORRUPT_RESTORED_BACKUP)
            assert match is not None


def test_a_match_with_one_new_stock_only_needs_the_save_version_that_knows_it(
        paths: Paths, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real option newer than the oldest save version: a match that leaves it off is saved
    for the older game, one that plays it for this one; the older game finds that one newer."""
    knows = RULE_OPTIONS["reshuffle_once"].saved
    for once, version in ((False, saves.SAVE_OLDEST), (True, knows)):
        rules = PRESETS["talaj"].with_options(reshuffle_once=once)
        save_match(paths, {**MATCH_1, "config": GameConfig(rules, SEATS).to_dict(),
                           "rules": rules.to_dict()})
        assert json.loads(paths.match_file.read_text())["version"] == version
    monkeypatch.setattr(saves, "SAVE_VERSION", knows - 1)  # the older game
    assert load_match(paths, validate) == (None, problems.NEWER_VERSION)
