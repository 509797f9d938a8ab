"""The current round told move by move, as the table's "what happened" journal tells it: each
move's events and the combinations they name as those stood just after the move.

The session tells its round by replaying the round's actions through the engine from its deal
(:func:`round_story`); a network host sends a joiner the last moves of it, as that seat may see
them, when it sits down again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass

from rami_desktop.engine.actions import Added, Drew, Event, Laid, Swapped, TookBack
from rami_desktop.engine.match import Match
from rami_desktop.engine.melds import Meld
from rami_desktop.engine.state import RoundState

#: the moves a joiner is told when it sits down (the journal keeps fewer lines than that)
STORY_MOVES = 40


@dataclass(frozen=True)
class TookBackUnseen:
    """A take-back told without its cards (on a shared screen, the next player must not read
    them): ``count`` cards went back into ``player``'s hand."""

    player: int
    count: int


#: what a move may tell: the engine's events, or a take-back without its faces
ToldEvent = Event | TookBackUnseen


@dataclass(frozen=True)
class Told:
    """One move of the round.

    Attributes:
        events: the engine's events for the move.
        melds: (index, combination) of each combination the events name, as it stood just
            after the move.
    """

    events: tuple[ToldEvent, ...]
    melds: tuple[tuple[int, Meld], ...] = ()

    def meld(self, index: int) -> Meld | None:
        """The combination at ``index`` just after the move (None: the events name none)."""
        return next((m for i, m in self.melds if i == index), None)


def tell(events: Iterable[ToldEvent], viewer: int | None, shared: bool) -> tuple[ToldEvent, ...]:
    """A move's events as the screen of round player ``viewer`` may tell them (None: nobody's
    hand is shown): a card another player drew from the stock is not named; on a shared
    screen (``shared``), the cards of a take-back are not named either, since the line stays
    for the next player to read."""
    out: list[ToldEvent] = []
    for e in events:
        if isinstance(e, Drew) and e.source == "stock" and e.player != viewer:
            out.append(dataclasses.replace(e, card=None))
        elif isinstance(e, TookBack) and shared:
            out.append(TookBackUnseen(e.player, len(e.cards)))
        else:
            out.append(e)
    return tuple(out)


def tell_for(told: Told, viewer: int | None, shared: bool) -> Told:
    """A move as the screen of round player ``viewer`` may tell it (see :func:`tell`)."""
    return Told(tell(told.events, viewer, shared), told.melds)


def told_of(events: Iterable[ToldEvent], state: RoundState) -> Told:
    """A move's events and the combinations they name, read from ``state`` just after it."""
    events = tuple(events)
    named = sorted({e.meld for e in events if isinstance(e, Laid | Added | Swapped)
                    and 0 <= e.meld < len(state.melds)})
    melds = ((i, state.melds[i].meld) for i in named)
    return Told(events, tuple((i, m) for i, m in melds if m is not None))


def round_story(match: Match) -> list[Told]:
    """The current round's moves so far, replayed through the engine from the round's deal."""
    steps = match.logs[-1] if match.logs else []
    if not steps:
        return []
    state = match.dealt_round()
    return [told_of(state.apply(action), state) for action in steps]


__all__ = [
    "STORY_MOVES",
    "Told",
    "ToldEvent",
    "TookBackUnseen",
    "round_story",
    "tell",
    "tell_for",
    "told_of",
]
