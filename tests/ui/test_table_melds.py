"""The combinations on the felt: spread over the middle, each player's together under their
face and name, and every card where the painter draws it is where a click finds it."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rami_desktop.engine.actions import Discard, Draw, Lay
from rami_desktop.engine.cards import parse_card, parse_cards
from rami_desktop.i18n import set_language
from rami_desktop.ui.table.layout import card_h, flow_melds

from .test_table_helpers import Driver, known_table, play


def test_groups_lie_side_by_side_in_the_middle_of_the_felt() -> None:
    pygame.init()
    area = pygame.Rect(300, 130, 960, 420)
    groups = [(1, [(0, 3), (1, 4)]), (2, [(2, 3)]), (3, [(3, 4), (4, 3)])]
    flow = flow_melds(area, groups, 60, 1.0, widths=(90, 76, 60))
    assert [owner for owner, _r in flow.groups] == [1, 2, 3]
    rects = [r for _o, r in flow.groups]
    assert len({r.y for r in rects}) == 1  # one row of groups
    assert rects[0].right < rects[1].x and rects[1].right < rects[2].x
    assert all(area.contains(r) for r in rects)
    top, bottom = rects[0].y - area.y, area.bottom - max(r.bottom for r in rects)
    assert abs(top - bottom) <= 2  # in the middle, not along the top
    assert [p.index for p in flow.places] == [0, 1, 2, 3, 4]  # numbered in seat order
    assert flow.free.h == max(top, bottom) and flow.free.w == area.w


def test_a_crowded_table_still_fits_and_keeps_each_group_whole() -> None:
    pygame.init()
    area = pygame.Rect(240, 105, 560, 300)  # 6 players at the smallest window
    groups = [(seat, [(seat * 4 + k, 3 + k % 3) for k in range(4)]) for seat in range(6)]
    flow = flow_melds(area, groups, 56, 0.8, min_w=28, widths=(82, 69, 56))
    assert len(flow.places) == 24 and card_h(flow.card_w) > 0
    assert all(area.contains(p.rect) for p in flow.places)
    for owner, rect in flow.groups:
        assert all(rect.contains(p.rect) for p in flow.places if p.owner == owner)


@pytest.mark.parametrize("lang", ["en", "ar_MA"])
def test_the_painter_and_the_pointer_read_one_layout(make_app: Any, lang: str) -> None:
    app = make_app((1024, 640), animation_speed="off", language=lang)
    set_language(lang)
    scene = known_table(app)
    app.stack.clear_to(scene)
    play(scene, Draw(0, "stock"))
    for cards in ("KS KH KD", "9H 10H JH QH", "5C 6C 7C"):
        play(scene, Lay(0, tuple(parse_cards(cards.split()))))
    play(scene, Discard(0, parse_card("2S")))
    scene.sync(animate=False)
    Driver(app).settle(3)
    app.draw()
    flow = scene.view.flow
    assert flow is not None and len(flow.places) == 3
    drawn = {s.spec.zone: [] for s in scene.board.sprites if s.spec.zone.startswith("meld:")}
    for s in scene.board.sprites:
        if s.spec.zone.startswith("meld:"):
            drawn[s.spec.zone].append((s.spec.ref, s.spec.rect))
    for place in flow.places:
        cards = [rect for _k, rect in sorted(drawn[f"meld:{place.index}"])]
        assert cards == place.cards  # drawn where the flow put them
        for k, rect in enumerate(place.cards):
            # the visible part of each card: up to where the next one starts
            nxt = place.cards[k + 1].x if k + 1 < len(place.cards) else rect.right
            point = ((rect.x + min(nxt, rect.right)) // 2, rect.centery)
            hit = scene.view.meld_at(point)
            assert hit is not None and hit[:2] == (place.index, k), (lang, place.index, k)
    # the owner's face and name over their group, the group on its mat
    assert [owner for owner, _r in flow.labels] == [0]
    assert scene.view.visible_melds() == [p.index for p in flow.places]
