"""The wire's schema, declared once: every field of what the host and a joiner send each other,
its type and its bounds, as :mod:`msgspec` structs read strictly (a ``true`` is no number, a
number no text, a missing field no default unless one is declared here).

:mod:`.codec`, :mod:`.view` and :mod:`.protocol` turn these into the game's own objects and back;
what a struct cannot say (a seat below the number of players, a card's code) they check then.
Every message is read in two steps: its text into JSON values (:func:`.protocol.read_object`:
size, syntax, version, type), then those values into a struct (:func:`read`), so a delta can be
applied to the JSON of the view before the view is read.
"""

from __future__ import annotations

import sys
import typing
from typing import Annotated, Any, Literal

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from rami_desktop.play.view.story import STORY_MOVES

#: the most [player, card] pairs a round's history may hold (its discards, the talaj cards
#: taken): one discard a turn, and a round whose stock is reshuffled has no end of its own (a
#: long one passes 500 turns); a message is bounded by ``protocol.HARD_LIMIT`` anyway
HISTORY_LIMIT = 20_000
#: the largest view number (a connection's views counted)
NUMBER_LIMIT = 1 << 40

Whole = Annotated[int, Meta(ge=-(1 << 31), le=1 << 31)]
Seat = Annotated[int, Meta(ge=0, le=5)]
MeldNumber = Annotated[int, Meta(ge=0, le=10_000)]
Turns = Annotated[int, Meta(ge=0, le=1_000_000)]
Stock = Annotated[int, Meta(ge=0, le=200)]
Text = Annotated[str, Meta(max_length=200)]
CardCode = str  # read by the engine's parse_card
Cards = Annotated[list[CardCode], Meta(max_length=200)]
Numbers = Annotated[list[int], Meta(max_length=500)]
PerPlayer = Annotated[list[int], Meta(max_length=6)]
Pairs = Annotated[list[tuple[int, CardCode]], Meta(max_length=HISTORY_LIMIT)]
Reason = Literal["out", "stock_exhausted"]
Gender = Literal["", "she", "he"]


def read(data: Any, kind: Any) -> Any:
    """``data`` (JSON values) as ``kind`` (a struct, a union of tagged structs, a list of
    them), strictly.

    Raises:
        ValueError: it is not one (the message names the field).
    """
    try:
        return msgspec.convert(data, kind, strict=True)
    except msgspec.ValidationError as exc:
        raise ValueError(str(exc)) from exc


def builtins(value: Any) -> Any:
    """A struct (or what holds structs) as JSON values."""
    return msgspec.to_builtins(value)


class Wire(Struct, kw_only=True):
    """A part of a message (its fields written in their order; each named when made)."""


# ---- combinations and the turn -----------------------------------------------------------------


class MeldWire(Wire, kw_only=True):
    kind: Literal["tria", "serie"]
    cards: Cards
    suit: Annotated[str, Meta(max_length=1)]
    start: Annotated[int, Meta(ge=0, le=14)]
    rank: Annotated[int, Meta(ge=0, le=13)]


class LayWire(Wire, kw_only=True, tag_field="op", tag="lay"):
    meld: MeldNumber
    cards: Cards


class AddWire(Wire, kw_only=True, tag_field="op", tag="add"):
    meld: MeldNumber
    cards: Cards
    at: Literal["low", "high"] | None = None


class SwapWire(Wire, kw_only=True, tag_field="op", tag="swap"):
    meld: MeldNumber
    card: CardCode


class TurnWire(Wire, kw_only=True):
    player: Seat
    drawn: bool
    no_draw: bool
    pickup: CardCode | None = None
    jokers_at_start: Annotated[int, Meta(ge=0, le=8)]
    ops: Annotated[list[LayWire | AddWire | SwapWire], Meta(max_length=500)]
    staged: Numbers
    created: Numbers
    start_hand: Cards
    start_table: Annotated[list[MeldWire | None], Meta(max_length=500)]


# ---- the observation ---------------------------------------------------------------------------


