"""The session across rounds: statistics, the match's end, the save cleared, Continue."""

from __future__ import annotations

from typing import Any

from rami_desktop.engine.actions import Discard, Draw
from rami_desktop.engine.rules import preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.saves import has_saved_match
from rami_desktop.storage.stats import StatsFiles, load_stats
from rami_desktop.ui.scenes.match_end import MatchEndScene
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.scenes.table import TableScene
from tests.truth import behind

from .test_round_summary import GOING_OUT, _finish
from .test_table_helpers import DT, Driver, known_table, play


def test_round_stats_match_end_and_save_cleared(make_app: Any, tmp_path: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    app.paths = Paths.under(tmp_path / "home")
    others = ["AS AH AD 2H 3H 4H 6D 7D 9C JC QC KC JK JK",
              "5S 6S 7S 8S 9S 10S 2D 3D 4D 5D 6H 7H 8C 10C"]
    scene = known_table(app, human=GOING_OUT, others=others, stock_top="JD")
    ctl = scene.session
    behind(ctl).store, behind(ctl).stats = MatchFiles(app.paths), StatsFiles(app.paths)
    behind(ctl).match.rules = behind(ctl).round.rules = ctl.rules.with_options(target=100)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.step()
    _finish(scene)
    behind(ctl).flush()
    assert ctl.match_over and behind(ctl).match.winners() == (0,)
    stats, _problem = load_stats(app.paths)
    talaj = stats.for_player("You").for_preset("talaj")
    assert talaj.rounds_played == 1 and talaj.rounds_won == 1
    assert talaj.matches_played == 1 and talaj.matches_won == 1
    assert talaj.best_opening == 104
    assert not has_saved_match(app.paths)
    for _ in range(200):
        d.step()
        if isinstance(app.stack.top, RoundSummaryScene):
            break
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    summary.go_next()
    d.step(frames=2)
    assert isinstance(app.stack.top, MatchEndScene)
    assert "You" in app.stack.top.winners_text()


def test_continue_resumes_the_saved_match(make_app: Any, tmp_path: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    app.paths = Paths.under(tmp_path / "home")
    config = GameConfig(rules=preset("talaj"), seats=(Seat("You"), Seat("Bot", "bot")), seed=42)
    assert app.start_game(config, remember=False)
    app.step(DT)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    ctl = scene.session
    for _ in range(2):  # two turns, whoever plays them
        p = behind(ctl).round.current
        play(scene, Draw(p, "stock"))
        play(scene, Discard(p, behind(ctl).round.hands[p][-1]))
    behind(ctl).flush()
    assert app.saved_match_available()
    app.stack.clear()
    app.step(DT)
    assert app.continue_match()
    app.step(DT)
    table = app.stack.top
    assert isinstance(table, TableScene)
    assert behind(table.session).round.snapshot()["talaj"] == behind(ctl).round.snapshot()["talaj"]
    assert behind(table.session).round.turn == 2 and table.session.config == ctl.config


def test_the_last_round_s_summary_opens_again_until_the_human_s_first_move(make_app: Any) -> None:
    app = make_app((800, 600), animation_speed="off")
    scene = known_table(app, human=GOING_OUT)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.step()
    _finish(scene)
    for _ in range(200):
        d.step()
        if isinstance(app.stack.top, RoundSummaryScene):
            break
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    headline = summary.headline()
    summary.go_next()  # the next round is dealt
    d.step(frames=2)
    ctl = scene.session
    assert app.stack.top is scene and behind(ctl).match.round_number == 2
    last = scene.buttons.last_round
    assert last.visible and scene.last_round_open()
    d.click(last.rect.center)
    d.step()
    assert app.stack.top is summary and summary.reopened
    assert summary.headline() == headline and not summary.look.visible
    assert summary.number == 1
    summary.go_next()  # back to the table: no round dealt
    d.step()
    assert app.stack.top is scene and behind(ctl).match.round_number == 2
    for _ in range(300):  # the bots before the human play: the button stays
        if ctl.human_to_play() is not None:
            break
        d.step()
    assert scene.last_round_open() and last.visible
    play(scene, Draw(behind(ctl).round.current, "stock"))  # the human's first move of the round
    d.step()
    assert not scene.last_round_open() and not last.visible
    # and from the statistics, whenever: the same summary, its button back to them
    from rami_desktop.ui.routes import Route
    from rami_desktop.ui.scenes.statistics import StatisticsScene

    stats = app.scene(Route.STATISTICS)
    app.stack.push(stats)
    d.step()
    assert isinstance(stats, StatisticsScene) and stats.last_round.visible
    d.click(stats.last_round.rect.center)
    d.step()
    assert app.stack.top is summary and summary.next.label == "Back"
    summary.go_next()
    d.step()
    assert app.stack.top is stats and behind(ctl).match.round_number == 2
