"""The replay of a finished round: every state through the engine, every hand, both ways."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rami_desktop.engine.actions import Discard
from rami_desktop.engine.cards import parse_cards
from rami_desktop.engine.match import Match
from rami_desktop.play.game.config import GameConfig, Seat, autoplay_config
from rami_desktop.play.keep.persist import rebuild_game
from rami_desktop.play.keep.round_record import round_record
from rami_desktop.play.review.replay import Marks, Replay, finding_moment
from rami_desktop.play.session.session import Session
from rami_desktop.play.view.findings import Finding, FindingKind
from rami_desktop.storage.round_files import RoundFiles, read_round


@pytest.fixture(scope="module")
def played() -> Iterator[Session]:
    """A match of three bots in its second round, that round over."""
    config = autoplay_config("talaj", 3, 7)
    config = GameConfig(config.rules, (Seat("Amina", "bot", "easy"), Seat("Omar", "bot", "easy"),
                                       Seat("Sara", "bot", "easy")), 7)
    session = Session(config)
    session.play_round()
    session.next_round()
    session.play_round()
    assert session.round.over
    yield session
    session.close()


def test_the_record_is_a_saved_match_of_that_one_round(played: Session) -> None:
    record = round_record(played.config, played.match)
    game = rebuild_game(record)
    assert game.match.round.over and len(game.match.results) == 1
    assert game.match.round.snapshot() == played.round.snapshot()
    assert [s.name for s in game.config.seats] == ["Amina", "Omar", "Sara"]
    assert record["round"] == {"number": 2, "seats": [0, 1, 2],
                               "winner": played.round.winner}  # for the list of past rounds
    penalties = played.match.results[-1].penalties
    assert game.match.scores == [played.match.scores[s] for s in range(3)]
    assert [game.match.scores[i] - game.match.start_scores[i] for i in range(3)] == list(
        penalties)


def test_the_round_played_here_replays_from_the_match_as_its_kept_record_does(
        played: Session) -> None:
    here, kept = played.replay(), Replay.of_record(round_record(played.config, played.match))
    assert here is not None and here is not played.replay()  # a new replay, at its start
    assert here.at_start and (here.steps, here.number) == (kept.steps, kept.number) == (
        len(played.round.log), 2)
    assert [m.turn for m in here.moments] == [m.turn for m in kept.moments]
    for step in (0, here.steps // 2, here.steps):
        assert here.state_at(step).snapshot() == kept.state_at(step).snapshot()
    assert here.final.snapshot() == played.round.snapshot()


def test_no_replay_while_the_round_is_on() -> None:
    session = Session(autoplay_config("talaj", 3, 7))
    assert not session.round.over and session.replay() is None
    session.close()


def test_every_step_is_the_engine_s_state_and_steps_go_both_ways(played: Session) -> None:
    replay = Replay.of_record(round_record(played.config, played.match))
    log = played.round.log
    assert replay.steps == len(log) and replay.at_start and replay.number == 2
    dealt = played.match.dealt_round()
    assert replay.state.snapshot() == dealt.snapshot()
    for k in range(5):
        assert replay.forward()
        dealt.apply(log[k])
        assert replay.state.snapshot() == dealt.snapshot()  # every hand, face up
        assert replay.moment.action == log[k]
    before = replay.state.snapshot()
    assert replay.back() and replay.forward()
    assert replay.state.snapshot() == before
    assert replay.home() and not replay.back()
    assert replay.end() and not replay.forward()
    assert replay.state.snapshot() == played.round.snapshot()
    assert replay.go(-5) is True and replay.step == 0
    assert replay.go(10**6) is True and replay.at_end


def test_the_turn_counter_is_the_player_s_own_turn(played: Session) -> None:
    replay = Replay.of_record(round_record(played.config, played.match))
    replay.go_to_turn(7)
    m = replay.moment
    assert m.turn == 7 and replay.state.turn == 6
    assert m.own_turn == 3  # three players: turn 7 is its player's third
    assert m.player == replay.state.current
    replay.next_turn()
    assert replay.moment.turn == 8 and replay.moment.own_turn == 3
    replay.previous_turn()
    assert replay.moment.turn == 7
    replay.forward()
    replay.previous_turn()  # within a turn: back to its start
    assert replay.moment.turn == 7 and replay.step == replay.turn_step(7)


def test_it_opens_at_a_finding_s_turn_with_its_cards_marked(played: Session) -> None:
    replay = Replay.of_record(round_record(played.config, played.match))
    discard = next(a for a in played.round.log if isinstance(a, Discard))
    finding = Finding(FindingKind.FED_OPEN, discard.player, round_turn=4, cards=(discard.card,))
    replay.open_at(*finding_moment(finding))
    assert replay.moment.turn == 4 and replay.state.turn == 3
    assert replay.step == min(k for k, m in enumerate(replay.moments) if m.turn == 4)
    seat = replay.seat_number(discard.player)
    assert replay.marked(discard.player, discard.card)  # in the hand that discarded it
    others = [p for p in range(replay.players) if replay.seat_number(p) != seat]
    assert not any(replay.marked(p, discard.card) for p in others)  # nowhere else
    assert not replay.marked(None, discard.card)  # nor on the talaj
    end = Finding(FindingKind.JOKERS_HELD, 0, points=30)
    replay.open_at(*finding_moment(end))
    assert replay.at_end


def test_a_missed_way_out_names_its_cards() -> None:
    take, *lay = parse_cards(["5H", "6H", "7H", "8H"])
    add = parse_cards(["9H"])
    finding = Finding(FindingKind.MISSED_OUT, 0, 2, round_turn=3, take=take,
                      melds=(tuple(lay),), adds=(tuple(add),))
    assert finding_moment(finding) == (3, Marks(0, frozenset({*lay, *add}), take))


def test_a_finding_frames_only_its_player_s_cards() -> None:
    """A joker discarded by seat 1: the jokers in the other hands are not framed, the one in
    seat 1's hand is, and nothing on the talaj but the card a way takes."""
    joker = parse_cards(["JK"])[0]
    _turn, marks = finding_moment(Finding(FindingKind.JOKER_DISCARDED, 1, 3, (joker,),
                                          round_turn=5))
    assert marks == Marks(1, frozenset({joker}), None)


def test_a_round_still_on_or_refused_by_the_rules_is_no_replay(played: Session) -> None:
    match = Match(played.match.rules, 3, 11)
    config = GameConfig(played.match.rules, played.config.seats, 11)
    with pytest.raises(ValueError, match="not over"):
        Replay.of_match(config, match)
    record = round_record(played.config, played.match)
    record["match"]["rounds"][0][3] = {"player": 2, "do": "draw", "from": "stock"}
    with pytest.raises(ValueError):
        Replay.of_record(record)
    with pytest.raises(ValueError):
        Replay.of_record(["not", "a", "record"])


def test_a_session_keeps_each_finished_round_as_a_file(tmp_path: Path) -> None:
    files = RoundFiles(tmp_path)
    session = Session(autoplay_config("talaj", 2, 5, "easy"), rounds=files)
    try:
        session.play_round()
        session.flush()
        (kept,) = files.listing()
        replay, problem = read_round(kept.path, Replay.of_record)
        assert problem is None and replay is not None
        assert replay.final.snapshot() == session.round.snapshot()
    finally:
        session.close()
