"""A seat's hand order: the player's arrangement lasts through moves, take-backs and saves."""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from rami_desktop.engine.cards import DISTINCT_CARDS, JOKER, parse_cards
from rami_desktop.play.game.hand_order import HandOrder


def cards(text: str) -> list:  # type: ignore[type-arg]
    return list(parse_cards(text.split()))


def codes(order: HandOrder) -> str:
    return " ".join(c.code for c in order.cards)


def test_the_arrangement_lasts_and_a_drawn_card_goes_at_the_end_marked() -> None:
    order = HandOrder.of(cards("2S KH 5D 5C 9H"))
    order.arrange([4, 3, 2, 1, 0])
    assert codes(order) == "9H 5C 5D KH 2S"
    order.follow(cards("2S KH 5D 5C 9H QS"), drawn=parse_cards(["QS"])[0])
    assert codes(order) == "9H 5C 5D KH 2S QS" and order.fresh == 5
    order.arrange([5, 0, 1, 2, 3, 4])
    assert order.fresh == 0  # the mark follows the card


def test_laying_one_of_two_identical_cards_leaves_the_other_in_place() -> None:
    hand = cards("5H 2S 9C 5H KD")
    for picked, left in (([0], "2S 9C 5H KD"), ([3], "5H 2S 9C KD")):
        order = HandOrder.of(hand)
        rest = list(hand)
        rest.remove(hand[0])
        order.follow(rest, picked)
        assert codes(order) == left


def test_a_take_back_returns_each_card_where_it_was() -> None:
    hand = cards("3C 7H 7D 4S 7S JK 8D")
    order = HandOrder.of(hand)
    laid = cards("7H 7D 7S")
    left = Counter(hand) - Counter(laid)
    order.follow(list(left.elements()), picked=[1, 2, 4])
    assert codes(order) == "3C 4S JK 8D"
    order.follow(cards("4S 8D JK 3C 7H 7S 7D"))  # the engine gives them back in its own order
    assert codes(order) == "3C 7H 7D 4S 7S JK 8D"


def test_a_joker_taken_from_the_table_takes_the_place_of_its_card() -> None:
    order = HandOrder.of(cards("2S 6H KD"))
    order.follow([*cards("2S KD"), JOKER], picked=[1])
    assert codes(order) == "2S JK KD"


def test_a_discard_ends_the_turn_marks() -> None:
    order = HandOrder.of(cards("2S 6H"))
    order.follow(cards("2S 6H QS"), drawn=parse_cards(["QS"])[0])
    order.follow(cards("6H QS"), picked=[0])
    order.end_turn()
    assert order.fresh is None and order.gone == []


def test_saved_and_loaded_with_its_marks() -> None:
    order = HandOrder.of(cards("2S 6H KD 9C"))
    order.arrange([3, 2, 1, 0], breaks=[2])
    order.follow(cards("2S 6H KD 9C QS"), drawn=parse_cards(["QS"])[0])
    data = json.loads(json.dumps(order.to_dict()))
    back = HandOrder.from_dict(data, cards("QS 9C KD 6H 2S"))
    assert back == order


def test_a_saved_order_that_does_not_fit_the_hand_is_repaired() -> None:
    hand = cards("2S 6H KD")
    for data in (None, [], {"cards": "x"}, {"cards": ["2S", "ZZ", 5, "6H"], "fresh": 9},
                 {"cards": ["KD", "KD", "2S"]}, {"cards": ["KD", "6H", "2S"], "breaks": ["a"]}):
        back = HandOrder.from_dict(data, hand)
        assert Counter(back.cards) == Counter(hand)
        assert back.fresh is None or 0 <= back.fresh < len(hand)


@given(st.lists(st.sampled_from(DISTINCT_CARDS), min_size=1, max_size=15),
       st.randoms(use_true_random=False))
def test_following_any_moves_keeps_exactly_the_engines_cards(hand: list, rng) -> None:  # type: ignore[no-untyped-def,type-arg]
    order = HandOrder.of(hand)
    current = list(hand)
    for _ in range(8):
        if current and rng.random() < 0.5:
            k = rng.randrange(1, len(current) + 1)
            picked = rng.sample(range(len(order.cards)), k)
            leaving = Counter(order.cards[i] for i in picked)
            current = list((Counter(current) - leaving).elements())
            rng.shuffle(current)
            order.follow(current, picked)
        else:
            back = [rng.choice(DISTINCT_CARDS) for _ in range(rng.randrange(1, 4))]
            current = current + back
            rng.shuffle(current)
            order.follow(current, drawn=back[0] if len(back) == 1 else None)
        assert Counter(order.cards) == Counter(current)
        assert order.fresh is None or 0 <= order.fresh < len(order.cards)
        assert all(0 < b < len(order.cards) for b in order.breaks)


def test_the_card_just_drawn_keeps_its_mark_when_taken_back() -> None:
    """Laid and taken back, the card just drawn returns to its place, marked again; a
    take-back returns the cards of that very laying to their places."""
    order = HandOrder.of(parse_cards(["KS", "KH", "KD", "JH", "QH", "2S"]))
    taken = parse_cards(["KH"])[0]
    order.follow([*order.cards, taken], drawn=taken)
    assert order.fresh == 6
    hand = list(parse_cards(["KH", "JH", "QH", "2S"]))  # the tria laid with the card just drawn
    order.follow(hand, picked=[0, 6, 2])
    assert order.fresh is None
    order.follow(list(parse_cards(["2S"])), picked=[0, 1, 2])  # the hearts laid too
    order.follow(list(parse_cards(["KS", "KD", "KH", "2S"])))  # the tria taken back
    assert order.fresh is not None and order.cards[order.fresh] == taken
    assert order.cards[0] == parse_cards(["KS"])[0]  # from the tria's batch, not the hearts'
    again = HandOrder.from_dict(order.to_dict(), order.cards)
    assert again.fresh == order.fresh


@given(st.lists(st.sampled_from(DISTINCT_CARDS[:6]), min_size=1, max_size=14),
       st.sampled_from(DISTINCT_CARDS[:6]), st.integers(0, 14), st.booleans())
def test_a_draw_and_a_discard_keep_the_arrangement(hand: list, drawn, at: int,  # type: ignore[no-untyped-def,type-arg]
                                                   picked: bool) -> None:
    """The usual turn, with cards alike in the hand: the card drawn goes at the end, marked;
    the card thrown leaves from the place picked (else its last copy), the others keep their
    order and the mark; taken back, it returns to its place."""
    order = HandOrder.of(hand)
    order.arrange(list(reversed(range(len(hand)))), breaks=[1])
    arranged = list(order.cards)
    order.follow([*hand, drawn], drawn=drawn)
    assert order.cards == [*arranged, drawn] and order.fresh == len(hand)
    at = min(at, len(order.cards) - 1)
    thrown = order.cards[at]
    where = at if picked else max(i for i, c in enumerate(order.cards) if c == thrown)
    rest = list((Counter([*hand, drawn]) - Counter([thrown])).elements())
    before = list(order.cards)
    order.follow(rest, [at] if picked else ())
    assert order.cards == before[:where] + before[where + 1:]
    assert order.gone == [[(where, thrown)]]
    assert order.fresh == (None if where == len(hand) else len(hand) - 1)
    order.follow([*rest, thrown])  # taken back
    assert order.cards == before and order.fresh == len(hand)
