"""Two identical cards at the table, one of them taken from the talaj: the copy clicked is the
copy laid (it decides the franche rule), the taken card's mark follows it, cards added to other
combinations this turn are marked as tentative, and Simple lays the whole selection at once."""

from __future__ import annotations

from typing import Any

from rami_desktop.engine.actions import Add, Discard, Draw
from rami_desktop.engine.cards import Card, parse_cards
from rami_desktop.engine.melds import make_meld
from rami_desktop.engine.state import RoundState
from rami_desktop.engine.turn import TableMeld
from rami_desktop.play.game.config import Seat
from rami_desktop.play.table.staging import added_this_turn
from rami_desktop.ui.table.counter import counter_view
from rami_desktop.ui.widgets.base import tr
from tests.truth import behind

from .test_table_helpers import hint_of, known_table, play, wait_for_advisor

KH = Card(13, "H")
HAND = "KS KH KD JH QH 10C JC QC KC 2S 3S 5D 7D 9S"
TWO = (Seat("You", "human"), Seat("Bot 2", "bot", "easy"))


def _without(r: RoundState, card: Card) -> list[Card]:
    """The round's stock less one copy of ``card`` (put on the talaj: the deck stays whole)."""
    stock = list(r.stock)
    stock.remove(card)
    return stock


def taken_table(app: Any) -> Any:
    """Seat 0 holds K♥; the other K♥ lies on the talaj; seat 0 takes it."""
    scene = known_table(app, seats=TWO, human=HAND)
    r = behind(scene.session).round
    rules = r.rules.with_options(first_card="none")
    state = RoundState(rules, [list(r.hands[0]), list(r.hands[1])], [KH], _without(r, KH), 0,
                       seed=5)
    behind(scene.session).match.round = state
    behind(scene.session).version += 1  # the game changed under the table
    scene.sync(animate=False)
    scene.control.draw_from("top")
    scene.sync(animate=False)
    return scene


def positions(scene: Any, codes: str, taken: bool | None = None) -> list[int]:
    """Hand positions of some cards; K♥ as the taken copy (the one just drawn) or the own."""
    order = scene.session.hand_order(0)
    out: list[int] = []
    for card in parse_cards(codes.split()):
        spots = [i for i, c in enumerate(order.cards) if c == card and i not in out]
        if card == KH and taken is not None:
            spots = [i for i in spots if (i == order.fresh) == taken]
        out.append(spots[0])
    return out


