"""A review of a finished round for the players at the screen: what cost them, found by
replaying the round's log through the engine. Every question of the rules is the engine's:

- a hand that **could have opened** and did not (:func:`~rami_desktop.engine.advice.advise`:
  the hand after its draw, or a talaj card taken): ``never_opened`` when the player never
  opened (the first turn it was possible, with that opening), ``missed_opening`` when the
  player opened later;
- a discard that **fed the next player**: they took it from the talaj and opened with it, or
  went out (:func:`~rami_desktop.engine.feeding.feed`; a discard with which they could have
  gone out but only opened is a fed opening);
- a turn where the player **could have gone out** and did not: through a talaj card before the
  draw (:func:`~rami_desktop.engine.going_out.going_out_draw`) or after it
  (:func:`~rami_desktop.engine.going_out.going_out_actions`), with the way;
- a **joker discarded**;
- **jokers held at the end**, when the penalty counts them card by card (a player never down
  who pays a flat sum is told ``never_opened`` instead), and **points left in hand** that the
  player, down, could have laid before the last discard
  (:func:`~rami_desktop.engine.advice.advise` on that turn, checked by applying it).

Findings are data (the screens word them); ``turn`` is the player's own turn number ("your 10th
turn"), ``round_turn`` the round's. The session computes them once a round is over, on the bot
worker thread (:meth:`~rami_desktop.play.session.session.Session.review`).
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field

from rami_desktop.engine.actions import Action, Add, Discard, Draw, Lay, Swap
from rami_desktop.engine.advice import advise
from rami_desktop.engine.advice_model import Advice, AdviceKind
from rami_desktop.engine.cards import Card
from rami_desktop.engine.errors import RuleError
from rami_desktop.engine.feeding import Feed, feed
from rami_desktop.engine.going_out import going_out_actions, going_out_draw
from rami_desktop.engine.scoring import PenaltyReason, penalty_breakdown
from rami_desktop.engine.state import RoundState
from rami_desktop.play.view.findings import Finding, FindingKind


@dataclass(frozen=True)
class _Way:
    """Cards to play: a talaj card to take, jokers to win back (the card put in each one's
    place, and the combination it is in), combinations to lay, cards to add."""

    take: Card | None = None
    melds: tuple[tuple[Card, ...], ...] = ()
    adds: tuple[tuple[Card, ...], ...] = ()
    points: int = 0
    onto: tuple[tuple[Card, ...], ...] = ()
    swaps: tuple[tuple[Card, tuple[Card, ...]], ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        """The hand's cards the way plays (the cards put in the jokers' places first)."""
        return (*(card for card, _meld in self.swaps),
                *(c for group in (*self.melds, *self.adds) for c in group))


@dataclass(frozen=True)
class _Last:
    """A player's last discard: the round just before it, the card, the player's own turn."""

    before: RoundState
    discard: Card
    turns: int


@dataclass
class _Player:
    """What the replay keeps of one reviewed player."""

    turns: int = 0  # the player's own turn now (the engine's count)
    chance: _Way | None = None  # an opening possible this turn
    missed: tuple[int, int, _Way] | None = None  # the first opening missed: turns and way
    last: _Last | None = None  # the round before the last discard
    found: list[Finding] = field(default_factory=list)


def review_of(state: RoundState, players: Collection[int],
              seats: Sequence[int] | None = None) -> Callable[[], tuple[Finding, ...]]:
    """The review of a round (over) for the round players ``players``, as a job: what it
    needs (the round's deal and log, as its save holds them) is taken now, so that the job may
    run on another thread while the match goes on. ``seats`` maps round players to match
    seats (default: the same numbers)."""
    data = state.to_dict()
    log = tuple(state.log)
    chosen = frozenset(players)
    mapping = tuple(seats) if seats is not None else None
    return lambda: review_round(RoundState.from_dict({**data, "log": []}), log, chosen, mapping)


def quiet(job: Callable[[], tuple[Finding, ...]]) -> Callable[[], tuple[Finding, ...]]:
    """``job``, finding nothing when it fails (a bug: logged, the round is still summed up)."""
    def run() -> tuple[Finding, ...]:
        try:
            return job()
        except Exception:  # any bug of the review: the summary shows without it
            logging.getLogger(__name__).exception("the round review failed")
            return ()

    return run


def review_round(state: RoundState, log: Sequence[Action], players: Collection[int],
                 seats: Sequence[int] | None = None) -> tuple[Finding, ...]:
    """What a round shows for the round players ``players``: each player's findings in the
    order they happened, the players in turn order.

    Args:
        state: the round as dealt (played through here).
        log: the round's actions, in order.
        players: the round players reviewed.
        seats: the match seat of each round player (default: the same numbers).
    """
    seat_of = (lambda p: seats[p]) if seats is not None else (lambda p: p)
    kept = {p: _Player() for p in players}
    missed: _Way | None = None
    started = -1  # the last turn whose start was looked at
    for k, action in enumerate(log):
        p = state.current
        me = kept.get(p) if action.player == p else None
        if me is not None and state.turn != started:
            started = state.turn
            me.turns = state.own_turn
            me.chance = None
            if state.has_drawn and not state.turn_view().ops:  # a turn that starts drawn
                missed = _out(state, going_out_actions(state), None)
                me.chance = _opening(state, advise(state))
            elif not state.has_drawn:
                me.chance = _talaj_opening(state)
        if me is not None and not state.has_drawn and isinstance(action, Draw) and (
                missed is None):
            draw = going_out_draw(state)
            if draw is not None:
                probe = state.clone()
                probe.apply(draw)
                taken = Counter(probe.hands[p]) - Counter(state.hands[p])
                missed = _out(probe, going_out_actions(probe), next(iter(taken), None))
        turn = state.turn
        before = state.clone() if me is not None and isinstance(action, Discard) else None
        state.apply(action)
        if me is None:
            continue
        if isinstance(action, Draw):
            if missed is None:
                missed = _out(state, going_out_actions(state), None)
            if me.chance is None and state.pickup_to_lay() is None:
                me.chance = _opening(state, advise(state))
        if not (isinstance(action, Discard) or state.over):
            continue
        out_missed = missed is not None and state.winner != p
        if missed is not None and out_missed:
            me.found.append(_finding(FindingKind.MISSED_OUT, seat_of(p), me.turns, turn + 1,
                                     missed))
        elif me.chance is not None and not state.down[p] and me.missed is None:
            me.missed = (me.turns, turn + 1, me.chance)  # (a way out missed says more)
        missed = None
        if isinstance(action, Discard):
            assert before is not None
            me.last = _Last(before, action.card, me.turns)
            if action.card.is_joker:
                me.found.append(Finding(FindingKind.JOKER_DISCARDED, seat_of(p), me.turns,
                                        (action.card,), round_turn=turn + 1))
            fed = None if state.over else _fed(state, p, action.card, log[k + 1:])
            if fed is not None:
                me.found.append(Finding(fed, seat_of(p), me.turns, (action.card,),
                                        round_turn=turn + 1))
    out: list[Finding] = []
    for p in sorted(kept):
        me = kept[p]
        if me.missed is not None:
            own, at, way = me.missed
            kind = FindingKind.MISSED_OPENING if state.down[p] else FindingKind.NEVER_OPENED
            me.found.insert(0, _finding(kind, seat_of(p), own, at, way))
        me.found.extend(_at_the_end(state, p, seat_of(p), me.last))
        out.extend(me.found)
    return tuple(out)


def _finding(kind: FindingKind, seat: int, turn: int, round_turn: int, way: _Way) -> Finding:
    return Finding(kind, seat, turn, way.cards, way.points, round_turn, way.take, way.melds,
                   way.adds, way.onto, way.swaps)


def _opening(state: RoundState, advice: Advice) -> _Way | None:
    """The opening an advice proposes to a player not down (None: none)."""
    if state.down[state.current] or not state.rules.lay_before_out or not advice.melds:
        return None
    if advice.kind not in (AdviceKind.OPEN, AdviceKind.GO_OUT, AdviceKind.DRAW):
        return None
    probe = state.clone()
    if advice.draw is not None:
        probe.apply(Draw(state.current, advice.draw))
    return _played(probe, advice.steps, advice.taken, advice.points)


def _talaj_opening(state: RoundState) -> _Way | None:
    """Before the draw: an opening through a talaj card (the hand alone is looked at after
    the draw)."""
    if state.down[state.current] or not state.rules.lay_before_out:
        return None
    advice = advise(state)
    if advice.draw is None:
        return None
    return _opening(state, advice)


def _out(state: RoundState, actions: Sequence[Action] | None, take: Card | None
         ) -> _Way | None:
    if actions is None:
        return None
    return _played(state, actions, take)


def _played(state: RoundState, steps: Sequence[Action], take: Card | None = None,
            points: int = 0) -> _Way | None:
    """The jokers ``steps`` win back, the combinations they lay and the cards they add, each
    swap and addition with the table combination it goes into (``steps`` applied to a copy of
    ``state``; None if refused)."""
    probe = state.clone()
    lays, adds, onto, swaps = [], [], [], []
    try:
        for step in steps:
            if isinstance(step, Lay):
                lays.append(step.cards)
            elif isinstance(step, Add | Swap):
                meld = probe.melds[step.meld].meld if 0 <= step.meld < len(probe.melds) \
                    else None
                cards = () if meld is None else meld.cards
                if isinstance(step, Swap):
                    swaps.append((step.card, cards))
                else:
                    adds.append(step.cards)
                    onto.append(cards)
            probe.apply(step)
    except RuleError:
        return None
    return _Way(take, tuple(lays), tuple(adds), points, tuple(onto), tuple(swaps))


def _fed(state: RoundState, p: int, card: Card, after: Sequence[Action]) -> FindingKind | None:
    """Whether the next player (not ``p``'s partner) took ``p``'s discard ``card`` and opened
    or went out with it (one who could go out with it and only opened was fed an opening)."""
    q = state.current
    if state.partners[p] == q:
        return None
    if not after or after[0] != Draw(q, "top"):
        return None
    kind = feed(state, card)
    if kind is Feed.OPEN:
        return FindingKind.FED_OPEN
    if kind is not Feed.OUT:
        return None
    probe = _their_turn(state, q, after)
    if probe.over and probe.winner == q:
        return FindingKind.FED_OUT
    if not state.down[q] and probe.down[q]:
        return FindingKind.FED_OPEN
    return None


def _their_turn(state: RoundState, q: int, after: Sequence[Action]) -> RoundState:
    probe = state.clone()
    for action in after:
        if probe.over or probe.current != q:
            break
        probe.apply(action)
    return probe


def _at_the_end(state: RoundState, p: int, seat: int, last: _Last | None) -> list[Finding]:
    """Jokers held and points left in hand, when the penalty counts ``p``'s cards."""
    if not state.over or state.winner is None:
        return []
    b = state.penalty_breakdown(p)
    if b.reason not in (PenaltyReason.HAND_VALUE, PenaltyReason.CARD_COUNT):
        return []
    out = []
    jokers = [v for v in b.cards if v.card.is_joker]
    if jokers:
        out.append(Finding(FindingKind.JOKERS_HELD, seat, cards=tuple(v.card for v in jokers),
                           points=b.joker_points))
    if last is not None and last.before.down[p]:
        left = _could_lay(state, p, last)
        if left is not None:
            way, points = left
            out.append(Finding(FindingKind.POINTS_LEFT, seat, last.turns, way.cards, points,
                               last.before.turn + 1, melds=way.melds, adds=way.adds,
                               onto=way.onto, swaps=way.swaps))
    return out


def _could_lay(state: RoundState, p: int, last: _Last) -> tuple[_Way, int] | None:
    """What ``p`` (down) could have laid before the last discard and still made it: the
    hint's steps at that moment, applied with that discard after them, and the penalty points
    they would have saved (the engine's penalty of both hands); None if nothing."""
    advice = advise(last.before)
    if advice.kind not in (AdviceKind.LAY, AdviceKind.ADD) or not advice.steps:
        return None
    probe = last.before.clone()
    try:
        for step in advice.steps:
            probe.apply(step)
        probe.apply(Discard(p, last.discard))
    except RuleError:  # a hint the discard does not follow: nothing said
        return None
    w = state.winner
    kept = penalty_breakdown(state.rules, p, probe.hands[p], True, w,
                             None if w is None else state.partners[w], state.rami_sec,
                             state.last_discard)
    saved = state.penalty_breakdown(p).total - kept.total
    way = _played(last.before, advice.steps)
    return (way, saved) if way is not None and saved > 0 and way.cards else None


__all__ = ["review_of", "review_round"]
