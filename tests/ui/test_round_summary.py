"""The round summary: every hand revealed card by card with the engine's values, how each
penalty was counted, totals, a look at the table behind, the deal code."""

from __future__ import annotations

from typing import Any

import pytest

from rami_desktop.engine.actions import Discard, Draw, Lay
from rami_desktop.engine.cards import parse_cards
from rami_desktop.engine.rules import PRESET_NAMES
from rami_desktop.play.game.config import Seat
from rami_desktop.ui.kit.text import strip_marks
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene, penalty_explanation
from tests.truth import behind

from .test_table_helpers import Driver, end_round, give, known_table, play

# seat 0 goes out at once: a tria, a série and a second série, the last card discarded
GOING_OUT = "KS KH KD 9H 10H JH QH 5C 6C 7C 2S 3S 4S 8H"


def _finish(scene: Any) -> None:
    play(scene, Draw(0, "stock"))
    for cards in ("KS KH KD", "8H 9H 10H JH QH", "5C 6C 7C", "2S 3S 4S"):
        play(scene, Lay(0, parse_cards(cards.split())))
    play(scene, Discard(0, behind(scene.session).round.hands[0][-1]))


def _summary(app: Any, scene: Any) -> RoundSummaryScene:
    """Show the summary of the scene's (finished) round and draw it once."""
    behind(scene.session).version += 1  # the round was changed under the table
    summary = RoundSummaryScene(app, scene.session, lambda: None)
    app.stack.clear_to(scene)
    app.stack.push(summary)
    Driver(app).step(frames=2)
    return summary


def _check_rows_match_engine(summary: RoundSummaryScene) -> None:
    """Each row shows the hand as the engine counted it, each card's value, and every card is
    drawn as a picture."""
    ctl = summary.session
    r = behind(ctl).round
    drawn = summary.card_rects
    for player, row in enumerate(summary.rows):
        b = r.penalty_breakdown(player)
        assert row.penalty == b.total
        assert row.how == penalty_explanation(r, player)
        if b.cards:
            assert row.cards == tuple(v.card for v in b.cards)
            assert row.values == tuple(v.value for v in b.cards)
        else:
            assert row.cards == tuple(r.hands[player])
            assert all(v is None for v in row.values)
        seat = ctl.seat_of(player)
        assert [code for s, code, _rect in drawn if s == seat] == [c.code for c in row.cards]


def test_penalties_and_their_explanations(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    others = ["AS AH AD 2H 3H 4H 6D 7D 9C JC QC KC JK JK",
              "5S 6S 7S 8S 9S 10S 2D 3D 4D 5D 6H 7H 8C 10C"]
    scene = known_table(app, human=GOING_OUT, others=others, stock_top="JD")
    ctl = scene.session
    r = behind(ctl).round
    r.down[1] = True  # seat 1 laid before: it pays per card
    app.stack.clear_to(scene)
    _finish(scene)
    assert r.over and r.winner == 0
    assert r.penalties == (0, 12 * 10 + 2 * 20, 100)
    assert penalty_explanation(r, 0) == "went out"
    assert penalty_explanation(r, 1) == "12 cards × 10 + 2 jokers × 20 = 160"
    assert penalty_explanation(r, 2) == "never down: 100"
    d = Driver(app)
    for _ in range(200):
        d.step()
        if isinstance(app.stack.top, RoundSummaryScene):
            break
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    d.step()
    rows = summary.rows
    assert [row.penalty for row in rows] == [0, 160, 100]
    assert [row.total for row in rows] == [0, 160, 100]
    assert rows[0].cards == () and rows[0].winner
    assert len(rows[1].cards) == 14 and rows[1].values.count(20) == 2
    assert len(rows[2].cards) == 14  # never down: the hand is shown, the sum is the rule's
    _check_rows_match_engine(summary)
    assert ctl.deal_code() is not None
    # Next round deals again
    d.click(summary.next.rect.center)
    d.step()
    assert behind(ctl).match.round_number == 2 and not behind(ctl).round.over


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_each_preset_reveals_the_hands_with_the_engine_values(make_app: Any, name: str) -> None:
    app = make_app((1024, 640), animation_speed="off")
    scene = known_table(app, preset_name=name)
    r = behind(scene.session).round
    r.down = [True, False, False]
    end_round(r, 1)
    summary = _summary(app, scene)
    _check_rows_match_engine(summary)
    assert summary.rows[1].winner and summary.rows[1].cards == ()
    # every card revealed lies inside the panel
    for _seat, _code, rect in summary.card_rects:
        assert summary.panel.rect.contains(rect)


def test_joker_doubling_rami_sec_and_hand_value(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    scene = known_table(app)
    r = behind(scene.session).round
    r.down = [True, False, False]
    give(r, 0, ["2S", "3D", "JK"])
    r.rules = r.rules.with_options(joker_out_doubles=True)
    joker = parse_cards(["JK"])[0]
    r.stock.remove(joker)  # seat 1 went out throwing a joker
    r.talaj.append(joker)
    r.discards.append((1, joker))
    r.last_discard = joker
    end_round(r, 1)
    text = "2 cards × 10 + 1 joker × 20\n= 40 · ×2, went out with a joker = 80"
    assert penalty_explanation(r, 0) == text
    summary = _summary(app, scene)
    assert summary.rows[0].values == (10, 10, 20) and summary.rows[0].penalty == 80
    _check_rows_match_engine(summary)
    r.rami_sec = True
    r.rules = r.rules.with_options(rami_sec_penalty=200)
    r._end(1, "out")
    assert penalty_explanation(r, 0) == "Rami sec: 200"
    summary = _summary(app, scene)
    assert summary.rows[0].cards == tuple(r.hands[0]) and summary.rows[0].penalty == 200
    assert strip_marks(summary.headline()).endswith("Rami sec!")
    _check_rows_match_engine(summary)
    r.rami_sec = False
    r.rules = r.rules.with_options(penalty=r.rules.penalty.__class__("hand_value"))
    r._end(1, "out")
    summary = _summary(app, scene)
    _check_rows_match_engine(summary)
    assert summary.rows[0].how.startswith("hand value of 3 cards")
    r.winner = None
    assert "stock" in penalty_explanation(r, 0)


def test_see_the_table_and_back(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    scene = known_table(app)
    r = behind(scene.session).round
    end_round(r, 0)
    summary = _summary(app, scene)
    d = Driver(app)
    d.click(summary.look.rect.center)
    assert summary.peeking and not summary.panel.visible and summary.unpeek.visible
    assert app.stack.visible()[0] is scene  # the table is drawn under it
    d.click(summary.unpeek.rect.center)
    assert not summary.peeking and summary.panel.visible and not summary.unpeek.visible
    d.click(summary.look.rect.center)
    d.key(27)  # Escape comes back from the table too
    assert not summary.peeking and app.stack.top is summary


def test_teams_have_one_name_and_totals(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    seats = (Seat("Sara", "human"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "easy"),
             Seat("Bot 4", "bot", "easy"))
    scene = known_table(app, seats=seats, teams=True)
    ctl = scene.session
    r = behind(ctl).round
    end_round(r, 0)
    summary = _summary(app, scene)
    assert strip_marks(summary.row_name(summary.rows[0])) == "Sara (Team A)"
    assert strip_marks(summary.row_name(summary.rows[3])) == "Bot 4 (Team B)"
    from rami_desktop.ui.words.round_result import team_lines

    lines = team_lines(ctl)
    names = [strip_marks(name) for name, _total in lines]
    assert names == ["Team A: Sara & Bot 3", "Team B: Bot 2 & Bot 4"]
