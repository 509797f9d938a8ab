"""``tools/blunders.py``: it plays the simulator's own rounds and counts feeds and missed
going-outs per level."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from rami_desktop.commands import sim

TOOL = Path(__file__).resolve().parents[1] / "tools" / "blunders.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("blunders", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["blunders"] = module
    spec.loader.exec_module(module)
    return module


def test_counts_per_level_on_the_simulators_rounds() -> None:
    blunders = _tool()
    rep = blunders.measure("talaj", ("hard", "medium"), 4, 7, 1, False)
    assert rep["rounds"] == 4
    assert set(rep["per_100_rounds"]) == {"hard", "medium"}
    for per in rep["per_100_rounds"].values():
        assert set(per) == {"feed_open", "feed_out", "missed_out", "feeds"}
        assert per["feeds"] == round(per["feed_open"] + per["feed_out"], 2)
    assert rep["per_100_rounds"]["hard"]["missed_out"] == 0.0  # hard asks the same engine
    assert rep["illegal_actions"] == 0 and rep["rescues"] == 0
    same = sim.simulate("talaj", ("hard", "medium"), 4, seed=7)
    assert rep["win_share"] == same["win_share"]
    assert rep["mean_penalty"] == same["mean_penalty"]


def test_a_discard_that_lets_the_next_player_go_out_is_a_feed() -> None:
    from bots.helpers import make_round

    from rami_desktop.engine.actions import Discard, Draw
    from rami_desktop.engine.cards import parse_cards
    from rami_desktop.engine.rules import PRESETS

    blunders = _tool()
    # player 1 holds two franche combinations and 8S 8D: an 8H on the talaj lets it go out
    state = make_round(PRESETS["rami-talaj"].with_options(starter="dealer_draws",
                                                          first_card="none"),
                       ["2C 4D 6S 8C 3H 5D 7C 9H JD KS QC 10S AH 9C",
                        "KS KH KD 9H 10H JH QH 2S 3S 4S 8S 8D 5C"], dealer=0,
                       stock_top="8H")
    state.turn = 2
    state.apply(Draw(0, "stock"))
    eight = parse_cards(["8H"])[0]
    state.apply(Discard(0, eight))
    assert blunders.feed(state, eight) == "feed_out"


def test_the_figures_so_far_end_with_the_whole_runs() -> None:
    blunders = _tool()
    seen: list[dict[str, object]] = []
    rep = blunders.measure("simple", ("hard", "medium"), 4, 3, 1, False, every=1,
                           progress=seen.append)
    assert [r["rounds"] for r in seen] == [2]
    assert rep["rounds"] == 4
    whole = blunders.measure("simple", ("hard", "medium"), 4, 3, 1, False)
    assert rep["counts"] == whole["counts"] and rep["win_share"] == whole["win_share"]
