"""Reading a joiner's message on the host: every message either becomes a request or the error
to answer with; nothing raises."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rami_desktop.engine.actions import Discard, Draw
from rami_desktop.engine.cards import parse_card
from rami_desktop.net.wire.errors import NetError
from rami_desktop.net.wire.protocol import (
    MAX_BYTES,
    OLDEST,
    VERSION,
    Act,
    Info,
    Join,
    Leave,
    Order,
    Ping,
    Ready,
    Refusal,
    Resync,
    normalize_code,
    parse_request,
    request_text,
)


@pytest.mark.parametrize("request_", [
    Info(), Join("ABC234", "Sara", None, None), Join("ABC234", "Omar", 2, "tok"),
    Act(7, Draw(1, "top"), ()), Act(8, Discard(0, parse_card("10H")), (3,)),
    Order({"cards": ["AS"], "breaks": []}), Ready(), Ping(1.5), Resync("missed"),
    Resync("bad_field"), Leave()])
def test_every_request_reads_back(request_: object) -> None:
    assert parse_request(request_text(request_)) == request_  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "code"), [
    ("{", NetError.MALFORMED), ("[]", NetError.MALFORMED), ('"x"', NetError.MALFORMED),
    (b"\xff\xfe", NetError.MALFORMED), ('{"type": "info"}', NetError.MALFORMED),
    ('{"v": true, "type": "info"}', NetError.MALFORMED),
    (f'{{"v": {VERSION}, "type": 3}}', NetError.MALFORMED),
    (json.dumps({"v": VERSION + 1, "type": "info"}), NetError.VERSION_OLDER),
    (json.dumps({"v": OLDEST - 1, "type": "info"}), NetError.VERSION_NEWER),
    (json.dumps({"v": VERSION, "type": "dance"}), NetError.UNKNOWN_TYPE),
    (json.dumps({"v": VERSION, "type": "join", "code": 5, "name": "A"}), NetError.BAD_FIELD),
    (json.dumps({"v": VERSION, "type": "join", "code": "A", "name": "x" * 17}),
     NetError.BAD_FIELD),
    (json.dumps({"v": VERSION, "type": "act", "seq": 1, "action": {"player": 0, "do": "fly"}}),
     NetError.BAD_FIELD),
    (json.dumps({"v": VERSION, "type": "act", "seq": 1, "picked": [True],
                 "action": {"player": 0, "do": "undo"}}), NetError.BAD_FIELD),
    (f'{{"v": {VERSION}, "type": "ping", "t": NaN}}', NetError.MALFORMED),
    (json.dumps({"v": VERSION, "type": "resync"}), NetError.BAD_FIELD),
    (json.dumps({"v": VERSION, "type": "resync", "reason": "please"}), NetError.BAD_FIELD),
    (f'{{"v": {VERSION}, "type": "ping", "t": 1e999}}', NetError.BAD_FIELD),
    ("[" * 100_000 + "]" * 100_000, NetError.TOO_BIG),
    (f'{{"v": {VERSION}, "type": "info", "x": ' + "[" * 20_000 + "]" * 20_000 + "}",
     NetError.MALFORMED),
    (json.dumps({"v": VERSION, "type": "info", "pad": "é" * (MAX_BYTES // 2)}),
     NetError.TOO_BIG),
])
def test_a_message_that_cannot_be_read_gets_its_error(text: str | bytes, code: NetError) -> None:
    refusal = parse_request(text)
    assert isinstance(refusal, Refusal) and refusal.code is code


def test_a_refused_act_names_its_number_and_a_version_names_the_other_side() -> None:
    refusal = parse_request(json.dumps({"v": VERSION, "type": "act", "seq": 12,
                                        "action": {"player": 0, "do": "discard"}}))
    assert refusal == Refusal(NetError.BAD_FIELD, 12)
    assert parse_request(json.dumps({"v": 7, "type": "info"})) == Refusal(
        NetError.VERSION_OLDER, None, 7)


def test_codes_are_read_as_typed() -> None:
    assert normalize_code(" abc-234 ") == "ABC234"


@settings(max_examples=60, deadline=None)
@given(st.one_of(st.binary(max_size=300), st.text(max_size=300),
                 st.recursive(st.none() | st.booleans() | st.integers() | st.floats()
                              | st.text(max_size=10),
                              lambda inner: st.lists(inner, max_size=4)
                              | st.dictionaries(st.sampled_from(
                                  ["v", "type", "seq", "action", "code", "name", "seat",
                                   "token", "picked", "order", "t", "player", "do", "cards"]),
                                  inner, max_size=6), max_leaves=20).map(json.dumps)))
def test_nothing_a_joiner_sends_makes_the_reader_raise(text: str | bytes) -> None:
    parse_request(text)
