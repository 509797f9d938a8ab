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
from rami_desktop.ui.scenes.round_summary import RoundSummaryScene
from rami_desktop.ui.stage.routes import Route
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
