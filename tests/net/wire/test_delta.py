"""What changed, told: a joiner following the host's deltas holds exactly the view a whole
update gives, at every step; a delta tells nothing the whole view would not; an update stays
small as the round grows; a delta that cannot be followed is refused whole, and the joiner
asks for the whole view and gets it."""

from __future__ import annotations

import contextlib
import json
import random
from collections import defaultdict
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rami_desktop.bots import make_bot
from rami_desktop.engine.actions import Discard, Draw
from rami_desktop.engine.match import Match
from rami_desktop.engine.rules import PRESET_NAMES, PRESETS
from rami_desktop.net.host.host_session import HostSession
from rami_desktop.net.host.redact import seat_view, update_text
from rami_desktop.net.join.joining import welcome_from
from rami_desktop.net.join.remote import RemoteSession
from rami_desktop.net.transport.client import LinkEvent
from rami_desktop.net.transport.server import Inbound, Mailbox
from rami_desktop.net.wire.delta import (
    FollowedView,
    MissedDelta,
    Sent,
    SharedChange,
    apply_delta,
    view_delta,
)
from rami_desktop.net.wire.protocol import Join, Refusal, Resync, parse_request
from rami_desktop.net.wire.view import seat_view_from_dict, seat_view_with
from rami_desktop.play.game.config import GameConfig, Seat, autoplay_config
from rami_desktop.play.game.match_key import chosen_key
from rami_desktop.play.session.session import Session
from tests.conftest import examples_by_default
from tests.net.harness import CODES, parts_of


def wire(data: Any) -> Any:
    """Through JSON text and back."""
    return json.loads(json.dumps(data))


def cards_in(data: Any) -> set[str]:
    """The card codes a JSON value names."""
    return {c for c in parts_of(data).cards if c in CODES}


@settings(max_examples=5)
@given(st.sampled_from(PRESET_NAMES), st.integers(2, 4), st.integers(0, 10_000),
       st.integers(0, 2**32 - 1))
def test_a_joiner_following_deltas_holds_the_whole_view_at_every_step(
        preset: str, players: int, seed: int, whole_at: int) -> None:
    rules = PRESETS[preset].with_options(target=60)
    session = Session(GameConfig(rules, (Seat(None, "bot", "easy"),) * players, seed=seed))
    rng = random.Random(whole_at)
    last: dict[int, Sent | None] = dict.fromkeys(range(players))
    followed = {seat: FollowedView() for seat in range(players)}
    deltas = 0
    for _round in range(2):
        session.ask_redeals()
        while not session.round.over and session.round.turn < 300:
            session.step_bot()
            for seat in range(players):
                text, last[seat] = update_text(session.match, seat, 0, None, None, None,
                                               last[seat], whole=rng.random() < 0.05)
                message = json.loads(text)
                truth = wire(seat_view(session.match, seat, 0))
                view = followed[seat].take(message, seat_view_from_dict)
                assert followed[seat].view == truth  # the JSON of a whole update, exactly
                assert view == seat_view_from_dict(truth)
                if message.get("delta") is not None:
                    deltas += 1
                    assert "view" not in message
                    assert cards_in(message) <= cards_in(truth)  # never more than the whole
        if session.match.over or not session.round.over:
            break
        session.next_round()
    assert deltas > 0
    session.close()


def _update_bytes(session: Session, last: Sent) -> tuple[int, int, Sent]:
    """The sizes of seat 0's update now, whole and as a delta; what seat 0 was sent."""
    whole, _ = update_text(session.match, 0, 0, None, whole=True, last=last)
    delta, sent = update_text(session.match, 0, 0, None, last=last)
    return len(whole.encode()), len(delta.encode()), sent


def test_an_update_stays_small_as_the_round_grows() -> None:
    # two players draw from the stock and throw the card drawn: the round never ends, its
    # history grows one discard a turn (the stock reshuffled again and again)
    session = Session(autoplay_config("simple", 2, seed=4, level="easy"))
    state = session.round
    _, sent = update_text(session.match, 0, 0, None)
    sizes: dict[int, tuple[int, int]] = {}
    while state.turn < 400:
        p = state.current
        if Draw(p, "stock") in state.legal_draws():  # (the starter's first turn has none)
            session.match.apply(Draw(p, "stock"))
        session.match.apply(Discard(p, state.hands[p][-1]))
        whole, delta, sent = _update_bytes(session, sent)
        sizes[state.turn] = (whole, delta)
    assert sizes[400][0] > sizes[200][0] + 1_500  # the whole view carries the whole history
    assert sizes[400][1] < 1.1 * max(sizes[t][1] for t in range(190, 211))  # a delta does not
    assert sizes[400][1] * 5 < sizes[400][0]
    session.close()


