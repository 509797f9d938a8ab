"""What a table asks before it plays: the gate a guided game (the tutorial) sets on a table.

Without a gate a table plays every move the player makes (the engine decides), lets its bots
play, hints at the engine's advice and shows the round summary at the end of a round. With one,
the gate chooses which of a move's candidate actions may be played (None: none, the gate
explains why), says when the bots may play, which moves the hint names, and takes over at the
end of the round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rami_desktop.engine.actions import Action


class MoveGate(Protocol):
    """A guide standing between the player and the table."""

    @property
    def bots_may_play(self) -> bool:
        """Whether the table's bots may play now."""
        ...

    def choose(self, actions: Sequence[Action]) -> Action | None:
        """The candidate to play, or None: the move is not played (the gate tells why)."""
        ...

    def hint_moves(self) -> Sequence[Action] | None:
        """The moves the table's hint names now (None: the hint says nothing)."""
        ...

    def round_ended(self) -> None:
        """The round is over and the table has settled: the gate shows what follows."""
        ...
