"""A joiner replays a round once it is over, from what the host sends at its end: the deal as
dealt, the cards drawn from the stock in order and every action (never the seed); its replay
is the host's round step by step, every hand face up; a round whose record cannot be trusted
or replayed gives no replay."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from rami_desktop.engine.match import Match
from rami_desktop.engine.rules import preset
from rami_desktop.net.host.redact import update_text
from rami_desktop.net.join.joining import TableInfo, Welcome
from rami_desktop.net.join.remote_view import RemoteView
from rami_desktop.net.wire.view import SeatInfo, seat_view_from_dict
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.game.match_key import chosen_key
from rami_desktop.play.keep.round_record import shared_record
from rami_desktop.play.review.replay import Replay
from rami_desktop.play.session.session import Session
from rami_desktop.storage.round_files import RoundFiles, read_round

SEATS = (SeatInfo("Amina", "human"), SeatInfo("Yassine", "net", True, True),
         SeatInfo(None, "bot"))


def _played(seed: int, turns: int | None = None) -> Session:
    config = GameConfig(preset("talaj"), (Seat("Amina", "bot", "easy"),
                                          Seat("Yassine", "bot", "easy"),
                                          Seat(None, "bot", "easy")), seed)
    session = Session(config, key=chosen_key(seed))
    if turns is None:
        session.play_round()
    else:
        while session.round.turn < turns:
            session.step_bot()
    return session


def _joiner(match: Match, seat: int = 1) -> tuple[RemoteView, dict[str, Any]]:
    """The joiner's view after the host's last update message (as sent on the wire)."""
    message = json.loads(update_text(match, seat, 0, None)[0])
    welcome = Welcome(seat, "token", "ABCDEFGHJK", 0, TableInfo("Amina", SEATS, True, "wait"),
                      seat_view_from_dict(message["view"]), ())
    return RemoteView(welcome), message


@pytest.fixture(scope="module")
def over() -> Session:
    session = _played(3)
    assert session.round.over and session.round.reshuffles == 0
    return session


def test_a_joiner_replays_the_round_once_it_is_over_every_step_the_host_s(over: Session
                                                                          ) -> None:
    joiner, message = _joiner(over.match)
    record = joiner.round_record()
    assert record is not None
    replay = Replay.of_record(record)
    host = Replay.of_match(over.config, over.match)
    assert replay.steps == host.steps == len(over.round.log)
    for step in range(0, replay.steps + 1, 7):
        mine, true = replay.state_at(step), host.state_at(step)
        assert mine.hands == true.hands  # every hand, face up
        assert mine.talaj == true.talaj and mine.melds == true.melds
        assert replay.moments[step] == host.moments[step]
    assert replay.name(1) == "Yassine" and replay.seat_number(2) == 2
    shared = message["view"]["reveal"]["record"]
    assert set(shared) == {"hands", "talaj", "drawn", "moves"}  # never a seed nor the stock
    assert "seed" not in json.dumps(message)


def test_no_replay_while_the_round_is_on(over: Session) -> None:
    on = _played(3, turns=6)
    joiner, message = _joiner(on.match)
    assert message["view"]["reveal"] is None and joiner.round_record() is None


def test_a_record_that_does_not_end_as_the_host_showed_gives_no_replay(over: Session) -> None:
    joiner, _message = _joiner(over.match)
    reveal = joiner.view.reveal
    assert reveal is not None and reveal.record is not None
    moves = reveal.record["moves"]
    lie = {**reveal.record, "moves": moves[:-1]}  # the last action left out: not the end shown
    joiner.view.reveal.record.clear()  # type: ignore[union-attr]
    joiner.view.reveal.record.update(lie)  # type: ignore[union-attr]
    assert joiner.round_record() is None


def test_a_round_with_a_reshuffle_is_sent_without_a_record() -> None:
    session = _played(2)  # its stock runs out once: the talaj is shuffled into a new one
    assert session.round.over and session.round.reshuffles == 1
    assert shared_record(session.round) is None
    joiner, message = _joiner(session.match)
    assert message["view"]["reveal"]["record"] is None
    assert joiner.round_record() is None


def test_the_joiner_s_round_file_is_kept_and_read_back(over: Session, tmp_path: Path) -> None:
    joiner, _message = _joiner(over.match)
    record = joiner.round_record()
    assert record is not None
    files = RoundFiles(tmp_path)
    assert files.keep(record) is None
    (kept,) = files.listing()
    assert kept.names == ("Amina", "Yassine", None)
    replay, problem = read_round(kept.path, Replay.of_record)
    assert problem is None and replay is not None
    assert replay.final.hands == over.round.hands


@pytest.mark.parametrize("bad", [
    5, [], {"hands": 5}, {"hands": [["ZZ"]], "talaj": [], "drawn": [], "moves": []},
    {"hands": [[]], "talaj": [], "drawn": [], "moves": []},
    {"hands": [], "talaj": [], "drawn": [], "moves": [{"do": "dance"}]},
    {"hands": [], "talaj": [], "drawn": [], "moves": [None] * 3000},
])
def test_a_hostile_record_gives_no_replay_and_no_error(over: Session, bad: Any) -> None:
    joiner, _message = _joiner(over.match)
    reveal = joiner.view.reveal
    assert reveal is not None and reveal.record is not None
    record = reveal.record
    good = dict(record)
    record.clear()
    if isinstance(bad, dict):
        record.update({**good, **bad})
        assert joiner.round_record() is None
    joiner2 = RemoteView(Welcome(1, "t", "ABCDEFGHJK", 0, TableInfo("Amina", SEATS, True, "wait"),
                                 dataclasses.replace(joiner.view, reveal=dataclasses.replace(
                                     reveal, record={"shared": bad})), ()))
    assert joiner2.round_record() is None


def test_the_record_is_left_out_when_the_message_would_grow_too_large(
        over: Session, monkeypatch: pytest.MonkeyPatch) -> None:
    from rami_desktop.net.host import redact

    monkeypatch.setattr(redact, "MAX_BYTES", 12 * 1024)  # a long match's view: little room
    joiner, message = _joiner(over.match)
    assert message["view"]["reveal"]["hands"] and message["view"]["reveal"]["record"] is None
    assert joiner.round_record() is None