VIEW: dict[str, Any] = {"observation": {"hand": ["AS"], "discards": [[0, "2H"]], "turn": 3},
                        "match": {"results": []}, "reveal": None, "order": None}


@pytest.mark.parametrize("delta", [
    None, [], "x", {"base": 1}, {"base": 1, "set": {}}, {"base": 1, "add": {}},
    {"base": 1, "set": {}, "add": {}, "more": {}}, {"base": True, "set": {}, "add": {}},
    {"base": 1, "set": [], "add": {}},
    {"base": 1, "set": {"observation.nope": 1}, "add": {}},
    {"base": 1, "set": {"nope": 1}, "add": {}},
    {"base": 1, "set": {"rules.x": 1}, "add": {}},
    {"base": 1, "set": {"observation.": 1}, "add": {}},
    {"base": 1, "set": {}, "add": {"observation.turn": [1]}},
    {"base": 1, "set": {}, "add": {"observation.hand": "2S"}},
    {"base": 1, "set": {"observation.hand": []}, "add": {"observation.hand": ["2S"]}},
    {"base": 1, "set": {}, "add": {"reveal": [1]}},
])
def test_a_delta_that_is_not_one_of_the_view_held_is_refused_whole(delta: Any) -> None:
    before = json.dumps(VIEW)
    with pytest.raises(ValueError) as refused:
        apply_delta(VIEW, delta, 1)
    assert not isinstance(refused.value, MissedDelta)
    assert json.dumps(VIEW) == before  # the view held is left as it was


#: a seat's view at a round's start
A_VIEW = json.dumps(seat_view(Match(PRESETS["talaj"], 2, seed=1, first_dealer=0), 0, 0))
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200) | st.sampled_from(["AS", "JK", "x", ""]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                              max_size=3),
    max_leaves=12)
PATHS = st.sampled_from(["observation.hand", "observation.discards", "observation.turn",
                         "observation.melds", "observation.current", "match.scores",
                         "match.results", "reveal", "order", "observation", "nope", "match.x"])


@examples_by_default(200, st.fixed_dictionaries({
    "base": st.sampled_from([1, 1, 2, True, "1"]),
    "set": st.dictionaries(PATHS, JSON_VALUES, max_size=3),
    "add": st.dictionaries(PATHS, JSON_VALUES, max_size=2)}))
def test_whatever_a_delta_holds_it_is_applied_and_read_or_refused_with_a_value_error(
        delta: dict[str, Any]) -> None:
    view = json.loads(A_VIEW)
    with contextlib.suppress(ValueError):  # refused: the joiner asks for the whole view
        seat_view_from_dict(apply_delta(view, delta, 1))
    assert json.dumps(view) == A_VIEW


#: a view's fields as a shared view (the spectator's) and a seat's own may hold them
SHARED_FIELDS = ("current", "turn", "discards", "hand_sizes", "talaj", "over")
OWN = frozenset({"player", "hand", "has_drawn"})
FIELD_VALUES = st.sampled_from([None, 0, 3, True, [], ["AS"], ["AS", "2H"], ["2H"],
                                [[0, "AS"]], [[0, "AS"], [1, "KD"]]])


def _view(observation: dict[str, Any], scores: Any, reveal: Any) -> dict[str, Any]:
    return {"observation": observation, "match": {"scores": scores, "over": False},
            "reveal": reveal, "order": None}


@examples_by_default(200, st.lists(FIELD_VALUES, min_size=18, max_size=18),
                      st.lists(st.booleans(), min_size=6, max_size=6))
def test_what_changed_for_every_seat_worked_out_once_is_each_seats_own_delta(
        values: list[Any], kept: list[bool]) -> None:
    """The shared part of a delta worked out once (:class:`SharedChange`) and a seat's own
    fields compared make the very delta :func:`view_delta` makes for that seat, byte for byte
    (the same paths, in the same order), whatever changed: the values kept the very objects
    of before or not, the own fields changed or not."""
    shared = dict(zip(SHARED_FIELDS, values[:6], strict=True))
    later = {name: shared[name] if keep else wire(value)
             for name, keep, value in zip(SHARED_FIELDS, kept, values[6:12], strict=True)}
    old = _view({"player": -1, "hand": [], "has_drawn": False, **shared}, [0, 1], None)
    new = _view({"player": -1, "hand": [], "has_drawn": False, **later},
                old["match"]["scores"] if kept[0] else values[12], values[13])
    change = SharedChange(old, new, OWN)
    for own_before, own_after in (({"player": 0, "hand": values[14], "has_drawn": False},
                                   {"player": 0, "hand": values[15], "has_drawn": True}),
                                  ({"player": 1, "hand": values[16], "has_drawn": False},
                                   {"player": 1, "hand": values[17], "has_drawn": False})):
        seat_old, seat_new = seat_view_with(old, own_before), seat_view_with(new, own_after)
        delta = change.delta(seat_old["observation"], own_after, 5)
        assert json.dumps(delta) == json.dumps(view_delta(seat_old, seat_new, 5))
        assert apply_delta(wire(seat_old), wire(delta), 5) == wire(seat_new)


