"""The messages between a host and its joiners: versioned JSON objects (docs/dev/protocol.md).

Every message is one JSON object ``{"v": VERSION, "type": ..., ...}`` in one WebSocket text
frame. :func:`parse_request` checks a joiner's message on the host (size, JSON, version, type,
every field) and returns a request or the :class:`~rami_desktop.net.wire.errors.NetError` to answer
with; it never raises. :func:`parse_reply` does the same for the host's messages on a joiner.
"""

from __future__ import annotations

import dataclasses
from dataclasses import KW_ONLY, dataclass
from typing import Any

import msgspec
from msgspec import UNSET

from rami_desktop.engine.actions import Action, action_from_dict, action_to_dict
from rami_desktop.i18n.gender import UNSAID

from .codec import JSON
from .codes import CODE_ALPHABET, CODE_LENGTH
from .errors import NetError
from .schema import (
    ADMIN_LIMIT,
    NAME_LIMIT,
    REQUEST_TYPES,
    SEQ_LIMIT,
    ActWire,
    CreateWire,
    InfoWire,
    JoinWire,
    LeaveWire,
    OrderWire,
    PingWire,
    ReadyWire,
    RequestWire,
    ResyncWire,
    builtins,
    read,
)

#: the protocol's version (2: the observation says which cards taken from the talaj are still
#: held, `held`; 3: a round's end carries the seat's own review, `review`; 4: an update carries
#: what changed in the view, `delta`, and a joiner may ask for the whole view, `resync`; 5: a
#: rule option, `reshuffle_once`; 6: each seat carries its face, `face`). From 4 on a version
#: may only add rule options, each declaring the version that knows it (``Option.since``), or
#: an optional field the host leaves out for an older joiner
#: (:data:`~rami_desktop.net.wire.schema.FIELD_SINCE`): such a change moves only VERSION.
VERSION = 6
#: the oldest version both sides still speak: the versions from it to :data:`VERSION` differ
#: only by the rule options they know and the optional fields the host leaves out for older
#: joiners, so a host serves a joiner of such a version a table whose rules it knows (an option
#: changed from its default needs ``since`` <= the joiner's version;
#: :func:`~rami_desktop.engine.rules.options_unknown_to`), its messages written for the
#: joiner's version (without the fields it does not know) and stamped with it
#: (:func:`restamp`); any other version is refused, saying which side is newer. A change older
#: joiners cannot read (a field they need, a field changed or removed) moves OLDEST too: it
#: becomes the new :data:`VERSION` and :data:`OLDEST`.
OLDEST = 4
#: the largest message either side reads (bytes of UTF-8 text)
MAX_BYTES = 64 * 1024
#: a message this large closes the connection at once (the WebSocket frame limit)
HARD_LIMIT = 1024 * 1024
#: what a table does while a joiner is away: wait for them, or let a bot play the seat
POLICY_NAMES: tuple[str, ...] = ("wait", "bot")
#: why a joiner asks for the whole view: a delta against a view it does not hold, or one it
#: could not read
RESYNC_REASONS: tuple[str, ...] = ("missed", "bad_field")


@dataclass(frozen=True)
class _Asked:
    """What every request carries: the protocol version it came in (each request its own;
    keyword only, after the request's own fields)."""

    _: KW_ONLY
    version: int = VERSION


@dataclass(frozen=True)
class Info(_Asked):
    """Ask what the table is (rules, seats, which are free); no code needed."""


@dataclass(frozen=True)
class Ready(_Asked):
    """The round's summary was read: the next round may be dealt."""


@dataclass(frozen=True)
class Leave(_Asked):
    """The player leaves the table (the seat keeps its token for a return)."""


