"""The one place that says which openings count now (``engine.openings``)."""

from __future__ import annotations

import random

import pytest

from rami_desktop.engine.actions import Draw, Lay
from rami_desktop.engine.cards import Card, parse_cards
from rami_desktop.engine.deal import complete_stock
from rami_desktop.engine.openings import (
    Route,
    clean_card,
    jokers_pending,
    opening_terms,
    settled,
    terms_of,
)
from rami_desktop.engine.rules import PRESETS
from rami_desktop.engine.solver import find_opening
from rami_desktop.engine.state import RoundState


def cards(text: str) -> list[Card]:
    return list(parse_cards(text.split()))


@pytest.mark.parametrize(("preset", "out_points"), [("talaj", 71), ("rami-talaj", 0),
                                                    ("tallage", 0), ("simple", 0)])
def test_the_going_out_exemption_per_preset(preset: str, out_points: int) -> None:
    rules = PRESETS[preset]
    state = RoundState.new(rules, 2, 0, 3)
    state.bar = 95
    terms = opening_terms(state)
    going = terms.request(Route.GOING_OUT)
    assert going.going_out and going.min_points == out_points
    if rules.lay_before_out:
        assert terms.routes() == [Route.GOING_OUT, Route.BAR]
        assert terms.request(Route.BAR).min_points == (95 if rules.rising_bar else 71)
    else:
        assert terms.routes() == [Route.GOING_OUT]  # simple: lay only to go out


def test_the_partners_serie_is_a_route_once_the_partner_is_down() -> None:
    terms = terms_of(PRESETS["rami-talaj"].with_options(teams=True), 80, 0, partner_down=True)
    assert terms.routes() == [Route.GOING_OUT, Route.BAR, Route.SERIE]
    serie = terms.request(Route.SERIE)
    assert serie.serie_only
    assert find_opening(cards("5H 6H 7H 2C 9S"), serie) is not None
    assert terms.going_out_request().serie_only  # going out by a série and the rest laid


def test_the_talaj_card_is_no_own_card_where_the_rules_say_so() -> None:
    card = cards("KC")[0]
    assert clean_card(PRESETS["talaj"], card) == card
    assert clean_card(PRESETS["tallage"], card) is None  # no clean-own-cards rule
    assert clean_card(PRESETS["talaj"], cards("JK")[0]) is None
    # the taken KS may sit in a third combination, never in the clean tria or série
    terms = terms_of(PRESETS["talaj"], 71, 71)
    ks = cards("KS")[0]
    bar = terms.request(Route.BAR, must_use=ks, clean_exclude=clean_card(PRESETS["talaj"], ks))
    assert find_opening(cards("QS QD QC 8H 9H 10H KH KD 2C KS"), bar) is not None
    assert find_opening(cards("QS QD 8H 9H 10H KH KD 2C 5C KS"), bar) is None


def test_what_is_staged_counts() -> None:
    rules = PRESETS["talaj"].with_options(starter="dealer_draws", first_card="none")
    hands = [cards("KS KH KD 9H 10H JH QH 2C 4D 6S 8C 3H 5D 7C"),
             cards("2S 3S 4S 7D 8D 9D 2H 4H 6H 7H 9C 10C JC QC")]
    state = RoundState(rules, hands, [], complete_stock([], [*hands[0], *hands[1]],
                                                        random.Random(1)), 0, 1)
    state.apply(Draw(0, "stock"))
    state.apply(Lay(0, tuple(cards("KS KH KD"))))
    terms = opening_terms(state)
    assert terms.staged_points == 30 and terms.has_tria and not terms.has_serie
    bar = terms.request(Route.BAR)
    assert bar.min_points == 41 and bar.has_tria
    assert terms.unstaged().request(Route.BAR).min_points == 71


def test_a_talaj_card_is_settled_once_laid() -> None:
    rules = PRESETS["talaj"].with_options(starter="dealer_draws", first_card="none")
    hands = [cards("QS QD QC 9H 10H JH KS KD 2C 4D 6S 8C 3H 5D"),
             cards("2S 3S 4S 7D 8D 9D 2H 4H 6H 7H 9C 10C JC QH")]
    pile = cards("KH")
    stock = complete_stock([], [*hands[0], *hands[1], *pile], random.Random(2))
    state = RoundState(rules, hands, pile, stock, 0, 2)
    state.turn = 2  # not the round's first discard
    state.apply(Draw(0, "top"))
    assert state.pickup_to_lay() == pile[0]
    assert not jokers_pending(state) and not settled(state)
    state.apply(Lay(0, tuple(cards("QS QD QC"))))
    state.apply(Lay(0, tuple(cards("9H 10H JH"))))
    assert not settled(state)
    state.apply(Lay(0, tuple(cards("KS KH KD"))))
    assert state.pickup_to_lay() is None and settled(state)
