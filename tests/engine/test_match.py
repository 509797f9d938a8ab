"""Matches: dealer rotation, elimination, lowest total, teams, save/load and its faults."""

from __future__ import annotations

import pytest

from rami_desktop.engine.actions import Discard, Draw
from rami_desktop.engine.match import Match, standings
from rami_desktop.engine.rules import PRESETS
from rami_desktop.engine.state import RoundState

TALAJ = PRESETS["talaj"]
TALLAGE = PRESETS["tallage"]
RAMI_TALAJ = PRESETS["rami-talaj"]


def force_end(match: Match, winner: int, penalties: tuple[int, ...]) -> None:
    """Put the current round in an ended state with given penalties, and record it."""
    r = match.round
    r.over, r.winner, r.penalties, r.end_reason = True, winner, penalties, "out"
    match._record()


def test_first_dealer_is_seeded_and_rotates() -> None:
    a, b = Match(TALAJ, 3, 42), Match(TALAJ, 3, 42)
    assert a.first_dealer == b.first_dealer
    m = Match(TALAJ, 3, 1, first_dealer=2)
    assert m.round.dealer == 2 and m.round.current == 2  # talaj: the dealer plays first
    force_end(m, 0, (0, 10, 10))
    m.next_round()
    assert m.dealer_seat == 0
    force_end(m, 0, (0, 10, 10))
    m.next_round()
    assert m.dealer_seat == 1
    assert m.round_number == 3


def test_rami_talaj_starter_is_after_dealer() -> None:
    m = Match(RAMI_TALAJ, 4, 5, first_dealer=3)
    assert m.round.current == 0 and len(m.round.hands[0]) == 15


def test_next_round_refused_while_round_goes_on() -> None:
    m = Match(TALAJ, 2, 1)
    with pytest.raises(ValueError, match="not over"):
        m.next_round()


def test_elimination_and_dealer_skips_eliminated_seat() -> None:
    m = Match(TALAJ, 3, 9, first_dealer=0, scores=[0, 250, 0])
    force_end(m, 0, (0, 100, 40))
    assert m.eliminated == [1] and not m.over
    assert m.scores == [0, 350, 40]
    m.next_round()
    assert m.seats == (0, 2) and m.dealer_seat == 2
    assert m.player_of(1) is None and m.player_of(2) == 1
    with pytest.raises(ValueError, match="out of the match"):
        m.observation(1)
    force_end(m, 0, (0, 300))
    assert m.over and m.winners() == (0,)
    with pytest.raises(ValueError, match="the match is over"):
        m.next_round()


def test_standings_rules() -> None:
    assert standings(TALAJ, [0, 299]).over is False
    assert standings(TALAJ, [310, 0, 0]).eliminated == (0,)
    assert standings(TALAJ, [310, 320]).winners == (0,)  # all out at once: lowest total
    assert standings(TALLAGE, [150, 200]).over is False
    s = standings(TALLAGE, [150, 201, 90])
    assert s.over and s.winners == (2,) and s.eliminated == ()
    tie = standings(TALLAGE, [50, 250, 50])
    assert tie.winners == (0, 2)
    teams = RAMI_TALAJ.with_options(teams=True)
    assert standings(teams, [100, 0, 150, 299]).over is False
    s = standings(teams, [100, 0, 200, 0])
    assert s.over and s.winners == (1, 3)


def test_teams_need_four_players_and_partners_sit_opposite() -> None:
    teams = RAMI_TALAJ.with_options(teams=True)
    with pytest.raises(ValueError, match="teams need exactly 4"):
        Match(teams, 3, 1)
    m = Match(teams, 4, 1)
    assert [m.partner(s) for s in range(4)] == [2, 3, 0, 1]
    assert m.round.partners == (2, 3, 0, 1)
    force_end(m, 1, (100, 0, 100, 0))
    assert m.team_scores() == (200, 0)


def test_player_counts_checked() -> None:
    with pytest.raises(ValueError, match="this preset takes 2 to 5"):
        Match(TALAJ, 6, 1)
    Match(TALLAGE, 6, 1)


def test_save_and_load_mid_round() -> None:
    m = Match(TALAJ, 2, 17, first_dealer=1)
    for _ in range(5):
        p = m.round.current
        m.apply(Draw(p))
        m.apply(Discard(p, m.round.hands[p][0]))
    m.apply(Draw(m.round.current))
    again = Match.from_dict(m.to_dict())
    assert again.scores == m.scores and again.logs == m.logs
    assert again.round == m.round and again.dealer_seat == m.dealer_seat


@pytest.mark.parametrize(("change", "fault"), [
    (lambda d: d.update(version=99), "unsupported version 99"),
    (lambda d: d.pop("seed"), "missing or bad field 'seed'"),
    (lambda d: d.update(rounds=[]), "no rounds"),
    (lambda d: d.update(first_dealer=5), "first_dealer is not a seat"),
    (lambda d: d["rounds"][0].insert(0, {"player": 9, "do": "draw"}),
     r"round 0 step 0 refused \(not_your_turn\)"),
    (lambda d: d.update(scores=[1, 2]), "the scores do not match"),
    (lambda d: d["rules"].update(colour=1), "unknown option 'colour'"),
])
def test_load_faults_are_named(change, fault: str) -> None:
    m = Match(TALAJ, 2, 3, first_dealer=0)
    m.apply(Draw(0))
    data = m.to_dict()
    change(data)
    with pytest.raises(ValueError, match=fault):
        Match.from_dict(data)


def test_round_replays_from_match_seeds() -> None:
    m = Match(TALAJ, 3, 8)
    r = m.round
    again = RoundState.new(TALAJ, 3, r.dealer, r.seed)
    assert again == r
