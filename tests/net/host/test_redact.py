"""The redaction, alone: what a seat is told of each happening of a whole match, checked against
the host's true state (the leak test of :mod:`tests.net.harness` checks the messages of real
tables too)."""

from __future__ import annotations

import dataclasses
import json

from rami_desktop.engine.actions import Drew
from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.host.redact import seat_view, story_for
from rami_desktop.net.wire.codec import told_from_dict
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.view.seat_view import SPECTATOR, observation_for, redact_events
from rami_desktop.play.view.story import STORY_MOVES, round_story


def test_no_leak_a_stock_card_is_told_to_the_drawer_only_and_the_rest_is_public() -> None:
    session = Session(GameConfig(PRESETS["talaj"], (Seat(None, "bot", "easy"),) * 3, seed=4))
    hidden_told = public_told = 0
    while not session.round.over:
        outcome = session.step_bot()
        for viewer in range(3):
            told = redact_events(outcome.events, viewer)
            for true, seen in zip(outcome.events, told, strict=True):
                if isinstance(true, Drew) and true.source == "stock":
                    assert seen.card == (true.card if true.player == viewer else None)  # type: ignore[union-attr]
                    hidden_told += true.player != viewer
                else:
                    assert seen == true
                    public_told += 1
        for seat in range(3):
            view = seat_view(session.match, seat, 0)
            assert (view["reveal"] is None) == (not session.round.over)
            assert set(view) == {"observation", "match", "reveal", "order"}
    assert hidden_told > 10 and public_told > 10
    view = seat_view(session.match, 0, 0)
    assert view["reveal"]["hands"] == [[c.code for c in h] for h in session.round.hands]


def test_a_seat_out_of_the_match_watches_without_a_hand() -> None:
    session = Session(GameConfig(PRESETS["talaj"], (Seat(None, "bot", "easy"),) * 3, seed=4))
    session.match.eliminated.append(2)
    session.play_round()
    session.next_round()
    obs = observation_for(session.match, 2)
    seen = dataclasses.replace(session.match.observation(session.match.seats[0]),
                               player=SPECTATOR, hand=(), has_drawn=False, pickup=None,
                               own_turn=None, may_redeal=False)
    assert obs == seen and obs.hand == ()


def test_a_seat_taken_again_is_told_the_rounds_last_moves_as_it_may_see_them() -> None:
    session = Session(GameConfig(PRESETS["talaj"], (Seat(None, "bot", "easy"),) * 3, seed=6))
    for _ in range(120):
        if session.round.over:
            break
        session.step_bot()
    true = round_story(session.match)
    assert len(true) > STORY_MOVES  # a long enough round: only the last moves are told
    for seat in range(3):
        player = session.match.player_of(seat)
        told = [told_from_dict(t) for t in json.loads(json.dumps(story_for(session.match,
                                                                           seat)))]
        last = true[-STORY_MOVES:]
        assert len(told) == STORY_MOVES
        for real, seen in zip(last, told, strict=True):
            assert seen.events == redact_events(real.events, player)
            assert seen.melds == real.melds
        named = [e.card for t in told for e in t.events
                 if isinstance(e, Drew) and e.source == "stock" and e.player != player]
        assert named and all(card is None for card in named)
