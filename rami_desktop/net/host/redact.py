"""What leaves the host for one seat: the only place the host's game becomes a joiner's view.

Every game message the host sends a seat is built here, from the seat's observation and the
public events: never another hand (until a round's end shows them all, as its summary does),
never the stock, its order or the seed (a round over is told with its shared record: the deal as
dealt, the cards drawn from the stock in order and the actions, for the joiner's replay). The
view and the events are redacted as a shared screen's are (:mod:`rami_desktop.play.view.seat_view`);
:func:`seat_view` is the seat's view as JSON; :func:`update_text` and :func:`welcome_view` are
the messages (an update tells what changed since the connection's last view, :mod:`.delta`; a
round's end carries the seat's own review, :func:`review_for`); :func:`story_for` the round's
last moves told again to a seat taken again.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from rami_desktop.engine.match import Match
from rami_desktop.play.game.hand_order import HandOrder
from rami_desktop.play.keep.round_record import shared_record
from rami_desktop.play.review.round_review import review_of
from rami_desktop.play.view.findings import Finding
from rami_desktop.play.view.happening import Happening
from rami_desktop.play.view.seat_view import OWN_FIELDS, own_fields, redact_events, view_of
from rami_desktop.play.view.story import STORY_MOVES, Told, ToldEvent, round_story

from ..wire.codec import JSON, event_to_dict, told_to_dict
from ..wire.delta import Memo, Sent, SharedChange, view_fields
from ..wire.protocol import MAX_BYTES, envelope
from ..wire.review_findings import findings_to_json
from ..wire.view import own_fields_to_dict, seat_view_to_dict, seat_view_with


def seat_view(match: Match, seat: int, serial: int, order: HandOrder | None = None) -> JSON:
    """The JSON of a seat's view of the game now (read back by
    :func:`rami_desktop.net.wire.view.seat_view_from_dict`); once the round is over, with its
    shared record (the deal and the actions, never the seed) for the joiner's replay."""
    view = view_of(match, seat, serial)
    data = seat_view_to_dict(view, order)
    record = shared_record(match.round) if view.reveal is not None else None
    if record is not None and _size(data) + _size(record) <= MAX_BYTES - MESSAGE_ROOM:
        data["reveal"]["record"] = record  # a message never outgrows what a joiner reads
    return data


#: what an update needs beside its view (the envelope, the happenings), in bytes
MESSAGE_ROOM = 8 * 1024


def _size(value: JSON) -> int:
    return len(json.dumps(value, separators=(",", ":")))


def happening_for(match: Match, seat: int, happening: Happening) -> JSON:
    """A happening as a seat may be told it (the events redacted for its player)."""
    return _happening_json(happening, redact_events(happening.events, match.player_of(seat)))


def _happening_json(happening: Happening, told: tuple[ToldEvent, ...]) -> JSON:
    return {"kind": happening.kind, "seat": happening.seat, "by_bot": happening.by_bot,
            "events": [event_to_dict(e) for e in told]}


def update_text(match: Match, seat: int, serial: int, happening: Happening | None,
                ack: int | None = None, review: tuple[Finding, ...] | None = None,
                last: Sent | None = None, whole: bool = False) -> tuple[str, Sent]:
    """The ``update`` message for a seat after a happening (``ack``: the seat's own action
    that caused it), with the seat's view after it (its delta against ``last``, the view the
    connection was sent last, unless there is none or ``whole``: :mod:`.delta`) and, once the
    round is over, the seat's review (:func:`review_for`); and what the connection is sent."""
    told = [] if happening is None else [happening_for(match, seat, happening)]
    extra = {} if review is None else {"review": findings_to_json(review)}
    fields, sent = view_fields(seat_view(match, seat, serial), last, whole)
    return envelope("update", ack=ack, happenings=told, **fields, **extra), sent


#: one seat's update to write: its seat, its ack, its review and what its connection was sent
#: last (:func:`update_text`'s arguments)
Ask = tuple[int, int | None, tuple[Finding, ...] | None, Sent | None]


