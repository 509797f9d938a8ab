"""Actions of every type with one field changed to a value that may be one no save can hold
(``at="mid"``, a player ``True``, ``taken=1``, a card that is a string…), played between the
random player's turns; and the check that a round's log replays to the very same round.

The odd value comes from ``odd(field, rng)`` (the soak) or from hypothesis (the property test):
both go through :func:`mutated`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field, fields, replace
from typing import Any

from random_play import RandomPlayer, Stats, fingerprint

from rami_desktop.engine.actions import (
    Action,
    Add,
    Discard,
    Draw,
    Lay,
    Redeal,
    Swap,
    TakeBack,
    Undo,
)
from rami_desktop.engine.cards import DISTINCT_CARDS, Card
from rami_desktop.engine.errors import RuleError
from rami_desktop.engine.rules import Rules
from rami_desktop.engine.state import RoundState

ACTION_TYPES: tuple[type, ...] = (Draw, Lay, Add, Swap, TakeBack, Undo, Discard, Redeal)

#: values that no field of a save holds, or holds under another type (True for 1, "0" for 0)
ODD_VALUES: tuple[Any, ...] = (
    None, True, False, -1, 10**30, 1.0, 0.5, "0", "", "mid", "LOW", "stock ", "AS", "JK",
    (), [], {}, ("AS",), (None,), 1j,
)

#: a card no deck holds (cards are interned: made once)
NO_SUCH_CARD = Card(0, "X")  # written JK, but not the joker

FieldValue = Callable[[str], Any]


def base_action(state: RoundState, rng: random.Random, kind: type) -> Action:
    """A plausible action of type ``kind`` now: legal or near it, with sane field values."""
    p = state.current
    hand = state.hands[p] or list(DISTINCT_CARDS)
    if kind is Draw:  # a top card taken needs a plan to lay it: the random player's draw
        legal = [d for d in state.legal_draws() if d.source != "top"]
        return rng.choice(legal) if legal else Draw(p, rng.choice(["stock", "first", "top"]))
    if kind in (Lay, Add, Swap):
        options = [a for a in RandomPlayer(rng, Stats()).lay_options(state, p)
                   if isinstance(a, kind)]
        legal = [a for a in options if state.check(a) is None]
        if legal or options:
            return rng.choice(legal or options)
        meld = rng.randrange(len(state.melds) + 1)
        if kind is Lay:
            return Lay(p, tuple(rng.sample(hand, min(3, len(hand)))))
        if kind is Add:
            return Add(p, meld, (rng.choice(hand),), rng.choice([None, "low", "high"]))
        return Swap(p, meld, rng.choice(hand))
    if kind is TakeBack:
        staged = state.staged
        return TakeBack(p, rng.choice(staged) if staged else rng.randrange(len(state.melds) + 1))
    if kind is Undo:
        return Undo(p)
    if kind is Discard:
        legal = state.legal_discards()
        return Discard(p, rng.choice(legal or hand))
    return Redeal(rng.randrange(state.n))


def mutated(action: Action, name: str, value: Any) -> Action:
    """The action with field ``name`` set to ``value`` (dataclasses' replace, no checks)."""
    return replace(action, **{name: value})


def field_names(action: Action) -> list[str]:
    """The fields of an action."""
    return [f.name for f in fields(action)]


def odd(name: str, rng: random.Random, state: RoundState) -> Any:
    """A value for field ``name``: mostly an odd one, sometimes a sane one of another kind."""
    r = rng.random()
    if r < 0.6:
        return rng.choice(ODD_VALUES)
    if name == "cards":
        return rng.choice([[*rng.sample(state.hands[state.current], 1)], (NO_SUCH_CARD,),
                           ("AS", "2S", "3S"), ()])
    if name in ("card",):
        return rng.choice([NO_SUCH_CARD, rng.choice(DISTINCT_CARDS).code])
    if name == "at":
        return rng.choice(["mid", "middle", 0, 1, "High"])
    if name == "taken":
        return rng.choice([0, 1, "true", "false"])
    return rng.choice([state.n, -state.n, state.current + 1, 2**64])


@dataclass
class FuzzStats:
    """What the fuzzing did."""

    tried: int = 0
    accepted: int = 0
    odd_accepted: int = 0
    refused: int = 0
    rounds: int = 0
    checked: int = 0
    mismatches: list[str] = field(default_factory=list)


def try_fuzzed(state: RoundState, action: Action, stats: FuzzStats, odd_field: bool) -> bool:
    """Apply a fuzzed action; a refusal must change nothing. Return whether it was accepted."""
    stats.tried += 1
    before = fingerprint(state)
    try:
        state.apply(action)
    except RuleError:
        stats.refused += 1
        assert fingerprint(state) == before, f"refused {action!r} changed the state"
        return False
    stats.accepted += 1
    stats.odd_accepted += odd_field
    return True


def replay_mismatch(state: RoundState) -> str | None:
    """Why the round's save (through JSON) does not replay to the same round, or None."""
    data = state.to_dict()
    try:
        text = json.dumps(data)
        again = RoundState.from_dict(json.loads(text))
    except (TypeError, ValueError) as exc:
        return f"{type(exc).__name__}: {exc}"
    if again != state:
        return "the replayed round differs"
    if again.to_dict() != data:
        return "the replayed round saves another log"
    return None


def fuzzed_round(rules: Rules, n: int, seed: int, stats: FuzzStats,
                 value: Callable[[Action, str], Any] | None = None,
                 kind: Callable[[], type] | None = None, rate: float = 0.5,
                 cap: int = 120) -> RoundState:
    """Play one round at random from ``seed``, trying fuzzed actions between turns (about
    ``rate`` per turn), and check that its log replays identically (mid-round and at the end).

    Args:
        value: the value given to a field of an action (default: :func:`odd`).
        kind: the type of the next fuzzed action (default: any, at random).
    """
    rng = random.Random(seed)
    state = RoundState.new(rules, n, rng.randrange(n), seed)
    player = RandomPlayer(rng, Stats())
    player.check_solver = False
    check_at = rng.randrange(1, cap)
    turns = 0
    while not state.over and turns < cap:
        while rng.random() < rate:
            action_type = kind() if kind else rng.choice(ACTION_TYPES)
            action = base_action(state, rng, action_type)
            odd_field = rng.random() < 0.7
            if odd_field:
                name = rng.choice(field_names(action))
                new = value(action, name) if value else odd(name, rng, state)
                action = mutated(action, name, new)
            try_fuzzed(state, action, stats, odd_field)
            if state.over:
                break
        if state.over:
            break
        player.play_turn(state)
        turns += 1
        if turns == check_at:
            _check(state, stats, seed)
    _check(state, stats, seed)
    stats.rounds += 1
    return state


def _check(state: RoundState, stats: FuzzStats, seed: int) -> None:
    stats.checked += 1
    fault = replay_mismatch(state)
    if fault is not None:
        stats.mismatches.append(f"{state.rules.preset} {state.n} players seed {seed}: {fault}; "
                                f"log ends {state.log[-3:]!r}")
