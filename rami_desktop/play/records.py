"""What a finished round adds to the players' statistics: one line per human seat, by name.

Each human at the table has statistics of their own (two humans sharing the screen are two
players); bots have none. The session hands the jobs to its writer thread.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rami_desktop.engine.match import Match

from .persist import StatsStore

StatsJob = Callable[[StatsStore], "str | None"]


def record_round_end(match: Match, players: Sequence[tuple[int, str]], match_done: bool,
                     turns: Mapping[int, int]) -> list[StatsJob]:
    """The statistics jobs of the round just finished (and of the match, when it ended).

    Args:
        match: the match (its last result is the round just finished).
        players: ``(seat, name)`` of each human seat.
        match_done: whether the match ended with this round (recorded once).
        turns: the turns each seat ended in the round.
    """
    result = match.results[-1]
    preset = match.rules.preset
    winners = match.winners()
    rounds = match.round_number
    jobs: list[StatsJob] = []
    for seat, name in players:
        if seat in result.seats:
            won, n, opening = result.winner == seat, turns.get(seat, 0), result.openings[seat]

            def one_round(store: StatsStore, name: str = name, won: bool = won, n: int = n,
                          opening: int | None = opening) -> str | None:
                return store.record_round(name, preset, won=won, turns=n,
                                          opening_points=opening)

            jobs.append(one_round)
        if match_done:
            won_match = seat in winners

            def one_match(store: StatsStore, name: str = name, won: bool = won_match
                          ) -> str | None:
                return store.record_match(name, preset, won=won, rounds=rounds)

            jobs.append(one_match)
    return jobs
