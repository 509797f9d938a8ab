"""The round summary shows real card faces, readable: no slivers even with six hands of
fourteen cards at 800x600; each card's index whole and clear of the next card, the face of each
player beside their name."""

from __future__ import annotations

import itertools
from typing import Any

import pygame
import pytest

from rami_desktop.engine.rules import preset
from rami_desktop.i18n import set_language
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.smoke.games import play_match
from rami_desktop.ui.kit import theme
from rami_desktop.ui.kit.card_art import RATIO
from rami_desktop.ui.pieces.summary_rows import hand_card_width
from rami_desktop.ui.routes import Route
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.table.layout import INDEX_H, INDEX_W

from .conftest import DT


@pytest.mark.parametrize("lang", ["en", "ar_MA"])
def test_six_hands_of_cards_stay_readable_at_800x600(make_app: Any, lang: str) -> None:
    app = make_app((800, 600), animation_speed="off", language=lang)
    set_language(lang)
    bots = play_match(preset("tallage"), 6, seed=11, max_rounds=1)
    seats = (Seat("Sara", "human"), *bots.config.seats[1:])
    table = Table(Session(GameConfig(bots.config.rules, seats, bots.config.seed), bots.match))
    app.stack.clear_to(app.scene(Route.TABLE, table))
    app.stack.push(app.scene(Route.ROUND_SUMMARY, table, lambda: None))
    app.step(DT, [])
    app.draw()
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    assert summary.card_rects
    least = theme.px(36, summary.scale)
    by_seat: dict[int, list[pygame.Rect]] = {}
    for seat, _code, rect in summary.card_rects:
        by_seat.setdefault(seat, []).append(rect)
        assert rect.w >= least  # a card, not a sliver
        assert rect.h >= INDEX_H * round(rect.w * RATIO)  # its index whole
    for rects in by_seat.values():
        xs = sorted(r.x for r in rects)
        assert all(b - a >= INDEX_W * rects[0].w for a, b in itertools.pairwise(xs))


def test_a_low_row_shows_larger_cards_by_their_top() -> None:
    area = pygame.Rect(0, 0, 400, 90)
    whole, shown = hand_card_width(area, 3, 0, 1.0)
    assert shown == round(whole * RATIO)  # few cards, room enough: whole
    cropped, part = hand_card_width(pygame.Rect(0, 0, 400, 40), 14, 0, 1.0)
    assert cropped * RATIO > part >= INDEX_H * cropped * RATIO  # the top, index whole
    assert cropped > 40 / RATIO  # larger than a whole card the row could hold


def test_what_a_row_says_under_a_name_is_not_small_print(make_app: Any,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """«valeur de la main, 13 cartes : 104» under a name at 800x600 in French wraps onto a
    second line where the row has room for it, rather than shrinking to small print."""
    from rami_desktop.ui.kit.text import line_height
    from rami_desktop.ui.pieces import summary_rows

    drawn: list[tuple[str, pygame.Surface]] = []

    def spying(real: Any) -> Any:
        def spy(text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
            surf = real(text, *args, **kwargs)
            drawn.append((text, surf))
            return surf
        return spy

    for name in ("fit_block", "fit_text"):  # every text the rows draw
        monkeypatch.setattr(summary_rows, name, spying(getattr(summary_rows, name)))
    app = make_app((800, 600), animation_speed="off", language="fr")
    set_language("fr")
    bots = play_match(preset("simple"), 3, seed=5, max_rounds=1)
    seats = (Seat("Amina", "human", gender="she"), *bots.config.seats[1:])
    table = Table(Session(GameConfig(bots.config.rules, seats, bots.config.seed), bots.match))
    app.stack.clear_to(app.scene(Route.TABLE, table))
    app.stack.push(app.scene(Route.ROUND_SUMMARY, table, lambda: None))
    app.step(DT, [])
    app.draw()
    summary = app.stack.top
    assert isinstance(summary, RoundSummaryScene)
    long = [(t, s) for t, s in drawn if len(t) > 20]
    assert long, drawn  # the hand's value of a player with cards left, said in words
    small = theme.px(theme.FONT_SMALL, summary.scale)
    for text, surf in long:
        assert surf.get_height() >= line_height(int(small * 0.8)), text


@pytest.mark.parametrize("lang", ["fr", "ar_MA"])
def test_a_count_stays_with_its_cards_when_the_line_wraps(lang: str) -> None:
    """«13 cartes», «13 كارطة» under a name in the summary: wrapped at any width that holds
    its longest word, the count never ends a line without its word."""
    from rami_desktop.i18n import ngettext
    from rami_desktop.ui.kit.text import text_width, wrap

    set_language(lang)
    try:
        text = ngettext("hand value of {count} card: {points}",
                        "hand value of {count} cards: {points}", 13).format(count=13, points=104)
        size = theme.FONT_SMALL
        longest = max(text_width(word, size) for word in text.split(" "))
        for width in range(longest, text_width(text, size) + 1, 3):
            lines = wrap(text, size, width)
            assert all(not line.rstrip().endswith("13") for line in lines), (width, lines)
    finally:
        set_language("en")
