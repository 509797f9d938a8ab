"""The table: a whole human turn with the mouse, an illegal move, the keyboard, resizing."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pygame

from rami_desktop.engine.melds import make_meld
from rami_desktop.i18n.error_messages import error_message
from rami_desktop.ui.scenes.table import TableScene
from tests.truth import behind

from .test_table_helpers import Driver, discard_card, hint_of, known_table, order_of, selection


def _hand_sprite(scene: TableScene, code: str) -> Any:
    for s in scene.board.in_zone("hand"):
        if s.spec.code == code:
            return s
    raise AssertionError(f"{code} not in the hand on screen")


def _select(driver: Driver, scene: TableScene, codes: str) -> None:
    for code in codes.split():
        driver.click(_hand_sprite(scene, code).rect.move(4, 8).topleft)
    assert sorted(c.code for c in selection(scene)) == sorted(codes.split())


def _drag_selection_to(driver: Driver, scene: TableScene, code: str,
                       target: tuple[int, int]) -> None:
    start = _hand_sprite(scene, code).rect.move(4, 8).topleft
    driver.drag(start, target)
    driver.settle()


def _table(scene: TableScene) -> list[list[str]]:
    return [m.meld.codes() for m in behind(scene.session).round.melds if m.meld is not None]


def _empty_spot(scene: TableScene) -> tuple[int, int]:
    assert scene.view.lay is not None and scene.view.flow is not None
    free = scene.view.flow.free
    return (free.centerx, free.y + min(free.h // 2, scene.view.lay.px(60)))


def test_whole_human_turn_with_the_mouse(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(2)
    r = behind(scene.session).round
    assert r.current == 0 and not r.has_drawn
    # draw from the stock by clicking it
    d.click(scene.view.lay.stock.center)
    assert r.has_drawn and "3S" in [c.code for c in r.hands[0]] and len(r.hands[0]) == 15
    # stage the tria of kings by selecting and dragging to the empty table
    _select(d, scene, "KS KH KD")
    _drag_selection_to(d, scene, "KH", _empty_spot(scene))
    assert _table(scene) == [["KS", "KH", "KD"]] or sorted(_table(scene)[0]) == ["KD", "KH", "KS"]
    assert r.staged == [0]
    status = behind(scene.session).round.opening_status()
    assert status.staged_points == 30 and status.clean_tria and not status.clean_serie
    # the série of hearts, dropped in any order: the table sorts it
    _select(d, scene, "QH 9H JH 10H")
    _drag_selection_to(d, scene, "JH", _empty_spot(scene))
    assert _table(scene)[1] == ["9H", "10H", "JH", "QH"]
    status = behind(scene.session).round.opening_status()
    assert status.staged_points == 69 and status.clean_serie and not status.opens
    # add the 8H at the low end of the série: drop it on the série's left side
    serie = next(p for p in scene.view.flow.places if p.index == 1)
    _drag_selection_to(d, scene, "8H", serie.cards[0].center)
    assert _table(scene)[1] == ["8H", "9H", "10H", "JH", "QH"]
    assert behind(scene.session).round.opening_status().staged_points == 77
    # stage the clubs, then take them back by dragging a card back to the hand
    _select(d, scene, "5C 6C 7C")
    _drag_selection_to(d, scene, "6C", _empty_spot(scene))
    assert _table(scene)[2] == ["5C", "6C", "7C"]
    clubs = next(p for p in scene.view.flow.places if p.index == 2)
    d.drag(clubs.cards[0].center, scene.view.lay.hand.center)
    d.settle()
    assert len(_table(scene)) == 2
    assert Counter(c.code for c in r.hands[0]) >= Counter(["5C", "6C", "7C"])
    # discard the 2S on the talaj: the opening (77) holds, the turn ends
    d.drag(_hand_sprite(scene, "2S").rect.move(4, 8).topleft, scene.view.lay.talaj.center)
    assert r.current == 1, scene.model.message
    assert r.down[0] and r.opening_points[0] == 77
    assert r.talaj[-1].code == "2S"
    assert r.required_points() == 78


def test_illegal_move_slides_back_with_a_message(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="normal")
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(2)
    r = behind(scene.session).round
    d.click(scene.view.lay.stock.center)
    d.settle()
    before = r.snapshot()
    _select(d, scene, "2S 4D 8H")
    home = {code: _hand_sprite(scene, code).spec.rect.topleft for code in ("2S", "4D", "8H")}
    _drag_selection_to(d, scene, "4D", _empty_spot(scene))
    assert r.snapshot() == before
    # the engine says what is wrong with these cards: three ranks, three suits
    assert scene.model.message == "A tria needs cards of the same rank."
    assert scene.model.message_time > 0
    for code, at in home.items():
        sprite = _hand_sprite(scene, code)
        assert sprite.rect.topleft[0] == sprite.spec.rect.x
        assert abs(sprite.rect.x - at[0]) < 2
    # the selection stays after a refusal; clicking the cards again unselects them
    assert len(selection(scene)) == 3
    for code in ("2S", "4D", "8H"):
        d.click(_hand_sprite(scene, code).rect.move(4, 8).topleft)
    assert selection(scene) == []
    # discarding before the opening holds: refused too, with its own message
    _select(d, scene, "KS KH KD")
    _drag_selection_to(d, scene, "KS", _empty_spot(scene))
    _drag_selection_to(d, scene, "2S", scene.view.lay.talaj.center)
    assert r.current == 0
    assert scene.model.message == error_message("threshold_not_met", scene.session.rules)
    # two cards are not a combination: said as such
    _select(d, scene, "5C 6C")
    _drag_selection_to(d, scene, "5C", _empty_spot(scene))
    assert scene.model.message == "A combination needs at least 3 cards."
    assert "2S" in [c.code for c in r.hands[0]]


def test_keyboard_turn(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(2)
    r = behind(scene.session).round
    d.key(pygame.K_s)
    assert r.has_drawn
    scene.control.sort_rank()
    order = [c.code for c in order_of(scene)]

    def select(code: str) -> None:
        d.key(pygame.K_HOME)
        for _ in range(order.index(code)):
            d.key(pygame.K_RIGHT)
        d.key(pygame.K_SPACE)

    for code in ("KS", "KH", "KD"):
        select(code)
    d.key(pygame.K_m)
    assert sorted(_table(scene)[0]) == ["KD", "KH", "KS"]
    order = [c.code for c in order_of(scene)]
    for code in ("9H", "10H", "JH", "QH"):
        select(code)
        order = [c.code for c in order_of(scene)]
    d.key(pygame.K_m)
    assert _table(scene)[1] == ["9H", "10H", "JH", "QH"]
    # A then 2 adds the cursor card to combination 2
    order = [c.code for c in order_of(scene)]
    d.key(pygame.K_HOME)
    for _ in range(order.index("8H")):
        d.key(pygame.K_RIGHT)
    d.key(pygame.K_a)
    d.key(pygame.K_2)
    assert _table(scene)[1][0] == "8H"
    # U undoes the addition, B takes back the last combination
    d.key(pygame.K_u)
    assert _table(scene)[1] == ["9H", "10H", "JH", "QH"]
    d.key(pygame.K_b)
    assert len(_table(scene)) == 1
    # Shift+Right moves the cursor card in the hand (screen order only)
    d.key(pygame.K_HOME)
    first = order_of(scene)[0]
    d.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert order_of(scene)[1] == first and scene.model.cursor == 1
    # D discards the cursor card: refused while the kings are staged under the bar
    d.key(pygame.K_d)
    assert r.current == 0 and scene.model.message
    d.key(pygame.K_b)
    d.key(pygame.K_d)
    assert r.current == 1 or r.turn > 0
    # H toggles the hint, Esc pauses
    d.key(pygame.K_h)
    assert scene.model.hints_on is False
    d.key(pygame.K_ESCAPE)
    d.step()
    from rami_desktop.ui.scenes.overlays import PauseOverlay

    assert isinstance(app.stack.top, PauseOverlay)


def test_hint_highlights_the_best_opening(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off", hints=True)
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(2)
    d.click(scene.view.lay.stock.center)
    positions, text = hint_of(scene)
    cards = Counter(order_of(scene)[i].code for i in positions)
    assert cards >= Counter(["KS", "KH", "KD", "8H", "9H", "10H", "JH", "QH"])
    text = text.replace("\u00a0", " ")  # each combination kept on one line
    assert text.startswith("Hint: open with") and "a tria K♠ K♥ K♦" in text
    assert "a série 8-9-10-J-Q♥" in text
    scene.toggle_hints()
    assert hint_of(scene) == ([], "")
    # the choice is kept: a table opened later (Continue, a new game) starts without hints
    assert app.settings["hints"] is False
    later = known_table(app)
    app.stack.clear_to(later)
    d.settle(2)
    assert not later.model.hints_on


def test_sort_and_group_keep_the_engine_hand(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    scene = known_table(app)
    app.stack.clear_to(scene)
    Driver(app).settle(2)
    engine = Counter(behind(scene.session).round.hands[0])
    d = Driver(app)
    for fn in (scene.control.sort_suit, scene.control.sort_rank, scene.control.group_hand):
        fn()
        d.step()  # grouping is worked out on the advisor's thread, then played
        assert Counter(order_of(scene)) == engine
    order, breaks = order_of(scene), scene.session.hand_order(0).breaks
    assert breaks  # the combinations first, a small gap after each
    assert make_meld(order[:breaks[0]]) is not None


def test_resize_recomputes_the_layout(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(2)
    small = scene.view.lay
    assert small is not None and small.size == (1024, 640)
    d.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1600, 1000), w=1600, h=1000)])
    big = scene.view.lay
    assert big is not None and big.size == app.size
    assert big.hand_w > small.hand_w
    w, h = app.size
    for s in scene.board.sprites:
        assert s.rect.x >= 0 and s.rect.right <= w and s.rect.y >= 0 and s.rect.bottom <= h


def test_the_table_saves_through_its_session(make_app: Any, tmp_path: Any) -> None:
    from rami_desktop.engine.rules import preset
    from rami_desktop.play.game.config import GameConfig, Seat
    from rami_desktop.play.session.session import Session
    from rami_desktop.play.table.table import Table
    from rami_desktop.storage.match_io import MatchFiles
    from rami_desktop.storage.paths import Paths

    app = make_app((1024, 640), animation_speed="off")
    app.paths = Paths.under(tmp_path / "home")
    store = MatchFiles(app.paths)
    # a real seeded deal (a save replays the seed): seed 9 with 3 seats makes seat 0 the dealer
    seats = (Seat("You", "human"), Seat("Bot 2", "bot", "easy"), Seat("Bot 3", "bot", "easy"))
    scene = TableScene(app, Table(Session(GameConfig(rules=preset("talaj"), seats=seats, seed=9),
                                    store=store)))
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(2)
    assert behind(scene.session).round.current == 0
    d.click(scene.view.lay.stock.center)
    behind(scene.session).flush()
    assert store.exists()  # a human's draw is saved at once (nothing to peek at)
    discard_card(scene, behind(scene.session).round.hands[0][0])
    behind(scene.session).flush()
    resumed, problem = Session.resume(store)
    assert resumed is not None and problem is None
    assert resumed.match.to_dict()["rounds"] == behind(scene.session).match.to_dict()["rounds"]


def test_shift_arrow_keeps_the_selection_with_its_card(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(2)
    d.key(pygame.K_HOME)
    d.key(pygame.K_SPACE)
    card = order_of(scene)[0]
    d.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    d.key(pygame.K_RIGHT, pygame.KMOD_SHIFT)
    assert order_of(scene)[2] == card and scene.model.selected == {2} and scene.model.cursor == 2


def test_redeal_button_for_a_qualifying_hand(make_app: Any) -> None:
    app = make_app((1024, 640), animation_speed="off")
    hand = "JK JK JK 2S 5D 8C JH QS 3H 6C 9D KS 4C 7H"
    scene = known_table(app, human=hand, preset_name="rami-talaj")
    app.stack.clear_to(scene)
    d = Driver(app)
    d.step()
    assert scene.buttons.redeal.visible
    before = list(behind(scene.session).round.hands[0])
    d.click(scene.buttons.redeal.rect.center)
    d.step()
    truth = behind(scene.session).round
    assert truth.redeals == 1 and truth.hands[0] != before
    assert not scene.buttons.redeal.visible or scene.session.can_redeal(0)


def test_a_message_fades_out_without_a_trace(make_app: Any) -> None:
    """The table at rest after a refusal's message shows no trace of it (its last frame was
    drawn once the message was gone, not at its last faint step)."""
    app = make_app((1024, 640), animation_speed="off")
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(2)
    d.key(pygame.K_d)  # a discard before the draw: refused, with a message
    assert scene.model.message_time > 0 and scene.painter.message_rect is not None
    for _ in range(400):
        d.step()
        if not scene.needs_redraw():
            break
    assert not scene.needs_redraw()
    assert scene.model.message_time == 0
    assert scene.painter.message_rect is None  # the last frame drawn held no message


def test_the_enter_that_started_the_game_does_not_discard(make_app: Any) -> None:
    """The Enter that started the game, still down when the table comes (a slow first frame
    makes the window repeat it), is no discard and draws no refusal; a fresh press is."""
    app = make_app((1024, 640), animation_speed="off")
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(2)
    down = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r",
                              scancode=0)
    app.keys.feed(down)  # pressed on the screen before (its Start), not released yet
    d.step([down])  # the window's repeat of the key held
    d.settle(2)
    assert scene.model.message == ""
    d.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r",
                               scancode=0)])
    d.key(pygame.K_RETURN)  # a fresh press: a discard before the draw, refused and said
    assert scene.model.message == error_message("draw_first")


def test_the_felt_line_speaks_of_keys_to_whoever_uses_the_keys(make_app: Any,
                                                                monkeypatch: Any) -> None:
    """The line over the empty felt tells the click's way to a player at the mouse and the
    keys' way (Space, then M, as F1 lists them) from the first key, the arrows too; the mouse
    brings the click's way back."""
    from rami_desktop.ui.table import hud

    drawn: list[str] = []
    real = hud.draw_owner_label

    def record(surface: Any, lay: Any, rect: Any, text: str, face: str = "") -> Any:
        drawn.append(text)
        return real(surface, lay, rect, text, face)

    monkeypatch.setattr(hud, "draw_owner_label", record)
    app = make_app((1024, 640), animation_speed="off")
    scene = known_table(app)
    app.stack.clear_to(scene)
    d = Driver(app)
    d.settle(2)
    click = "Select cards, then click here to lay them"
    keys = "Select cards with Space, then press M to lay them"

    def line_after(events: list[pygame.event.Event]) -> str:
        drawn.clear()
        d.step(events)
        assert scene.painter.drop_rect is not None
        return drawn[-1]

    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    scene.painter.invalidate()
    assert line_after([motion]) == click
    arrow = [pygame.event.Event(kind, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0)
             for kind in (pygame.KEYDOWN, pygame.KEYUP)]
    assert line_after(arrow) == keys
    assert line_after([motion]) == click
