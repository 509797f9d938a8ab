"""The hint (advise): it counts what is staged, follows the preset, and the engine accepts it."""

from __future__ import annotations

from collections import Counter

import pytest
from turn_states import mid_turn_states, pickup_states

from rami_desktop.engine.actions import Draw, Lay
from rami_desktop.engine.advice import AdditionHint, Advice, AdviceKind, SwapHint, advise
from rami_desktop.engine.cards import Card, full_deck, parse_cards
from rami_desktop.engine.melds import Meld, make_meld
from rami_desktop.engine.rules import PRESETS, Rules
from rami_desktop.engine.state import RoundState
from rami_desktop.engine.turn import TableMeld
from tests.conftest import some_by_default


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text.split(" "))


def meld(text: str) -> Meld:
    m = make_meld(cards(text))
    assert m is not None
    return m


def position(preset: str, hand: str, *, table: tuple[str, ...] = (), down: bool = False,
             bar: int | None = None, partners: bool = False, **options: object) -> RoundState:
    """Player 0 to play an ordinary turn (drawn already): ``hand`` before the draw."""
    rules: Rules = PRESETS[preset].with_options(starter="dealer_draws", first_card="none",
                                                no_pickup_first_round=False, **options)
    deck = [c for c in full_deck() if c.rank in (12, 13) and c.suit in "SH"] * 5
    n = 4 if partners else 2
    hands = [list(cards(hand))] + [deck[:10] for _ in range(n - 1)]
    state = RoundState(rules, hands, [], deck, 0,
                       partners=[2, 3, 0, 1] if partners else None)
    state.melds = [TableMeld(1, 0, meld(t)) for t in table]
    state.down[0] = down
    if table:
        state.down[1] = True
    if bar is not None:
        state.bar = bar
    state.apply(Draw(0, "stock"))
    return state


def check(state: RoundState, advice: Advice) -> None:
    """Every step of the advice is accepted, and a discard is legal after them."""
    probe = state.clone()
    if advice.kind is AdviceKind.DRAW:
        draws = {d.source: d for d in probe.legal_draws()}
        probe.apply(draws.get(advice.draw or "stock") or draws.get("first")
                    or next(iter(draws.values())))
    for action in advice.steps:
        probe.apply(action)
    if advice.steps:
        assert probe.legal_discards() or probe.over, advice
    hand = Counter(state.hands[state.current])
    assert not Counter(advice.cards) - hand, advice


def lay(state: RoundState, *texts: str) -> None:
    for text in texts:
        state.apply(Lay(0, cards(text)))


# --- the opening counts what is staged ----------------------------------------------------


def test_staged_75_of_71_is_the_opening() -> None:
    state = position("talaj", "KS KH KD 8H 9H 10H JH QH 2C 5D 7S 3C 4D")
    lay(state, "KS KH KD", "8H 9H 10H JH QH")
    advice = advise(state)
    assert advice.kind is AdviceKind.OPENED
    assert advice.points == 77 and advice.needed == 71
    assert len(advice.staged) == 2
    check(state, advice)


def test_staged_tria_then_the_hand_makes_the_rest() -> None:
    state = position("talaj", "KS KH KD 8H 9H 10H JH QH 2C 5D 7S 3C 4D")
    lay(state, "KS KH KD")
    advice = advise(state)
    assert advice.kind is AdviceKind.OPEN
    assert [m.codes() for m in advice.melds] == [["8H", "9H", "10H", "JH", "QH"]]
    assert advice.points == 77 and advice.needed == 71
    assert sorted(advice.cards) == sorted(cards("8H 9H 10H JH QH"))
    check(state, advice)


def test_not_enough_says_what_is_needed() -> None:
    state = position("talaj", "KS KH KD 8H 9H 10H 2C 5D 7S 3C 4D 6C JD")
    advice = advise(state)
    assert advice.kind is AdviceKind.NONE and advice.needed == 71 and not advice.melds
    lay(state, "KS KH KD")
    advice = advise(state)
    assert advice.kind is AdviceKind.NONE and advice.points == 30
    assert advice.blocked_by is not None


def test_risen_bar() -> None:
    state = position("talaj", "KS KH KD 8H 9H 10H JH QH 2C 5D 7S 3C 4D", bar=80)
    advice = advise(state)
    assert advice.kind is AdviceKind.NONE and advice.needed == 80
    state = position("talaj", "KS KH KD KC 8H 9H 10H JH QH 2C 5D 7S 3C", bar=80)
    advice = advise(state)
    assert advice.kind is AdviceKind.OPEN and advice.points == 87
    check(state, advice)


def test_going_out_exemption() -> None:
    """rami-talaj: going out at once needs no points, only the clean tria and série."""
    state = position("rami-talaj", "2S 2H 2D 3C 4C 5C")
    advice = advise(state)
    assert advice.kind is AdviceKind.GO_OUT
    assert sum(len(m.cards) for m in advice.melds) == 6
    check(state, advice)


