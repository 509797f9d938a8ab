"""``held`` (the cards seen taken from the talaj and not seen leaving the hand since, which every
observation and every network view carries) equals the truth over whole matches: the truth is
worked out here from the hands alone, a turn's cards gone being the hand at its start and the
card drawn less the hand at its discard."""

from __future__ import annotations

from collections import Counter

import pytest

from rami_desktop.engine.actions import Discarded, Drew
from rami_desktop.engine.cards import Card
from rami_desktop.engine.rules import PRESET_NAMES, preset
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from tests.conftest import some_by_default


def held_truth_over(name: str, seed: int, rounds: int, level: str = "medium") -> int:
    """Play ``rounds`` rounds of bots, checking ``held`` after every action; return how many
    entries were checked."""
    config = GameConfig(rules=preset(name), seats=tuple(Seat(None, "bot", level)
                                                       for _ in range(4)), seed=seed)
    session = Session(config, verify_saves=False)
    checked = 0
    try:
        for _ in range(rounds):
            session.ask_redeals()
            r = session.round
            truth: dict[int, Counter[Card]] = {p: Counter() for p in range(r.n)}
            start = (r.current, Counter(r.hands[r.current]))
            drawn: Counter[Card] = Counter()
            while not r.over and r.turn < 300:
                outcome = session.step_bot()
                for e in outcome.events:
                    if isinstance(e, Drew):
                        assert e.card is not None
                        drawn[e.card] += 1
                        if e.source != "stock":
                            truth[e.player][e.card] += 1
                    elif isinstance(e, Discarded):
                        p, before = start
                        assert p == e.player
                        gone = before + drawn - Counter(r.hands[p])
                        for card, k in gone.items():
                            truth[p][card] = max(0, truth[p][card] - k)
                        truth[p] = +truth[p]
                        start, drawn = (r.current, Counter(r.hands[r.current])), Counter()
                held: dict[int, Counter[Card]] = {p: Counter() for p in range(r.n)}
                for p, card in r.held:
                    held[p][card] += 1
                assert held == truth, (name, seed, r.turn)
                for p in range(r.n):
                    seen = session.match.observation(session.match.seats[p]).held
                    assert Counter(seen) == Counter(r.held)
                checked += len(r.held)
            if session.match.over:
                break
            session.next_round()
    finally:
        session.close()
    return checked


@pytest.mark.parametrize("name", some_by_default(PRESET_NAMES, 2))
def test_held_equals_the_truth_over_matches(name: str) -> None:
    checked = sum(held_truth_over(name, seed, rounds=2) for seed in range(2))
    assert checked > 0


@pytest.mark.slow
@pytest.mark.parametrize("name", PRESET_NAMES)
@pytest.mark.parametrize("level", ["easy", "hard"])
def test_held_equals_the_truth_over_many_matches(name: str, level: str) -> None:
    assert sum(held_truth_over(name, seed, rounds=6, level=level) for seed in range(8)) > 0
