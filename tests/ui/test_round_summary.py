"""The round summary: penalties and how they were counted, totals, the deal code."""

from __future__ import annotations

from typing import Any

from rami_desktop.engine.actions import Discard, Draw, Lay
from rami_desktop.engine.cards import parse_cards
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene, penalty_explanation

from .test_table_helpers import Driver, known_table

# seat 0 goes out at once: a tria, a série and a second série, the last card discarded
GOING_OUT = "KS KH KD 9H 10H JH QH 5C 6C 7C 2S 3S 4S 8H"


def _finish(scene: Any) -> None:
    ctl = scene.ctl
    ctl.apply(Draw(0, "stock"))
    for cards in ("KS KH KD", "8H 9H 10H JH QH", "5C 6C 7C", "2S 3S 4S"):
        ctl.apply(Lay(0, parse_cards(cards.split())))
    hand = ctl.round.hands[0]
    ctl.apply(Discard(0, hand[-1]))


def test_penalties_and_their_explanations(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    others = ["AS AH AD 2H 3H 4H 6D 7D 9C JC QC KC JK JK",
              "5S 6S 7S 8S 9S 10S 2D 3D 4D 5D 6H 7H 8C 10C"]
    scene = known_table(app, human=GOING_OUT, others=others, stock_top="JD")
    ctl = scene.ctl
    r = ctl.round
    r.down[1] = True  # seat 1 laid before: it pays per card
    app.stack.clear_to(scene)
    _finish(scene)
    assert r.over and r.winner == 0
    assert r.penalties == (0, 12 * 10 + 2 * 20, 100)
    assert penalty_explanation(r, 0) == "went out"
    assert penalty_explanation(r, 1) == "12 cards × 10 + 2 jokers × 20"
    assert penalty_explanation(r, 2) == "never down: 100"
    d = Driver(app)
    for _ in range(200):
        d.step()
        if isinstance(app.stack.top, RoundSummaryScene):
            break
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    rows = summary.rows
    assert [row[2] for row in rows] == ["0", "+160", "+100"]
    assert [row[3] for row in rows] == ["0", "160", "100"]
    assert ctl.deal_code() is not None
    # Next round deals again
    summary.go_next()
    d.step()
    assert ctl.match.round_number == 2 and not ctl.round.over


def test_joker_out_doubles_and_rami_sec(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    scene = known_table(app)
    r = scene.ctl.round
    r.over, r.winner = True, 1
    r.down = [True, False, False]
    r.hands[0] = list(parse_cards(["2S", "3D", "JK"]))
    r.rules = r.rules.with_options(joker_out_doubles=True)
    r.last_discard = parse_cards(["JK"])[0]
    assert penalty_explanation(r, 0) == "2 cards × 10 + 1 joker × 20 ×2: went out with a joker"
    r.rami_sec = True
    r.rules = r.rules.with_options(rami_sec_penalty=200)
    assert penalty_explanation(r, 0) == "Rami sec: 200"
    r.winner = None
    assert "stock" in penalty_explanation(r, 0)
