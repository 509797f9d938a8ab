"""Deals nobody can foresee: the deal code shown at a round's end tells that round and nothing
else. Round 1 is played, the code it shows taken, and the next rounds are tried from it as a
cheating cousin would: by the old derivation (round k's seed a public function of round 1's),
by pasting it and playing on, and by the bots' generators of the old game. Codes shared before
still replay their round; a save made before keys still loads."""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path
from typing import Any

import pytest

from rami_desktop.bots import make_bot
from rami_desktop.engine.actions import Action
from rami_desktop.engine.match import Match, _round_seed
from rami_desktop.engine.rules import Rules, preset
from rami_desktop.engine.state import RoundState
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.game.match_key import chosen_key, new_key, seat_bots
from rami_desktop.play.keep.persist import game_payload
from rami_desktop.play.keep.round_record import round_record_job
from rami_desktop.play.session.session import Session
from rami_desktop.storage.deal_code import OLD_VERSION, decode_full, encode, format_code
from rami_desktop.storage.match_io import MatchFiles
from rami_desktop.storage.paths import Paths

LEVELS = ("easy", "medium", "easy")


def _deal(state: RoundState) -> tuple[Any, ...]:
    """A round as dealt: every hand, the talaj, the stock in drawing order, the dealer."""
    return (tuple(tuple(h) for h in state.hands), tuple(state.talaj), tuple(state.stock),
            state.dealer)


def _bots_config(seed: int | None = None) -> GameConfig:
    """Three bots, talaj to 5,000 points (a match long enough for its rounds to be tried)."""
    rules = preset("talaj", target=5000)
    return GameConfig(rules, tuple(Seat(None, "bot", lv) for lv in LEVELS), seed)


def _finish(session: Session) -> None:
    assert session.deal_code() is None  # secret while the round is on
    assert session.play_round()


def _pasted(code: str, like: GameConfig) -> GameConfig:
    """The setup a pasted code makes (as the setup screen's Use code does)."""
    seed, rules, players = decode_full(code)
    assert players is not None
    return GameConfig(rules, like.seats[:players], seed)


def _rounds(session: Session, count: int) -> list[tuple[tuple[Any, ...], list[Action]]]:
    """Play ``count`` rounds from the current one; each one's deal and actions."""
    out = []
    for k in range(count):
        if k:
            session.next_round()
        dealt = _deal(session.match.dealt_round())
        _finish(session)
        out.append((dealt, list(session.match.logs[-1])))
    return out


@pytest.fixture(scope="module")
def played() -> tuple[Session, str, list[tuple[tuple[Any, ...], list[Action]]]]:
    """A match as people play it (its key drawn), round 1's code taken off its end, 3 rounds."""
    session = Session(_bots_config())
    first = _rounds(session, 1)
    code = session.deal_code()
    assert code is not None
    session.next_round()
    rest = _rounds(session, 3)
    assert not session.match.over and session.match.key is not None
    return session, code, first + rest


def test_the_next_rounds_cannot_be_dealt_by_the_old_derivation(played: Any) -> None:
    session, code, rounds = played
    seed, rules, players = decode_full(code)
    assert players == 3 and seed == session.match.seed
    for k in (1, 2, 3):
        real = rounds[k][0]
        for dealer in range(players):  # whoever deals: none of the old seeds deals it
            guess = RoundState.new(rules, players, dealer, _round_seed(seed, k, players, dealer))
            assert _deal(guess) != real, f"round {k + 1} dealt from round 1's code"


def test_the_next_rounds_cannot_be_dealt_by_pasting_the_code_and_playing_on(played: Any
                                                                            ) -> None:
    session, code, rounds = played
    again = Session(_pasted(code, session.config))
    replayed = _rounds(again, 3)
    assert replayed[0][0] == rounds[0][0]  # round 1 replays exactly
    for k in (1, 2):
        assert replayed[k][0][3] == rounds[k][0][3]  # the same dealer ...
        assert replayed[k][0] != rounds[k][0]  # ... and another deal
    again.close()


def test_each_rounds_code_replays_that_round_exactly(played: Any) -> None:
    session, _code, rounds = played
    code = session.deal_code()  # the last round's
    assert code is not None
    again = Session(_pasted(code, session.config))
    assert _deal(again.match.dealt_round()) == rounds[-1][0]
    again.close()


