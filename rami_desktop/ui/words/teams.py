"""Team names, the same everywhere (setup, table, round summary, match end).

Partners sit opposite: the engine's :meth:`Match.partner` pairs the seats, and
:meth:`Match.team_scores` gives the totals of the team of seat 1 (A) and of seat 2 (B) in that
order. Nothing here decides a rule: it only names what the engine pairs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rami_desktop.i18n import _
from rami_desktop.ui.kit.text import bidi_format

#: the letter of each team, in the order of :meth:`Match.team_scores`
LETTERS: tuple[str, str] = ("A", "B")


def team_of(seat: int, partner: Callable[[int], int | None]) -> int:
    """The team (0: A, 1: B) of a seat: the team of the lower seat of the pair."""
    other = partner(seat)
    first = seat if other is None else min(seat, other)
    return 0 if first == 0 else 1


def team_members(team: int, partner: Callable[[int], int | None]) -> tuple[int, ...]:
    """The seats of a team, the lower first."""
    other = partner(team)
    return (team,) if other is None else tuple(sorted((team, other)))


def team_title(team: int) -> str:
    """"Team A" or "Team B"."""
    return _("Team {letter}").format(letter=LETTERS[team])


def team_pair(names: Sequence[str]) -> str:
    """"Sara & Bot 3": the members' names, each keeping its own direction."""
    if len(names) == 2:
        return bidi_format(_("{first} & {second}"), first=names[0], second=names[1])
    return " & ".join(names)


def team_name(team: int, names: Sequence[str]) -> str:
    """"Team A: Sara & Bot 3" from the members' names."""
    return bidi_format(_("Team {letter}: {names}"), letter=LETTERS[team], names=team_pair(names))


def team_wins(team: int, names: Sequence[str]) -> str:
    """"Team A (Sara & Bot 3) wins!" from the members' names."""
    return bidi_format(_("Team {letter} ({names}) wins!"), letter=LETTERS[team],
                       names=team_pair(names))


__all__ = ["LETTERS", "team_members", "team_name", "team_of", "team_pair", "team_title",
           "team_wins"]
