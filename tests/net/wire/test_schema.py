"""The wire's schema read strictly: a joiner's message changed anywhere is a request or the
refusal with its code, never an exception; a host's view, event or table changed anywhere is
read or refused with a ValueError (the joiner then asks for the whole view), never another
exception; and what the host writes is read back exactly."""

from __future__ import annotations

import contextlib
import copy
import json
from typing import Any

import pytest
from hypothesis import strategies as st

from rami_desktop.engine.actions import Discard, Draw
from rami_desktop.engine.cards import parse_card
from rami_desktop.engine.rules import PRESETS
from rami_desktop.net.join.joining import table_info_from
from rami_desktop.net.wire.codec import event_from_dict
from rami_desktop.net.wire.errors import NetError
from rami_desktop.net.wire.protocol import (
    Act,
    Create,
    Join,
    Order,
    Ping,
    Refusal,
    Resync,
    parse_request,
    request_text,
)
from rami_desktop.net.wire.view import seat_view_from_dict, seat_view_to_dict
from rami_desktop.play.game.config import GameConfig, Seat
from rami_desktop.play.session.session import Session
from rami_desktop.play.view.seat_view import view_of
from tests.conftest import examples_by_default

REQUESTS = [json.loads(request_text(r)) for r in (
    Join("ABCDEFGHJK", "Sara", 1, "tok", "she"), Create("admin", "talaj", "h,b", 3, "Dar"),
    Ping(2.5), Resync("missed"), Order({"cards": ["AS"], "breaks": []}),
    Act(3, Draw(1, "top"), ()), Act(4, Discard(0, parse_card("10H")), (3, 5)))]
EVENTS = [{"e": "drew", "player": 1, "source": "stock", "card": "AS"},
          {"e": "took_back", "player": 0, "count": 2},
          {"e": "took_back", "player": 0, "cards": ["AS"]},
          {"e": "round_ended", "winner": 1, "penalties": [0, 5], "reason": "out"},
          {"e": "laid", "player": 0, "meld": 3, "cards": ["AS", "2S", "3S"]}]
TABLE = {"host": "Dar", "started": True, "policy": "wait", "paused": None, "seats": [
    {"name": "Amina", "kind": "net", "taken": True, "present": True, "stand_in": False,
     "gender": "she"},
    {"name": None, "kind": "bot", "taken": False, "present": False, "stand_in": False}]}
#: what a field may be changed into
VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                      | st.sampled_from(["", "AS", "ZZ", "she", "x" * 300]) | st.text(max_size=5),
                      lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=6)


def _views() -> list[dict[str, Any]]:
    session = Session(GameConfig(PRESETS["talaj"], (Seat(None, "bot", "easy"),) * 3, seed=4))
    views = []
    for _ in range(30):
        session.step_bot()
        views.append(seat_view_to_dict(view_of(session.match, 0, 1)))
    session.close()
    return views


VIEWS = _views()


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value[:3]):
            out += _paths(item, (*path, index))
    return out


@st.composite
def mutated(draw: st.DrawFn, originals: list[Any]) -> Any:
    """One of ``originals`` with one field changed or dropped."""
    data = copy.deepcopy(draw(st.sampled_from(originals)))
    path = draw(st.sampled_from(_paths(data)))
    holder = data
    for key in path[:-1]:
        holder = holder[key]
    if isinstance(holder, dict) and draw(st.booleans()):
        del holder[path[-1]]
    else:
        holder[path[-1]] = draw(VALUES)
    return json.loads(json.dumps(data))


REFUSED_FOR_A_FIELD = {NetError.BAD_FIELD, NetError.UNKNOWN_TYPE, NetError.MALFORMED,
                       NetError.VERSION_NEWER, NetError.VERSION_OLDER}


@examples_by_default(300, mutated(REQUESTS))
def test_a_changed_request_is_read_or_refused_with_a_code(data: Any) -> None:
    read = parse_request(json.dumps(data))
    if isinstance(read, Refusal):
        assert read.code in REFUSED_FOR_A_FIELD
        assert read.seq is None or read.seq == data.get("seq")
    else:
        assert json.loads(request_text(read))["type"] == data["type"]


def _read_or_value_error(read: Any, data: Any) -> None:
    with contextlib.suppress(ValueError):  # the joiner's refusal: it asks for the whole view
        read(data)


@examples_by_default(300, mutated(VIEWS))
def test_a_changed_view_is_read_or_refused_never_raised(data: Any) -> None:
    _read_or_value_error(seat_view_from_dict, data)


@examples_by_default(200, mutated(EVENTS) | VALUES)
def test_a_changed_event_is_read_or_refused_never_raised(data: Any) -> None:
    _read_or_value_error(event_from_dict, data)


@examples_by_default(200, mutated([TABLE]))
def test_a_changed_table_is_read_or_refused_never_raised(data: Any) -> None:
    _read_or_value_error(table_info_from, data)


def test_what_the_host_writes_is_read_back_exactly_and_a_bool_is_no_number() -> None:
    for data in VIEWS:
        view = seat_view_from_dict(json.loads(json.dumps(data)))
        assert seat_view_to_dict(view) == json.loads(json.dumps(data))
    bad = json.loads(json.dumps(VIEWS[-1]))
    bad["observation"]["turn"] = True
    with pytest.raises(ValueError, match="turn"):
        seat_view_from_dict(bad)
