"""What a table tells its screen: a change of the game (:class:`Happening`) and what a move
led to (:class:`Played`). Plain data, the same for a local game and a joined one."""

from __future__ import annotations

from dataclasses import dataclass

from rami_desktop.engine.actions import Action, Event
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.play.view.story import ToldEvent


@dataclass(frozen=True)
class Happening:
    """A change of the game, for the screens to show.

    Attributes:
        kind: ``move`` (a seat played), ``redeal`` (new cards before the first move) or
            ``deal`` (a new round).
        seat: the seat that played or asked (None for a deal).
        events: the engine's events (as the screen may tell them, once taken by it).
        by_bot: whether a bot played it.
    """

    kind: str
    seat: int | None
    events: tuple[ToldEvent, ...] = ()
    by_bot: bool = False


@dataclass(frozen=True)
class Played:
    """What a player's move led to.

    Attributes:
        events: the engine's events, None when the move was refused.
        code: the refusal's code (the first candidate's), else None.
        action: the action played, or the first one refused.
    """

    events: tuple[Event, ...] | None
    code: ErrorCode | None = None
    action: Action | None = None

    @property
    def ok(self) -> bool:
        """Whether the move was played."""
        return self.events is not None


__all__ = ["Happening", "Played"]