def test_the_copy_clicked_is_the_copy_laid(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    scene = taken_table(app)
    r = behind(scene.session).round
    assert r.pickup == KH and scene.session.hand_order(0).fresh is not None
    # the own K♥ in the tria, the taken one in the hearts: franche tria and série
    scene.control.lay(positions(scene, "KS KH KD", taken=False))
    assert r.turn_view().ops[-1].taken is False
    scene.control.lay(positions(scene, "JH QH KH", taken=True))
    assert r.turn_view().pickup_at() == r.staged[-1]
    scene.control.lay(positions(scene, "10C JC QC KC"))
    assert r.check(Discard(0, Card(9, "S"))) is None


def test_the_taken_copy_in_the_tria_is_not_franche(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    scene = taken_table(app)
    r = behind(scene.session).round
    scene.control.lay(positions(scene, "KS KH KD", taken=True))
    tria = r.staged[-1]
    assert r.turn_view().pickup_at() == tria
    assert scene.session.hand_order(0).fresh is None  # the mark went with the card
    scene.control.lay(positions(scene, "JH QH KH"))
    scene.control.lay(positions(scene, "10C JC QC KC"))
    scene.control.discard(positions(scene, "9S")[0])
    assert r.current == 0 and "franche" in scene.model.message
    # taken back, the card comes home with its mark
    scene.control.take_back(tria)
    order = scene.session.hand_order(0)
    assert order.fresh is not None and order.cards[order.fresh] == KH


def test_the_hint_highlights_the_right_copy(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    scene = taken_table(app)
    scene.model.hints_on = True
    highlighted, text = hint_of(scene)
    order = scene.session.hand_order(0)
    kings = [i for i in highlighted if order.cards[i] == KH]
    assert len(kings) == 2 and order.fresh in kings and "K♥" in text


def test_cards_added_to_another_combination_are_tentative(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    scene = known_table(app, seats=TWO, human="KS KH KD 9H 10H JH QH 5C 6C 7C 2S 4D 8H JK")
    r = behind(scene.session).round
    laid = parse_cards(["2C", "3C", "4C"])
    for card in laid:  # laid by seat 1 before, from the stock (the deck stays whole)
        r.stock.remove(card)
    r.melds = [TableMeld(1, 0, make_meld(laid))]
    r.down = [True, True]
    behind(scene.session).version += 1  # the game changed under the table
    scene.sync(animate=False)
    play(scene, Draw(0, "stock"))
    play(scene, Add(0, 0, tuple(parse_cards(["5C", "6C", "7C"])), "high"))
    marked = added_this_turn(r.turn_view(), r.melds)
    assert marked == {0: {3, 4, 5}}
    scene.sync(animate=False)
    tints = {s.spec.ref: s.spec.tint for s in scene.board.sprites if s.spec.zone == "meld:0"}
    assert [tints[k] for k in range(6)] == [None, None, None, "staged", "staged", "staged"]
    play(scene, Discard(0, Card(2, "S")))
    assert added_this_turn(r.turn_view(), r.melds) == {}


def test_simple_lays_the_whole_selection_at_once(make_app: Any) -> None:
    """Selecting a going-out of 13 cards and pressing Lay all lays its four combinations (not
    "a série needs cards of one suit"); the counter then says every card is laid."""
    app = make_app((1280, 800), animation_speed="off")
    going_out = "2S 2H 2D 3C 4C 5C 7S 8S 9S 10D JD QD KD"
    scene = known_table(app, seats=TWO, human=going_out + " 6H", preset_name="simple")
    r = behind(scene.session).round
    assert r.current == 0 and r.has_drawn  # the dealer starts without drawing
    scene.buttons.update(scene.control)
    assert tr(scene.buttons.lay.label) == "Lay all"
    order = scene.session.hand_order(0)
    scene.model.selected = {i for i, c in enumerate(order.cards) if c != Card(6, "H")}
    scene.control.lay_selection()
    wait_for_advisor(scene)  # the split is worked out on the advisor's thread
    scene.control.poll()
    assert len(r.staged) == 4 and len(r.hands[0]) == 1, scene.model.message
    status = r.opening_status()
    assert status.clean_tria and status.clean_serie and r.legal_discards() == [Card(6, "H")]
    view = counter_view(status, len(r.hands[0]))
    assert view is not None and view.reached
    assert view.text == "Every card laid: discard the last one"


def test_before_the_draw_the_hint_names_the_talaj_card_that_opens(make_app: Any) -> None:
    """QQQ and 6-9♣ make 60 of 71; the K♦ on the talaj opens with the two kings in hand: the
    hint says so before the draw, not only "draw first"."""
    app = make_app((1280, 800), animation_speed="off")
    scene = known_table(app, seats=TWO, human="KS KH QS QH QD 6C 7C 8C 9C 2D 5S 7S 9H 4H")
    r = behind(scene.session).round
    rules = r.rules.with_options(first_card="none")
    behind(scene.session).match.round = RoundState(rules, [list(r.hands[0]), list(r.hands[1])],
                                           [Card(13, "D")], _without(r, Card(13, "D")), 0,
                                           seed=5)
    behind(scene.session).version += 1  # the game changed under the table
    scene.sync(animate=False)
    scene.model.hints_on = True
    highlighted, text = hint_of(scene)
    assert text.startswith("Hint: take the K♦ from the talaj: it opens with ")
    order = scene.session.hand_order(0)
    assert {order.cards[i] for i in highlighted} >= set(parse_cards(["KS", "KH"]))


def test_the_winner_at_the_screen_is_told_you_went_out(make_app: Any) -> None:
    app = make_app((1280, 800), animation_speed="off")
    scene = known_table(app, seats=TWO, human="2S 2H 2D 3C 4C 5C 7S 8S 9S 10D JD QD KD 6H",
                        preset_name="simple")
    order = scene.session.hand_order(0)
    scene.model.selected = {i for i, c in enumerate(order.cards) if c != Card(6, "H")}
    scene.control.lay_selection()
    wait_for_advisor(scene)  # the split is worked out on the advisor's thread
    scene.control.poll()
    scene.control.discard(scene.session.hand_order(0).cards.index(Card(6, "H")))
    assert behind(scene.session).round.over and scene.prompt_text() == ("You went out!", True)
