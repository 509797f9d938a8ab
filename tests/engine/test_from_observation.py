"""``RoundState.from_observation``: a copy dealt from what one player sees, on which that
player's own actions get exactly the real round's answers, whatever the hidden cards."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import strategies as st
from random_play import RandomPlayer, Stats
from random_rounds import random_round

from rami_desktop.engine.actions import Action, Discard, Draw, Redeal, TakeBack, Undo
from rami_desktop.engine.cards import full_deck
from rami_desktop.engine.rules import PRESET_NAMES, PRESETS
from rami_desktop.engine.state import RoundState
from tests.conftest import examples_by_default

DECK = Counter(full_deck())


def own_actions(state: RoundState, p: int) -> list[Action]:
    """Actions player ``p`` might try now: layings, additions, swaps, take-backs, discards."""
    out: list[Action] = RandomPlayer(random.Random(0), Stats()).lay_options(state, p)
    out += [TakeBack(p, i) for i in range(len(state.melds) + 1)]
    out += [Undo(p), Redeal(p)]
    out += [Draw(p, source) for source in ("stock", "first", "top")]
    out += [Discard(p, c) for c in sorted(set(state.hands[p]))]
    return out


def compare(real: RoundState, p: int, seed: int) -> None:
    """The copy ``p`` gets agrees with the real round on everything ``p`` may do or see."""
    obs = real.observation(p)
    copy = RoundState.from_observation(obs, random.Random(seed))
    assert [len(h) for h in copy.hands] == [len(h) for h in real.hands]
    assert len(copy.stock) == len(real.stock)
    assert Counter(copy.all_cards()) == DECK
    assert copy.hands[p] == real.hands[p] and copy.talaj == real.talaj
    assert copy.observation(p) == obs
    again = RoundState.from_observation(obs, random.Random(seed))
    assert again.snapshot() == copy.snapshot()
    mine = real.current == p and not real.over
    if mine:
        assert copy.legal_draws() == real.legal_draws()
        assert copy.legal_discards() == real.legal_discards()
        assert copy.opening_status() == real.opening_status()
        assert copy.turn_view() == real.turn_view()
        assert copy.redeal_candidates() == real.redeal_candidates()
    actions = own_actions(real, p)
    for action in actions:
        assert copy.check(action) == real.check(action), action
    # one legal action more on both (not a stock draw: its card is hidden): same view after
    legal = [a for a in actions if real.check(a) is None
             and not (isinstance(a, Draw) and a.source == "stock")]
    if legal:
        action = random.Random(seed).choice(legal)
        real_after, copy_after = real.clone(), copy.clone()
        real_after.apply(action)
        copy_after.apply(action)
        assert copy_after.observation(p) == real_after.observation(p), action


@examples_by_default(16, default=8, derandomize=True,
                     preset=st.sampled_from(PRESET_NAMES), seed=st.integers(0, 2**32 - 1),
                     n=st.integers(2, 4), teams=st.booleans())
def test_the_copy_answers_the_observer_like_the_real_round(preset: str, seed: int, n: int,
                                                           teams: bool) -> None:
    rng = random.Random(seed)

    def visit(state: RoundState) -> None:
        if rng.random() < 0.08:
            p = state.current if rng.random() < 0.75 else rng.randrange(state.n)
            compare(state, p, rng.randrange(1000))

    random_round(PRESETS[preset], n, seed, visit, cap=60, teams=teams)


def test_a_copy_at_the_start_of_a_rami_talaj_round_redeals_like_the_real_one() -> None:
    for seed in range(200):
        real = RoundState.new(PRESETS["rami-talaj"], 3, 0, seed)
        if real.redeal_candidates():
            break
    else:
        raise AssertionError("no redeal candidate in 200 deals")
    for p in range(3):
        copy = RoundState.from_observation(real.observation(p), random.Random(p))
        assert copy.can_redeal(p) == real.can_redeal(p) == real.observation(p).may_redeal
        assert copy.check(Redeal(p)) == real.check(Redeal(p))
    q = real.redeal_candidates()[0]
    real.apply(Redeal(q))
    for p in range(3):
        copy = RoundState.from_observation(real.observation(p), random.Random(p))
        assert not copy.can_redeal(p) and not real.can_redeal(p)


def test_the_hidden_cards_change_with_the_generator_only() -> None:
    real = RoundState.new(PRESETS["talaj"], 3, 0, 11)
    obs = real.observation(1)
    a = RoundState.from_observation(obs, random.Random(1))
    b = RoundState.from_observation(obs, random.Random(2))
    assert a.hands[1] == b.hands[1] == real.hands[1]
    assert a.hands[0] != b.hands[0] or a.stock != b.stock
