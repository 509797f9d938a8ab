"""Reading every card: no badge over a card's index (the first card of rank 6 or 9, top or
buried; combination numbers in every language), the spread talaj, the combinations' room, the
hint marks, the message above the hint line, the status line while dragging, the dealer."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rami_desktop.engine.actions import Discard, Draw, Lay
from rami_desktop.engine.cards import parse_card, parse_cards
from rami_desktop.i18n import set_language
from rami_desktop.play.game.config import Seat
from rami_desktop.ui.kit import theme
from rami_desktop.ui.scenes.table import TableScene
from rami_desktop.ui.table import animation
from rami_desktop.ui.table.layout import TableLayout, card_h, compute_layout, flow_melds, index_rect
from rami_desktop.ui.table.panels import TalajSpread
from tests.truth import behind

from .test_table_helpers import DT, Driver, hint_of, known_table, play


def _lay(scene: TableScene) -> TableLayout:
    """The scene's layout (computed once the scene is shown)."""
    assert scene.view.lay is not None
    return scene.view.lay

SEATS = (Seat("You", "human"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "easy"),
         Seat("Bot 4", "bot", "easy"))
#: seat 2 deals and plays first, then seat 3, then the human
OTHERS = ["2C 3C 4C 5S 6S 7S 8S 9D 10D JD QD KD 2H 3H",
          "2D 3D 4H 5H 6H 7D 8D 9S 10S JS QS KC AS 6D",
          "AC AD 4S 9C 10C JC QC KS 3D 5D 6C 7H 8C 9H"]


def first_card_table(app: Any, first: str, buried: bool) -> TableScene:
    """Seat 2 discards ``first`` (the round's first card), seat 3 (if ``buried``) discards on
    it; the human (not the dealer) may still take it."""
    scene = known_table(app, seats=SEATS, others=OTHERS, dealer=2)
    app.stack.clear_to(scene)
    ctl = scene.session
    assert behind(ctl).round.current == 2
    play(scene, Draw(2, "stock"), Discard(2, parse_card(first)))
    if buried:
        play(scene, Draw(3, "stock"), Discard(3, parse_card("AC")))
    scene.sync(animate=False)
    Driver(app).settle(3)
    return scene


def same_pixels(screen: pygame.Surface, face: pygame.Surface, area: pygame.Rect,
                card_topleft: tuple[int, int]) -> bool:
    """Whether the screen shows the card face's own pixels over ``area`` (screen coords)."""
    for y in range(area.top, area.bottom, 2):
        for x in range(area.left, area.right, 2):
            want = face.get_at((x - card_topleft[0], y - card_topleft[1]))
            got = screen.get_at((x, y))
            if max(abs(want[i] - got[i]) for i in range(3)) > 24:
                return False
    return True


@pytest.mark.parametrize("lang", ["en", "ar_MA"])
@pytest.mark.parametrize("buried", [False, True])
@pytest.mark.parametrize("first", ["6D", "9S"])
def test_the_first_cards_index_is_never_covered(make_app: Any, lang: str, buried: bool,
                                                first: str) -> None:
    app = make_app((1280, 800), animation_speed="off", language=lang)
    set_language(lang)
    scene = first_card_table(app, first, buried)
    r = behind(scene.session).round
    assert r.first_pos == 0 and (len(r.talaj) == 2) == buried
    card = _lay(scene).first
    assert (card != _lay(scene).talaj) == buried
    app.draw()
    face = app.card_art.face(first, card.w)
    assert same_pixels(app.screen, face, index_rect(card).inflate(-4, -4), card.topleft)
    if buried:  # the talaj card over it leaves its whole index in view
        assert index_rect(card).bottom <= _lay(scene).talaj.y


@pytest.mark.parametrize("lang", ["en", "ar_MA"])
def test_combination_numbers_leave_every_index_readable(make_app: Any, lang: str) -> None:
    app = make_app((1280, 800), animation_speed="off", language=lang)
    set_language(lang)
    scene = known_table(app)
    app.stack.clear_to(scene)
    play(scene, Draw(0, "stock"))
    for cards in ("KS KH KD", "9H 10H JH QH", "5C 6C 7C"):
        play(scene, Lay(0, tuple(parse_cards(cards.split()))))
    play(scene, Discard(0, parse_card("2S")))  # the opening is made: 87
    scene.sync(animate=False)
    Driver(app).settle(3)
    app.draw()
    assert scene.view.flow is not None and len(scene.view.flow.places) == 3
    for place in scene.view.flow.places:
        meld = behind(scene.session).round.melds[place.index].meld
        assert meld is not None
        for c, rect in zip(meld.cards, place.cards, strict=True):
            face = app.card_art.face(c.code, rect.w)
            assert same_pixels(app.screen, face, index_rect(rect).inflate(-4, -4),
                               rect.topleft), (lang, c)


