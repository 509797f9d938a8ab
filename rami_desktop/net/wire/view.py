"""What a joiner is told of the game: its seat's view, read back from the host's messages.

A :class:`~rami_desktop.play.view.seat_view.SeatView` is everything a seat may know at one moment
(:func:`rami_desktop.play.view.seat_view.view_of` builds it); the host sends it as
:func:`seat_view_to_dict` writes it and :func:`seat_view_from_dict` reads it back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from msgspec import UNSET

from rami_desktop.bots import ALL_LEVELS
from rami_desktop.i18n.gender import UNSAID
from rami_desktop.play.game.hand_order import HandOrder
from rami_desktop.play.game.people import known_face
from rami_desktop.play.view.seat_view import MatchInfo, RoundReveal, SeatView

from .codec import (
    JSON,
    cards_of,
    codes,
    observation_of,
    observation_wire,
    result_of,
    result_wire,
    turn_wire,
)
from .protocol import VERSION
from .schema import (
    FACE_SINCE,
    LEVEL_SINCE,
    MatchWire,
    RevealWire,
    SeatViewWire,
    SeatWire,
    builtins,
    read,
)


@dataclass(frozen=True)
class SeatInfo:
    """One seat of a table as everyone sees it.

    Attributes:
        name: the player's name (None: the default name of the seat).
        kind: ``human`` (at the host's screen), ``bot`` or ``net``.
        taken: a net seat someone joined (its token is given).
        present: a net seat whose player is connected now.
        stand_in: a bot plays the seat until its player comes back.
        gender: how the player is spoken to (``she``, ``he`` or ``""``: unsaid).
        face: the seat's portrait as the host shows it (None: the seat's default, worked out
            by each screen: a host before protocol version 6 sends none).
        level: a bot seat's level (None: a player's seat, or a host before version 6).
    """

    name: str | None
    kind: str
    taken: bool = False
    present: bool = False
    stand_in: bool = False
    gender: str = UNSAID
    face: str | None = None
    level: str | None = None

    def to_dict(self, version: int = VERSION) -> JSON:
        """As JSON, for a joiner of protocol ``version``: the face and a bot's level from
        version 6 on (an older joiner gets the seat as it always did)."""
        face = self.face if self.face is not None and version >= FACE_SINCE else UNSET
        level = self.level if self.level is not None and version >= LEVEL_SINCE else UNSET
        data: JSON = builtins(SeatWire(name=self.name, kind=self.kind,  # type: ignore[arg-type]
                                       taken=self.taken, present=self.present,
                                       stand_in=self.stand_in,
                                       gender=self.gender,  # type: ignore[arg-type]
                                       face=face, level=level))
        return data


def seat_info_of(wire: SeatWire) -> SeatInfo:
    """A seat as it was sent (a face or a level this side does not know is the default)."""
    face = None if wire.face is UNSET else known_face(wire.face)
    level = wire.level if wire.level in ALL_LEVELS else None
    return SeatInfo(wire.name, wire.kind, wire.taken, wire.present, wire.stand_in, wire.gender,
                    face, level)


def seat_info_from_dict(data: Any) -> SeatInfo:
    """A seat from :meth:`SeatInfo.to_dict` data."""
    return seat_info_of(read(data, SeatWire))


def match_info_of(wire: MatchWire) -> MatchInfo:
    """The match's record as it was sent."""
    return MatchInfo(serial=wire.serial, round_number=wire.round_number,
                     seats=tuple(wire.seats), dealer_seat=wire.dealer_seat,
                     scores=tuple(wire.scores), start_scores=tuple(wire.start_scores),
                     eliminated=tuple(wire.eliminated),
                     results=tuple(result_of(r) for r in wire.results), over=wire.over,
                     winners=tuple(wire.winners))


def reveal_of(wire: RevealWire) -> RoundReveal:
    """A round's end as it was sent."""
    return RoundReveal(tuple(cards_of(h) for h in wire.hands), wire.winner,
                       tuple(wire.penalties), wire.reason, wire.rami_sec, wire.record)


def seat_view_wire(view: SeatView, order: HandOrder | None = None) -> SeatViewWire:
    """A seat's view as it is sent."""
    m, end = view.match, view.reveal
    return SeatViewWire(
        observation=observation_wire(view.observation),
        match=MatchWire(serial=m.serial, round_number=m.round_number, seats=list(m.seats),
                        dealer_seat=m.dealer_seat, scores=list(m.scores),
                        start_scores=list(m.start_scores), eliminated=list(m.eliminated),
                        results=[result_wire(x) for x in m.results], over=m.over,
                        winners=list(m.winners)),
        reveal=None if end is None else RevealWire(
            hands=[codes(h) for h in end.hands], winner=end.winner,
            penalties=list(end.penalties), reason=end.reason,  # type: ignore[arg-type]
            rami_sec=end.rami_sec, record=end.record),
        order=order.to_dict() if order is not None else None)


def seat_view_to_dict(view: SeatView, order: HandOrder | None = None) -> JSON:
    """The JSON of a seat's view (read back by :func:`seat_view_from_dict`)."""
    data: JSON = builtins(seat_view_wire(view, order))
    return data


def own_fields_to_dict(own: Mapping[str, Any]) -> JSON:
    """The JSON of what a seat's observation holds of its own (the values of the fields
    :data:`~rami_desktop.play.view.seat_view.OWN_FIELDS` names,
    :func:`~rami_desktop.play.view.seat_view.own_fields`), as :func:`seat_view_to_dict`
    writes them."""
    pickup, turn = own["pickup"], own["own_turn"]
    return {"player": own["player"], "hand": codes(own["hand"]), "has_drawn": own["has_drawn"],
            "pickup": None if pickup is None else pickup.code,
            "own_turn": None if turn is None else builtins(turn_wire(turn)),
            "may_redeal": own["may_redeal"]}


def seat_view_with(shared: JSON, own: JSON) -> JSON:
    """The JSON of a seat's view written over ``shared``, the spectator's view of the same
    moment (:func:`seat_view_to_dict` of a view with no order, the round on): its observation
    with the seat's ``own`` fields (:func:`own_fields_to_dict`); the same JSON as the seat's
    view written whole, the rest of it the very objects of ``shared``."""
    observation = dict(shared["observation"])
    observation.update(own)
    return {**shared, "observation": observation}


def seat_view_of(wire: SeatViewWire) -> SeatView:
    """A seat's view as it was sent.

    Raises:
        ValueError: its parts do not fit together (names the field).
    """
    obs = observation_of(wire.observation)
    if wire.reveal is not None and len(wire.reveal.hands) != obs.n:
        raise ValueError("'reveal' must give each player's hand")
    if len(wire.match.seats) != obs.n:
        raise ValueError("'seats' must name the seat of each player")
    reveal = None if wire.reveal is None else reveal_of(wire.reveal)
    return SeatView(obs, match_info_of(wire.match), reveal, wire.order)


def seat_view_from_dict(data: Any) -> SeatView:
    """A seat's view from the JSON :func:`rami_desktop.net.host.redact.seat_view` wrote.

    Raises:
        ValueError: the data is not such a view (names the field).
    """
    return seat_view_of(read(data, SeatViewWire))


__all__ = ["SeatInfo", "match_info_of", "own_fields_to_dict", "reveal_of", "seat_info_from_dict",
           "seat_info_of", "seat_view_from_dict", "seat_view_of",
           "seat_view_to_dict", "seat_view_wire", "seat_view_with"]