class MeldViewWire(Wire, kw_only=True):
    index: MeldNumber
    owner: Seat
    meld: MeldWire
    staged: bool
    turn: Turns


class ObservationWire(Wire, kw_only=True):
    player: Annotated[int, Meta(ge=-1, le=5)]
    rules: dict[str, Any]
    n: Annotated[int, Meta(ge=2, le=6)]
    dealer: Seat
    current: Seat
    turn: Turns
    hand: Cards
    hand_sizes: PerPlayer
    down: Annotated[list[bool], Meta(max_length=6)]
    melds: Annotated[list[MeldViewWire], Meta(max_length=500)]
    talaj: Cards
    first_card: CardCode | None = None
    first_card_index: Whole | None = None
    stock_size: Stock
    bar: MeldNumber
    going_out_min: Whole | None = None
    has_drawn: bool
    pickup: CardCode | None = None
    staged: Numbers
    discards: Pairs
    taken: Pairs
    held: Pairs
    partners: Annotated[list[int | None], Meta(max_length=6)]
    scores: PerPlayer
    over: bool
    own_turn: TurnWire | None = None
    started: bool
    next_meld: MeldNumber
    may_redeal: bool


# ---- events and the round's story ---------------------------------------------------------------


class DrewWire(Wire, kw_only=True, tag_field="e", tag="drew"):
    player: Seat
    source: Literal["stock", "first", "top"]
    card: CardCode | None = None


class LaidWire(Wire, kw_only=True, tag_field="e", tag="laid"):
    player: Seat
    meld: MeldNumber
    cards: Cards


class AddedWire(Wire, kw_only=True, tag_field="e", tag="added"):
    player: Seat
    meld: MeldNumber
    cards: Cards


class SwappedWire(Wire, kw_only=True, tag_field="e", tag="swapped"):
    player: Seat
    meld: MeldNumber
    card: CardCode


class TookBackWire(Wire, kw_only=True, tag_field="e", tag="took_back", omit_defaults=True):
    """A take-back: its cards, or (told without them) their number."""

    player: Seat
    cards: Cards | UnsetType = UNSET
    count: Annotated[int, Meta(ge=1, le=108)] | UnsetType = UNSET


class DiscardedWire(Wire, kw_only=True, tag_field="e", tag="discarded"):
    player: Seat
    card: CardCode
    opened: Whole | None = None


class TurnStartedWire(Wire, kw_only=True, tag_field="e", tag="turn"):
    player: Seat


class ReshuffledWire(Wire, kw_only=True, tag_field="e", tag="reshuffled"):
    stock: Stock


class RedealtWire(Wire, kw_only=True, tag_field="e", tag="redealt"):
    player: Seat


class RoundEndedWire(Wire, kw_only=True, tag_field="e", tag="round_ended"):
    winner: Whole | None = None
    penalties: PerPlayer
    reason: Reason


EventWire = (DrewWire | LaidWire | AddedWire | SwappedWire | TookBackWire | DiscardedWire
             | TurnStartedWire | ReshuffledWire | RedealtWire | RoundEndedWire)


class ToldWire(Wire, kw_only=True):
    events: Annotated[list[EventWire], Meta(max_length=50)]
    melds: Annotated[list[tuple[MeldNumber, MeldWire]], Meta(max_length=50)]


class HappeningWire(Wire, kw_only=True):
    kind: Literal["move", "redeal", "deal"]
    seat: Seat | None = None
    by_bot: bool
    events: Annotated[list[EventWire], Meta(max_length=1000)]


#: the happenings an ``update`` carries
Happenings = Annotated[list[HappeningWire], Meta(max_length=10)]


# ---- the match and the round's end ------------------------------------------------------------


class ResultWire(Wire, kw_only=True):
    seats: PerPlayer
    dealer: Seat
    winner: Whole | None = None
    penalties: PerPlayer
    reason: Annotated[str, Meta(max_length=20)]
    rami_sec: bool
    turns: Turns
    openings: Annotated[list[int | None], Meta(max_length=6)]


