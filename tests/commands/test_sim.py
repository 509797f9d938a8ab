"""The self-play simulator: rounds end, bots stay legal, the report has its documented keys."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

from rami_desktop.commands import sim
from rami_desktop.engine.actions import Redeal
from rami_desktop.engine.rules import PRESETS
from tests.conftest import some_by_default

TOOLS = Path(__file__).resolve().parents[2] / "tools"
KEYS = {"rounds", "win_share", "win_ci95", "mean_penalty", "decision_ms", "decision_cpu_ms",
        "rounds_per_s", "illegal_actions", "rescues", "turn_cap_hits", "no_winner"}


@pytest.mark.parametrize("preset", some_by_default(sorted(PRESETS), 1))
def test_short_simulation_is_legal_and_every_round_ends(preset: str) -> None:
    rep = sim.simulate(preset, ["hard", "medium", "easy"], rounds=3, seed=3)
    assert rep["rounds"] == 3
    assert rep["illegal_actions"] == 0, rep["illegal_detail"]
    assert rep["turn_cap_hits"] == 0
    shares = sum(rep["win_share"].values()) + rep["no_winner"]
    assert shares == pytest.approx(1.0, abs=1e-3)
    for level in ("hard", "medium", "easy"):
        lo, hi = rep["win_ci95"][level]
        assert 0.0 <= lo <= rep["win_share"][level] <= hi <= 1.0


def test_redeals_stay_within_what_the_engine_allows() -> None:
    # this deal once made the simulator ask for a second redeal the engine refused
    tally = sim.Tally()
    state = sim.play_round("rami-talaj", ["medium"] * 3, 540, 0, tally)
    assert state.over
    assert tally.rounds == 1 and tally.illegal == 0 and tally.rescues == 0
    assert sum(1 for a in state.log if isinstance(a, Redeal)) >= 1


def test_rami_talaj_seed_540_runs_legally() -> None:
    rep = sim.simulate("rami-talaj", ["medium"] * 3, rounds=9, seed=540)
    assert rep["rounds"] == 9
    assert rep["illegal_actions"] == 0 and rep["rescues"] == 0 and rep["turn_cap_hits"] == 0


def test_teams_of_four_play_legally() -> None:
    rep = sim.simulate("rami-talaj", ["hard", "easy", "hard", "easy"], rounds=4, seed=5,
                       teams=True)
    assert rep["illegal_actions"] == 0, rep["illegal_detail"]
    assert rep["turn_cap_hits"] == 0


def test_duplicate_deals_rotate_the_seats() -> None:
    assert sim.rotations(["hard", "easy"]) == [("hard", "easy"), ("easy", "hard")]
    rots = sim.rotations(["hard", "hard", "easy", "easy"])
    assert len(rots) == 4
    for seat in range(4):
        assert sorted(r[seat] for r in rots) == ["easy", "easy", "hard", "hard"]


def test_wilson_interval() -> None:
    lo, hi = sim.wilson(71, 100)
    assert lo < 0.71 < hi
    assert lo == pytest.approx(0.6146, abs=1e-3)
    assert hi == pytest.approx(0.7898, abs=1e-3)
    assert sim.wilson(0, 0) == (0.0, 0.0)


def test_json_output_has_the_documented_keys(capsys: pytest.CaptureFixture[str]) -> None:
    assert sim.main(["--preset", "simple", "--players", "2", "--bots", "easy,medium",
                     "--rounds", "4", "--seed", "1", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert len(out) == 1
    rep = json.loads(out[0])
    assert set(rep) >= KEYS
    assert set(rep["win_share"]) == {"easy", "medium"}
    assert set(rep["decision_ms"]["easy"]) == {"p50", "p99", "max"}
    cpu = rep["decision_cpu_ms"]["easy"]
    assert 0 < cpu["p50"] <= cpu["p99"] <= cpu["max"]
    assert rep["illegal_actions"] == 0


def test_same_level_seats_are_pooled(capsys: pytest.CaptureFixture[str]) -> None:
    sim.main(["--preset", "talaj", "--players", "4", "--bots", "hard,hard,easy,easy",
              "--rounds", "4", "--json"])
    rep = json.loads(capsys.readouterr().out)
    assert set(rep["win_share"]) == {"hard", "easy"}


def test_turn_cap_ends_a_round_without_winner() -> None:
    rep = sim.simulate("talaj", ["easy", "easy"], rounds=2, seed=2, turn_cap=1)
    assert rep["turn_cap_hits"] == 2
    assert rep["no_winner"] == 1.0


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(SystemExit):
        sim.main(["--bots", "hard,wizard"])
    with pytest.raises(SystemExit):
        sim.main(["--preset", "talaj", "--players", "6"])

    for part in ("3/3", "1/0", "a/2", "1", "-1/2"):
        with pytest.raises(SystemExit):
            sim.main(["--bots", "easy,easy", "--part", part])


def _pool_runs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pool_runs", TOOLS / "pool_runs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_parts_of_a_run_pool_into_exactly_its_rounds() -> None:
    whole = sim.simulate("simple", ["easy", "medium"], rounds=6, seed=8)
    parts = [sim.simulate("simple", ["easy", "medium"], rounds=6, seed=8, part=(i, 3))
             for i in range(3)]
    assert [p["rounds"] for p in parts] == [2, 2, 2]
    pooled = _pool_runs().pool(parts)
    assert pooled["rounds"] == whole["rounds"] and pooled["wins"] == whole["wins"]
    assert pooled["win_ci95"] == whole["win_ci95"] and pooled["missing"] == []
    assert _pool_runs().pool(parts[:2])["missing"] == [2]
    with pytest.raises(ValueError):
        _pool_runs().pool([parts[0], parts[0]])
    with pytest.raises(ValueError):
        _pool_runs().pool([parts[0], sim.simulate("simple", ["easy", "medium"], rounds=6,
                                                  seed=9, part=(1, 3))])


def test_the_simulator_measures_the_expert_in_every_preset(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert sim.main(["--preset", "talaj", "--bots", "expert,easy", "--rounds", "2",
                     "--seed", "4", "--turn-cap", "6", "--json"]) == 0
    assert set(json.loads(capsys.readouterr().out)["wins"]) == {"expert", "easy"}
