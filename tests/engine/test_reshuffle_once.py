"""One new stock only (``reshuffle_once``, house): the talaj becomes the stock once; the next
time the stock runs out, the round ends with no winner and no one pays."""

from __future__ import annotations

from rami_desktop.engine.actions import Discard, Draw, Reshuffled, RoundEnded
from rami_desktop.engine.cards import full_deck
from rami_desktop.engine.rules import PRESETS, Rules
from rami_desktop.engine.state import RoundState
from rami_desktop.i18n.rules_help import rules_help


def round_of(rules: Rules) -> RoundState:
    """Two players, a stock of four cards: it runs out after each has drawn twice."""
    deck = full_deck()
    return RoundState(rules, [deck[:14], deck[14:28]], [], deck[28:32], 0, 1)


def draw_and_discard(state: RoundState) -> list[object]:
    """The player to play draws from the stock and discards its last card."""
    p = state.current
    state.apply(Draw(p))
    return list(state.apply(Discard(p, state.hands[p][-1])))


def run_out(state: RoundState) -> list[object]:
    """Play until the stock runs out; the events of the turn that emptied it."""
    while True:
        events = draw_and_discard(state)
        if state.over or any(isinstance(e, Reshuffled) for e in events):
            return events


def test_the_second_empty_stock_ends_the_round_with_no_winner() -> None:
    state = round_of(PRESETS["talaj"].with_options(reshuffle_once=True))
    first = run_out(state)
    assert any(isinstance(e, Reshuffled) for e in first) and not state.over
    assert state.reshuffles == 1 and len(state.stock) == 3 and len(state.talaj) == 1
    second = run_out(state)
    assert state.over and state.winner is None and state.end_reason == "stock_exhausted"
    assert state.penalties == (0, 0) and isinstance(second[-1], RoundEnded)
    assert RoundState.from_dict(state.to_dict()) == state  # a save replays to the same end


def test_without_it_the_talaj_becomes_the_stock_every_time() -> None:
    state = round_of(PRESETS["talaj"])
    run_out(state)
    run_out(state)
    assert not state.over and state.reshuffles == 2


def test_the_rules_help_tells_it_only_when_it_is_on() -> None:
    sentence = "The talaj becomes a new stock only once"
    assert sentence not in str(rules_help(PRESETS["talaj"]))
    turn = dict(rules_help(PRESETS["talaj"].with_options(reshuffle_once=True)))["Your turn"]
    assert sentence in turn and turn.index("When the stock runs out") < turn.index(sentence)