def test_combinations_get_room_and_still_fit_when_many() -> None:
    pygame.init()
    area = pygame.Rect(300, 130, 960, 380)
    few = flow_melds(area, [(0, [(0, 3), (1, 4)])], 70, 1.0, widths=(102, 86, 70))
    assert few.card_w == 102  # a nearly empty table: big cards
    groups = [(seat, [(seat * 4 + k, 3 + k % 3) for k in range(4)]) for seat in range(6)]
    small = pygame.Rect(240, 105, 770, 300)  # 6 players at the smallest window
    many = flow_melds(small, groups, 56, 0.8, min_w=28, widths=(82, 69, 56))
    assert len(many.places) == 24
    assert all(small.contains(p.rect) for p in many.places)
    assert many.card_w >= 28 and card_h(many.card_w) > 0


def test_the_talaj_spreads_out_with_every_discard(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    scene = first_card_table(app, "6D", buried=True)
    d = Driver(app)
    r = behind(scene.session).round
    codes = [c.code for c in r.talaj]
    assert r.current == 0 and r.first_pos == 0 and len(codes) == 2
    d.step([pygame.event.Event(pygame.MOUSEMOTION, pos=_lay(scene).talaj.center, rel=(0, 0),
                               buttons=(0, 0, 0))])
    d.step(frames=int(animation.SPREAD_HOVER / DT) + 3)
    spread = scene.follow.spread
    assert spread.shown
    _panel, _title, rects = spread.geometry(_lay(scene), len(codes))
    for code, rect in zip(codes, rects, strict=True):  # each index readable in the spread
        assert same_pixels(app.screen, app.card_art.face(code, rect.w),
                           index_rect(rect).inflate(-4, -4), rect.topleft)
    # the pointer goes away: it closes
    d.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(_lay(scene).size[0] - 5, 300),
                               rel=(0, 0), buttons=(0, 0, 0))])
    assert not spread.shown
    # pinned with the V key; the buried first card is taken with a click in the spread
    d.key(pygame.K_v)
    assert spread.shown
    d.click(rects[0].move(4, 4).topleft)
    assert r.has_drawn and parse_card("6D") in r.hands[0]
    assert not spread.shown


def test_hinted_cards_are_marked_under_them_not_outlined(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off", hints=True)
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(3)
    d.click(_lay(scene).stock.center)
    d.settle(3)
    positions, text = hint_of(scene)
    assert positions and text
    hand = {s.spec.ref: s for s in scene.board.in_zone("hand")}
    bar_y = hand[positions[0]].rect.bottom + _lay(scene).px(5)
    marked = {i for i, s in hand.items()
              if tuple(app.screen.get_at((s.rect.x + 4, bar_y)))[:3] == theme.BRASS_LIGHT}
    assert marked == set(positions)


def test_message_never_covers_the_hint_line(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off", hints=True)
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(3)
    d.click(_lay(scene).stock.center)
    d.settle(3)
    scene.control.refuse("invalid_meld")
    d.step()
    hint, message = scene.painter.hint_rect, scene.painter.message_rect
    assert hint is not None and message is not None
    assert not message.colliderect(hint)


def test_status_line_while_dragging_and_own_dealer_badge(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    scene = known_table(app)  # the human deals and plays first
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(3)
    before = scene.prompt_text()
    card = next(s for s in scene.board.in_zone("hand") if s.spec.code == "2S")
    start = card.rect.move(5, 10).topleft
    d.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0] + 30, start[1] - 60),
                               rel=(1, 1), buttons=(1, 0, 0))])
    assert scene.model.drag is not None
    assert scene.prompt_text() == before  # still "your turn", never "You's turn"
    d.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=start, button=1)])
    # the dealer's tab after the player's own name
    me = _lay(scene).me
    brass = sum(1 for x in range(me.x, me.right, 2) for y in range(me.y, me.bottom, 2)
                if tuple(app.screen.get_at((x, y)))[:3] == theme.BRASS_LIGHT)
    assert brass > 50


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_a_long_talaj_spread_fits_and_every_index_shows(size: tuple[int, int]) -> None:
    pygame.init()
    lay = compute_layout(size, [1, 2, 3, 4, 5])
    spread = TalajSpread()
    for n in (1, 12, 45):
        panel, _title, rects = spread.geometry(lay, n)
        assert lay.melds.contains(panel)
        assert all(panel.contains(r) for r in rects)
        for i, r in enumerate(rects):  # no later card over an earlier card's index
            assert not any(index_rect(r).colliderect(later) for later in rects[i + 1:])