class Fanout:
    """Every seat's ``update`` after one happening, the part of their views that is the same
    for all written once (a table's, kept from one happening to the next)."""

    def __init__(self) -> None:
        #: the spectator's view sent last (the shared part of every seat's view)
        self.shared: JSON | None = None
        #: the seats' views written over :attr:`shared` by the last call, by their id (each
        #: held here: an id is never another view's while it is)
        self._over: dict[int, JSON] = {}

    def update_texts(self, match: Match, serial: int, happening: Happening | None,
                     asks: Sequence[Ask]) -> list[tuple[str, Sent]]:
        """What :func:`update_text` writes for each seat asked (the same text), in order.

        While the round is on, the view with no seat's own fields (the spectator's) is written
        once, its values that did not change the very objects sent before; a seat's view is it
        with the seat's own fields (:func:`~rami_desktop.net.wire.view.seat_view_with`). What
        changed in it since the view before is worked out once (:class:`SharedChange`): the
        delta of a seat whose last view was written over that one is it with the seat's own
        fields compared; another seat's delta compares the shared values once for all such
        seats. The events are written once for each way they are redacted. A round over (its
        end and record), a seat out of the match, are written whole for each seat, as they
        were.
        """
        before, over = self.shared, self._over
        shared = self.shared = self._shared_view(match, serial)
        self._over = {}
        change = None if shared is None or before is None else \
            SharedChange(before, shared, OWN_NAMES)
        if change is not None and not change.usable:
            change = None
        memo: Memo = {}
        told: list[tuple[tuple[ToldEvent, ...], JSON]] = []
        out: list[tuple[str, Sent]] = []
        for seat, ack, review, last in asks:
            if shared is None or match.player_of(seat) is None:
                out.append(update_text(match, seat, serial, happening, ack, review, last))
                continue
            events = [] if happening is None else [self._told(match, seat, happening, told)]
            extra = {} if review is None else {"review": findings_to_json(review)}
            own = own_fields_to_dict(own_fields(match, seat))
            view = seat_view_with(shared, own)
            if change is not None and last is not None and over.get(id(last.view)) is last.view:
                number = last.number + 1
                fields: JSON = {"number": number, "delta": change.delta(
                    last.view["observation"], own, last.number)}
                sent = Sent(number, view)
            else:
                fields, sent = view_fields(view, last, memo=memo)
            self._over[id(view)] = view
            out.append((envelope("update", ack=ack, happenings=events, **fields, **extra), sent))
        return out

    @staticmethod
    def _told(match: Match, seat: int, happening: Happening,
              told: list[tuple[tuple[ToldEvent, ...], JSON]]) -> JSON:
        """The happening as the seat may be told it (the JSON of events redacted the same way
        written once: ``told`` holds those written, with their redacted events)."""
        events = redact_events(happening.events, match.player_of(seat))
        for seen, data in told:
            if seen == events:
                return data
        data = _happening_json(happening, events)
        told.append((events, data))
        return data

    @staticmethod
    def _shared_view(match: Match, serial: int) -> JSON | None:
        """The spectator's view while the round is on (None once it is over)."""
        view = view_of(match, None, serial)
        return None if view.reveal is not None else seat_view_to_dict(view)


#: the names of an observation's fields that are a seat's own
OWN_NAMES = frozenset(OWN_FIELDS)


def review_for(match: Match, seat: int) -> tuple[Finding, ...] | None:
    """The review of the round just over for one seat (what the host's screen shows its own
    players, worked out for a joiner's): None while the round is on or for a seat out of it."""
    player = match.player_of(seat)
    if not match.round.over or player is None:
        return None
    return review_of(match.round, [player])()


def story_for(match: Match, seat: int) -> list[JSON]:
    """The current round's last moves (at most :data:`STORY_MOVES`) as a seat may be told them,
    for the journal of a seat taken again."""
    player = match.player_of(seat)
    return [told_to_dict(Told(redact_events(t.events, player), t.melds))
            for t in round_story(match)[-STORY_MOVES:]]


def welcome_view(match: Match, seat: int, serial: int, order: HandOrder | None
                 ) -> tuple[JSON, Sent]:
    """The view a seat is welcomed (or welcomed back) with, its hand's order too, as the
    welcome's fields (the whole view, numbered); and what the connection is sent."""
    return view_fields(seat_view(match, seat, serial, order), None)


__all__ = ["Ask", "Fanout", "happening_for", "review_for", "seat_view", "story_for", "update_text",
           "welcome_view"]