class MatchWire(Wire, kw_only=True):
    serial: Annotated[int, Meta(ge=0, le=1 << 30)]
    round_number: Annotated[int, Meta(ge=1, le=100_000)]
    seats: PerPlayer
    dealer_seat: Seat
    scores: PerPlayer
    start_scores: PerPlayer
    eliminated: PerPlayer
    results: Annotated[list[ResultWire], Meta(max_length=100_000)]
    over: bool
    winners: PerPlayer


class RevealWire(Wire, kw_only=True):
    hands: Annotated[list[list[CardCode]], Meta(max_length=6)]
    winner: Whole | None = None
    penalties: PerPlayer
    reason: Reason
    rami_sec: bool
    record: dict[str, Any] | None = None


class SeatViewWire(Wire, kw_only=True):
    observation: ObservationWire
    match: MatchWire
    reveal: RevealWire | None = None
    order: dict[str, Any] | None = None


# ---- the table -------------------------------------------------------------------------------


#: a seat's portrait (one of ``play.game.people.FACES``; an id this side does not know is
#: the seat's default face, as in a save: a newer host may draw portraits this joiner lacks)
FaceId = Annotated[str, Meta(max_length=40)]
#: a bot seat's level (one of ``bots.ALL_LEVELS``; one this side does not know is shown as
#: the default level, as before version 6)
LevelName = Annotated[str, Meta(max_length=20)]
#: the protocol version whose seats carry their face, and a bot's its level
FACE_SINCE = LEVEL_SINCE = 6
#: the protocol version that added each optional field a host leaves out for an older joiner
#: (``struct.field``): those joiners get the messages they got before, byte for byte
FIELD_SINCE: dict[str, int] = {"SeatWire.face": FACE_SINCE, "SeatWire.level": LEVEL_SINCE}


class SeatWire(Wire, kw_only=True):
    """A seat as everyone at the table sees it (``face``, and a bot's ``level``, from version
    6 on)."""

    name: Text | None = None
    kind: Literal["human", "bot", "net"]
    taken: bool
    present: bool
    stand_in: bool
    gender: Gender = ""
    face: FaceId | UnsetType = UNSET
    level: LevelName | UnsetType = UNSET


class TableWire(Wire, kw_only=True):
    """What a ``table``, ``seats`` or ``welcome`` message says of the table."""

    host: Annotated[str, Meta(max_length=64)]
    seats: Annotated[list[SeatWire], Meta(min_length=2, max_length=6)]
    started: bool
    policy: Literal["wait", "bot"]
    paused: Annotated[str, Meta(max_length=40)] | None = None


class WelcomeWire(TableWire, kw_only=True):
    """A ``welcome``: the seat given, the table, the seat's view (read by :mod:`.view` once a
    delta could be applied to it), the round's last moves and the seat's review."""

    seat: Seat
    token: Annotated[str, Meta(max_length=64)]
    code: Annotated[str, Meta(max_length=40)]
    serial: Annotated[int, Meta(ge=0, le=1 << 30)]
    view: dict[str, Any]
    story: Annotated[list[ToldWire], Meta(max_length=STORY_MOVES)]
    review: Any = None
    number: Annotated[int, Meta(ge=1, le=NUMBER_LIMIT)]


class DeltaWire(Wire, kw_only=True, forbid_unknown_fields=True):
    """What changed in a view since the one numbered ``base`` (:mod:`.delta`)."""

    base: Annotated[int, Meta(ge=0, le=NUMBER_LIMIT)]
    set: dict[str, Any]
    add: dict[str, Any]


class ViewNumber(Wire, kw_only=True):
    """The number of the view a ``welcome`` or an ``update`` tells."""

    number: Annotated[int, Meta(ge=1, le=NUMBER_LIMIT)]


class CreatedWire(Wire, kw_only=True):
    """A ``created``: the new table's code."""

    code: Annotated[str, Meta(max_length=40)]


# ---- a joiner's requests -------------------------------------------------------------------------

