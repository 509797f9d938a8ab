"""Statistics → Past rounds: each round says who went out and what each player paid, the list
in the language's own separator."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rami_desktop.i18n import set_language
from rami_desktop.storage.paths import Paths
from rami_desktop.storage.round_files import KeptRound, RoundFiles
from rami_desktop.ui.kit.text import strip_marks
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.kept_rounds import KeptRoundsScene, round_label

from .conftest import DT


def _kept() -> KeptRound:
    return KeptRound(Path("round.json"), "2026-12-04T10:00:00Z", ("Amina", None, None), 2,
                     (False, True, True), (0, 1, 2), (0, 45, 120), (10, 85, 120), 0)


def test_a_past_round_says_who_went_out_and_the_scores() -> None:
    label = strip_marks(round_label(_kept())).replace("\u00a0", " ")
    assert "round 2" in label and "★ Amina 0, Khadija 45, Hassan 120" in label


def test_the_darija_list_takes_its_own_separator() -> None:
    try:
        set_language("ar_MA")
        label = strip_marks(round_label(_kept())).replace("\u00a0", " ")
    finally:
        set_language("en")
    assert "، " in label and "," not in label.replace("، ", "")
    assert "★ Amina 0" in label and "خديجة 45" in label


def test_the_list_shows_the_star_s_meaning_and_fits(make_app: Any) -> None:
    app = make_app((800, 600))
    app.paths = Paths.from_environment()
    seats = [[name, kind, "easy"] for name, kind in (("Amina", "human"), (None, "bot"),
                                                     (None, "bot"), ("Fatima-Zahra", "human"),
                                                     (None, "bot"), (None, "bot"))]
    for k in range(3):
        RoundFiles.of(app.paths).keep({
            "config": {"preset": "talaj", "options": {}, "seed": k, "seats": seats},
            "match": {"start_scores": [0] * 6, "scores": [0, 45, 120, 88, 130, 101]},
            "hands": {}, "round": {"number": k + 1, "seats": list(range(6)), "winner": 0}},
            name=f"round-20261204T10000{k}Z-000000000.json")
    app.stack.push(app.scene(Route.MENU))
    scene = app.scene(Route.KEPT_ROUNDS)
    assert isinstance(scene, KeptRoundsScene)
    app.stack.push(scene)
    app.step(DT, [])
    assert "★" in scene.legend() and len(scene.rows) == 3
    assert not any(row.label_clipped() for row in scene.rows)
    assert "★\u00a0Amina\u00a00" in strip_marks(scene.rows[0].label())
