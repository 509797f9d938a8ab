"""Before the draw the advice names the talaj card that opens or goes out; how a turn can end
(the outcome reached, the best one still in reach); moves described as an advice."""

from __future__ import annotations

from rami_desktop.engine.actions import Discard, Draw, Lay, Swap
from rami_desktop.engine.advice import AdviceKind, advise
from rami_desktop.engine.cards import Card, parse_cards
from rami_desktop.engine.outlook import Outcome, describe, outcome, reachable
from rami_desktop.engine.rules import PRESETS
from rami_desktop.engine.state import RoundState

FILLER = "4C 6C 8D 9D 2H 3H 4H 5H 6H 7H 8H 9H 10H 2D 3D 4D"


def cards(text: str) -> list[Card]:
    return list(parse_cards(text.split(" "))) if text else []


def before_draw(hand: str, talaj: str, preset: str = "talaj") -> RoundState:
    """Player 0 to draw, ``talaj`` on the discard pile (its last card on top)."""
    rules = PRESETS[preset].with_options(starter="dealer_draws", first_card="none",
                                        no_pickup_first_round=False)
    deck = cards(FILLER)
    return RoundState(rules, [cards(hand), deck[:14]], cards(talaj), deck * 3, 0)


def test_the_talaj_top_card_that_opens_is_named_before_the_draw() -> None:
    # QQQ and 6-9♣ make 60: short of 71; the K♦ on the talaj makes a tria of kings more
    state = before_draw("KS KH QS QH QD 6C 7C 8C 9C 2D 5S 7S 9H 4H", "KD")
    advice = advise(state)
    assert advice.kind is AdviceKind.DRAW and advice.draw == "top"
    assert advice.taken == Card(13, "D") and advice.points >= 71
    assert Card(13, "D") not in advice.cards  # not in the hand yet: nothing to highlight
    probe = state.clone()
    probe.apply(Draw(0, "top"))
    for action in advice.steps:
        probe.apply(action)
    assert probe.legal_discards()


def test_no_talaj_card_named_when_the_hand_alone_does_as_well() -> None:
    state = before_draw("KS KH KD QS QH QD 10C JC QC KC 2D 5S 7S 9H", "KC")
    advice = advise(state)
    assert advice.kind is AdviceKind.DRAW and advice.draw is None and advice.melds


def test_the_first_card_that_goes_out_is_named() -> None:
    rules = PRESETS["talaj"]
    deck = cards(FILLER)
    hand1 = cards("2S 2H 2D 3C 4C 5C 7S 8S 9S 10D JD QD KD 9C")  # 9♣ misses the 6♣ to go out
    state = RoundState(rules, [cards("KS KH QS QH QD 10C JC QC KC 2D 5S 7S 9H 3C"), hand1],
                       [], [Card(6, "C"), *deck], 0)
    state.apply(Draw(0, "stock"))
    state.apply(Discard(0, Card(6, "C")))  # the round's first card: the next player's to take
    advice = advise(state)
    assert advice.kind is AdviceKind.DRAW and advice.draw == "first" and advice.goes_out


def test_outcomes_of_a_turn() -> None:
    state = before_draw("KS KH KD 8H 9H 10H JH QH 2C 5D 7S 3C 4D 9S", "")
    assert reachable(state) is Outcome.TURN  # not drawn yet: as it stands
    state.apply(Draw(0, "stock"))
    assert reachable(state) is Outcome.DOWN
    state.apply(Lay(0, tuple(cards("KS KH KD"))))
    state.apply(Lay(0, tuple(cards("8H 9H 10H JH QH"))))
    assert reachable(state) is Outcome.DOWN
    state.apply(Discard(0, Card(9, "S")))
    assert outcome(state, 0) is Outcome.DOWN and outcome(state, 1) is Outcome.TURN


def test_going_out_is_within_reach() -> None:
    state = before_draw("KS KH KD 8H 9H 10H JH QH 2C 3C 4C 5C 6C", "")
    state.apply(Draw(0, "stock"))
    assert reachable(state) is Outcome.OUT


def test_describe_moves() -> None:
    state = before_draw("KS KH KD 8H 9H 10H JH QH 2C 5D 7S 3C 4D 9S", "2S")
    assert describe(state, [Draw(0, "top")]).draw == "top"
    assert describe(state, [Draw(0, "stock")]).draw is None
    state.apply(Draw(0, "stock"))
    tria = describe(state, [Lay(0, tuple(cards("KS KH KD")))])
    assert tria.kind is AdviceKind.LAY and [m.codes() for m in tria.melds] == [["KS", "KH", "KD"]]
    both = describe(state, [Lay(0, tuple(cards("KS KH KD"))),
                            Lay(0, tuple(cards("8H 9H 10H JH QH")))])
    assert both.kind is AdviceKind.OPEN and both.points == 77
    discard = describe(state, [Discard(0, Card(9, "S"))])
    assert discard.kind is AdviceKind.DISCARD and discard.discard == Card(9, "S")
    assert describe(state, [Swap(0, 5, Card(9, "S"))]).kind is AdviceKind.NONE  # refused
