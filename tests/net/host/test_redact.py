"""The redaction, alone: what a seat is told of each happening of a whole match, checked against
the host's true state (the leak test of :mod:`tests.net.harness` checks the messages of real
tables too)."""

from __future__ import annotations

import dataclasses
import json

from rami_desktop.engine.actions import Drew
from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.host.redact import (
    Ask,
    Fanout,
    review_for,
    seat_view,
    story_for,
    update_text,
)
from rami_desktop.net.wire.codec import told_from_dict
from rami_desktop.net.wire.delta import Sent
from rami_desktop.net.wire.view import own_fields_to_dict, seat_view_to_dict, seat_view_with
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.view.happening import Happening
from rami_desktop.play.view.seat_view import (
    OWN_FIELDS,
    SPECTATOR,
    observation_for,
    own_fields,
    redact_events,
    view_of,
)
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


def test_every_seats_update_written_at_once_is_the_update_written_for_it_alone() -> None:
    """The fan-out writes each seat's update byte for byte as :func:`update_text` does: over
    rounds of bots (takes, lays, a round's end and the next deal), for a seat welcomed late, one
    whose connection was sent a whole view, one that missed updates (its delta is against an
    older view than the others'), and a seat out of the match; the view it shares between the
    seats holds no seat's own fields. What it works out once for all seats (what changed in
    the shared view, the events as each seat may see them) never tells a seat another's hand
    or a card drawn by another, nor a value of before."""
    session = Session(GameConfig(PRESETS["talaj"], (Seat(None, "bot", "easy"),) * 4, seed=5))
    session.match.eliminated.append(3)  # seat 3 watches
    session.play_round()
    session.next_round()
    match, fanout = session.match, Fanout()
    own: dict[int, Sent | None] = dict.fromkeys(range(4))
    fanned: dict[int, Sent | None] = dict.fromkeys(range(4))
    compared = 0
    for step in range(400):
        if match.over:
            break
        if session.round.over:
            session.next_round()
            happening = Happening("deal", None)
        else:
            seat = match.seats[session.round.current]
            happening = Happening("move", seat, session.step_bot().events)
        seats = [s for s in range(4) if (step >= 20 or s != 2)  # seat 2 comes in later
                 and not (30 <= step < 33 and s == 1)]  # seat 1 misses three updates
        asks: list[Ask] = [(s, step if s == 0 else None, review_for(match, s), fanned[s])
                           for s in seats]
        texts = fanout.update_texts(match, 0, happening, asks)
        for (seat, ack, review, _), (text, sent) in zip(asks, texts, strict=True):
            alone, own[seat] = update_text(match, seat, 0, happening, ack, review, own[seat])
            assert text == alone
            fanned[seat] = sent
            compared += 1
        if step == 50:  # a resync: the whole view, the next delta against it
            _, own[1] = update_text(match, 1, 0, None, last=own[1], whole=True)
            fanned[1] = own[1]
        if fanout.shared is not None:
            assert fanout.shared["observation"]["hand"] == []
            assert fanout.shared["observation"]["player"] == SPECTATOR
    assert compared > 1000 and len(match.results) >= 2


def test_a_seats_own_fields_are_those_its_observation_holds_of_its_own() -> None:
    session = Session(GameConfig(PRESETS["talaj"], (Seat(None, "bot", "easy"),) * 3, seed=4))
    for _ in range(30):
        session.step_bot()
    match = session.match
    shared = seat_view_to_dict(view_of(match, None))
    for seat in match.seats:
        obs, own = match.observation(seat), own_fields(match, seat)
        assert own == {name: getattr(obs, name) for name in OWN_FIELDS}
        assert obs == dataclasses.replace(observation_for(match, None), **own)
        assert set(own_fields_to_dict(own)) == set(OWN_FIELDS)
        whole = seat_view_to_dict(view_of(match, seat))
        assert seat_view_with(shared, own_fields_to_dict(own)) == whole