def test_the_bots_next_rounds_cannot_be_computed_from_the_code(played: Any) -> None:
    """The old game's bots, generators from the code's seed, play other moves in round 2;
    and no bot's generator is the one the code would give."""
    session, code, rounds = played
    seed, rules, players = decode_full(code)
    assert players is not None
    predicted = _old_game(rules, players, seed, rounds=2)
    assert predicted[1] != rounds[1][1], "the bots' round 2 computed from the code"
    config = session.config
    for seat, rng in seat_bots(config, session.match)[1].items():
        old = random.Random(f"{seed}/bot/{seat}")
        assert [rng.random() for _ in range(8)] != [old.random() for _ in range(8)]
    pasted = Session(_pasted(code, config))
    for seat, rng in seat_bots(config, pasted.match)[1].items():
        mine = seat_bots(config, session.match)[1][seat]
        assert [rng.random() for _ in range(8)] != [mine.random() for _ in range(8)]
    pasted.close()


def _old_game(rules: Rules, players: int, seed: int, rounds: int) -> list[list[Action]]:
    """What the old game played from a seed (its later deals and its bots' generators from
    the seed alone): the script a cheating cousin would run on round 1's code."""
    match = Match(rules, players, seed)  # no key: the old derivation
    bots = {s: make_bot(level) for s, level in enumerate(LEVELS[:players])}
    rngs = {s: random.Random(f"{seed}/bot/{s}") for s in bots}
    out: list[list[Action]] = []
    for k in range(rounds):
        if k:
            match.next_round()
        for _ in range(5000):
            if match.round.over:
                break
            seat = match.seat_of(match.round.current)
            match.apply(bots[seat].act(match.observation(seat), rngs[seat]))
        out.append(list(match.logs[-1]))
    return out


def test_a_code_shared_before_keys_still_replays_its_round() -> None:
    """Round 2's code of a match dealt the old way (and a code of the old version) still deal
    that round."""
    rules = _bots_config().rules
    old = Match(rules, 3, 4242)
    bot, rng = make_bot("easy"), random.Random(3)
    while not old.round.over:
        old.apply(bot.act(old.round.observation(old.round.current), rng))
    old.next_round()
    for version in (1, OLD_VERSION):
        code = format_code(encode(old.round_seed, rules, 3, version=version))
        again = Session(_pasted(code, _bots_config()))
        assert _deal(again.match.dealt_round()) == _deal(old.dealt_round())
        again.close()


def test_a_save_made_before_keys_loads_and_its_next_round_is_secret(tmp_path: Path) -> None:
    """An autosave without a key resumes as it was; the round it is in stays as dealt, the
    rounds after come from a key drawn then (kept with the next round's snapshot)."""
    config = _bots_config(seed=77)
    old = Session(config, key=chosen_key(77))
    old.match.key = None  # as the game saved it before keys
    _finish(old)
    old.next_round()
    payload = game_payload(old.config, old.match)
    assert "key" not in payload["match"]
    files = MatchFiles(Paths.under(tmp_path))
    assert files.snapshot(payload) is None
    files.close()
    resumed, problem = Session.resume(MatchFiles(Paths.under(tmp_path)))
    assert resumed is not None and problem is None
    assert resumed.match.round == old.match.round and resumed.match.key is not None
    legacy = Match(config.rules, 3, 77)
    for log in old.match.logs[:1]:
        for action in log:
            legacy.apply(action)
    _finish(resumed)
    resumed.next_round()  # round 3: from the key, not the seed
    legacy_log = list(resumed.match.logs[1])
    legacy.next_round()
    for action in legacy_log:
        legacy.apply(action)
    legacy.next_round()
    assert _deal(resumed.match.dealt_round()) != _deal(legacy.dealt_round())
    resumed.close()
    kept = json.loads((Paths.under(tmp_path).data_dir / "match.json").read_text())
    assert kept["match"]["match"]["key"] == resumed.match.key.hex()
    assert kept["match"]["match"]["key_from"] == 2


def test_the_key_is_in_the_match_file_and_nowhere_else(tmp_path: Path,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    """The autosave holds the key; the round file, the deal code, the log do not."""
    caplog.set_level(logging.DEBUG)
    session = Session(_bots_config(), store=MatchFiles(Paths.under(tmp_path)))
    key = session.match.key
    assert key is not None
    _finish(session)
    code = session.deal_code()
    assert code is not None
    kept = json.loads((Paths.under(tmp_path).data_dir / "match.json").read_text())
    assert kept["match"]["match"]["key"] == key.hex()
    record = round_record_job(session.config, session.match)()
    text = json.dumps(record)
    assert key.hex() not in text and '"key"' not in text
    assert key.hex() not in caplog.text
    assert decode_full(code)[0] == session.match.round_seed
    session.close()


def test_a_match_people_play_draws_its_key_from_the_system() -> None:
    """The game's own draw (the suite makes its keys from a count, to replay its matches)."""
    keys = {new_key() for _ in range(20)}
    assert len(keys) == 20 and all(len(k) == 32 for k in keys)
