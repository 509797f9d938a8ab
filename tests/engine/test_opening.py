"""The opening status (RULES.md §2) in every preset: hand-picked openings, and random play where
``opening_status()`` must say exactly what a discard would answer."""

from __future__ import annotations

import random

import pytest
from hypothesis import strategies as st
from random_rounds import random_round

from rami_desktop.engine.actions import Discard, Discarded, Draw, Lay
from rami_desktop.engine.cards import Card, full_deck, parse_cards
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.opening import OpeningStatus
from rami_desktop.engine.rules import PRESET_NAMES, PRESETS, GoingOutPoints, Rules
from rami_desktop.engine.state import RoundState
from tests.conftest import examples_by_default, some_by_default

E = ErrorCode
OPENING_CODES = {E.THRESHOLD_NOT_MET, E.NEED_CLEAN_TRIA_AND_SERIE, E.WHOLE_HAND_ONLY}
#: what a discard checks before the opening's points and clean combinations
BEFORE_OPENING = {E.PICKUP_NOT_LAID, E.JOKER_NOT_LAID}


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split())


def round_with(preset: str, hand: str, *, n: int = 2, dealer: int = 1, top: str = "",
               stock: str = "", partners: tuple[int | None, ...] | None = None,
               rules: Rules | None = None) -> RoundState:
    """A round where the player to start holds ``hand`` (the others get filler cards)."""
    r = rules or PRESETS[preset]
    mine = list(cards(hand))
    deck = full_deck()
    for c in mine + list(cards(top)) + list(cards(stock)):
        deck.remove(c)
    hands = [deck[14 * k:14 * k + 14] for k in range(n)]
    rest = deck[14 * n:]
    state = RoundState(r, hands, list(cards(top)), list(cards(stock)) + rest, dealer,
                       partners=partners)
    state.hands[state.current] = mine
    return state


def lay(state: RoundState, *texts: str) -> OpeningStatus:
    for text in texts:
        state.apply(Lay(state.current, cards(text)))
    return state.opening_status()


# ---- hand-picked openings ---------------------------------------------------------------------


def test_talaj_points_counted_and_the_bar_rising() -> None:
    state = round_with("talaj", "KS KH KD 7C 8C 9C 10C QS QH QD 2D 5H 9S 4D", dealer=0,
                       stock="3H")
    before = state.opening_status()
    assert before.needed == 71 and before.bar == 71 and before.base == 71 and not before.risen
    state.apply(Draw(0))
    s = lay(state, "KS KH KD")
    assert (s.staged_points, s.clean_tria, s.clean_serie) == (30, True, False)
    assert s.blocked_by is E.THRESHOLD_NOT_MET and not s.opens and s.short_by == 41
    s = lay(state, "7C 8C 9C 10C")
    assert s.staged_points == 64 and s.blocked_by is E.THRESHOLD_NOT_MET
    s = lay(state, "QS QH QD")
    assert s.staged_points == 94 and s.opens and s.blocked_by is None and s.valid_to_add
    events = state.apply(Discard(0, cards("2D")[0]))
    assert isinstance(events[0], Discarded) and events[0].opened == 94
    nxt = state.opening_status()
    assert nxt.player == 1 and nxt.bar == 95 and nxt.risen and nxt.needed == 95
    assert nxt.going_out_needed == 71  # talaj: going out needs only the base


def test_talaj_going_out_needs_the_base_not_the_bar() -> None:
    state = round_with("talaj", "KS KH KD 7C 8C 9C 2D", dealer=0, stock="10C")
    state.bar = 95
    state.apply(Draw(0))
    s = lay(state, "KS KH KD", "7C 8C 9C 10C")
    assert s.going_out and s.needed == 71 and s.staged_points == 64
    assert s.blocked_by is E.THRESHOLD_NOT_MET
    state = round_with("talaj", "KS KH KD JC QC KC 2D", dealer=0, stock="AC")
    state.bar = 95
    state.apply(Draw(0))
    s = lay(state, "KS KH KD", "JC QC KC AC")
    assert s.going_out and s.staged_points == 70 and s.needed == 71
    state = round_with("talaj", "KS KH KD 10C JC QC 2D", dealer=0, stock="KC")
    state.bar = 95
    state.apply(Draw(0))
    s = lay(state, "KS KH KD", "10C JC QC KC")
    assert s.going_out and s.staged_points == 70  # still under the base
    state = round_with("talaj", "KS KH KD 10C JC QC KC 2D", dealer=0, stock="AC")
    state.bar = 95
    state.apply(Draw(0))
    s = lay(state, "KS KH KD", "10C JC QC KC AC")
    assert s.going_out and s.staged_points == 80 < s.bar and s.opens


