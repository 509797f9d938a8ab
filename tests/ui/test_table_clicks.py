"""The table with clicks alone: every move a drag makes is a click too (select cards, then click
where they go), the Discard and Take back buttons, a double-click to discard, the controls'
button of the first rounds. Only posted mouse presses and releases in place, at points read
from the screen's own layout."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from rami_desktop.engine.actions import Discard, Draw, Lay
from rami_desktop.engine.cards import parse_cards
from rami_desktop.ui.scenes.controls_help import ControlsHelpOverlay
from rami_desktop.ui.scenes.table import CONTROLS_HINT_ROUNDS, TableScene
from rami_desktop.ui.table.pointer import DOUBLE_CLICK
from rami_desktop.ui.table.refusal import ONE_TO_DISCARD
from tests.truth import behind

from .test_table_helpers import Driver, known_table, order_of, play, selection


def card_point(scene: TableScene, code: str, nth: int = 0) -> tuple[int, int]:
    """A point on the visible part of a hand card (the next card overlaps its right side)."""
    sprites = sorted((s for s in scene.board.in_zone("hand") if s.spec.zone == "hand"),
                     key=lambda s: s.spec.ref)
    mine = [s for s in sprites if s.spec.code == code]
    sprite = mine[nth]
    rect = sprite.rect
    nxt = next((s for s in sprites if s.spec.ref == sprite.spec.ref + 1), None)
    right = nxt.rect.x if nxt is not None and rect.x < nxt.rect.x < rect.right else rect.right
    return ((rect.x + right) // 2, rect.centery)


def meld_point(scene: TableScene, index: int, k: int | None = None,
               side: str = "middle") -> tuple[int, int]:
    """A point on a combination on the table: on its card ``k`` (the visible part), or on its
    low or high end, or its middle."""
    flow = scene.view.flow
    assert flow is not None
    place = next(p for p in flow.places if p.index == index)
    cards = place.cards
    if k is None:
        k = 0 if side == "low" else len(cards) - 1 if side == "high" else len(cards) // 2
    rect = cards[k]
    right = cards[k + 1].x if k + 1 < len(cards) else rect.right
    return ((rect.x + right) // 2, rect.centery)


def double_click(d: Driver, point: tuple[int, int]) -> None:
    """Two clicks at the same point, one frame apart."""
    d.click(point)
    d.click(point)


def felt_point(scene: TableScene) -> tuple[int, int]:
    """A point of the felt below the combinations."""
    assert scene.view.lay is not None and scene.view.flow is not None
    free = scene.view.flow.free
    return (free.centerx, free.y + min(free.h // 2, scene.view.lay.px(60)))


def select(d: Driver, scene: TableScene, codes: str) -> None:
    """Click cards to select them."""
    for code in codes.split():
        d.click(card_point(scene, code))
    assert Counter(c.code for c in selection(scene)) >= Counter(codes.split())


def table(scene: TableScene) -> list[list[str]]:
    return [m.meld.codes() for m in behind(scene.session).round.melds if m.meld is not None]


def _table_at(make_app: Any, size: tuple[int, int] = (1024, 640), **kwargs: Any
              ) -> tuple[TableScene, Driver]:
    app = make_app(size, animation_speed="off")
    scene = known_table(app, **kwargs)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(2)
    return scene, d


def test_clicks_lay_add_take_back_and_discard(make_app: Any) -> None:
    scene, d = _table_at(make_app)
    r = behind(scene.session).round
    d.click(scene.view.lay.stock.center)
    assert r.has_drawn
    # the tria: selected, then a click on the felt
    select(d, scene, "KS KH KD")
    d.click(felt_point(scene))
    assert sorted(table(scene)[0]) == ["KD", "KH", "KS"] and selection(scene) == []
    # the série: selected, then the Lay button
    select(d, scene, "QH 9H JH 10H")
    assert scene.buttons.lay.visible and scene.buttons.lay.enabled
    d.click(scene.buttons.lay.rect.center)
    assert table(scene)[1] == ["9H", "10H", "JH", "QH"]
    # the 8H: selected, then a click on the série's low end
    select(d, scene, "8H")
    d.click(meld_point(scene, 1, side="low"))
    assert table(scene)[1] == ["8H", "9H", "10H", "JH", "QH"]
    # nothing selected: Take back stands where Lay was, and gives the 8H back
    assert scene.buttons.take_back.visible and not scene.buttons.lay.visible
    d.click(scene.buttons.take_back.rect.center)
    assert table(scene)[1] == ["9H", "10H", "JH", "QH"] and "8H" in [c.code for c in r.hands[0]]
    # a click on a combination laid this turn, nothing selected: back to the hand
    d.click(meld_point(scene, 0))
    assert len(table(scene)) == 1 and r.staged == [1]
    select(d, scene, "KS KH KD")
    d.click(felt_point(scene))
    select(d, scene, "8H")
    d.click(meld_point(scene, 1, side="low"))
    assert r.opening_status().staged_points == 77
    # two cards and a click on the talaj: one card is discarded, said as such
    select(d, scene, "2S 4D")
    d.click(scene.view.lay.talaj.center)
    assert r.current == 0 and scene.model.message == ONE_TO_DISCARD
    d.click(card_point(scene, "4D"))
    # the one card selected, then the talaj: discarded, the turn ends
    assert [c.code for c in selection(scene)] == ["2S"]
    d.click(scene.view.lay.talaj.center)
    assert r.current == 1 and r.down[0] and r.talaj[-1].code == "2S"


def test_a_card_selected_then_the_talaj_discards_not_the_spread(make_app: Any) -> None:
    scene, d = _table_at(make_app)
    r = behind(scene.session).round
    d.click(scene.view.lay.stock.center)
    select(d, scene, "2S")
    d.click(scene.view.lay.talaj.center)
    assert r.current == 1
    for _ in range(2000):  # the bots play their turns
        if r.current == 0:
            break
        d.step()
    assert r.current == 0 and r.talaj
    d.click(scene.view.lay.stock.center)
    select(d, scene, "4D")
    d.click(scene.view.lay.talaj.center)
    assert not scene.follow.spread.shown and r.current == 1 and r.talaj[-1].code == "4D"


def test_the_discard_button(make_app: Any) -> None:
    scene, d = _table_at(make_app, (800, 600))
    r = behind(scene.session).round
    assert scene.buttons.discard.visible and not scene.buttons.discard.enabled
    d.click(scene.view.lay.stock.center)
    select(d, scene, "2S 4D")
    assert not scene.buttons.discard.enabled  # two cards: which one?
    d.click(card_point(scene, "2S"))
    assert scene.buttons.discard.enabled
    d.click(scene.buttons.discard.rect.center)
    assert r.current == 1 and r.talaj[-1].code == "4D"


def test_a_double_click_discards_when_the_turn_allows(make_app: Any) -> None:
    scene, d = _table_at(make_app)
    r = behind(scene.session).round
    # before the draw: two clicks only select and leave out
    double_click(d, card_point(scene, "8H"))
    assert r.current == 0 and selection(scene) == [] and not r.has_drawn
    d.click(scene.view.lay.stock.center)
    d.step(frames=int(DOUBLE_CLICK * 60) + 2)
    double_click(d, card_point(scene, "8H"))
    assert r.current == 1 and r.talaj[-1].code == "8H"


def test_two_clicks_apart_are_not_a_double_click(make_app: Any) -> None:
    scene, d = _table_at(make_app)
    r = behind(scene.session).round
    d.click(scene.view.lay.stock.center)
    d.click(card_point(scene, "8H"))
    d.step(frames=int(DOUBLE_CLICK * 60) + 2)
    d.click(card_point(scene, "8H"))
    assert r.current == 0 and selection(scene) == []


def test_a_refused_double_click_leaves_the_card_as_it_was(make_app: Any) -> None:
    scene, d = _table_at(make_app)
    r = behind(scene.session).round
    d.click(scene.view.lay.stock.center)
    select(d, scene, "KS KH KD")
    d.click(felt_point(scene))  # 30 staged, under the bar of 71: no discard
    d.step(frames=int(DOUBLE_CLICK * 60) + 2)
    double_click(d, card_point(scene, "2S"))
    assert r.current == 0 and selection(scene) == [] and scene.model.message


def test_a_card_selected_then_a_joker_swaps(make_app: Any) -> None:
    """A bot's série with a joker on the table; the human, down, puts the 7C in its place."""
    others = ["AS AH AD 9D 10D JD QD KD 5C 6C JK 2H 3S 4S",
              "2C 3D 4C 6D 7D 8D 9C 2D 5S 6S 7S 8S 9S 10S"]
    scene, d = _table_at(make_app, human="KS KH KD 9H 10H JH QH 8H 7C 2S 4D 8C 3H JK",
                         others=others)
    session = scene.session
    r = behind(session).round
    # the human (player 0) opens, then the bot (player 1) lays its série with the joker
    play(scene, Draw(0, "stock"), Lay(0, tuple(parse_cards(["KS", "KH", "KD"]))),
         Lay(0, tuple(parse_cards(["8H", "9H", "10H", "JH", "QH"]))))
    last = r.hands[0][-1]
    play(scene, Discard(0, last if last.code != "7C" else r.hands[0][0]))
    play(scene, Draw(1, "stock"), Lay(1, tuple(parse_cards(["AS", "AH", "AD"]))),
         Lay(1, tuple(parse_cards(["9D", "10D", "JD", "QD", "KD"]))),
         Lay(1, tuple(parse_cards(["5C", "6C", "JK"]))))
    play(scene, Discard(1, r.hands[1][0]))
    play(scene, Draw(2, "stock"), Discard(2, r.hands[2][-1]))
    d.settle(2)
    assert r.current == 0 and r.down[0]
    d.click(scene.view.lay.stock.center)
    serie = next(i for i, m in enumerate(r.melds) if m.meld is not None
                 and "5C" in m.meld.codes())
    joker = r.melds[serie].meld.codes().index("JK")
    jokers = Counter(c.code for c in r.hands[0])["JK"]
    select(d, scene, "7C")
    d.click(meld_point(scene, serie, k=joker))
    assert r.melds[serie].meld.codes() == ["5C", "6C", "7C"]
    assert Counter(c.code for c in r.hands[0])["JK"] == jokers + 1


