"""Matches: dealer rotation, elimination, lowest total, teams, save/load and its faults."""

from __future__ import annotations

import random

import pytest

from rami_desktop.bots import make_bot
from rami_desktop.engine.actions import Discard, Draw
from rami_desktop.engine.match import (
    KEY_BYTES,
    SEED_LIMIT,
    Match,
    _round_seed,
    keyed_generator,
    keyed_round_seed,
    standings,
)
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
    (lambda d: d.update(key="00" * 31), "the key is 32 bytes"),
    (lambda d: d.update(key="zz" * 32), "the key is 32 bytes"),
    (lambda d: d.update(key=7), "the key is 32 bytes"),
    (lambda d: d.update(key="00" * 32, key_from=0), "key_from must be a round"),
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


# ---- the secret key -------------------------------------------------------------------------

KEY = bytes(range(KEY_BYTES))
OTHER_KEY = bytes(range(1, KEY_BYTES + 1))


def _play_out(m: Match, winner: int | None = None) -> None:
    """End the round (forced to ``winner``'s going out, or played by easy bots), deal the next."""
    if winner is not None:
        force_end(m, winner, tuple(0 if s == winner else 5 for s in range(len(m.seats))))
    else:
        bot, rng = make_bot("easy"), random.Random(1)
        while not m.round.over:
            m.apply(bot.act(m.round.observation(m.round.current), rng))
    m.next_round()


def test_later_rounds_come_from_the_key_not_from_the_seed() -> None:
    """Two matches of the same seed and other keys deal round 1 alike, and nothing after."""
    a, b = Match(TALAJ, 3, 8, key=KEY), Match(TALAJ, 3, 8, key=OTHER_KEY)
    assert a.round == b.round and a.round_seed == b.round_seed == 8
    for k in range(1, 4):
        _play_out(a, 0)
        _play_out(b, 0)
        assert a.round.dealer == b.round.dealer
        assert a.round_seed == keyed_round_seed(KEY, k, 3, a.round.dealer)
        assert a.round_seed != b.round_seed and a.round != b.round
        assert a.round_seed != _round_seed(8, k, 3, a.round.dealer)  # not the old derivation


def test_a_keyed_round_seed_deals_that_round_again_as_a_new_match() -> None:
    """A round's seed holds its dealer: a match started from it deals the same round."""
    for players in range(2, 7):
        for k in range(1, 30):
            for dealer in range(players):
                seed = keyed_round_seed(KEY, k, players, dealer)
                assert 0 <= seed < SEED_LIMIT and seed % players == dealer
    m = Match(TALLAGE, 5, 123, key=KEY)
    _play_out(m, 2)
    again = Match(TALLAGE, 5, m.round_seed)
    assert again.round == m.round


def test_bot_generators_of_two_keys_differ() -> None:
    one, two = keyed_generator(KEY, "bot/1"), keyed_generator(KEY, "bot/2")
    other = keyed_generator(OTHER_KEY, "bot/1")
    first = [one.random() for _ in range(4)]
    assert first != [two.random() for _ in range(4)]
    assert first != [other.random() for _ in range(4)]
    same = keyed_generator(KEY, "bot/1")
    assert first == [same.random() for _ in range(4)]


def test_the_key_is_kept_in_the_match_data_and_read_back() -> None:
    m = Match(TALAJ, 3, 8, key=KEY)
    _play_out(m)
    data = m.to_dict()
    assert data["key"] == KEY.hex() and "key_from" not in data
    again = Match.from_dict(data)
    assert again.key == KEY and again.round == m.round and again.round_seed == m.round_seed


def test_a_match_saved_before_keys_loads_and_deals_as_it_did() -> None:
    """No key: every later round from the seed (the old derivation), as the match was dealt."""
    m = Match(TALAJ, 3, 8)
    _play_out(m)
    assert m.round_seed == _round_seed(8, 1, 3, m.round.dealer)
    data = m.to_dict()
    assert "key" not in data
    again = Match.from_dict(data)
    assert again.key is None and again.round == m.round


def test_a_match_saved_before_keys_is_secured_from_its_next_round() -> None:
    m = Match(TALAJ, 3, 8)
    _play_out(m)
    legacy = m.round_seed
    m.secure(KEY)
    with pytest.raises(ValueError, match="has its key"):
        m.secure(OTHER_KEY)
    _play_out(m)
    assert m.key_from == 2 and m.round_seed == keyed_round_seed(KEY, 2, 3, m.round.dealer)
    data = m.to_dict()
    assert data["key_from"] == 2
    again = Match.from_dict(data)
    assert again.logs == m.logs and again.round == m.round
    assert [again.round_seed] == [m.round_seed] and legacy != m.round_seed
    with pytest.raises(ValueError, match="32 bytes"):
        Match(TALAJ, 3, 8, key=b"short")