def test_rami_talaj_going_out_needs_no_points() -> None:
    state = round_with("rami-talaj", "2S 2H 2D 3C 4C 5C 9H")
    assert state.has_drawn  # the starter plays without drawing
    s = lay(state, "2S 2H 2D", "3C 4C 5C")
    assert s.going_out and s.needed == 0 and s.going_out_needed == 0 and s.opens
    state = round_with("rami-talaj", "2S 2H 2D 3C 4C 5C 9H 9S")
    s = lay(state, "2S 2H 2D", "3C 4C 5C")
    assert not s.going_out and s.needed == 71 and s.blocked_by is E.THRESHOLD_NOT_MET


def test_rami_talaj_going_out_without_a_tria_is_refused() -> None:
    state = round_with("rami-talaj", "3C 4C 5C 6C 7C 9H")
    s = lay(state, "3C 4C 5C 6C 7C")
    assert s.going_out and s.needed == 0 and not s.clean_tria and s.clean_serie
    assert s.blocked_by is E.NEED_CLEAN_TRIA_AND_SERIE
    assert state.check(Discard(0, cards("9H")[0])) is E.NEED_CLEAN_TRIA_AND_SERIE


def test_teams_a_clean_serie_suffices_once_the_partner_is_down() -> None:
    hand = "3C 4C 5C 9S 9H 9D KS 2D 7H 8S JD QH 5S 6D"
    state = round_with("rami-talaj", hand, n=4, dealer=3, partners=(2, 3, 0, 1),
                       rules=PRESETS["rami-talaj"].with_options(teams=True))
    assert state.current == 0
    s = state.opening_status()
    assert not s.partner_down and s.needed == 71 and s.need_tria_and_serie
    state.down[2] = True
    s = lay(state, "3C 4C 5C")
    assert s.partner_down and s.partner_serie_enough and s.needed == 0
    assert not s.need_tria_and_serie and s.clean_serie and s.opens
    state.apply(Discard(0, cards("2D")[0]))
    assert state.down[0]
    state = round_with("rami-talaj", hand, n=4, dealer=3, partners=(2, 3, 0, 1),
                       rules=PRESETS["rami-talaj"].with_options(teams=True))
    state.down[2] = True
    s = lay(state, "9S 9H 9D")  # a tria alone is not a série
    assert s.needed == 0 and not s.clean_serie and s.blocked_by is E.THRESHOLD_NOT_MET


def test_own_cards_the_taken_top_card_does_not_make_the_clean_tria() -> None:
    hand = "KS KH 7C 8C 9C 10C 10S JS QS KC QH QD QC 2H"
    for preset, expected in (("talaj", E.NEED_CLEAN_TRIA_AND_SERIE), ("tallage", None)):
        state = round_with(preset, hand, dealer=0, top="KD",
                           rules=PRESETS[preset].with_options(no_pickup_first_round=False,
                                                              starter="dealer_draws"))
        state.apply(Draw(0, "top"))
        assert state.pickup == cards("KD")[0]
        s = lay(state, "KS KH KD", "7C 8C 9C 10C", "10S JS QS")
        assert s.own_cards_required is (preset == "talaj")
        assert s.clean_tria is (preset != "talaj") and s.clean_serie
        assert s.blocked_by is expected, preset
        s = lay(state, "QH QD QC")
        assert s.clean_tria and s.clean_tria_and_serie and s.opens


def test_the_first_card_taken_counts_as_own() -> None:
    """§2.3: the round's first discard, taken into the hand, is one's own card."""
    state = round_with("talaj", "KD 2C 3H 4S 5D 6C 7H 8S 9D JC JH 5S 6S 4H", n=3, dealer=0,
                       stock="2S")
    state.hands[1] = list(cards("KS KH 7C 8C 9C 10C QS QH 2D 5H 9S 4D 3D 6H"))
    state.apply(Draw(0))
    state.apply(Discard(0, cards("KD")[0]))
    state.apply(Draw(1, "first"))
    assert state.pickup is None  # not a top-card pickup: nothing to lay
    s = lay(state, "KS KH KD", "7C 8C 9C 10C")
    assert s.clean_tria and s.clean_serie and s.staged_points == 64
    assert s.blocked_by is E.THRESHOLD_NOT_MET


def test_tallage_threshold_option_and_no_adding_on_the_opening_turn() -> None:
    rules = PRESETS["tallage"].with_options(threshold=51)
    state = round_with("tallage", "KS KH KD 7C 8C 9C 10C 2D 5H 9S 4D 3S 6H 8D JC", dealer=0,
                       rules=rules)
    s = lay(state, "KS KH KD", "7C 8C 9C 10C")
    assert s.base == 51 and s.needed == 51 and s.staged_points == 64 and s.opens
    assert s.valid_to_add  # made, but tallage adds only from the next turn
    assert not state.rules.add_on_opening_turn


