"""What a :class:`~rami_desktop.play.table.table.Table` is written over: its
:class:`TableSource`, the one thing a local game (the session) and a joiner's game (the remote
session) each provide: where the seat view comes from and where the intents go."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rami_desktop.engine.actions import Action
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.play.game.config import GameConfig
from rami_desktop.play.game.hand_order import HandOrder
from rami_desktop.play.review.replay import Replay
from rami_desktop.play.session.bot_worker import BotTurn, BotWorker
from rami_desktop.play.view.findings import Finding
from rami_desktop.play.view.happening import Happening, Played
from rami_desktop.play.view.seat_view import SeatView
from rami_desktop.play.view.story import Told


class TableSource(Protocol):
    """Where a table's seat views come from and where its intents go (see the module's text).

    ``config`` names the seats (a seat played at another screen is a ``net`` seat); ``version``
    moves at every change of the game (what the screen shows is built again); ``orders`` are
    the seats' hand orders, followed by the source as the hands change.
    """

    config: GameConfig
    version: int
    orders: dict[int, HandOrder]

    @property
    def worker(self) -> BotWorker:
        """The thread this screen's bots think on."""
        ...

    def seat_view(self, seat: int | None) -> SeatView:
        """What ``seat`` may know of the game now (None: the public view, no hand)."""
        ...

    def holds(self, seat: int) -> bool:
        """Whether the source holds a human seat's move back now (a joiner's own seat while
        the host's answer is awaited, or before the match starts)."""
        ...

    def takes(self, seat: int) -> bool:
        """Whether the source takes a move of ``seat`` at all now."""
        ...

    def check(self, action: Action) -> ErrorCode | None:
        """The code the action would be refused with, None if the source accepts it."""
        ...

    def submit(self, seat: int, action: Action, picked: Sequence[int]) -> Played:
        """Play an action the source accepts (locally: at once; a joiner: sent to the host)."""
        ...

    def new_happenings(self) -> list[Happening]:
        """What happened since the last call, oldest first, as the game knows it (the whole
        events: the table tells them as its screen may show them)."""
        ...

    def journal(self) -> list[Told]:
        """The current round's moves so far, as far as the source knows them."""
        ...

    def findings(self) -> tuple[Finding, ...] | None:
        """The review of the round just over for the seats of this screen (None: not ready)."""
        ...

    def replay(self) -> Replay | None:
        """The round just over played again, every hand face up (None: none to replay)."""
        ...

    def bot_turn(self) -> BotTurn | None:
        """The bot of this screen to play now, if any."""
        ...

    def bot_move(self, seat: int, action: Action | None, error: BaseException | None) -> bool:
        """Play a bot's decision (None: it failed with ``error``); return whether it moved."""
        ...

    def ask_redeals(self) -> list[int]:
        """Before the first move, ask this screen's bots whether they want a new deal."""
        ...

    def next_round(self) -> None:
        """The round's summary was read here."""
        ...

    @property
    def save_problem(self) -> str | None:
        """Why what happened is not on disk yet (the game waits meanwhile), None: kept."""
        ...

    @property
    def rounds_problem(self) -> str | None:
        """Why a finished round's file or statistics are not kept yet, None: they are."""
        ...

    def deal_code(self) -> str | None:
        """The current round's deal code, if it may be told."""
        ...

    def autosave(self) -> None:
        """Keep the game now (where it is kept)."""
        ...

    def close(self) -> None:
        """Stop the threads and finish the writes."""
        ...


__all__ = ["TableSource"]
