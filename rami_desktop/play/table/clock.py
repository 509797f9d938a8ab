"""When a table moves on by itself: the pause after each move before a bot starts, the wait
before a round's summary, the moment the screen is handed over to the next player.

A :class:`TableClock` is pure data driven by time (:meth:`TableClock.tick`), no thread and no
screen: the table, the headless host and the text mode each tick one and ask it what is due,
so a table is paced the same wherever it is shown. What a screen adds (its cards still sliding,
"wait for me") is passed in as ``settled`` and ``held``.
"""

from __future__ import annotations

from dataclasses import dataclass

#: seconds a bot waits after each move (so the players can follow), per pace
BOT_PAUSE: dict[str, float] = {"off": 0.0, "slow": 1.4, "normal": 0.75, "fast": 0.25}
#: seconds the round's last move stays on the table before the summary, per pace
ROUND_END_PAUSE: dict[str, float] = {"off": 0.2, "slow": 2.2, "normal": 1.4, "fast": 0.7}
#: the paces a player may choose
PACES = tuple(BOT_PAUSE)


def bot_pause(pace: str) -> float:
    """Pause after a move for a pace (normal if unknown)."""
    return BOT_PAUSE.get(pace, BOT_PAUSE["normal"])


def round_end_pause(pace: str) -> float:
    """Pause before the round's summary for a pace (normal if unknown)."""
    return ROUND_END_PAUSE.get(pace, ROUND_END_PAUSE["normal"])


@dataclass
class TableClock:
    """The table's own timing (see the module's text).

    Attributes:
        pace: ``off``, ``fast``, ``normal`` or ``slow``.
        bot_wait: seconds before the next bot may start.
        end_wait: seconds before the round's summary (None: the round is being played).
        summary_for: the round whose summary is due or was shown (None: none yet).
    """

    pace: str = "normal"
    bot_wait: float = 0.0
    end_wait: float | None = None
    summary_for: int | None = None

    def tick(self, dt: float) -> None:
        """``dt`` seconds went by."""
        self.bot_wait = max(0.0, self.bot_wait - dt)
        if self.end_wait is not None:
            self.end_wait = max(0.0, self.end_wait - dt)

    def moved(self, round_over: bool) -> None:
        """A move was made: the next bot waits a pause; after the round's last move, its
        summary waits too."""
        self.bot_wait = bot_pause(self.pace)
        if round_over and self.end_wait is None:
            self.end_wait = round_end_pause(self.pace)

    def dealt(self) -> None:
        """A new round was dealt: nothing is waited for."""
        self.bot_wait = 0.0
        self.end_wait = None

    def go_on(self) -> None:
        """The players asked to go on at once (a tap at "wait for me")."""
        self.bot_wait = 0.0

    def bot_may_start(self, settled: bool = True, held: bool = False) -> bool:
        """Whether the next bot may start thinking now."""
        return self.bot_wait <= 0 and not held and (settled or self.pace == "off")

    def hand_over_due(self, settled: bool = True) -> bool:
        """Whether the screen may now be handed to the next human (the privacy screen)."""
        return settled

    def summary_due(self, round_number: int, settled: bool = True) -> bool:
        """Whether the summary of round ``round_number`` (over) is due now; once it is, it is
        not due again for that round."""
        if self.summary_for == round_number:
            return False
        if self.end_wait is None:
            self.end_wait = round_end_pause(self.pace)
        if self.end_wait > 0 or not settled:
            return False
        self.summary_for = round_number
        self.end_wait = None
        return True


__all__ = ["BOT_PAUSE", "PACES", "ROUND_END_PAUSE", "TableClock", "bot_pause",
           "round_end_pause"]
