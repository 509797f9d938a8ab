"""What a finished round adds to the players' statistics: one line per human seat, by name.

Each human at the table has statistics of their own (two humans sharing the screen are two
players); bots have none. The lines of one round are counted together, once
(:mod:`.round_ends`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rami_desktop.engine.match import Match
from rami_desktop.play.game.config import GameConfig, seat_faces, seat_name
from rami_desktop.storage.stats import MatchLine, RoundLine


def human_round_end(config: GameConfig, match: Match, match_done: bool
                    ) -> tuple[list[RoundLine], list[MatchLine]]:
    """:func:`record_round_end` for every human seat, by its name, with the turns it ended,
    how it was spoken to and the face it wore."""
    players = [(seat, seat_name(config, seat))
               for seat in range(config.players) if not config.seats[seat].is_bot]
    turns = {seat: sum(1 for e in match.round.discards if e[0] == match.player_of(seat))
             for seat, _n in players}
    genders = {seat: config.seats[seat].gender for seat, _n in players}
    faces = seat_faces(config)
    return record_round_end(match, players, match_done, turns, genders,
                            {seat: faces[seat] for seat, _n in players})


def record_round_end(match: Match, players: Sequence[tuple[int, str]], match_done: bool,
                     turns: Mapping[int, int], genders: Mapping[int, str] | None = None,
                     faces: Mapping[int, str] | None = None
                     ) -> tuple[list[RoundLine], list[MatchLine]]:
    """The statistics of the round just finished (and of the match, when it ended).

    Args:
        match: the match (its last result is the round just finished).
        players: ``(seat, name)`` of each human seat.
        match_done: whether the match ended with this round (counted with it).
        turns: the turns each seat ended in the round.
        genders: how each seat was spoken to (kept with its statistics; none: unchanged).
        faces: the face each seat wore (kept with its statistics; none: unchanged).
    """
    genders = genders or {}
    faces = faces or {}
    result = match.results[-1]
    preset = match.rules.preset
    winners = match.winners()
    rounds: list[RoundLine] = []
    matches: list[MatchLine] = []
    for seat, name in players:
        if seat in result.seats:
            rounds.append(RoundLine(name, preset, result.winner == seat, turns.get(seat, 0),
                                    result.openings[seat], genders.get(seat),
                                    faces.get(seat)))
        if match_done:
            matches.append(MatchLine(name, preset, seat in winners, match.round_number))
    return rounds, matches
