"""The round review over simulated rounds, every finding checked against the engine: 0 false
(each is replayed and the engine accepts what it says, or its own answers say so), 0 missed
(every never-opened player whose hand could open after a draw is told), and no one who paid
the never-down sum is left without a word when their hand could open. Each round is kept as
``python -m rami_desktop.sim --keep DIR`` keeps it and reviewed from its file. 500 rounds
behind ``-m slow``; a sample of 12 (two easy bots, every preset) in the default run."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from rami_desktop.commands.sim import Tally, play_round
from rami_desktop.engine.actions import Action, Add, Discard, Draw, Lay, Swap
from rami_desktop.engine.advice import open_from_hand
from rami_desktop.engine.cards import Card
from rami_desktop.engine.errors import RuleError
from rami_desktop.engine.feeding import Feed, feed
from rami_desktop.engine.going_out import going_out_actions
from rami_desktop.engine.rescue import apply_in_order
from rami_desktop.engine.scoring import PenaltyReason
from rami_desktop.engine.state import RoundState
from rami_desktop.play.keep.persist import rebuild_game
from rami_desktop.play.review.round_review import review_round
from rami_desktop.play.view.findings import Finding, FindingKind
from rami_desktop.storage.round_files import read_round
from tests.conftest import some_by_default

PRESETS = ("talaj", "rami-talaj", "tallage", "simple")
LEVELS = (("easy", "medium"), ("medium", "easy", "easy"), ("easy", "easy", "medium", "easy"))
#: the default run's sample: two players of the easy level, every preset
QUICK = ("easy", "easy")


@dataclass(frozen=True)
class Turn:
    """A turn of the round: who, the player's own count, the round before it, its actions."""

    player: int
    own: int
    start: RoundState
    actions: tuple[Action, ...]


def _turns(dealt: RoundState, log: Sequence[Action]) -> dict[tuple[int, int], Turn]:
    """Every turn of the round, by (player, round turn from 1)."""
    state = dealt.clone()
    out: dict[tuple[int, int], Turn] = {}
    own: Counter[int] = Counter()
    k = 0
    while k < len(log):
        p, t, start = state.current, state.turn, state.clone()
        acts = []
        while k < len(log) and state.turn == t and not state.over:
            acts.append(log[k])
            state.apply(log[k])
            k += 1
        own[p] += 1
        out[(p, t + 1)] = Turn(p, own[p], start, tuple(acts))
    return out


