"""The knobs that make the three levels differ (see :mod:`rami_desktop.bots.player`)."""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Style:
    """How a bot plays.

    Attributes:
        level: ``easy``, ``medium``, ``hard`` or ``expert``.
        noise: spread of the random jitter added to each card's keep value.
        blunder: chance of discarding a random card outside the hand's combinations.
        links: value partial combinations (pairs of a rank, neighbours in a suit).
        track: count the cards still unseen (own hand, table, talaj, cards taken by others).
        safety: weight of not feeding the next players (cards they could lay or took before).
        notice: chance of seeing that the talaj top card would open or go out (a beginner
            misses it now and then).
        near_table: value cards one card away from extending a série on the table.
        points: before opening, extra keep value per opening point (per-card penalty presets
            where going out at once also needs points, i.e. talaj).
        swaps: take jokers back from the table.
        pickups: take the talaj top card whenever it can be laid (else only to open).
        first_card: take the round's first discard (or a free top card) when it helps.
        redeal_distance: ask for a redeal when the opening distance is at least this.
        outs: before the target (the opening, or going out in simple), choose among this
            many best discards the one leaving the most unseen cards that would reach it on
            the next draw (0: off).
        outs_going_out: count too the cards that would let it go out at once, where that
            needs fewer points than the opening.
        go_out: ask the engine whether the hand goes out this turn (a talaj card before the
            draw, the layings after it) and do it whenever it can.
    """

    level: str
    noise: float = 0.0
    blunder: float = 0.0
    links: bool = True
    track: bool = False
    safety: float = 0.0
    points: float = 0.4
    notice: float = 1.0
    near_table: bool = False
    swaps: bool = True
    pickups: bool = True
    first_card: bool = True
    redeal_distance: int = 3
    outs: int = 0
    outs_going_out: bool = False
    go_out: bool = False


EASY = Style("easy", noise=12.0, blunder=0.4, links=False, swaps=False, pickups=False,
             first_card=False, points=-1.0, notice=0.5, redeal_distance=99)
MEDIUM = Style("medium", noise=4.0, blunder=0.15, links=True, points=0.0)
HARD = Style("hard", noise=0.0, links=True, track=True, safety=1.0, points=1.5,
             near_table=True, outs=5, outs_going_out=True, go_out=True)

#: the expert plays hard's plan (its discards weighed in :mod:`.expert`)
EXPERT = replace(HARD, level="expert")

STYLES: dict[str, Style] = {"easy": EASY, "medium": MEDIUM, "hard": HARD, "expert": EXPERT}
