"""The advice's data: what the hint says to do, and moves described as such an advice.

:class:`Advice` is what :func:`rami_desktop.engine.advice.advise` answers; :func:`build` turns
a list of moves (applied to a copy of the round) into one, saying which copy of the talaj card
taken this turn each laying moves (:func:`pin_copies`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from .actions import Action, Add, Lay, Swap
from .cards import Card
from .errors import ErrorCode, RuleError
from .melds import Meld, make_meld
from .opening import OpeningStatus
from .state import RoundState


class AdviceKind(str, Enum):
    """What the advice says to do."""

    DRAW = "draw"  # draw first; ``melds`` is what the hand can already lay
    OPEN = "open"  # lay ``melds``: with the staged combinations they make the opening
    OPENED = "opened"  # the staged combinations make the opening: discard (more is optional)
    GO_OUT = "go_out"  # lay ``melds`` (and additions): every card but one, then discard it
    LAY = "lay"  # down: lay ``melds`` (additions and swaps may come with them)
    ADD = "add"  # down: additions or joker swaps only
    PICKUP = "pickup"  # the talaj card taken this turn must be laid: ``steps`` shows how
    DISCARD = "discard"  # discard ``discard`` (a guided game's step)
    NONE = "none"  # nothing to lay now (see ``blocked_by`` when staged cards block the discard)


@dataclass(frozen=True)
class AdditionHint:
    """Hand cards that go onto table combination ``meld`` (at ``at`` for a série's end)."""

    meld: int
    cards: tuple[Card, ...]
    at: str | None = None


@dataclass(frozen=True)
class SwapHint:
    """A hand card that takes the place of the joker of table combination ``meld``."""

    meld: int
    card: Card


@dataclass(frozen=True)
class Advice:
    """The hint for the current player.

    Attributes:
        player: whose turn it is.
        kind: what to do.
        melds: new combinations to lay from the hand.
        staged: the combinations already staged this turn (counted in ``points``).
        points: opening points of the staged and proposed franche combinations.
        needed: points the opening needs (None when none apply: down, or Simple).
        additions: cards to add to table combinations.
        swaps: hand cards that take a table joker's place.
        cards: the hand cards the advice uses (to highlight).
        steps: the actions, in an order the engine accepts (for DRAW: after the draw, from
            ``draw`` or the stock).
        take_back: the steps first take back what is staged (they start with Undo).
        blocked_by: what a discard would be refused with now because of the opening.
        draw: DRAW: the talaj pile to take from (``top`` or ``first``) because its card opens or
            goes out where the hand alone does not; None: the stock (or a draw not said).
        taken: that pile's card.
        goes_out: the steps (then discarding the last card) go out.
        discard: DISCARD: the card to discard.
    """

    player: int
    kind: AdviceKind
    melds: tuple[Meld, ...] = ()
    staged: tuple[Meld, ...] = ()
    points: int = 0
    needed: int | None = None
    additions: tuple[AdditionHint, ...] = ()
    swaps: tuple[SwapHint, ...] = ()
    cards: tuple[Card, ...] = ()
    steps: tuple[Action, ...] = ()
    take_back: bool = False
    blocked_by: ErrorCode | None = None
    draw: str | None = None
    taken: Card | None = None
    goes_out: bool = False
    discard: Card | None = None


def staged_melds(state: RoundState) -> tuple[Meld, ...]:
    return tuple(m for i in state.staged if (m := state.melds[i].meld) is not None)


def accepts(state: RoundState, action: Action) -> bool:
    try:
        state.apply(action)
    except RuleError:
        return False
    return True


def build(state: RoundState, kind: AdviceKind, steps: Sequence[Action], probe: RoundState,
           status: OpeningStatus, take_back: bool = False) -> Advice:
    """Describe ``steps`` (applied to ``probe``, a copy of ``state``) as an advice; the copy of
    the talaj card each laying moves is said (see :func:`pin_copies`)."""
    rules = state.rules
    steps = pin_copies(state, steps)
    melds: list[Meld] = []
    additions: list[AdditionHint] = []
    swaps: list[SwapHint] = []
    used: list[Card] = []
    for action in steps:
        if isinstance(action, Lay):
            meld = make_meld(action.cards, rules.jokers_per_meld)
            if meld is not None:
                melds.append(meld)
            used.extend(action.cards)
        elif isinstance(action, Add):
            additions.append(AdditionHint(action.meld, action.cards, action.at))
            used.extend(action.cards)
        elif isinstance(action, Swap):
            swaps.append(SwapHint(action.meld, action.card))
            used.append(action.card)
    hand = Counter(state.hands[state.current])
    cards: list[Card] = []
    for c in used:
        if hand[c] > 0:
            hand[c] -= 1
            cards.append(c)
    after = probe.opening_status() if not probe.over else status
    points = after.staged_points if not status.down else 0
    goes_out = not probe.over and len(probe.hands[probe.current]) == 1 and bool(
        probe.legal_discards()) and any(isinstance(a, Lay | Add | Swap) for a in steps)
    return Advice(
        player=state.current, kind=kind, melds=tuple(melds), staged=staged_melds(state),
        points=points, needed=after.needed if not status.down else None,
        additions=tuple(additions), swaps=tuple(swaps), cards=tuple(cards), steps=tuple(steps),
        take_back=take_back, blocked_by=status.blocked_by, goes_out=goes_out)


def pin_copies(state: RoundState, steps: Sequence[Action]) -> tuple[Action, ...]:
    """``steps`` with the copy of the talaj card taken this turn said on each laying that moves
    its card (``taken``): the engine places the taken copy where the steps still end in a legal
    discard, so that a player laying copy by copy keeps the tria and série franche.

    Unchanged when no card was taken this turn, when it is a joker, or when no placing keeps
    the steps legal (they then stay open: the engine counts in the player's favour).
    """
    pk = state.pickup
    if pk is None or pk.is_joker or not state.has_drawn:
        return tuple(steps)
    movers = [k for k, a in enumerate(steps) if isinstance(a, Lay | Add | Swap)
              and pk in cards_of(a) and a.taken is None]
    if not movers:
        return tuple(steps)
    for chosen in [*movers, None]:
        pinned = [replace(a, taken=(k == chosen)) if k in movers else a  # type: ignore[arg-type]
                  for k, a in enumerate(steps)]
        probe = state.clone()
        if all(accepts(probe, a) for a in pinned) and (probe.over or probe.legal_discards()):
            return tuple(pinned)
    return tuple(steps)


def cards_of(action: Action) -> tuple[Card, ...]:
    if isinstance(action, (Lay, Add)):
        return action.cards
    if isinstance(action, Swap):
        return (action.card,)
    return ()


__all__ = ["AdditionHint", "Advice", "AdviceKind", "SwapHint", "accepts", "build", "cards_of",
           "pin_copies", "staged_melds"]
