"""What a joiner is told of the game: its seat's view, read back from the host's messages.

A :class:`~rami_desktop.play.view.seat_view.SeatView` is everything a seat may know at one moment
(:func:`rami_desktop.play.view.seat_view.view_of` builds it); the host sends it as
:func:`seat_view_to_dict` writes it and :func:`seat_view_from_dict` reads it back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rami_desktop.i18n.gender import GENDERS, UNSAID
from rami_desktop.play.game.hand_order import HandOrder
from rami_desktop.play.view.seat_view import MatchInfo, RoundReveal, SeatView

from .codec import (
    JSON,
    card_of,
    codes,
    field_bool,
    field_int,
    field_ints,
    field_list,
    field_obj,
    field_opt,
    field_str,
    observation_from_dict,
    observation_to_dict,
    result_from_dict,
    result_to_dict,
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
    """

    name: str | None
    kind: str
    taken: bool = False
    present: bool = False
    stand_in: bool = False
    gender: str = UNSAID

    def to_dict(self) -> JSON:
        """As JSON."""
        return {"name": self.name, "kind": self.kind, "taken": self.taken,
                "present": self.present, "stand_in": self.stand_in, "gender": self.gender}


def seat_info_from_dict(data: Any) -> SeatInfo:
    """A seat from :meth:`SeatInfo.to_dict` data."""
    if not isinstance(data, dict):
        raise ValueError("a seat must be an object")
    kind = data.get("kind")
    if kind not in ("human", "bot", "net"):
        raise ValueError("'kind' must be human, bot or net")
    gender = field_str(data, "gender", 3) if "gender" in data else UNSAID
    if gender not in GENDERS:
        raise ValueError("'gender' must be she, he or empty")
    return SeatInfo(field_opt(data, "name", field_str), kind, field_bool(data, "taken"),
                    field_bool(data, "present"), field_bool(data, "stand_in"), gender)


def seats_from_list(values: Any) -> tuple[SeatInfo, ...]:
    """The table's seats (2 to 6)."""
    if not isinstance(values, list) or not 2 <= len(values) <= 6:
        raise ValueError("'seats' must list 2 to 6 seats")
    return tuple(seat_info_from_dict(v) for v in values)


def match_info_from_dict(data: Any) -> MatchInfo:
    """The match's record from its JSON."""
    if not isinstance(data, dict):
        raise ValueError("'match' must be an object")
    return MatchInfo(
        serial=field_int(data, "serial", 0, 1 << 30),
        round_number=field_int(data, "round_number", 1, 100_000),
        seats=field_ints(data, "seats", 6), dealer_seat=field_int(data, "dealer_seat", 0, 5),
        scores=field_ints(data, "scores", 6), start_scores=field_ints(data, "start_scores", 6),
        eliminated=field_ints(data, "eliminated", 6),
        results=tuple(result_from_dict(v) for v in field_list(data, "results", 100_000)),
        over=field_bool(data, "over"), winners=field_ints(data, "winners", 6))


def reveal_from_dict(data: Any) -> RoundReveal:
    """A round's end from its JSON."""
    if not isinstance(data, dict):
        raise ValueError("'reveal' must be an object")
    hands = field_list(data, "hands", 6)
    if not all(isinstance(h, list) for h in hands):
        raise ValueError("'hands' must be lists of cards")
    reason = data.get("reason")
    if reason not in ("out", "stock_exhausted"):
        raise ValueError("'reason' must be out or stock_exhausted")
    record = data.get("record")
    if record is not None and not isinstance(record, dict):
        raise ValueError("'record' must be an object")
    return RoundReveal(tuple(tuple(card_of(c) for c in h) for h in hands),
                       field_opt(data, "winner", field_int), field_ints(data, "penalties", 6),
                       reason, field_bool(data, "rami_sec"), record)


def seat_view_to_dict(view: SeatView, order: HandOrder | None = None) -> JSON:
    """The JSON of a seat's view (read back by :func:`seat_view_from_dict`)."""
    m, end = view.match, view.reveal
    reveal = None if end is None else {
        "hands": [codes(h) for h in end.hands], "winner": end.winner,
        "penalties": list(end.penalties), "reason": end.reason, "rami_sec": end.rami_sec,
        "record": end.record}
    return {
        "observation": observation_to_dict(view.observation),
        "match": {"serial": m.serial, "round_number": m.round_number, "seats": list(m.seats),
                  "dealer_seat": m.dealer_seat, "scores": list(m.scores),
                  "start_scores": list(m.start_scores), "eliminated": list(m.eliminated),
                  "results": [result_to_dict(x) for x in m.results], "over": m.over,
                  "winners": list(m.winners)},
        "reveal": reveal,
        "order": order.to_dict() if order is not None else None,
    }


def seat_view_from_dict(data: Any) -> SeatView:
    """A seat's view from the JSON :func:`rami_desktop.net.host.redact.seat_view` wrote.

    Raises:
        ValueError: the data is not such a view (names the field).
    """
    if not isinstance(data, dict):
        raise ValueError("'view' must be an object")
    obs = observation_from_dict(data.get("observation"))
    match = match_info_from_dict(data.get("match"))
    reveal = None if data.get("reveal") is None else reveal_from_dict(data["reveal"])
    if reveal is not None and len(reveal.hands) != obs.n:
        raise ValueError("'reveal' must give each player's hand")
    if len(match.seats) != obs.n:
        raise ValueError("'seats' must name the seat of each player")
    order = None if data.get("order") is None else field_obj(data, "order")
    return SeatView(obs, match, reveal, order)


__all__ = ["SeatInfo", "match_info_from_dict", "seat_info_from_dict", "seat_view_from_dict",
           "seat_view_to_dict", "seats_from_list"]
