"""A woman at the table, in darija and in French, reads only words for her on every screen she
meets: the table's turn line, hints and Lay button, the refusal of a move, the hand-over of a
shared screen, the round's summary and review, the journal, the replay and the match's end.

Every text the app draws is recorded; none may speak of a man (``tests.i18n.masculine``), her
name and the other women's read as the name placeholders the catalogs' words surround. Her
own words are heard too: in darija the turn line says «سحبي», the hand-over «اللاعبة».
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from rami_desktop.engine.actions import Discard, Draw, Lay
from rami_desktop.engine.cards import parse_cards
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.config import Seat
from rami_desktop.play.review.replay import Replay
from rami_desktop.ui.kit import text
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.match_end import MatchEndScene
from rami_desktop.ui.scenes.privacy import PrivacyScene
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from tests.i18n.masculine import masculine
from tests.truth import behind

from .test_table_helpers import THREAD_WAIT, Driver, hint_of, known_table, play

#: seat 0 can go out at once: a tria, a série and two more séries, the last card discarded
GOING_OUT = "KS KH KD 9H 10H JH QH 5C 6C 7C 2S 3S 4S 8H"
WOMEN = ("Amina", "Zineb", "Khadija")
AMINA = Seat("Amina", "human", "hard", "she")
SEATS = (AMINA, Seat("Khadija", "bot", "easy", "she"), Seat("Omar", "bot", "easy", "he"))


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the app renders from now on (the cache emptied, so nothing is missed)."""
    texts: list[str] = []
    original = text._render

    def record(value: str, *args: Any) -> pygame.Surface:
        texts.append(value)
        return original(value, *args)

    monkeypatch.setattr(text, "_render", record)
    text.clear_cache()
    return texts


def _read_as_templates(line: str) -> str:
    """A drawn line with the women's names read as the placeholder the words surround."""
    line = text.strip_marks(line)
    for name in WOMEN:
        line = line.replace(name, "{name}")
    return line


def _men(drawn: list[str], language: str) -> list[str]:
    return sorted({f"{why}: {line!r}" for line in drawn
                   for why in masculine(_read_as_templates(line), language)})


def _settle(app: Any, frames: int = 4) -> None:
    d = Driver(app)
    d.step(frames=frames)
    app.draw()


def _summary(app: Any, scene: Any) -> RoundSummaryScene:
    summary = RoundSummaryScene(app, scene.session, lambda: None)
    app.stack.clear_to(scene)
    app.stack.push(summary)
    d = Driver(app)
    for _ in range(50):  # the review comes from the bot worker thread
        d.step()
        scene.session.worker.wait(THREAD_WAIT)
        if summary.review.ready:
            break
    app.draw()
    return summary


def _replay(scene: Any) -> Replay:
    """The round just played, to replay from its chosen deal."""
    session = behind(scene.session)
    r = session.round
    return Replay(session.config, RoundState.from_dict({**r.to_dict(), "log": []}), r.log)


@pytest.fixture(params=["ar_MA", "fr"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    yield str(request.param)


def test_a_woman_who_goes_out_reads_her_words_everywhere(make_app: Any, drawn: list[str],
                                                          language: str) -> None:
    app = make_app((800, 600), animation_speed="off", language=language, hints=True)
    scene = known_table(app, seats=SEATS, human=GOING_OUT)
    app.stack.clear_to(scene)
    hint_of(scene)
    _settle(app)
    if language == "ar_MA":  # her turn line, in her words
        assert any("سحبي" in line for line in drawn)
    play(scene, Draw(0, "stock"))
    hint_of(scene)
    _settle(app)
    scene.control.refuse("already_drew")  # a refusal, worded for her
    _settle(app)
    for cards in ("KS KH KD", "8H 9H 10H JH QH", "5C 6C 7C", "2S 3S 4S"):
        play(scene, Lay(0, parse_cards(cards.split())))
    _settle(app)
    play(scene, Discard(0, behind(scene.session).round.hands[0][-1]))
    _settle(app, 10)
    summary = _summary(app, scene)
    _settle(app)
    Driver(app).click(summary.review_button.rect.center)  # the review
    _settle(app)
    app.stack.push(app.scene(Route.REPLAY, _replay(scene)))
    Driver(app).key(pygame.K_END)  # the replay's end: who went out
    _settle(app)
    app.stack.clear_to(MatchEndScene(app, scene.session))
    _settle(app)
    assert not _men(drawn, language)
    if language == "ar_MA":
        assert any("سالات" in line for line in drawn)  # «سالات Amina.»


def test_a_woman_who_missed_her_way_out_is_reviewed_as_a_woman(make_app: Any, drawn: list[str],
                                                               language: str) -> None:
    """Her review: the way out she missed, told without a word for a man."""
    app = make_app((800, 600), animation_speed="off", language=language)
    scene = known_table(app, seats=SEATS, human=GOING_OUT)
    play(scene, Draw(0, "stock"), Discard(0, parse_cards(["8H"])[0]))
    r = behind(scene.session).round
    r.over, r.winner = True, 1  # the round ends there (Khadija went out)
    behind(scene.session).version += 1
    summary = _summary(app, scene)
    Driver(app).click(summary.review_button.rect.center)
    _settle(app)
    assert summary.review.findings  # the way out she missed
    assert not _men(drawn, language)


def test_two_women_passing_the_screen_read_hers(make_app: Any, drawn: list[str],
                                                 language: str) -> None:
    app = make_app((800, 600), animation_speed="off", language=language)
    app.stack.push(PrivacyScene(app, "Zineb", lambda: None, "she"))
    _settle(app)
    assert not _men(drawn, language)
    if language == "ar_MA":
        assert any("اللاعبة" in line for line in drawn)
    else:
        assert any("Joueuse suivante" in line for line in drawn)



def test_the_dealer_s_tab_speaks_of_her(make_app: Any, monkeypatch: pytest.MonkeyPatch,
                                        language: str) -> None:
    """The dealer's tab on her own line and on each seat's panel is worded for that seat's
    player: her line and a woman bot's panel «donneuse» («الموزّعة»), a man's «donneur»."""
    from rami_desktop.ui.table import hud

    app = make_app((800, 600), animation_speed="off", language=language)
    scene = known_table(app, seats=SEATS, human=GOING_OUT)
    app.stack.clear_to(scene)
    mine: list[str] = []
    draw_me = hud.draw_me

    def record(*args: Any) -> None:
        mine.append(args[-1])
        draw_me(*args)

    monkeypatch.setattr(hud, "draw_me", record)
    _settle(app)
    assert mine and set(mine) == {"she"}  # her own line
    genders = [scene.painter.seat_info(scene.parts, seat).gender for seat in range(3)]
    assert genders == ["she", "she", "he"]
    assert [hud.dealer_word(g) for g in genders] == (
        ["الموزّعة", "الموزّعة", "الموزّع"] if language == "ar_MA"
        else ["donneuse", "donneuse", "donneur"])