def _round(seed: int, folder: Path, quick: bool = False) -> tuple[RoundState, RoundState]:
    """A simulated round, kept as ``sim --keep`` keeps it and read back from its round file:
    the review is checked on what the file holds (the round as dealt, and as it ended)."""
    rules = PRESETS[seed % len(PRESETS)]
    levels = QUICK if quick else LEVELS[seed // len(PRESETS) % len(LEVELS)]
    before = set(folder.iterdir())
    played = play_round(rules, levels, seed, seed % len(levels), Tally(), keep=str(folder))
    kept = set(folder.iterdir()) - before
    if not played.over or (played.winner is None and not kept):
        return RoundState.from_dict({**played.to_dict(), "log": []}), played
    (path,) = kept
    saved, problem = read_round(path, rebuild_game)
    assert saved is not None, problem
    end = saved.match.round
    assert end.to_dict() == played.to_dict()  # the file holds the round as it was played
    return RoundState.from_dict({**end.to_dict(), "log": []}), end


def _drawn(turn: Turn, take: object) -> RoundState | None:
    """The turn's round after its draw: the talaj card named, else the draw made."""
    probe = turn.start.clone()
    if probe.has_drawn:
        return probe
    if take is not None:
        for draw in probe.legal_draws():
            if draw.source != "stock":
                trial = probe.clone()
                trial.apply(draw)
                if Counter(trial.hands[turn.player]) - Counter(probe.hands[turn.player]) == \
                        Counter([take]):
                    return trial
        return None
    first = turn.actions[0]
    assert isinstance(first, Draw)
    probe.apply(first)
    return probe


def _after(turn: Turn) -> RoundState:
    """The round at the end of a turn."""
    state = turn.start.clone()
    for a in turn.actions:
        state.apply(a)
    return state


def _opens(turn: Turn, f: Finding) -> bool:
    """The engine accepts the opening the finding names, and a discard after it."""
    probe = _drawn(turn, f.take)
    if probe is None:
        return False
    p = turn.player
    if apply_in_order(probe, [Lay(p, tuple(m)) for m in f.melds]) is None:
        return False
    legal = probe.legal_discards()
    if not legal:
        return False
    probe.apply(Discard(p, legal[0]))  # the staged opening holds once the turn ends
    return probe.down[p]


def _meld_at(state: RoundState, cards: Sequence[Card]) -> int | None:
    """The table combination made of ``cards`` (as the finding names it)."""
    return next((k for k, m in enumerate(state.melds)
                 if m.meld is not None and sorted(m.meld.cards) == sorted(cards)), None)


def _goes_out_as_told(drawn: RoundState, f: Finding) -> bool:
    """Whether the way a finding tells goes out, played as told: the jokers won back first,
    the combinations laid, the cards added, the last card discarded (the engine's rules)."""
    probe = drawn.clone()
    p = probe.current
    try:
        for card, cards in f.swaps:
            at = _meld_at(probe, cards)
            if at is None:
                return False
            probe.apply(Swap(p, at, card))
        if apply_in_order(probe, [Lay(p, tuple(m)) for m in f.melds]) is None:
            return False
        for cards, onto in zip(f.adds, f.onto, strict=True):
            at = _meld_at(probe, onto)
            add = next((Add(p, at, tuple(cards), side) for side in (None, "low", "high")
                        if at is not None and probe.check(Add(p, at, tuple(cards), side))
                        is None), None)
            if add is None:
                return False
            probe.apply(add)
        if len(probe.hands[p]) != 1:
            return False
        probe.apply(Discard(p, probe.hands[p][0]))
    except RuleError:
        return False
    return probe.over and probe.winner == p


def _check(f: Finding, turns: dict[tuple[int, int], Turn], end: RoundState,
           log: Sequence[Action]) -> str | None:
    """Why the engine disagrees with a finding (None: it agrees)."""
    p = f.seat  # a round of bots alone: seats are the round's players
    if f.kind in (FindingKind.JOKERS_HELD,):
        b = end.penalty_breakdown(p)
        held = [v for v in b.cards if v.card.is_joker]
        ok = b.reason in (PenaltyReason.HAND_VALUE, PenaltyReason.CARD_COUNT) and held and \
            f.points == sum(v.value for v in held) * (2 if b.doubled else 1)
        return None if ok else "jokers"
    turn = turns.get((p, f.round_turn))
    if turn is None or turn.player != p or turn.own != f.turn:
        return "turn"
    if f.kind in (FindingKind.NEVER_OPENED, FindingKind.MISSED_OPENING):
        if end.down[p] != (f.kind is FindingKind.MISSED_OPENING):
            return "down at the end"
        if turn.start.down[p] or not _opens(turn, f):
            return "opening"
        return "opened that turn" if _after(turn).down[p] else None
    if f.kind is FindingKind.MISSED_OUT:
        probe = _drawn(turn, f.take)
        if probe is None or going_out_actions(probe) is None:
            return "no way out"
        if not _goes_out_as_told(probe, f):
            return "the way told does not go out"
        return "went out" if _after(turn).winner == p else None
    if f.kind is FindingKind.JOKER_DISCARDED:
        last = turn.actions[-1]
        return None if isinstance(last, Discard) and last.card.is_joker else "joker"
    if f.kind in (FindingKind.FED_OPEN, FindingKind.FED_OUT):
        after = _after(turn)
        last = turn.actions[-1]
        q = after.current
        nxt = turns.get((q, f.round_turn + 1))
        if not isinstance(last, Discard) or nxt is None or nxt.actions[0] != Draw(q, "top"):
            return "not taken"
        given = feed(after, last.card)
        done = _after(nxt)
        if f.kind is FindingKind.FED_OUT:
            return None if given is Feed.OUT and done.winner == q else "fed out"
        ok = given is Feed.OPEN or (given is Feed.OUT and not after.down[q] and done.down[q])
        return None if ok else "fed open"
    assert f.kind is FindingKind.POINTS_LEFT
    probe = turn.start.clone()
    for a in turn.actions[:-1]:
        probe.apply(a)
    last = turn.actions[-1]
    assert isinstance(last, Discard)
    if not probe.down[p] or end.winner in (None, p):
        return "not down"
    order = apply_in_order(probe, [Lay(p, tuple(m)) for m in f.melds])
    if order is None:
        return "lay"
    for cards in f.adds:
        add = next((Add(p, i, tuple(cards), at) for i in range(len(probe.melds))
                    for at in (None, "low", "high")
                    if probe.check(Add(p, i, tuple(cards), at)) is None), None)
        if add is None:
            return "add"
        probe.apply(add)
    if probe.check(Discard(p, last.card)) is not None:
        return "discard"
    kept = Counter(end.hands[p]) - Counter(c for m in (*f.melds, *f.adds) for c in m)
    return None if sum(kept.values()) < len(end.hands[p]) and f.points > 0 else "points"


def _could_open(turns: dict[tuple[int, int], Turn], p: int) -> bool:
    """Whether, at one of ``p``'s turns, the hand after its draw could open (the engine)."""
    for turn in turns.values():
        if turn.player != p or turn.start.down[p] or not turn.actions:
            continue
        probe = turn.start.clone()
        if not probe.has_drawn:
            if not isinstance(turn.actions[0], Draw) or turn.actions[0].source != "stock":
                continue
            probe.apply(turn.actions[0])
        if probe.rules.lay_before_out and open_from_hand(probe) is not None:
            return True
    return False


def _sample(seeds: range, folder: Path, quick: bool = False) -> None:
    false: list[tuple[int, Finding, str]] = []
    missed: list[tuple[int, int]] = []
    counts: Counter[str] = Counter()
    for seed in seeds:
        dealt, end = _round(seed, folder, quick)
        log = list(end.log)
        players = set(range(end.n))
        found = review_round(dealt.clone(), log, players)
        turns = _turns(dealt, log)
        for f in found:
            counts[f.kind.value] += 1
            why = _check(f, turns, end, log)
            if why is not None:
                false.append((seed, f, why))
        for p in players:
            if not end.over or end.winner is None or end.down[p] or p == end.winner:
                continue
            told = {f.kind for f in found if f.seat == p}
            if _could_open(turns, p) and not told & {FindingKind.NEVER_OPENED,
                                                      FindingKind.MISSED_OUT}:
                missed.append((seed, p))
    print(f"{len(seeds)} rounds: {dict(counts)}; false {len(false)}, missed {len(missed)}")
    assert false == []
    assert missed == []
    assert counts  # the sample holds findings to check


@pytest.mark.parametrize("half", some_by_default([0, 1], 1))
def test_every_finding_of_a_sample_of_rounds_is_true_and_none_is_missed(tmp_path: Path,
                                                                        half: int) -> None:
    """Six rounds by default, six more with ``-m slow`` (beside the 500 below)."""
    _sample(range(half, 12, 2), tmp_path, quick=True)


@pytest.mark.slow
def test_every_finding_of_500_rounds_is_true_and_none_is_missed(tmp_path: Path) -> None:
    _sample(range(1000, 1500), tmp_path)
