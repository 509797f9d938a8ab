"""What a finished round adds to the players' statistics: one line per human seat, by name.

Each human at the table has statistics of their own (two humans sharing the screen are two
players); bots have none. The session hands the jobs to its writer thread.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from rami_desktop.engine.match import Match
from rami_desktop.play.session.config import GameConfig, seat_name
from rami_desktop.play.session.persist import StatsStore

StatsJob = Callable[[StatsStore], "str | None"]


def human_round_end(config: GameConfig, match: Match, match_done: bool) -> list[StatsJob]:
    """:func:`record_round_end` for every human seat, by its name, with the turns it ended and
    how it was spoken to."""
    players = [(seat, seat_name(config, seat))
               for seat in range(config.players) if not config.seats[seat].is_bot]
    turns = {seat: sum(1 for e in match.round.discards if e[0] == match.player_of(seat))
             for seat, _n in players}
    genders = {seat: config.seats[seat].gender for seat, _n in players}
    return record_round_end(match, players, match_done, turns, genders)


def record_round_end(match: Match, players: Sequence[tuple[int, str]], match_done: bool,
                     turns: Mapping[int, int], genders: Mapping[int, str] | None = None
                     ) -> list[StatsJob]:
    """The statistics jobs of the round just finished (and of the match, when it ended).

    Args:
        match: the match (its last result is the round just finished).
        players: ``(seat, name)`` of each human seat.
        match_done: whether the match ended with this round (recorded once).
        turns: the turns each seat ended in the round.
        genders: how each seat was spoken to (kept with its statistics; none: unchanged).
    """
    genders = genders or {}
    result = match.results[-1]
    preset = match.rules.preset
    winners = match.winners()
    rounds = match.round_number
    jobs: list[StatsJob] = []
    for seat, name in players:
        if seat in result.seats:
            won, n, opening = result.winner == seat, turns.get(seat, 0), result.openings[seat]

            def one_round(store: StatsStore, name: str = name, won: bool = won, n: int = n,
                          opening: int | None = opening,
                          gender: str | None = genders.get(seat)) -> str | None:
                return store.record_round(name, preset, won=won, turns=n,
                                          opening_points=opening, gender=gender)

            jobs.append(one_round)
        if match_done:
            won_match = seat in winners

            def one_match(store: StatsStore, name: str = name, won: bool = won_match
                          ) -> str | None:
                return store.record_match(name, preset, won=won, rounds=rounds)

            jobs.append(one_match)
    return jobs
