"""Words from the line-by-line review of issue 28: the hint's punctuation in each language,
Simple's hint without points, the join screen's field labels, default seat names that follow
the language, the installer's French, the darija deal-code line, joined and Join in darija (the
stock «المخزون» and one verb for drawing and discarding: ``tests/i18n/test_wording.py``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rami_desktop import i18n
from rami_desktop.engine.actions import Discard, Draw, TakeBack
from rami_desktop.engine.advice import AdviceKind, advise
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.smoke.tour import STOPS, Tour
from rami_desktop.ui.kit.text import visual
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.table.hints import hint_text
from rami_desktop.ui.widgets.base import tr
from tests.i18n.masculine import masculine

from .conftest import DT
from .test_table_words import _cards, staged_round

ROOT = Path(__file__).resolve().parents[2]


def _down_with_two_additions() -> RoundState:
    """Down already, the next turn drawn, with K♣ for the tria of kings and 7♥ for the série."""
    st = staged_round("talaj")
    me = st.current
    st.apply(Discard(me, st.hands[me][0]))
    while st.current != me:
        p = st.current
        st.apply(st.legal_draws()[0] if st.legal_draws()[0].source == "stock"
                 else Draw(p, "stock"))
        st.apply(Discard(p, st.legal_discards()[0]))
    st.apply(Draw(me, "stock"))
    st.hands[me].extend(_cards("7H KC"))
    return st


@pytest.mark.parametrize(("lang", "between", "never"), [
    ("en", "; ", "\u00a0;"),
    ("fr", "\u00a0; ", " ;"),  # a no-break space before the semicolon, never a plain one
    ("ar_MA", "؛ ", ";"),
])
def test_the_hints_moves_are_joined_in_each_languages_punctuation(
        lang: str, between: str, never: str) -> None:
    i18n.set_language(lang)
    try:
        st = _down_with_two_additions()
        advice = advise(st)
        assert advice.kind is AdviceKind.ADD and len(advice.additions) == 2
        text = hint_text(advice, st)
        assert text.count(between) == 1 and never not in text
        opened = staged_round("talaj")
        text = hint_text(advise(opened), opened)  # two sentences: made, then discard
        assert text.count(". ") == 1
    finally:
        i18n.set_language("en")


def test_simples_hint_names_the_combinations_without_points() -> None:
    for name, says_points in (("simple", False), ("talaj", True)):
        st = staged_round(name, going_out=True)
        for index in reversed(st.staged):
            st.apply(TakeBack(st.current, index))
        advice = advise(st)
        text = hint_text(advice, st)
        assert text.endswith(f": {advice.points}") == says_points, text
        if not says_points:
            assert advice.kind is AdviceKind.GO_OUT
            assert text.replace("\u00a0", " ") == (
                "Hint: go out with a série 8-9-10-J-Q♥, a tria K♠ K♥ K♦")


def test_the_join_screens_fields_have_their_names_above_them(make_app: Any) -> None:
    app = make_app((800, 600), language="ar_MA")
    app.set_language("ar_MA", save=False)
    app.stack.push(app.scene(Route.NET_JOIN))
    app.step(DT, [])
    join = app.stack.top
    names = {field: label for field, label in join.field_labels.items()}
    assert set(names) == {join.address, join.port, join.code, join.name}
    for field, label in names.items():
        assert label.rect.bottom <= field.rect.top and label.rect.w == field.rect.w
        assert label.rect.x == field.rect.x  # over its field, in either direction
        assert i18n._(label.text) == i18n._(field.placeholder)
    assert i18n._(names[join.code].text) == "الكود ديال الطبلة"


def test_default_seat_names_follow_the_language(make_app: Any) -> None:
    app = make_app((1024, 600), language="fr")
    app.set_language("fr", save=False)
    # the last setup was saved in French: a name typed, the others the defaults
    app.settings["last_setup"] = GameConfig(seats=(
        Seat("Joueur 1", "human"), Seat("Bot 2", "bot"), Seat("Youssef", "human"))).to_dict()
    app.set_language("ar_MA", save=False)
    setup = app.scene(Route.SETUP)
    app.stack.push(setup)
    app.step(DT, [])
    # an earlier setup's "Bot 2" is a default: the bot takes a person's name, in darija; its
    # "Joueur 1" (the default of earlier versions) is one too: the seat's, for her or him
    assert [r.name.value for r in setup.seat_rows[:3]] == ["البلاصة 1", "خديجة", "Youssef"]
    app.set_language("en", save=False)  # on the screen: at once
    app.step(DT, [])
    assert [r.name.value for r in setup.seat_rows[:3]] == ["Player 1", "Khadija", "Youssef"]
    setup.seat_rows[1].kind.value = "human"
    setup.seat_rows[1].kind_changed("human")
    assert setup.seat_rows[1].name.value == "Player 2"


@pytest.mark.parametrize(("language", "unsaid", "she", "he"), [
    ("fr", "Place 1", "Joueuse 1", "Joueur 1"),
    ("ar_MA", "البلاصة 1", "اللاعبة 1", "اللاعب 1")])
def test_a_seats_default_name_is_a_man_s_only_for_him(make_app: Any, language: str,
                                                      unsaid: str, she: str, he: str) -> None:
    """A human seat not named is the seat ("Place 1") until its player says she or he: then
    "Joueuse 1" or "Joueur 1"; the number of seats is counted in places too."""
    app = make_app((800, 600), language=language)
    setup = app.scene(Route.SETUP)
    app.stack.push(setup)
    app.step(DT, [])
    row = setup.seat_rows[0]
    assert row.name.value == unsaid and setup.game_config().seats[0].name == unsaid
    for gender, name in (("she", she), ("he", he), ("", unsaid)):
        row.gender.set(gender)
        app.step(DT, [])
        assert row.name.value == name
    count = tr(setup.players.label)
    assert not masculine(count, language) and "joueurs" not in count
    assert "اللاعبين" not in count


def test_the_installers_french_has_french_typography() -> None:
    french = [line for line in (ROOT / "packaging/windows/strings.nsh").read_text(
        encoding="utf-8").splitlines() if "${LANG_FRENCH}" in line]
    assert french
    text = "\n".join(french)
    assert "'" not in text  # typographic apostrophes
    assert " :" not in text and " ;" not in text  # a no-break space before : and ;
    assert "dossiers\u00a0: aucun droit d’administrateur n’est nécessaire" in text


def test_the_darija_deal_code_sentence_is_laid_out_right_to_left(make_app: Any) -> None:
    app = make_app((1024, 600), animation_speed="off")
    app.set_language("ar_MA", save=False)
    dict(STOPS)["summary"](app, Tour())
    app.step(DT, [])
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene) and summary.code
    shown = visual(summary.code_text())
    # read from the right: «الكود ديال التوزيع», the code in its own order, then the rest
    assert shown.endswith(f":{summary.code} " + "الكود ديال التوزيع"[::-1])
    assert shown.startswith(".")  # the sentence's full stop at its left end
    # the Copy button at the line's end: on its left
    assert summary.copy.rect.right < summary.code_rect.x
    assert summary.line_rects[-1] == summary.code_rect.clip(summary.line_rects[-1])


def test_darija_says_joined_as_a_state_and_join_as_the_button() -> None:
    i18n.set_language("ar_MA")
    try:
        assert i18n._("joined") == "فالطبلة" and i18n._("Join") == "ندخلو"
    finally:
        i18n.set_language("en")
