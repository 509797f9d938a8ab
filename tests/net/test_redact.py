"""The redaction, alone: what a seat is told of each happening of a whole match, checked against
the host's true state (the leak test of :mod:`tests.net.harness` checks the messages of real
tables too)."""

from __future__ import annotations

import dataclasses

from rami_desktop.engine.actions import Drew
from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.redact import SPECTATOR, observation_for, redact_events, seat_view
from rami_desktop.play.config import GameConfig, Seat
from rami_desktop.play.session import Session


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