def test_a_delta_against_another_view_is_a_missed_one() -> None:
    new = {**VIEW, "observation": {**VIEW["observation"], "turn": 4}}
    with pytest.raises(MissedDelta):
        apply_delta(VIEW, view_delta(VIEW, new, 6), 7)
    assert apply_delta(VIEW, view_delta(VIEW, new, 7), 7) == new
    with pytest.raises(MissedDelta):
        FollowedView().take({"number": 2, "delta": view_delta(VIEW, new, 1)}, dict)


# ---- a joiner and a host in this process -----------------------------------------------------


class Link:
    """A joiner's link, fed by hand."""

    def __init__(self) -> None:
        self.inbox: list[LinkEvent] = []
        self.sent: list[str] = []

    def greet_with(self, greeting: str) -> None:
        """(Sent when the link connects again: never here.)"""

    def send(self, text: str) -> None:
        self.sent.append(text)

    def take(self, limit: int) -> list[LinkEvent]:
        out, self.inbox = self.inbox[:limit], self.inbox[limit:]
        return out

    def stop(self, timeout: float = 0.0) -> None:
        pass


class Wire:
    """The host's outbox: each connection's messages, in order."""

    def __init__(self) -> None:
        self.sent: dict[int, list[str]] = defaultdict(list)

    def send(self, conn: int, text: str) -> None:
        self.sent[conn].append(text)

    def close(self, conn: int, reason: str = "host_quit") -> None:
        pass

    def flush(self) -> None:
        pass


CONN = 7


def _table() -> tuple[HostSession, Mailbox, Wire, RemoteSession, Link]:
    """A host (a network seat, a bot) and its joiner (a bot plays the seat), welcomed."""
    wire_ = Wire()
    mailbox = Mailbox("DELTA23456")
    config = GameConfig(PRESETS["talaj"].with_options(target=60),
                        (Seat("Sara", "net"), Seat(None, "bot", "easy")), seed=12)
    host = HostSession(config, outbox=wire_, mailbox=mailbox, screen=False, turn_time=0,
                       key=chosen_key(12))  # the match its spoiled and dropped deltas are in
    mailbox.put(Inbound(CONN, Join(mailbox.code, "Sara")))
    host.pump()
    host.start()
    welcome = json.loads(wire_.sent[CONN].pop(0))
    assert welcome["type"] == "welcome" and welcome["number"] == 1
    link = Link()
    joiner = RemoteSession(link, welcome_from(welcome), "Sara",  # type: ignore[arg-type]
                           make_bot("easy"), random.Random(3))
    return host, mailbox, wire_, joiner, link


def test_a_joiner_that_misses_a_delta_or_cannot_read_one_asks_for_the_whole_view() -> None:
    """Two deltas spoiled and two dropped, in turn, each once the whole view asked for after
    the last harm came back (a harm in any match that lasts a few turns, whichever turns)."""
    host, mailbox, wire_, joiner, link = _table()
    asked: list[str] = []
    spoiled = dropped = 0
    healed = True  # no harm waits for its whole view
    for _step in range(3_000):
        if host.match.over:
            break
        host.pump()
        while host.bot_turn() is not None and not host.match.over:
            host.step_bot()
        for text in wire_.sent.pop(CONN, []):
            message = json.loads(text)
            if message.get("delta") is None and message.get("view") is not None:
                healed = True  # a whole view: the joiner holds the truth again
            elif message.get("delta") is not None and message["ack"] is None and healed:
                healed = False
                if spoiled == dropped < 2:
                    spoiled += 1  # a delta the joiner cannot read
                    message["delta"]["set"]["observation.no_such_field"] = 1
                elif dropped < spoiled:
                    dropped += 1  # one that never came (the next is against it)
                    continue
                else:
                    healed = True
            link.inbox.append(LinkEvent("message", message))
        joiner.pump()
        joiner.ask_redeals()
        joiner.step_bot()
        if joiner.round_state.over:
            joiner.next_round()
        for text in link.sent:
            request = parse_request(text)
            assert not isinstance(request, Refusal), text
            if isinstance(request, Resync):
                asked.append(request.reason)
            mailbox.put(Inbound(CONN, request))
        link.sent.clear()
    assert host.match.over and spoiled == 2 and dropped == 2
    assert sorted(asked) == ["bad_field", "bad_field", "missed", "missed"]
    truth = wire(seat_view(host.match, 0, host.serial))
    assert joiner.view == seat_view_from_dict(truth)  # it ends with the whole view exactly
    host.close()
