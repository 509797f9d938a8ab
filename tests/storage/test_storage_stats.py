"""Statistics: recording rounds and matches, resetting, tolerant loading."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from storage_helpers import fresh_home

from rami_desktop.storage import problems
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.stats import (
    EARLIER,
    MAX_PLAYERS,
    PlayerStats,
    PresetStats,
    Stats,
    StatsFiles,
    load_stats,
    record_match,
    record_round,
    reset,
)

SARA = "Sara"


def test_empty_without_file(paths: Paths) -> None:
    stats, problem = load_stats(paths)
    assert problem is None and stats.for_player(SARA).for_preset("talaj") == PresetStats()


def test_record_rounds_and_matches(paths: Paths) -> None:
    record_round(paths, SARA, "talaj", won=False, turns=12, opening_points=75)
    record_round(paths, SARA, "talaj", won=True, turns=9, opening_points=None)
    record_round(paths, SARA, "talaj", won=True, turns=14, opening_points=90)
    record_round(paths, SARA, "tallage", won=True, turns=3)
    record_match(paths, SARA, "talaj", won=False, rounds=5)
    stats, problem = record_match(paths, SARA, "talaj", won=True, rounds=7)
    assert problem is None
    record_match(paths, SARA, "talaj", won=True, rounds=9)
    loaded, problem = load_stats(paths)
    assert problem is None
    assert loaded.for_player(SARA).for_preset("talaj") == PresetStats(
        matches_played=3,
        matches_won=2,
        rounds_played=3,
        rounds_won=2,
        best_opening=90,
        fastest_round_win=9,
        shortest_match_win=7,
    )
    assert loaded.for_player(SARA).for_preset("tallage").fastest_round_win == 3
    assert loaded.for_player(SARA).for_preset("simple") == PresetStats()
    assert stats.for_player(SARA).for_preset("talaj").matches_played == 2


def test_each_player_has_statistics_of_their_own(paths: Paths) -> None:
    files = StatsFiles(paths)
    assert files.record_round("Amina", "talaj", won=True, turns=7, opening_points=80) is None
    assert files.record_round("Youssef", "talaj", won=False, turns=7,
                              opening_points=None) is None
    assert files.record_match("Youssef", "talaj", won=False, rounds=4) is None
    stats, problem = load_stats(paths)
    assert problem is None and stats.names() == ["Amina", "Youssef"]
    assert stats.for_player("Amina").for_preset("talaj") == PresetStats(
        rounds_played=1, rounds_won=1, best_opening=80, fastest_round_win=7)
    assert stats.for_player("Youssef").for_preset("talaj") == PresetStats(
        matches_played=1, rounds_played=1)


def test_how_a_player_is_spoken_to_is_kept_with_their_statistics(paths: Paths) -> None:
    """The gender a player was spoken to at the table stays with their statistics (the
    setup offers it again for that name); a gender the game does not know reads as unsaid."""
    files = StatsFiles(paths)
    assert files.record_round("Amina", "talaj", won=True, turns=7, opening_points=80,
                              gender="she") is None
    assert files.record_round("Omar", "talaj", won=False, turns=7, opening_points=None,
                              gender="he") is None
    files.record_round("Amina", "talaj", won=False, turns=5, opening_points=None)  # unchanged
    files.record_match("Amina", "talaj", won=True, rounds=2)
    stats, problem = load_stats(paths)
    assert problem is None and stats.genders() == {"Amina": "she", "Omar": "he"}
    odd, repaired = Stats.from_dict({"players": {"Zineb": {"presets": {}, "gender": "x"}}})
    assert repaired and odd.for_player("Zineb").gender == ""


def test_reset_one_and_all(paths: Paths) -> None:
    record_round(paths, SARA, "talaj", won=True, turns=5)
    record_round(paths, SARA, "simple", won=True, turns=5)
    record_round(paths, "Omar", "simple", won=True, turns=5)
    stats, problem = reset(paths, SARA)
    assert problem is None and list(stats.players) == ["Omar"]
    assert list(load_stats(paths)[0].players) == ["Omar"]
    stats, problem = reset(paths)
    assert problem is None and stats == Stats()
    assert load_stats(paths) == (Stats(), None)
    assert not paths.stats_file.exists()


def test_tolerant_loading(paths: Paths) -> None:
    paths.data_dir.mkdir(parents=True)
    paths.stats_file.write_text(json.dumps({
        "format": "rami-stats",
        "version": 1,
        "presets": {
            "talaj": {"matches_played": 2, "matches_won": 5, "best_opening": "lots", "x": 1},
            "": {"matches_played": 1},
            "simple": [],
        },
    }))
    stats, problem = load_stats(paths)
    assert problem == problems.REPAIRED
    earlier = stats.for_player(EARLIER)  # the one unnamed player of version 1
    assert earlier.for_preset("talaj") == PresetStats(matches_played=2, matches_won=2)
    assert set(earlier.presets) == {"talaj", "simple"}


def test_names_in_the_statistics_are_cleaned(paths: Paths) -> None:
    paths.data_dir.mkdir(parents=True)
    players = {"A\u202eb\x07": {"presets": {"talaj": {"rounds_played": 1}}},
               "Ab": {"presets": {"talaj": {"rounds_played": 2}}},
               "\ud800": {"presets": {}}, "x" * 10_000: {"presets": {}}}
    players.update({f"p{i}": {"presets": {}} for i in range(2 * MAX_PLAYERS)})
    paths.stats_file.write_text(json.dumps({"format": "rami-stats", "version": 2,
                                            "players": players}), encoding="utf-8")
    stats, problem = load_stats(paths)
    assert problem == problems.REPAIRED
    assert len(stats.players) == MAX_PLAYERS
    assert stats.for_player("Ab").for_preset("talaj").rounds_played == 1  # the first "Ab"
    assert all(name.isprintable() and len(name) <= 16 for name in stats.players)
    assert isinstance(stats.for_player("nobody"), PlayerStats)


def test_newer_and_corrupt(paths: Paths) -> None:
    record_round(paths, SARA, "talaj", won=True, turns=4)
    record_round(paths, SARA, "talaj", won=True, turns=4)
    paths.stats_file.write_text('{"format": "rami-stats", "version": 99, "presets": {}}')
    assert load_stats(paths) == (Stats(), problems.NEWER_VERSION)
    paths.stats_file.write_text('{"format": "rami-stats", "vers')
    stats, problem = load_stats(paths)
    assert problem == problems.CORRUPT_RESTORED_BACKUP
    assert stats.for_player(SARA).for_preset("talaj").rounds_played == 1


def test_read_only_reported(paths: Paths, read_only) -> None:  # type: ignore[no-untyped-def]
    record_round(paths, SARA, "talaj", won=True, turns=4)
    read_only(paths.data_dir)
    stats, problem = record_round(paths, SARA, "talaj", won=True, turns=4)
    assert problem == problems.UNWRITABLE
    assert stats.for_player(SARA).for_preset("talaj").rounds_played == 2
    assert reset(paths)[1] == problems.UNWRITABLE
    assert load_stats(paths)[0].for_player(SARA).for_preset("talaj").rounds_played == 1


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.text(max_size=20), children, max_size=3),
    max_leaves=15,
)


@settings(
    max_examples=50,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(presets=json_values, raw=st.binary(max_size=100))
def test_fuzzed_stats_never_raise(presets: object, raw: bytes) -> None:
    with fresh_home() as paths:
        paths.data_dir.mkdir(parents=True)
        for content in (
            json.dumps({"format": "rami-stats", "version": 1, "presets": presets}).encode(),
            raw,
        ):
            paths.stats_file.write_bytes(content)
            stats, problem = load_stats(paths)
            assert problem is None or problem in problems.ALL_PROBLEMS
            stats, problem = record_match(paths, SARA, "talaj", won=True, rounds=3)
            assert stats.for_player(SARA).for_preset("talaj").matches_played >= 1


def test_a_player_keeps_the_face_worn_last(paths: Paths) -> None:
    files = StatsFiles(paths)
    assert files.record_round("Amina", "talaj", won=True, turns=7, opening_points=80,
                              face="woman-curls") is None
    files.record_round("Amina", "tallage", won=False, turns=5, opening_points=None)
    files.record_match("Amina", "talaj", won=True, rounds=3)
    files.record_round("Youssef", "talaj", won=False, turns=7, opening_points=None,
                       face="man-beard")
    stats, problem = load_stats(paths)
    assert problem is None
    assert stats.faces() == {"Amina": "woman-curls", "Youssef": "man-beard"}
    files.record_round("Amina", "talaj", won=False, turns=5, opening_points=None,
                       face="grandmother-grey")
    assert load_stats(paths)[0].faces()["Amina"] == "grandmother-grey"


def test_a_bad_face_is_forgotten_and_said_repaired(paths: Paths) -> None:
    doc = {"format": "rami-stats", "version": 2,
           "players": {"Sara": {"presets": {}, "face": "../x"},
                       "Lina": {"presets": {}, "face": 7}}}
    paths.stats_file.parent.mkdir(parents=True, exist_ok=True)
    paths.stats_file.write_text(json.dumps(doc), encoding="utf-8")
    stats, problem = load_stats(paths)
    assert problem == problems.REPAIRED and stats.faces() == {}
