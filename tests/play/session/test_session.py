"""A match session: seats, bots with their own generators, and whole matches played."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Sequence

import pytest

from rami_desktop.bots import make_bot
from rami_desktop.engine.actions import Discard, Draw
from rami_desktop.engine.errors import ErrorCode
from rami_desktop.engine.rules import PRESETS
from rami_desktop.play.game.config import GameConfig, Seat, autoplay_config, seat_faces
from rami_desktop.play.game.match_key import chosen_key, seat_bots
from rami_desktop.play.session.session import Session
from rami_desktop.play.table.table import Table
from rami_desktop.storage.stats import MatchLine, RoundLine


def test_bot_seats_get_bots_and_their_own_generators() -> None:
    config = GameConfig(seats=(Seat(None, "human"), Seat(None, "bot", "easy"),
                               Seat(None, "bot", "hard")), seed=5)
    bots, rngs = seat_bots(config, Session(config).match)
    assert sorted(bots) == [1, 2] == sorted(rngs)
    assert bots[1].level == "easy" and bots[2].level == "hard"
    assert rngs[1].random() != rngs[2].random()
    session = Session(config)
    assert not session.all_bots and session.seed == 5
    assert session.driver.bot_seat() in (None, 1, 2)


def test_a_seed_is_drawn_when_there_is_none() -> None:
    session = Session(GameConfig())
    assert isinstance(session.seed, int) and session.config.seed == session.seed
    assert session.match.seed == session.seed


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_bots_play_a_short_match_legally(preset: str) -> None:
    config = autoplay_config(preset, 3, seed=11, level="medium")
    short = dataclasses.replace(config, rules=config.rules.with_options(target=60))
    session = Session(short)
    rounds = session.play_match(max_rounds=6)
    assert 1 <= rounds <= 6
    assert len(session.match.results) == rounds
    assert session.match.over or rounds == 6
    assert session.driver.stats.illegal == 0 and session.driver.stats.rescues == 0


def test_same_seed_and_key_same_match() -> None:
    logs = []
    for _ in range(2):
        session = Session(autoplay_config("rami-talaj", 3, seed=540, level="medium"),
                          key=chosen_key(540))
        session.play_round()
        logs.append(session.match.to_dict())
    assert logs[0] == logs[1]


# ---- who may see what ----------------------------------------------------------------------


def _pass_and_play(seed: int = 9) -> Session:
    return Session(GameConfig(seats=(Seat("Amina", "human"), Seat("Bot", "bot", "easy"),
                                     Seat("Youssef", "human")), seed=seed))


def _play_plainly(table: Table, session: Session, seat: int) -> None:
    r = session.round
    assert table.play(seat, Draw(table.action_player(seat), "stock")).ok
    played = table.play(seat, Discard(table.action_player(seat), r.legal_discards()[-1]))
    assert played.ok


def test_on_a_shared_screen_a_hand_shows_only_to_its_owner_in_their_turn() -> None:
    session = _pass_and_play()
    table = Table(session)
    while table.human_to_play() is None:
        session.step_bot()
    seat = table.human_to_play()
    assert seat is not None
    assert table.face_up() is None and table.privacy_due() == seat
    other = 2 - seat
    assert not table.play(other, Draw(table.action_player(other), "stock")).ok
    # the owner must first say they are at the screen
    refused = table.play(seat, Draw(table.action_player(seat), "stock"))
    assert refused.code is ErrorCode.NOT_YOUR_TURN
    table.reveal(other)  # not theirs to ask
    assert table.face_up() is None
    table.reveal(seat)
    assert table.face_up() == seat and table.privacy_due() is None
    _play_plainly(table, session, seat)
    # hidden the moment they discard, whatever comes next
    assert table.face_up() is None and table.bottom_seat() == seat
    while table.human_to_play() is None and not table.round_over:
        session.step_bot()
        assert table.face_up() is None


def test_one_human_always_sees_their_own_hand() -> None:
    session = Session(GameConfig(seats=(Seat("Sara", "human"), Seat("Bot", "bot", "easy")),
                                 seed=4))
    table = Table(session)
    assert table.face_up() == 0 and table.privacy_due() is None
    assert table.bottom_seat() == 0


def test_an_all_bot_table_shows_no_hand() -> None:
    table = Table(Session(autoplay_config("talaj", 3, seed=5)))
    assert table.face_up() is None and table.bottom_seat() is None


# ---- statistics per player -------------------------------------------------------------------


class Recorder:
    """A statistics store that remembers what it was asked to record."""

    def __init__(self) -> None:
        self.rounds: list[tuple[str, str, bool]] = []
        self.matches: list[tuple[str, str, bool]] = []
        self.genders: dict[str, str | None] = {}
        self.faces: list[tuple[str, str | None]] = []

    def record_round_end(self, key: str, rounds: Sequence[RoundLine],
                         matches: Sequence[MatchLine]) -> str | None:
        self.rounds += [(r.player, r.preset, r.won) for r in rounds]
        self.matches += [(m.player, m.preset, m.won) for m in matches]
        self.genders.update((r.player, r.gender) for r in rounds)
        self.faces += [(r.player, r.face) for r in rounds]
        return None


def _humans_play_with_bot_moves(session: Session, rounds: int) -> None:
    """Play the match: the humans' moves (each at the screen in turn) chosen by a bot."""
    policy, rng = make_bot("medium"), random.Random(3)
    table = Table(session)
    while not table.match_over and session.match.round_number <= rounds:
        if table.round_over:
            if table.match_over or session.match.round_number == rounds:
                return
            table.next_round()
        elif (seat := table.privacy_due()) is not None:
            table.reveal(seat)
        elif (seat := table.human_to_play()) is not None:
            played = table.play(seat, policy.act(session.observation(seat), rng))
            if not played.ok:
                r = session.round
                p = table.action_player(seat)
                table.play(seat, Discard(p, r.legal_discards()[-1]) if r.has_drawn
                             else Draw(p, "stock"))
        else:
            session.step_bot()


def test_every_human_at_the_table_has_statistics_of_their_own() -> None:
    recorder = Recorder()
    config = GameConfig(rules=PRESETS["talaj"].with_options(target=40),
                        seats=(Seat("Amina", "human", "hard", "she", "woman-curls"),
                               Seat("Bot", "bot", "medium"), Seat("Youssef", "human")), seed=12)
    session = Session(config, stats=recorder)
    _humans_play_with_bot_moves(session, rounds=10)
    session.flush()
    assert session.match.over
    rounds = len(session.match.results)
    counted = Counter(p for p, _preset, _won in recorder.rounds)
    assert counted["Amina"] >= 1 and counted["Youssef"] >= 1
    assert counted <= Counter({"Amina": rounds, "Youssef": rounds})
    assert {p for p, _preset, _won in recorder.matches} == {"Amina", "Youssef"}
    # the face each wore is kept with their statistics: hers as chosen, his the seat's default
    assert dict(recorder.faces) == {"Amina": "woman-curls", "Youssef": seat_faces(config)[2]}
    assert all(p != "Bot" for p, _preset, _won in recorder.rounds)
    assert recorder.genders == {"Amina": "she", "Youssef": ""}  # kept with the statistics


def test_bots_have_no_statistics() -> None:
    recorder = Recorder()
    session = Session(autoplay_config("simple", 3, seed=3), stats=recorder)
    session.play_round()
    session.flush()
    assert recorder.rounds == [] and recorder.matches == []