@dataclass(frozen=True)
class Join(_Asked):
    """Take a seat (``seat`` None: any free one) with the table's code, or come back to one
    with its ``token``; ``gender``: how the player is spoken to (``she``, ``he``, or ``""``:
    unsaid, also when a joiner sends none); ``face``: the portrait the player chose (one of
    ``play.game.people.FACES``; None: the seat's default, also when a joiner sends none; an
    id the host does not know is the default too). A host before ``face`` reads the join
    without it (a request's unknown fields are passed over): no version moves for it."""

    code: str
    name: str
    seat: int | None = None
    token: str | None = None
    gender: str = UNSAID
    face: str | None = None


@dataclass(frozen=True)
class Act(_Asked):
    """Play an action for the seat held (``picked``: the hand positions its cards came from)."""

    seq: int
    action: Action
    picked: tuple[int, ...] = ()


@dataclass(frozen=True)
class Order(_Asked):
    """The seat's hand in its screen order (kept by the host with the match)."""

    order: JSON


@dataclass(frozen=True)
class Ping(_Asked):
    """Ask for a ``pong`` with the same ``t`` (round trips)."""

    t: float


@dataclass(frozen=True)
class Resync(_Asked):
    """Send the whole view: a delta could not be followed (``reason``: :data:`RESYNC_REASONS`)."""

    reason: str


@dataclass(frozen=True)
class Create(_Asked):
    """Ask the host for a new table (a host that allows it: its admin token); answered with
    ``created`` and the table's code."""

    admin: str
    preset: str
    seats: str
    rounds: int | None = None
    name: str = ""


Request = Info | Join | Act | Order | Ready | Ping | Resync | Leave | Create


@dataclass(frozen=True)
class Refusal:
    """A message that cannot be read: the error to answer with."""

    code: NetError
    seq: int | None = None
    version: int | None = None  # the other side's version, for a version's refusal


#: how every ``welcome`` begins (:func:`envelope` writes ``v`` then ``type`` first): the
#: server sees that a seat's welcome went out
WELCOME_PREFIX = f'{{"v":{VERSION},"type":"welcome",'


def normalize_code(code: str) -> str:
    """A table code as typed (spaces, dashes, lower case) in its canonical form."""
    return "".join(ch for ch in code.upper() if ch.isalnum())


_ENCODER = msgspec.json.Encoder()
#: reads a message's text into JSON values (a number too large for a float is infinite, as the
#: standard library reads it: refused where a field is read, not as the message's syntax)
_DECODER = msgspec.json.Decoder(float_hook=float)


def envelope(kind: str, **fields: Any) -> str:
    """One message as text (its fields JSON values or :mod:`.schema` structs)."""
    return _ENCODER.encode({"v": VERSION, "type": kind, **fields}).decode()


def version_refusal(version: Any) -> NetError | None:
    """The refusal of a message of a version not spoken here (None: one from :data:`OLDEST`
    to :data:`VERSION`)."""
    if isinstance(version, bool) or not isinstance(version, int):
        return NetError.MALFORMED
    if OLDEST <= version <= VERSION:
        return None
    return NetError.VERSION_NEWER if version < VERSION else NetError.VERSION_OLDER


#: how every message :func:`envelope` writes begins
_STAMP = f'{{"v":{VERSION},'


def restamp(text: str, version: int) -> str:
    """A message written for a joiner of ``version`` (from :data:`OLDEST`) as it reads it: its
    ``v`` that version. Nothing else differs: the host left out the fields that version does
    not know (a seat's face before 6: ``SeatInfo.to_dict``), and a table whose rules use an
    option it does not know never reaches it (the host refuses it first)."""
    if version == VERSION or not text.startswith(_STAMP):
        return text
    return f'{{"v":{version},{text[len(_STAMP):]}'


