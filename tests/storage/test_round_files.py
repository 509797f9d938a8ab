"""The kept rounds: the last 20 kept (older ones deleted), owner-only files, every bad file
refused with a code (never an exception), names cleaned."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from rami_desktop.storage import round_files
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.round_files import (
    DAMAGED,
    KEEP_ROUNDS,
    MISSING,
    NEWER,
    NOT_A_FILE,
    TOO_LARGE,
    RoundFiles,
    read_round,
)


def _payload(k: int, name: object = "Amina") -> dict[str, Any]:
    return {"config": {"preset": "talaj", "options": {}, "seed": k,
                       "seats": [[name, "human", "easy"], [None, "bot", "easy"]]},
            "match": {}, "hands": {}, "round": {"number": k + 1, "seats": [0, 1]}}


def test_the_last_twenty_rounds_are_kept_and_older_ones_deleted(paths: Paths) -> None:
    files = RoundFiles.of(paths)
    for k in range(KEEP_ROUNDS + 5):
        assert files.keep(_payload(k), name=f"round-20261204T10{k:02d}00Z-000000000.json") is None
    kept = files.listing()
    assert len(kept) == KEEP_ROUNDS == 20
    assert [r.number for r in kept] == list(range(25, 5, -1))  # newest first
    left = sorted(os.listdir(paths.rounds_dir))
    assert len(left) == 20 and left[0].startswith("round-20261204T1005")


def test_round_files_are_the_owner_s_only_and_no_temporary_file_is_left(paths: Paths) -> None:
    files = RoundFiles.of(paths)
    assert files.keep(_payload(0)) is None
    (path,) = list(paths.rounds_dir.iterdir())
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    data = json.loads(path.read_text("utf-8"))
    assert data["format"] == "rami-save" and data["match"]["round"]["number"] == 1
    assert files.keep(_payload(1)) is None
    assert len(list(paths.rounds_dir.iterdir())) == 2  # each its own name (the time)


def test_names_are_cleaned_and_bad_fields_read_as_unknown(paths: Paths) -> None:
    files = RoundFiles.of(paths)
    files.keep({**_payload(0, "Am\u202eina\n" + "x" * 40), "round": {"number": True}})
    (kept,) = files.listing()
    assert kept.names[0] is not None and "\n" not in kept.names[0]
    assert len(kept.names[0]) <= 16 and kept.names[1] is None
    assert kept.number == 0 and len(kept.saved_at) == 20


def _rebuild(data: dict[str, Any]) -> str:
    if data.get("match") != {}:
        raise ValueError("the rules refuse it")
    return "ok"


@pytest.mark.parametrize(("content", "code"), [
    (b"", DAMAGED),
    (b"\xff\xfe not json", DAMAGED),
    (b"[1, 2]", DAMAGED),
    (b'{"format": "rami-save", "version": 1}', DAMAGED),
    (b'{"format": "other", "version": 1, "match": {}}', DAMAGED),
    (b'{"format": "rami-save", "version": 1, "match": {"match": 3}}', DAMAGED),
    (b'{"format": "rami-save", "version": 99, "match": {}}', NEWER),
    (b'{"format": "rami-save", "version": 1, "match": {"match": {}}, "x": NaN}', DAMAGED),
])
def test_a_damaged_round_file_is_refused_with_a_code(tmp_path: Path, content: bytes,
                                                     code: str) -> None:
    path = tmp_path / "round.json"
    path.write_bytes(content)
    assert read_round(path, _rebuild) == (None, code)


def test_a_good_round_file_is_read(tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_bytes(b'{"format": "rami-save", "version": 1, "match": {"match": {}}}')
    assert read_round(path, _rebuild) == ("ok", None)


def test_no_file_a_folder_a_fifo_and_a_huge_file_are_refused(tmp_path: Path,
                                                             monkeypatch: pytest.MonkeyPatch
                                                             ) -> None:
    assert read_round(tmp_path / "none.json", _rebuild) == (None, MISSING)
    assert read_round(tmp_path, _rebuild) == (None, NOT_A_FILE)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo"
        os.mkfifo(fifo)
        assert read_round(fifo, _rebuild) == (None, NOT_A_FILE)  # at once, never blocking
    monkeypatch.setattr(round_files, "MAX_ROUND_BYTES", 100)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 101)
    assert read_round(big, _rebuild) == (None, TOO_LARGE)


def test_a_damaged_kept_round_is_left_out_of_the_list(paths: Paths) -> None:
    files = RoundFiles.of(paths)
    files.keep(_payload(0), name="round-20261204T100000Z-000000000.json")
    (paths.rounds_dir / "round-20261204T110000Z-000000000.json").write_bytes(b"{broken")
    assert [r.number for r in files.listing()] == [1]


def test_an_unwritable_folder_is_a_problem_code_not_an_exception(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert RoundFiles(blocker / "rounds").keep(_payload(0)) in ("unwritable", "disk_full")


def test_a_simulation_keeps_every_round(tmp_path: Path) -> None:
    files = RoundFiles(tmp_path, keep=None)
    for k in range(KEEP_ROUNDS + 2):
        files.keep(_payload(k), name=f"round-20261204T10{k:02d}00Z-000000000.json")
    assert len(files.listing()) == KEEP_ROUNDS + 2


def test_a_kept_round_says_who_went_out_and_what_each_paid(paths: Paths) -> None:
    files = RoundFiles.of(paths)
    scores = {"start_scores": [10, 40, 0], "scores": [10, 85, 120]}
    three = {**_payload(0), "config": {**_payload(0)["config"], "seats": [
        ["Amina", "human", "easy"], [None, "bot", "easy"], [None, "bot", "hard"]]}}
    files.keep({**three, "match": scores, "round": {"number": 2, "seats": [0, 1, 2],
                                                    "winner": 0}},
               name="round-20261204T100000Z-000000001.json")
    # kept before the file said who went out: the one seat that paid nothing
    files.keep({**three, "match": scores, "round": {"number": 3, "seats": [0, 1, 2]}},
               name="round-20261204T100000Z-000000002.json")
    # nobody went out (the stock ran out), and nonsense read as unknown
    files.keep({**three, "match": scores, "round": {"number": 4, "seats": [0, 1, 2],
                                                    "winner": None}},
               name="round-20261204T100000Z-000000003.json")
    files.keep({**three, "match": {"start_scores": [5, "x", 0], "scores": [1, 2, 3]},
                "round": {"number": 5, "seats": [0, 1, 2], "winner": 9}},
               name="round-20261204T100000Z-000000004.json")
    bad, none, older, told = files.listing()
    assert told.penalties == (0, 45, 120) and told.totals == (10, 85, 120) and told.winner == 0
    assert older.winner == 0 and none.winner is None
    assert bad.penalties == () and bad.totals == () and bad.winner is None
