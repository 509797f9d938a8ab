"""What a table shows: the game behind one screen, whether it is played here or elsewhere.

:class:`TableGame` is the interface the table, the round summary and the match's end read and
play through. The local :class:`~rami_desktop.play.session.session.Session` is one (the match is
here); the network's remote session is another (the match is at the host). Both show their
screen one seat's view only (:attr:`TableGame.shown`, :mod:`rami_desktop.play.view.shown`): the
screen draws the round as the viewer holds it, never the whole state.
:class:`MatchView` is the part of a match those screens read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rami_desktop.engine.actions import Action
from rami_desktop.engine.match import RoundResult
from rami_desktop.engine.rules import Rules
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.config import GameConfig
from rami_desktop.play.game.hand_order import HandOrder
from rami_desktop.play.review.replay import Replay
from rami_desktop.play.view.findings import Finding
from rami_desktop.play.view.happening import Happening, Played
from rami_desktop.play.view.shown import Shown
from rami_desktop.play.view.story import Told


class MatchView(Protocol):
    """What the screens read of a match (:class:`~rami_desktop.engine.match.Match` is one)."""

    rules: Rules
    seats: tuple[int, ...]
    scores: list[int]
    start_scores: list[int]
    eliminated: list[int]
    results: list[RoundResult]
    logs: list[list[Action]]
    round_seed: int

    @property
    def round(self) -> RoundState:
        """The current round."""
        ...

    @property
    def round_number(self) -> int:
        """The current round, counted from 1."""
        ...

    @property
    def over(self) -> bool:
        """Whether the match has ended."""
        ...

    def winners(self) -> tuple[int, ...]:
        """The winning seats once the match is over."""
        ...

    def partner(self, seat: int) -> int | None:
        """A seat's team partner, if playing in teams."""
        ...

    def team_scores(self) -> tuple[int, int] | None:
        """The two teams' totals when playing in teams."""
        ...

    def active_seats(self) -> list[int]:
        """Seats still in the match."""
        ...

    def seat_of(self, player: int) -> int:
        """The match seat of a round player."""
        ...


class Worker(Protocol):
    """The thread a bot of this screen thinks on."""

    def cancel(self) -> None:
        """Forget the decision being computed."""
        ...


class TableGame(Protocol):
    """One game as a table screen shows and plays it (see the module's text)."""

    @property
    def config(self) -> GameConfig:
        """The match's setup, as this screen knows it."""
        ...

    @property
    def worker(self) -> Worker:
        """The thread a bot of this screen thinks on."""
        ...

    # ---- the game ------------------------------------------------------------------------------

    @property
    def shown(self) -> Shown:
        """What this screen shows now: the viewer's seat view, and the round and match built
        from it alone (the only game a screen reads)."""
        ...

    @property
    def rules(self) -> Rules:
        """The match's rules."""
        ...

    @property
    def round_over(self) -> bool:
        """Whether the current round has ended."""
        ...

    @property
    def match_over(self) -> bool:
        """Whether the match has ended."""
        ...

    @property
    def save_problem(self) -> str | None:
        """Why what happened is not on disk yet (a problem code: the game waits until a new
        try keeps it), None: everything is kept (or nothing is to be kept here)."""
        ...

    @property
    def rounds_problem(self) -> str | None:
        """Why a finished round's file or statistics are not kept yet (tried again by
        itself), None: every finished round is kept."""
        ...

    def deal_code(self) -> str | None:
        """The current round's deal code, if it may be told."""
        ...

    # ---- the seats -----------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        """A seat's name."""
        ...

    def face(self, seat: int) -> str:
        """A seat's portrait (its id)."""
        ...

    def level(self, seat: int) -> str | None:
        """A bot seat's level, None for a player."""
        ...

    def gender(self, seat: int) -> str:
        """How a seat's player is spoken to: ``she``, ``he`` or unsaid (``""``)."""
        ...

    def is_bot(self, seat: int) -> bool:
        """Whether a bot plays a seat."""
        ...

    def plays_here(self, seat: int) -> bool:
        """Whether a human at this screen plays a seat."""
        ...

    @property
    def human_seats(self) -> list[int]:
        """The seats of the humans at this screen still in the match."""
        ...

    @property
    def shared_screen(self) -> bool:
        """Whether two or more humans share this screen (pass-and-play)."""
        ...

    @property
    def current_seat(self) -> int:
        """The seat to play."""
        ...

    def seat_of(self, player: int) -> int:
        """The seat of a round player."""
        ...

    def story(self) -> list[Told]:
        """The current round's moves so far, as this screen may know them (its journal)."""
        ...

    def review(self) -> tuple[Finding, ...] | None:
        """The review of the round just over for the players at this screen (None until it is
        worked out, or while the round is on)."""
        ...

    def player_of(self, seat: int) -> int | None:
        """The round player of a seat (None if out of the match)."""
        ...

    def replay(self) -> Replay | None:
        """The round just over played again, every hand face up; None while it is on, or when
        this screen cannot replay it."""
        ...

    def action_player(self, seat: int) -> int:
        """The round player number of a seat, for building its actions."""
        ...

    def human_to_play(self) -> int | None:
        """The human seat to play now, if any."""
        ...

    def face_up(self) -> int | None:
        """The seat whose hand may be face up on this screen now, if any."""
        ...

    def bottom_seat(self) -> int | None:
        """The seat placed at the bottom of the screen."""
        ...

    def privacy_due(self) -> int | None:
        """The human to play who must first say they are at the screen, if any."""
        ...

    def reveal(self, seat: int) -> None:
        """``seat``'s player says they are at the screen."""
        ...

    def hand_order(self, seat: int) -> HandOrder:
        """A seat's hand in its screen order."""
        ...

    def can_redeal(self, seat: int) -> bool:
        """Whether a seat may ask for a new deal now."""
        ...

    def talaj_open(self) -> bool:
        """Whether the player to play may take a talaj card now."""
        ...

    # ---- moves and happenings ------------------------------------------------------------------

    def play(self, seat: int, *candidates: Action, picked: Sequence[int] = ()) -> Played:
        """A human's move: the first candidate accepted is played."""
        ...

    def take_happenings(self) -> list[Happening]:
        """What happened since the last call, oldest first."""
        ...

    def next_round(self) -> None:
        """The round summary was read: on to the next round."""
        ...

    # ---- the bots of this screen ---------------------------------------------------------------

    def bot_to_play(self) -> int | None:
        """The seat of a bot of this screen to play now, if any."""
        ...

    def ask_redeals(self) -> list[int]:
        """The bots of this screen that asked for a new deal."""
        ...

    @property
    def thinking(self) -> bool:
        """Whether a bot is deciding on the worker thread."""
        ...

    def think(self) -> bool:
        """Start the decision of the bot to play; return whether a bot is thinking."""
        ...

    def poll(self) -> bool:
        """Play the bot's decision if it is ready; return whether it was."""
        ...

    # ---- keeping -------------------------------------------------------------------------------

    def autosave(self) -> None:
        """Keep the game now (where it is kept)."""
        ...

    def close(self) -> None:
        """Stop the threads and finish the writes."""
        ...

__all__ = ["MatchView", "TableGame", "Worker"]