def read_object(text: str | bytes) -> JSON | Refusal:
    """The JSON object of a message whose size and version are right, else the refusal."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            return Refusal(NetError.TOO_BIG)
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            return Refusal(NetError.MALFORMED)
    if len(text) > MAX_BYTES or len(text.encode("utf-8", "replace")) > MAX_BYTES:
        return Refusal(NetError.TOO_BIG)
    try:
        data = _DECODER.decode(text)
    except (msgspec.MsgspecError, ValueError, RecursionError):
        return Refusal(NetError.MALFORMED)
    if not isinstance(data, dict):
        return Refusal(NetError.MALFORMED)
    refused = version_refusal(data.get("v"))
    if refused is not None:
        return Refusal(refused, None, data["v"] if refused is not NetError.MALFORMED else None)
    if not isinstance(data.get("type"), str):
        return Refusal(NetError.MALFORMED)
    return data


def parse_request(text: str | bytes) -> Request | Refusal:
    """A joiner's message checked on the host: a request, or the refusal to answer with."""
    data = read_object(text)
    if isinstance(data, Refusal):
        return data
    seq = data.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int) or not 0 <= seq <= SEQ_LIMIT:
        seq = None  # only a seq an act may carry is echoed: never an unbounded one
    if data["type"] not in REQUEST_TYPES:
        return Refusal(NetError.UNKNOWN_TYPE, seq)
    try:
        return dataclasses.replace(_request(read(data, RequestWire)), version=data["v"])
    except ValueError:
        return Refusal(NetError.BAD_FIELD, seq)


def _request(wire: RequestWire) -> Request:
    if isinstance(wire, JoinWire):
        return Join(normalize_code(wire.code), wire.name.strip(), wire.seat, wire.token,
                    wire.gender, None if wire.face is UNSET else wire.face)
    if isinstance(wire, ActWire):
        return Act(wire.seq, action_from_dict(wire.action), tuple(wire.picked))
    if isinstance(wire, OrderWire):
        return Order(wire.order)
    if isinstance(wire, PingWire):
        return Ping(wire.t)
    if isinstance(wire, ResyncWire):
        return Resync(wire.reason)
    if isinstance(wire, CreateWire):
        return Create(wire.admin, wire.preset, wire.seats, wire.rounds, wire.name)
    if isinstance(wire, InfoWire):
        return Info()
    return Ready() if isinstance(wire, ReadyWire) else Leave()


def _wire(request: Request) -> RequestWire:
    if isinstance(request, Join):
        return JoinWire(code=request.code, name=request.name, seat=request.seat,
                        token=request.token, gender=request.gender,  # type: ignore[arg-type]
                        face=UNSET if request.face is None else request.face)
    if isinstance(request, Act):
        return ActWire(seq=request.seq, action=action_to_dict(request.action),
                       picked=list(request.picked))
    if isinstance(request, Order):
        return OrderWire(order=request.order)
    if isinstance(request, Ping):
        return PingWire(t=request.t)
    if isinstance(request, Resync):
        return ResyncWire(reason=request.reason)  # type: ignore[arg-type]
    if isinstance(request, Create):
        return CreateWire(admin=request.admin, preset=request.preset, seats=request.seats,
                          rounds=request.rounds, name=request.name)
    if isinstance(request, Info):
        return InfoWire()
    return ReadyWire() if isinstance(request, Ready) else LeaveWire()


def request_text(request: Request) -> str:
    """A joiner's request as a message."""
    fields = builtins(_wire(request))
    return envelope(fields.pop("type"), **fields)


def parse_reply(text: str | bytes) -> JSON | Refusal:
    """A host's message checked on a joiner: its object (type and version right), or why it
    cannot be read. The fields of each type are read by :mod:`rami_desktop.net.join.remote`."""
    return read_object(text)


__all__ = ["ADMIN_LIMIT", "CODE_ALPHABET", "CODE_LENGTH", "HARD_LIMIT", "MAX_BYTES",
           "NAME_LIMIT", "OLDEST", "POLICY_NAMES", "RESYNC_REASONS", "SEQ_LIMIT", "VERSION",
           "WELCOME_PREFIX", "Act", "Create", "Info", "Join", "Leave", "Order", "Ping", "Ready",
           "Refusal", "Request", "Resync", "envelope", "normalize_code", "parse_reply",
           "parse_request", "request_text", "restamp", "version_refusal"]