def test_simple_lays_only_to_go_out() -> None:
    state = position("simple", "2S 2H 2D 3C 4C 5C")
    advice = advise(state)
    assert advice.kind is AdviceKind.GO_OUT and advice.needed is None
    check(state, advice)
    state = position("simple", "KS KH KD 8H 9H 10H JH QH 2C 5D 7S 3C 4D")
    advice = advise(state)
    assert advice.kind is AdviceKind.NONE and not advice.melds and advice.needed is None


def test_partner_down_a_clean_serie_suffices() -> None:
    state = position("rami-talaj", "4H 5H 6H 9S 2C 7D KC", partners=True, teams=True)
    state.down[2] = True
    advice = advise(state)
    assert advice.kind is AdviceKind.OPEN
    assert [m.codes() for m in advice.melds] == [["4H", "5H", "6H"]]
    check(state, advice)


# --- once down ----------------------------------------------------------------------------


def test_down_additions_and_swaps() -> None:
    state = position("talaj", "6H 5D 9C 2S", table=("6S 6D 6C", "4D JK 6D"), down=True)
    advice = advise(state)
    assert AdditionHint(0, cards("6H"), None) in advice.additions
    assert SwapHint(1, Card(5, "D")) in advice.swaps
    assert advice.kind is AdviceKind.ADD
    check(state, advice)


def test_down_lays_combinations() -> None:
    state = position("talaj", "7C 8C 9C 2S 5D", down=True)
    advice = advise(state)
    assert advice.kind is AdviceKind.LAY
    assert [m.codes() for m in advice.melds] == [["7C", "8C", "9C"]]
    check(state, advice)


def test_before_the_draw() -> None:
    state = position("talaj", "7C 8C 9C 2S 5D", down=True)
    fresh = RoundState(state.rules, [list(cards("7C 8C 9C 2S 5D")), list(cards("2H 3H"))],
                       [], full_deck()[:40], 0)
    fresh.down[0] = True
    advice = advise(fresh)
    assert advice.kind is AdviceKind.DRAW
    assert [m.codes() for m in advice.melds] == [["7C", "8C", "9C"]]
    check(fresh, advice)


# --- every advice is accepted by the engine -------------------------------------------------


@pytest.mark.parametrize("preset", some_by_default(list(PRESETS), 2))
def test_advice_is_always_accepted(preset: str) -> None:
    states = mid_turn_states(preset, 3 + len(preset), 3)
    kinds: Counter[AdviceKind] = Counter()
    for state in states:
        advice = advise(state)
        kinds[advice.kind] += 1
        check(state, advice)
    assert len(states) > 100
    assert kinds[AdviceKind.DRAW] and kinds[AdviceKind.NONE], kinds


@pytest.mark.parametrize("preset", ["talaj", "rami-talaj", "tallage"])
def test_advice_lays_the_card_taken(preset: str) -> None:
    states = pickup_states(preset, 17 + len(preset), 250)
    for state in states:
        advice = advise(state)
        # the card taken already laid, the opening not yet made: the rest of the opening
        rest = (AdviceKind.OPEN, AdviceKind.GO_OUT) if state.pickup_to_lay() is None else ()
        assert advice.kind is AdviceKind.PICKUP or advice.kind in rest \
            or state.legal_discards(), advice
        check(state, advice)
    assert len(states) > 40


def test_going_out_through_the_table() -> None:
    """rami-talaj: open with 2-2-2 and 3-4-5♣, the J♣ onto 8-9-10♣ on the table, out."""
    state = position("rami-talaj", "2S 2H 2D 3C 4C 5C JC", table=("8C 9C 10C",))
    advice = advise(state)
    assert advice.kind is AdviceKind.GO_OUT
    assert advice.additions == (AdditionHint(0, cards("JC"), "high"),)
    check(state, advice)


def test_opened_may_add_to_the_table() -> None:
    state = position("talaj", "KS KH KD 8H 9H 10H JH QH 2C 5D 7S 3C 6C",
                     table=("7C 8C 9C",))
    lay(state, "KS KH KD", "8H 9H 10H JH QH")
    advice = advise(state)
    assert advice.kind is AdviceKind.OPENED and advice.points == 77
    assert AdditionHint(0, cards("6C"), "low") in advice.additions
    check(state, advice)
    # tallage: no additions on the opening turn
    state = position("tallage", "KS KH KD 8H 9H 10H JH QH 2C 5D 7S 3C 6C",
                     table=("7C 8C 9C",))
    lay(state, "KS KH KD", "8H 9H 10H JH QH")
    advice = advise(state)
    assert advice.kind is AdviceKind.OPENED and not advice.additions
    check(state, advice)


def test_partner_down_staged_serie_opens() -> None:
    state = position("rami-talaj", "4H 5H 6H 9S 2C 7D KC", partners=True, teams=True)
    state.down[2] = True
    lay(state, "4H 5H 6H")
    advice = advise(state)
    assert advice.kind is AdviceKind.OPENED and advice.needed == 0
    check(state, advice)
