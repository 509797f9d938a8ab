"""The round review on the round summary: the Round review button shows the findings the game
worked out (here a going-out missed, or none), and brings the hands back."""

from __future__ import annotations

from typing import Any

from rami_desktop.engine.actions import Discard, Draw, Lay
from rami_desktop.engine.cards import parse_cards
from rami_desktop.play.findings import FindingKind
from rami_desktop.ui.review_text import finding_text, nothing_text
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.text import strip_marks
from tests.truth import behind

from .test_table_helpers import Driver, known_table, play

# seat 0 can go out at once: a tria, a série and two more séries, the last card discarded
GOING_OUT = "KS KH KD 9H 10H JH QH 5C 6C 7C 2S 3S 4S 8H"


def _summary(app: Any, scene: Any) -> RoundSummaryScene:
    summary = RoundSummaryScene(app, scene.session, lambda: None)
    app.stack.clear_to(scene)
    app.stack.push(summary)
    d = Driver(app)
    for _ in range(50):  # the review comes from the bot worker thread
        d.step()
        scene.session.worker.wait(1)
        if summary.review.ready:
            break
    return summary


def test_a_round_gone_out_at_once_reviews_to_well_played(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    scene = known_table(app, human=GOING_OUT)
    play(scene, Draw(0, "stock"))
    for cards in ("KS KH KD", "8H 9H 10H JH QH", "5C 6C 7C", "2S 3S 4S"):
        play(scene, Lay(0, parse_cards(cards.split())))
    play(scene, Discard(0, behind(scene.session).round.hands[0][-1]))
    summary = _summary(app, scene)
    assert summary.review.findings == ()
    Driver(app).step(frames=2)
    assert not summary.needs_redraw()  # at rest
    assert summary.review_button.visible
    Driver(app).click(summary.review_button.rect.center)
    assert summary.reviewing
    assert summary.review.lines() == [nothing_text()]
    Driver(app).click(summary.review_button.rect.center)
    assert not summary.reviewing


def test_a_going_out_missed_is_told_with_its_turn(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    scene = known_table(app, human=GOING_OUT)
    play(scene, Draw(0, "stock"), Discard(0, parse_cards(["8H"])[0]))
    r = behind(scene.session).round
    r.over, r.winner = True, 1  # the round ends there (the bots' turns do not matter)
    behind(scene.session).version += 1
    summary = _summary(app, scene)
    findings = summary.review.findings
    assert findings is not None and [f.kind for f in findings] == [FindingKind.MISSED_OUT]
    summary.review.findings = None  # as if shown before the review came: taken when shown
    Driver(app).click(summary.review_button.rect.center)
    assert summary.review.lines() == [finding_text(findings[0])]
    Driver(app).step(frames=2)
    assert not summary.needs_redraw()
    Driver(app).click(summary.review_button.rect.center)
    assert findings[0].turn == 1
    Driver(app).click(summary.review_button.rect.center)
    assert summary.reviewing
    assert summary.review.lines() == [finding_text(findings[0])]
    assert strip_marks(summary.review.lines()[0]).startswith("Turn 1: you could have gone out: lay")
