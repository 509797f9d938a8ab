"""What a table asks before it plays: the gate a guided game (the tutorial) sets on a table.

Without a gate a table plays every move the player makes (the engine decides), lets its bots
play and shows the round summary at the end of a round. With one, the gate chooses which of a
move's candidate actions may be played (None: none, the gate explains why), says when the bots
may play, and takes over at the end of the round. :class:`GuidedTable` is what a guide reads
of the table scene it shows (to point at its elements).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

import pygame

from rami_desktop.engine.actions import Action
from rami_desktop.ui.table.bot_runner import TableBots
from rami_desktop.ui.table.controller import GameController
from rami_desktop.ui.table.layout import MeldFlow, TableLayout
from rami_desktop.ui.table.sprites import SpriteBoard
from rami_desktop.ui.widgets import Button


class MoveGate(Protocol):
    """A guide standing between the player and the table."""

    @property
    def bots_may_play(self) -> bool:
        """Whether the table's bots may play now."""
        ...

    def choose(self, actions: Sequence[Action]) -> Action | None:
        """The candidate to play, or None: the move is not played (the gate tells why)."""
        ...

    def round_ended(self) -> None:
        """The round is over and the table has settled: the gate shows what follows."""
        ...


class GuidedTable(Protocol):
    """What a guide reads and sets on the table scene it shows (the table scene is one)."""

    gate: MoveGate | None
    ctl: GameController
    bots: TableBots
    lay: TableLayout | None
    flow: MeldFlow | None
    board: SpriteBoard
    b_lay: Button

    def on_enter(self) -> None: ...
    def on_exit(self) -> None: ...
    def on_resume(self) -> None: ...
    def on_resize(self, size: tuple[int, int]) -> None: ...
    def handle_event(self, event: pygame.event.Event) -> None: ...
    def update(self, dt: float) -> None: ...
    def draw(self, surface: pygame.Surface) -> None: ...
    def needs_redraw(self) -> bool: ...