#: the longest player name
NAME_LIMIT = 16
#: the largest ``seq`` an ``act`` may carry (and the only ones echoed back)
SEQ_LIMIT = 1 << 40
#: the longest admin token and seat list of a ``create``
ADMIN_LIMIT = 128

Name = Annotated[str, Meta(max_length=NAME_LIMIT)]


class InfoWire(Wire, kw_only=True, tag_field="type", tag="info"):
    pass


class JoinWire(Wire, kw_only=True, tag_field="type", tag="join"):
    code: Annotated[str, Meta(max_length=40)]
    name: Name
    seat: Seat | None = None
    token: Annotated[str, Meta(max_length=64)] | None = None
    gender: Gender = ""
    #: the face the player chose (left out when none was: the seat's default); a host
    #: before it passes over it, as every request's unknown field (no struct here forbids
    #: them), and seats the player with the default face
    face: FaceId | UnsetType = UNSET


class ActWire(Wire, kw_only=True, tag_field="type", tag="act"):
    seq: Annotated[int, Meta(ge=0, le=SEQ_LIMIT)]
    action: dict[str, Any]  # read by the engine's action_from_dict
    picked: Annotated[list[Annotated[int, Meta(ge=0, le=39)]], Meta(max_length=30)] = []


class OrderWire(Wire, kw_only=True, tag_field="type", tag="order"):
    order: dict[str, Any]  # read by HandOrder.from_dict


class ReadyWire(Wire, kw_only=True, tag_field="type", tag="ready"):
    pass


class PingWire(Wire, kw_only=True, tag_field="type", tag="ping"):
    t: Annotated[float, Meta(ge=-sys.float_info.max, le=sys.float_info.max)]


class ResyncWire(Wire, kw_only=True, tag_field="type", tag="resync"):
    reason: Literal["missed", "bad_field"]


class LeaveWire(Wire, kw_only=True, tag_field="type", tag="leave"):
    pass


class CreateWire(Wire, kw_only=True, tag_field="type", tag="create"):
    admin: Annotated[str, Meta(max_length=ADMIN_LIMIT)]
    preset: Annotated[str, Meta(max_length=20)]
    seats: Annotated[str, Meta(max_length=ADMIN_LIMIT)]
    rounds: Annotated[int, Meta(ge=1, le=100_000)] | None = None
    name: Name = ""


RequestWire = (InfoWire | JoinWire | ActWire | OrderWire | ReadyWire | PingWire | ResyncWire
               | LeaveWire | CreateWire)
#: the type of each request a joiner may send
REQUEST_TYPES = frozenset(k.__struct_config__.tag for k in typing.get_args(RequestWire))


__all__ = [
    "ADMIN_LIMIT",
    "FACE_SINCE",
    "FIELD_SINCE",
    "HISTORY_LIMIT",
    "LEVEL_SINCE",
    "NAME_LIMIT",
    "NUMBER_LIMIT",
    "REQUEST_TYPES",
    "SEQ_LIMIT",
    "ActWire",
    "AddWire",
    "AddedWire",
    "CreateWire",
    "CreatedWire",
    "DeltaWire",
    "DiscardedWire",
    "DrewWire",
    "EventWire",
    "FaceId",
    "HappeningWire",
    "Happenings",
    "InfoWire",
    "JoinWire",
    "LaidWire",
    "LayWire",
    "LeaveWire",
    "LevelName",
    "MatchWire",
    "MeldViewWire",
    "MeldWire",
    "ObservationWire",
    "OrderWire",
    "PingWire",
    "ReadyWire",
    "RedealtWire",
    "RequestWire",
    "ReshuffledWire",
    "ResultWire",
    "ResyncWire",
    "RevealWire",
    "RoundEndedWire",
    "SeatViewWire",
    "SeatWire",
    "SwapWire",
    "SwappedWire",
    "TableWire",
    "ToldWire",
    "TookBackWire",
    "TurnStartedWire",
    "TurnWire",
    "ViewNumber",
    "WelcomeWire",
    "Wire",
    "builtins",
    "read",
]
