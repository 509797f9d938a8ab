"""Autoplay: every seat a bot, the table plays a round to its summary without freezing."""

from __future__ import annotations

from typing import Any

from rami_desktop.play.game.config import autoplay_config
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.scenes.table import TableScene
from tests.truth import behind

from .test_table_helpers import DT, THREAD_WAIT


def test_bots_complete_a_round(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    assert app.start_game(autoplay_config("talaj", 3, 3), remember=False)
    app.step(DT)
    scene = app.stack.top
    assert isinstance(scene, TableScene)
    for _ in range(4000):
        app.step(DT)
        if isinstance(app.stack.top, RoundSummaryScene):
            break
        scene.session.worker.wait(THREAD_WAIT)
    assert behind(scene.session).round.over
    assert isinstance(app.stack.top, RoundSummaryScene)
    assert behind(scene.session).match.results


def test_autoplay_command_line(tmp_path: Any, capsys: Any) -> None:
    from rami_desktop.__main__ import main

    shot = tmp_path / "t.png"
    assert main(["--autoplay", "--seed", "3", "--players", "6", "--preset", "tallage",
                 "--frames", "30", "--screenshot", str(shot), "--perf", "--size",
                 "1024x640"]) == 0
    assert shot.is_file()
    assert "frame_ms p50=" in capsys.readouterr().out
