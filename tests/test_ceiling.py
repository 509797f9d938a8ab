"""``tools/ceiling.py``: the cheat's discard opens soonest with its real next draws and never
feeds the next player."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest
from bots.helpers import H, both_down, make_round

from rami_desktop.bots.plan import Plan, Step
from rami_desktop.bots.player import RuleBot
from rami_desktop.bots.style import HARD
from rami_desktop.engine.actions import Discard, Draw, Lay
from rami_desktop.engine.melds import make_meld
from rami_desktop.engine.rules import PRESETS
from rami_desktop.engine.state import RoundState
from rami_desktop.engine.turn import TableMeld

TOOLS = Path(__file__).resolve().parents[1] / "tools"


def _tool() -> ModuleType:
    sys.path.insert(0, str(TOOLS))
    try:
        spec = importlib.util.spec_from_file_location("ceiling", TOOLS / "ceiling.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(TOOLS))
    return module


def _drawn(hands: list[str], stock_top: str) -> RoundState:
    state = make_round(PRESETS["talaj"], hands, dealer=0, stock_top=stock_top)
    state.apply(Draw(0, "stock"))
    return state


def test_it_keeps_the_pair_its_own_next_draw_makes_an_opening_with() -> None:
    ceiling = _tool()
    # 30 + 30 points laid out; the 5S it will draw next (after player 1's 3D) makes 75
    state = _drawn(["KS KH KD 10H JH QH 5C 5D 2S 4D 6C 8S 9C 3H",
                    "2H 4C 6D 8H 10C QS AS 3C 7D 9S JC KC 4H 6H"], "2C 3D 5S")
    cheat = ceiling.Cheat(lambda: state, 2, True)
    hand = tuple(state.hands[0])
    choice = cheat.discard(hand, H("5C")[0], {})
    assert choice not in H("5C 5D KS KH KD 10H JH QH")
    assert cheat.discard(hand, H("2S")[0], {}) == H("2S")[0]  # hard's choice when it opens as soon


def test_it_never_throws_the_card_the_next_player_opens_with() -> None:
    ceiling = _tool()
    # player 1 lays QQQ and 9-10-J of hearts (59) and would make 80 with a 7S beside 7C 7D
    state = _drawn(["7S 2C 4D 6H 8C 10D QH KS 3S 5C 9D JS AH",
                    "QS QD QC 9H 10H JH 7C 7D 2S 4C 6D 8S KD"], "3C 5H")
    seven = H("7S")[0]
    cheat = ceiling.Cheat(lambda: state, 2, True)
    assert cheat.discard(tuple(state.hands[0]), seven, {}) != seven
    careless = ceiling.Cheat(lambda: state, 2, False)
    assert careless.discard(tuple(state.hands[0]), seven, {}) == seven


def test_once_down_it_keeps_the_pair_its_next_draw_goes_out_with() -> None:
    ceiling = _tool()
    state = _drawn(["KS KC KD 9H 10H JH QH KH 2S 3S 4S 5C 5D 7S",
                    "2H 4C 6D 8H 10C QS 3C 7D 9S JC KS 4H 6H AD"], "AS 3D 9C 2D 5S")
    for meld in ("KS KC KD", "9H 10H JH QH KH", "2S 3S 4S"):
        state.apply(Lay(0, tuple(H(meld))))
    state.apply(Discard(0, H("AS")[0]))
    state.apply(Draw(1, "stock"))
    state.apply(Discard(1, H("3D")[0]))
    state.apply(Draw(0, "stock"))  # 5C 5D 7S 9C; the 5S comes next: 5C 5D 5S, then out
    cheat = ceiling.Cheat(lambda: state, 2, True)
    hand = tuple(state.hands[0])
    assert cheat.discard(hand, H("5C")[0], {}) in H("7S 9C")
    assert cheat.discard(hand, H("9C")[0], {}) == H("9C")[0]


def test_when_hard_s_discard_feeds_it_throws_hard_s_next_choice_never_a_joker() -> None:
    ceiling = _tool()
    # the 7S would let player 1 open; jokers and aces come first in sort order, not in hard's
    state = _drawn(["7S JK 4D 6H 8C 10D QH KS 3S 5C 9D JS AH",
                    "QS QD QC 9H 10H JH 7C 7D 2S 4C 6D 8S KD"], "3C 5H")
    seven, nine = H("7S 9D")
    hand = tuple(state.hands[0])
    values = {c: 50.0 for c in hand}
    values[nine] = 1.0
    values[seven] = 0.0
    cheat = ceiling.Cheat(lambda: state, 0, True)
    assert cheat.discard(hand, seven, values) == nine


def test_it_never_throws_a_joker_to_open_sooner() -> None:
    ceiling = _tool()
    state = _drawn(["KS KH KD 10H JH QH 5C 5D JK 4D 6C 8S 9C 3H",
                    "2H 4C 6D 8H 10C QS AS 3C 7D 9S JC KC 4H 6H"], "2C 3D 5S")
    cheat = ceiling.Cheat(lambda: state, 6, True)
    hand = tuple(state.hands[0])
    assert not cheat.discard(hand, H("3H")[0], {}).is_joker


def test_once_down_it_sees_a_going_out_three_draws_ahead() -> None:
    ceiling = _tool()
    state = _drawn(["KS KC KD 9H 10H JH QH KH 2S 3S 4S 5C 5D 7S",
                    "2H 4C 6D 8H 10C QS 3C 7D 9S JC KS 4H 6H AD"],
                   "AS 3D 9C 2D 8D 3H 2C 4H 5S")
    for meld in ("KS KC KD", "9H 10H JH QH KH", "2S 3S 4S"):
        state.apply(Lay(0, tuple(H(meld))))
    state.apply(Discard(0, H("AS")[0]))
    state.apply(Draw(1, "stock"))
    state.apply(Discard(1, H("3D")[0]))
    state.apply(Draw(0, "stock"))  # 5C 5D 7S 9C; its draws: 8D, 2C, then the 5S
    hand = tuple(state.hands[0])
    assert ceiling.Cheat(lambda: state, 2, True).discard(hand, H("5C")[0], {}) == H("5C")[0]
    assert ceiling.Cheat(lambda: state, 3, True).discard(hand, H("5C")[0], {}) in H("7S 9C")


def test_on_a_turn_it_lays_its_discard_after_laying_is_chosen_on_the_real_round() -> None:
    ceiling = _tool()
    state = _drawn(["KS KC KD 9H 10H JH QH KH 2S 3S 4S 5C 5D 7S",
                    "2H 4C 6D 8H 10C QS 3C 7D 9S JC KS 4H 6H AD"], "AS 3D 9C 2D 5S")
    for meld in ("KS KC KD", "9H 10H JH QH KH", "2S 3S 4S"):
        state.apply(Lay(0, tuple(H(meld))))
    state.apply(Discard(0, H("AS")[0]))
    state.apply(Draw(1, "stock"))
    state.apply(Discard(1, H("3D")[0]))
    state.apply(Draw(0, "stock"))
    state.hands[0] += H("8D 8C 8S")
    state.apply(Lay(0, tuple(H("8D 8C 8S"))))  # laid this turn; 5C 5D 7S 9C left, 5S next
    cheat = ceiling.Cheat(lambda: state, 2, True)
    obs = state.observation(0)
    hand = tuple(sorted(obs.hand))
    cheat._plan = Plan([Step("lay", tuple(H("8D 8C 8S")), hand),
                        Step("discard", (H("5C")[0],), hand)], False, 3, False)
    action = cheat._resolve(cheat._plan.steps[1], obs)
    assert isinstance(action, Discard) and action.card in H("7S 9C")


def test_an_opening_fed_costs_the_draws_it_saves_the_next_player() -> None:
    ceiling = _tool()
    # player 1 opens with the 7S, but also with the 7H it draws next from the stock
    state = _drawn(["7S 2C 4D 6H 8C 10D QH KS 3S 5C 9D JS AH",
                    "QS QD QC 9H 10H JH 7C 7D 2S 4C 6D 8S KD"], "3C 7H")
    seven = H("7S")[0]
    cheat = ceiling.Cheat(lambda: state, 2, True)
    assert cheat._cost(state, seven) == 0.0
    assert cheat.discard(tuple(state.hands[0]), seven, {}) == seven
    # without the 7H, taking the 7S saves it more draws than it looks at
    state = _drawn(["7S 2C 4D 6H 8C 10D QH KS 3S 5C 9D JS AH",
                    "QS QD QC 9H 10H JH 7C 7D 2S 4C 6D 8S KD"], "3C 5H 2D 4S")
    assert ceiling.Cheat(lambda: state, 2, True)._cost(state, seven) == 3.0


def test_the_cheat_plays_whole_rounds_legally_against_hard() -> None:
    rep = _tool().measure("talaj", 2, 5, 3, True)
    assert rep["rounds"] == 2
    assert rep["illegal_actions"] == 0 and rep["rescues"] == 0


def test_it_holds_back_a_serie_the_next_player_would_go_out_on() -> None:
    ceiling = _tool()
    # player 1 holds 8H 9H: on a 5-6-7 of hearts they add both and throw their stock card
    state = both_down("5H 6H 7H KD", "8H 9H", "2C 4S 10D JC")
    cheat = ceiling.Cheat(lambda: state, 2, True)
    plan = cheat._make_plan(state.observation(0), random.Random(3))
    assert plan is not None and [s.kind for s in plan.steps] == ["discard"]
    careless = both_down("5H 6H 7H KD", "3S 9C", "2C 4S 10D JC")  # nothing to feed: it lays
    plan = ceiling.Cheat(lambda: careless, 2, True)._make_plan(careless.observation(0),
                                                                random.Random(3))
    assert plan is not None and plan.steps[0].kind == "lay"


def test_it_leaves_a_top_card_hard_would_take_when_its_stock_card_goes_out() -> None:
    ceiling = _tool()
    # both down, 5-6-7 of spades on the table; the 8S on the talaj can be laid (hard takes it)
    # but leaves 3S 2C; the real stock card, the 4S, lets 3S and 4S go on the série, the nines
    # be laid and the 2C thrown: out this turn
    state = make_round(PRESETS["talaj"], ["9D 9H 9C 3S 2C", "KD KH 4C JD"], dealer=0,
                       talaj="8S", stock_top="4S")
    table = H("5S 6S 7S")
    for c in table:
        state.stock.remove(c)
    state.melds = [TableMeld(1, 0, make_meld(table))]
    state.down[0] = state.down[1] = True
    obs = state.observation(0)
    assert RuleBot(HARD).act(obs, random.Random(1)) == Draw(0, "top")
    cheat = ceiling.Cheat(lambda: state, 2, True)
    assert cheat.act(obs, random.Random(1)) == Draw(0, "stock")


def test_docs_writes_the_figures_with_where_and_when_they_were_measured(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    ceiling = _tool()
    page = tmp_path / "ceiling.md"
    monkeypatch.setattr(ceiling, "DOCS", page)
    assert ceiling.main(["--preset", "simple", "--rounds", "2", "--seed", "5", "--docs"]) == 0
    text = page.read_text(encoding="utf-8")
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("| simple"))
    assert row in text.splitlines()
    for item in ("- commit: `", "- command: `tools/ceiling.py --preset simple --rounds 2 --seed 5 "
                 "--docs`", "- machine: ", "- date: "):
        assert item in text