def test_a_click_above_the_hand_moves_the_selected_cards(make_app: Any) -> None:
    scene, d = _table_at(make_app)
    lay = scene.view.lay
    assert lay is not None
    select(d, scene, "KS")
    strip_y = (lay.prompt.bottom + lay.hand.y + lay.lift) // 2
    last = max(s.rect.right for s in scene.board.in_zone("hand"))
    d.click((last - 2, strip_y))
    assert order_of(scene)[-1].code == "KS" and selection(scene) == []


def test_the_controls_button_of_the_first_rounds(make_app: Any) -> None:
    scene, d = _table_at(make_app)
    app = scene.ctx
    button = scene.buttons.controls
    assert app.settings["controls_hint_rounds"] == 1
    assert button.visible and button.label_clipped() is False
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(button.rect)
    d.click(button.rect.center)
    assert isinstance(app.stack.top, ControlsHelpOverlay)
    # opened once: the table shows it no more
    assert app.settings["controls_hint_rounds"] > CONTROLS_HINT_ROUNDS


def test_the_controls_button_stops_after_a_few_rounds(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    for rounds in range(1, CONTROLS_HINT_ROUNDS + 2):
        scene = known_table(app)
        app.stack.clear_to(scene)
        d = Driver(app)
        d.settle(2)
        assert app.settings["controls_hint_rounds"] == rounds
        assert scene.buttons.controls.visible == (rounds <= CONTROLS_HINT_ROUNDS)
