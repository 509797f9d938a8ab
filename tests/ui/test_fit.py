"""Every screen fits its window from 800x600 up, at every interface scale, in the three
languages: every button whole and inside the window (its label too), no two controls on top of
each other, every face-up card at least half shown with its index corner inside, no text cut
(the tour of ``rami_desktop.smoke.tour``, the looks of ``rami_desktop.smoke.fit``)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rami_desktop import i18n
from rami_desktop.smoke.fit import EVERY, PROMISED, Look, misfits, scene_misfits, wear
from rami_desktop.smoke.tour import STOPS, Tour
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.widgets import Button
from tests.conftest import some_by_default

from .conftest import DT

LANGS = tuple(i18n.LANGUAGES)
#: the default run's languages: where a screen stops fitting first (French has the longest
#: words, darija the tallest script); English too with ``-m slow``
TIGHT_LANGS = ("fr", "ar_MA")
#: the matches of the tour, played once per test process
TOUR = Tour()
NAMES = [name for name, _stop in STOPS]


def _misfits_everywhere(app: Any, name: str, looks: tuple[Look, ...],
                        langs: tuple[str, ...] = LANGS) -> list[str]:
    stop = dict(STOPS)[name]
    found: list[str] = []
    for lang in langs:
        app.set_language(lang, save=False)
        stop(app, TOUR)
        for look in looks:
            wear(app, look)
            assert app.size == look.size
            app.step(DT, [])  # laid out again and drawn
            found += [f"{lang} {look}: {p}" for p in misfits(app)]
        app.stack.clear()
        app.stack.apply_pending()
    return found


@pytest.mark.parametrize("lang", some_by_default(TIGHT_LANGS, 1))
@pytest.mark.parametrize("name", NAMES)
def test_every_button_and_card_index_is_inside_the_window(make_app: Any, name: str,
                                                          lang: str) -> None:
    """Every screen at 800x600, in French (and darija with ``-m slow``)."""
    app = make_app((800, 600), animation_speed="off", hints=True)
    assert _misfits_everywhere(app, name, PROMISED[:1], (lang,)) == []


@pytest.mark.parametrize("lang", some_by_default(TIGHT_LANGS[::-1], 1))
@pytest.mark.parametrize("name", NAMES)
def test_every_screen_fits_a_laptop_at_the_largest_interface_scale(make_app: Any, name: str,
                                                                   lang: str) -> None:
    """Every screen at 1366x768 at 150 %, in darija (and French with ``-m slow``)."""
    app = make_app((800, 600), animation_speed="off", hints=True)
    assert _misfits_everywhere(app, name, PROMISED[1:], (lang,)) == []


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_every_screen_fits_at_every_size_and_interface_scale(make_app: Any, name: str) -> None:
    """Every look (sizes from 800x600 to 1920x1080, each interface scale, larger cards) in
    every language (``-m slow``)."""
    app = make_app((800, 600), animation_speed="off", hints=True)
    assert _misfits_everywhere(app, name, EVERY) == []


def test_a_window_of_800x600_opens_at_that_size(make_app: Any) -> None:
    app = make_app((800, 600))
    assert app.size == (800, 600)


def test_a_button_outside_the_window_or_with_its_label_cut_is_found(make_app: Any) -> None:
    app = make_app((800, 600))
    app.stack.push(app.scene(Route.MENU))
    app.step(DT, [])
    menu = app.stack.top
    assert misfits(app) == []
    window = pygame.Rect(0, 0, 800, 600)
    quit_button = [w for w in menu.group.widgets if isinstance(w, Button)][-1]
    quit_button.rect.y = 590  # half off the bottom, as Quit was at 1024x600
    assert any("outside the window" in p for p in scene_misfits(menu, window))
    quit_button.rect.y = 500
    quit_button.rect.w = 30
    assert any("label" in p and "is cut" in p for p in scene_misfits(menu, window))
    quit_button.rect = menu.group.widgets[0].rect.copy()
    assert any("overlap" in p for p in scene_misfits(menu, window))


@pytest.mark.parametrize("lang", LANGS)
def test_every_option_of_the_setup_shows_whole_at_800x600(make_app: Any, lang: str) -> None:
    """Every option of every choice of the setup (all its rules shown, each preset, the
    most seats) shows whole at 800x600, not only the one chosen; the seats' choices at one
    size down a column ("Medium" never smaller than "Easy")."""
    from rami_desktop.engine.rules import PRESET_NAMES
    from rami_desktop.ui.widgets import Choice

    app = make_app((800, 600))
    app.set_language(lang, save=False)
    app.stack.push(app.scene(Route.SETUP))
    app.step(DT, [])
    setup = app.stack.top
    cut: list[str] = []
    for name in PRESET_NAMES:
        setup.preset.set(name)
        setup.all_toggle.value = True
        setup.toggle_all(True)
        setup.players.set(setup.players.maximum)
        app.step(DT, [])
        choices = [w for g in setup.group.widgets for w in (g.children() or [g])
                   if isinstance(w, Choice) and w.visible]
        cut += [f"{name}: {[o for _v, o in c.options]}" for c in choices if c.value_clipped()]
        levels = [row.level for row in setup.seat_rows if row.level.visible]
        assert len({c.value_size() for c in levels}) == 1
    assert cut == []


def test_a_card_whose_index_is_off_the_window_is_found(make_app: Any) -> None:
    app = make_app((800, 600), animation_speed="off")
    dict(STOPS)["table"](app, TOUR)
    app.step(DT, [])
    table = app.stack.top
    assert misfits(app) == []
    card = next(s for s in table.board.sprites if s.spec.zone == "hand")
    card.y += card.rect.h * 0.9  # only the top of the card shows, as at 1024x600 before
    assert any("index" in p for p in misfits(app))


@pytest.mark.parametrize("look", [Look((1280, 720)), PROMISED[1]], ids=str)
def test_the_team_lines_of_a_2v2_summary_do_not_overlap_the_goal_line(make_app: Any,
                                                                      look: Look) -> None:
    app = make_app((1280, 720), animation_speed="off")
    for lang in LANGS:
        app.set_language(lang, save=False)
        dict(STOPS)["summary-2v2"](app, TOUR)
        wear(app, look)
        app.step(DT, [])
        summary = app.stack.top
        assert isinstance(summary, RoundSummaryScene)
        lines = summary.line_rects
        assert len(lines) == 4  # two teams, the goal, the deal code
        for k, line in enumerate(lines):
            assert line.collidelist(lines[k + 1:]) == -1, (lang, k, lines)
            assert line.top >= summary.rows_rect.bottom
            assert line.bottom <= summary.next.rect.top


def test_the_summary_rows_scroll_at_a_large_interface_scale(make_app: Any) -> None:
    """At 1366x768 at 150 % the four rows of a 2 v 2 round take more height than the panel
    has: they scroll (wheel, Page Down), every row reached, the cards drawn only where seen."""
    app = make_app((1280, 720), animation_speed="off")
    dict(STOPS)["summary-2v2"](app, TOUR)
    wear(app, PROMISED[1])
    app.step(DT, [])
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    assert sum(summary.row_heights) > summary.rows_rect.h  # more rows than room
    seen = {seat for seat, _code, _rect in summary.card_rects}
    assert all(summary.rows_rect.contains(rect) for _s, _c, rect in summary.card_rects)
    over = summary.rows_rect.center
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=over, rel=(0, 0),
                                     buttons=(0, 0, 0))])
    app.step(DT, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-10)])
    assert summary.rows_scroll == sum(summary.row_heights) - summary.rows_rect.h  # the end
    app.draw()
    last = summary.rows[-1]
    assert [code for seat, code, _r in summary.card_rects if seat == last.seat] == \
        [c.code for c in last.cards]
    assert {seat for seat, _code, _rect in summary.card_rects} != seen
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEUP, mod=0, unicode="",
                                     scancode=0)])
    assert summary.rows_scroll == 0


@pytest.mark.parametrize("hosting", [False, True], ids=["setup", "host"])
@pytest.mark.parametrize("lang", LANGS)
def test_every_option_of_the_setup_shows_whole_at_every_interface_scale(
        make_app: Any, lang: str, hosting: bool) -> None:
    """At 800x600 and at 1366x768 at 150 %, with every rule shown and each number of seats:
    each value of each choice, once chosen, shows whole ("Anyone but the dealer", "she/he",
    "On the network"), and the screen fits (the hint under six seats never runs over the
    buttons)."""
    from rami_desktop.ui.widgets import Choice

    app = make_app((800, 600), animation_speed="off")
    app.set_language(lang, save=False)
    app.stack.push(app.scene(Route.SETUP, hosting=hosting))
    app.step(DT, [])
    setup = app.stack.top
    found: list[str] = []
    for look in PROMISED:
        wear(app, look)
        setup.preset.set("tallage")  # the most options
        setup.all_toggle.value = True
        setup.toggle_all(True)
        for players in (setup.players.minimum, setup.players.maximum):
            setup.players.set(players)
            app.step(DT, [])
            found += [f"{look} {players} seats: {p}" for p in misfits(app)]
            choices = [w for g in setup.group.widgets for w in (g.children() or [g])
                       if isinstance(w, Choice) and w.visible]
            for choice in choices:
                before = choice.value
                for value, _text in choice.options:
                    choice.set(value)
                    app.step(DT, [])  # laid out again (a seat's kind moves its columns)
                    if choice.visible and not choice.shows_whole():
                        found.append(f"{look} {players} seats: {choice.value_text()!r} is cut")
                choice.set(before)
                app.step(DT, [])
    assert found == []