def test_simple_lays_only_to_go_out() -> None:
    state = round_with("simple", "2S 2H 2D 3C 4C 5C 9H 9S KD 4S 6H 7D JC QH", dealer=0)
    s = state.opening_status()
    assert s.lay_only_to_go_out and s.needed is None and s.going_out_needed == 0
    s = lay(state, "2S 2H 2D")
    assert s.blocked_by is E.WHOLE_HAND_ONLY and not s.opens
    assert state.check(Discard(0, cards("9H")[0])) is E.WHOLE_HAND_ONLY
    state = round_with("simple", "2S 2H 2D 3C 4C 5C 9H", dealer=0)
    s = lay(state, "2S 2H 2D", "3C 4C 5C")
    assert s.going_out and s.needed is None and s.opens and s.blocked_by is None


def test_a_player_down_needs_nothing() -> None:
    state = round_with("talaj", "KS KH KD 7C 8C 9C 10C QS QH QD 2D 5H 9S 4D", dealer=0)
    state.down[0] = True
    state.apply(Draw(0))
    s = lay(state, "KS KH KD")
    assert s.down and s.needed is None and s.going_out_needed is None
    assert s.blocked_by is None and not s.opens


# ---- random play: the status agrees with the discard ------------------------------------------


def expected_needed(state: RoundState, s: OpeningStatus) -> int | None:
    """The points an opening needs, read from RULES.md §2 independently of the engine."""
    r = state.rules
    p = state.current
    if state.down[p] or not r.lay_before_out:
        return None
    if state.partner_down(p):
        return 0
    if len(state.hands[p]) == 1:
        return {GoingOutPoints.BASE: r.threshold, GoingOutPoints.NONE: 0,
                GoingOutPoints.BAR: s.bar}[r.going_out_points]
    return state.bar if r.rising_bar else r.threshold


def agree(state: RoundState) -> None:
    """``opening_status`` answers what a discard of each card in hand would."""
    if state.over or not state.has_drawn:
        return
    p = state.current
    s = state.opening_status()
    assert s.player == p and s.down == state.down[p] and s.staged == len(state.staged)
    assert s.needed == expected_needed(state, s)
    assert s.partner_down == state.partner_down(p)
    if s.blocked_by is E.THRESHOLD_NOT_MET:
        limit = s.going_out_needed if s.going_out else s.bar
        assert limit is not None and s.staged_points < limit
    if s.opens:
        assert (s.partner_down and s.clean_serie) or s.clean_tria_and_serie or \
            not state.rules.need_tria_and_serie
    for card in set(state.hands[p]):
        code = state.check(Discard(p, card))
        if code in OPENING_CODES or s.blocked_by is not None:
            assert code == s.blocked_by or (code in BEFORE_OPENING
                                            and s.blocked_by is not E.WHOLE_HAND_ONLY), \
                (code, s)
        else:
            assert code is None or code in BEFORE_OPENING
    legal = state.legal_discards()
    if s.blocked_by is not None:
        assert not legal
    if legal:
        probe = state.clone()
        events = probe.apply(Discard(p, legal[0]))
        done = events[0]
        assert isinstance(done, Discarded)
        assert (done.opened is not None) == s.opens
        if s.opens:
            assert done.opened == s.staged_points


@examples_by_default(12, default=6, derandomize=True,
                     preset=st.sampled_from(PRESET_NAMES), seed=st.integers(0, 2**32 - 1),
                     n=st.integers(2, 4), teams=st.booleans())
def test_opening_status_agrees_with_the_discard(preset: str, seed: int, n: int,
                                                teams: bool) -> None:
    rng = random.Random(seed)
    seen: set[ErrorCode | None] = set()

    def visit(state: RoundState) -> None:
        if rng.random() < 0.5:
            agree(state)
            if not state.over and state.has_drawn:
                seen.add(state.opening_status().blocked_by)

    random_round(PRESETS[preset], n, seed, visit, cap=120, teams=teams and preset == "rami-talaj")


@pytest.mark.parametrize("preset", some_by_default(["tallage", "talaj", "rami-talaj", "simple"], 2))
def test_random_play_meets_every_opening_refusal(preset: str) -> None:
    """The random rounds do reach the refusals the status must predict."""
    seen: set[ErrorCode | None] = set()

    def visit(state: RoundState) -> None:
        if not state.over and state.has_drawn:
            seen.add(state.opening_status().blocked_by)

    for seed in range(6):
        random_round(PRESETS[preset], 3, seed, visit, cap=80)
    wanted = {E.WHOLE_HAND_ONLY} if preset == "simple" else {E.THRESHOLD_NOT_MET}
    assert wanted <= seen and None in seen
