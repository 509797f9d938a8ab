"""The game's data as JSON for the network: observations, events, combinations, round results.

Each is written and read through its struct in :mod:`.schema` (the one place its fields are
declared): encoding is exact, and decoding is strict: anything that is not what an encoder
writes raises :class:`ValueError` (the message names the field), never another exception.
Actions use the scenario step format of :func:`rami_desktop.engine.actions.action_to_dict`.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from rami_desktop.engine.actions import (
    Added,
    Discarded,
    Drew,
    Laid,
    Redealt,
    Reshuffled,
    RoundEnded,
    Swapped,
    TookBack,
    TurnStarted,
)
from rami_desktop.engine.cards import Card, CardCodeError, parse_card
from rami_desktop.engine.match import RoundResult
from rami_desktop.engine.melds import Meld, MeldKind
from rami_desktop.engine.observation import MeldView, Observation
from rami_desktop.engine.rules import Rules
from rami_desktop.engine.turn import StagedAdd, StagedLay, StagedOp, StagedSwap, TurnView
from rami_desktop.play.view.story import Told, ToldEvent, TookBackUnseen

from .schema import (
    HISTORY_LIMIT,
    AddedWire,
    AddWire,
    DiscardedWire,
    DrewWire,
    EventWire,
    LaidWire,
    LayWire,
    MeldViewWire,
    MeldWire,
    ObservationWire,
    RedealtWire,
    ReshuffledWire,
    ResultWire,
    RoundEndedWire,
    SwappedWire,
    SwapWire,
    ToldWire,
    TookBackWire,
    TurnStartedWire,
    TurnWire,
    builtins,
    read,
)

JSON = dict[str, Any]


def card_of(value: Any) -> Card:
    """A card from its code."""
    try:
        return parse_card(value)
    except CardCodeError as exc:
        raise ValueError(f"not a card: {value!r}") from exc


def cards_of(values: Iterable[Any]) -> tuple[Card, ...]:
    """Cards from their codes."""
    return tuple(card_of(v) for v in values)


def codes(cards: Sequence[Card]) -> list[str]:
    """Card codes."""
    return [c.code for c in cards]


def _code(card: Card | None) -> str | None:
    return None if card is None else card.code


def _card(code: str | None) -> Card | None:
    return None if code is None else card_of(code)


# ---- combinations and the turn -----------------------------------------------------------------


def meld_wire(meld: Meld) -> MeldWire:
    """A combination as it is sent."""
    return MeldWire(kind=meld.kind.value, cards=codes(meld.cards), suit=meld.suit,
                    start=meld.start, rank=meld.rank)


def meld_of(wire: MeldWire) -> Meld:
    """A combination as it was sent."""
    return Meld(MeldKind(wire.kind), cards_of(wire.cards), wire.suit, wire.start, wire.rank)


def _op_wire(op: StagedOp) -> LayWire | AddWire | SwapWire:
    if isinstance(op, StagedLay):
        return LayWire(meld=op.meld, cards=codes(op.cards))
    if isinstance(op, StagedAdd):
        return AddWire(meld=op.meld, cards=codes(op.cards), at=op.at)  # type: ignore[arg-type]
    return SwapWire(meld=op.meld, card=op.card.code)


def _op_of(wire: LayWire | AddWire | SwapWire) -> StagedOp:
    if isinstance(wire, LayWire):
        return StagedLay(wire.meld, cards_of(wire.cards))
    if isinstance(wire, AddWire):
        return StagedAdd(wire.meld, cards_of(wire.cards), wire.at)
    return StagedSwap(wire.meld, card_of(wire.card))


def turn_wire(view: TurnView) -> TurnWire:
    """The player's own turn so far, as it is sent."""
    return TurnWire(player=view.player, drawn=view.drawn, no_draw=view.no_draw,
                    pickup=_code(view.pickup), jokers_at_start=view.jokers_at_start,
                    ops=[_op_wire(op) for op in view.ops], staged=list(view.staged),
                    created=list(view.created), start_hand=codes(view.start_hand),
                    start_table=[None if m is None else meld_wire(m) for m in view.start_table])


def turn_of(wire: TurnWire) -> TurnView:
    """The player's own turn as it was sent."""
    return TurnView(
        player=wire.player, drawn=wire.drawn, no_draw=wire.no_draw, pickup=_card(wire.pickup),
        jokers_at_start=wire.jokers_at_start, ops=tuple(_op_of(op) for op in wire.ops),
        staged=tuple(wire.staged), created=tuple(wire.created),
        start_hand=cards_of(wire.start_hand),
        start_table=tuple(None if m is None else meld_of(m) for m in wire.start_table))


# ---- the observation ---------------------------------------------------------------------------


def _rules_dict(rules: Rules) -> JSON:
    """The rules as JSON, worked out once for each rules (frozen: they never change; the host
    sends them in every seat's view of every move), found again by the rules object itself
    (a match's rules are one object: hashing them, every field, cost more than the rest)."""
    kept = _RULES_JSON.get(id(rules))
    if kept is None or kept[0] is not rules:
        if len(_RULES_JSON) >= RULES_KEPT:
            _RULES_JSON.clear()
        kept = _RULES_JSON[id(rules)] = (rules, _rules_json(rules))
    return kept[1]


#: the rules objects whose JSON is kept (a host's tables: those of one preset share one)
RULES_KEPT = 1024
#: the rules' JSON, by the id of the rules object (held with it: no other object has that id
#: while it is kept)
_RULES_JSON: dict[int, tuple[Rules, JSON]] = {}


@functools.lru_cache(maxsize=64)
def _rules_json(rules: Rules) -> JSON:
    return rules.to_dict()


def _rules_of(data: JSON) -> Rules:
    """The rules a view carries, read once for each (the host sends the same in every view)."""
    key = tuple((k, type(v), v) for k, v in data.items())  # typed: 0 is not False
    try:
        return _rules_read(key)
    except TypeError:  # a value that is no number or text (refused by Rules.from_dict)
        return Rules.from_dict(data)


@functools.lru_cache(maxsize=64)
def _rules_read(items: tuple[tuple[str, type, Any], ...]) -> Rules:
    return Rules.from_dict({k: v for k, _, v in items})


def _pairs(pairs: Sequence[tuple[int, Card]]) -> Any:
    """[player, card] pairs (lists: the view's JSON is compared and extended as JSON is)."""
    return [[p, c.code] for p, c in pairs]


def observation_wire(obs: Observation) -> ObservationWire:
    """One player's view of the round as it is sent (nothing else of the round is in it)."""
    return ObservationWire(
        player=obs.player, rules=dict(_rules_dict(obs.rules)), n=obs.n, dealer=obs.dealer,
        current=obs.current, turn=obs.turn, hand=codes(obs.hand),
        hand_sizes=list(obs.hand_sizes), down=list(obs.down),
        melds=[MeldViewWire(index=v.index, owner=v.owner, meld=meld_wire(v.meld),
                            staged=v.staged, turn=v.turn) for v in obs.melds],
        talaj=codes(obs.talaj), first_card=_code(obs.first_card),
        first_card_index=obs.first_card_index, stock_size=obs.stock_size, bar=obs.bar,
        going_out_min=obs.going_out_min, has_drawn=obs.has_drawn, pickup=_code(obs.pickup),
        staged=list(obs.staged), discards=_pairs(obs.discards), taken=_pairs(obs.taken),
        held=_pairs(obs.held), partners=list(obs.partners), scores=list(obs.scores),
        over=obs.over, own_turn=None if obs.own_turn is None else turn_wire(obs.own_turn),
        started=obs.started, next_meld=obs.next_meld, may_redeal=obs.may_redeal)


def observation_to_dict(obs: Observation) -> JSON:
    """One player's view of the round as JSON."""
    data: JSON = builtins(observation_wire(obs))
    return data


def _history(pairs: list[tuple[int, str]], n: int, key: str) -> tuple[tuple[int, Card], ...]:
    if any(not 0 <= p < n for p, _ in pairs):
        raise ValueError(f"{key!r} must hold [player, card] pairs")
    return tuple((p, card_of(c)) for p, c in pairs)


def observation_of(wire: ObservationWire) -> Observation:
    """An observation as it was sent (the fields that count players checked against ``n``).

    Raises:
        ValueError: a field does not fit the number of players, or a card is no card.
    """
    n = wire.n
    if not wire.player < n or not wire.dealer < n or not wire.current < n:
        raise ValueError("'player', 'dealer' and 'current' must be players")
    if len(wire.partners) != n or not all(p is None or 0 <= p < n for p in wire.partners):
        raise ValueError("'partners' must name a player or null for each player")
    if len(wire.down) != n:
        raise ValueError("'down' must be true or false for each player")
    if len(wire.hand_sizes) != n:
        raise ValueError("'hand_sizes' must give each player's count")
    if any(not v.owner < n for v in wire.melds):
        raise ValueError("a combination's 'owner' must be a player")
    return Observation(
        player=wire.player, rules=_rules_of(wire.rules), n=n, dealer=wire.dealer,
        current=wire.current, turn=wire.turn, hand=cards_of(wire.hand),
        hand_sizes=tuple(wire.hand_sizes), down=tuple(wire.down),
        melds=tuple(MeldView(v.index, v.owner, meld_of(v.meld), v.staged, v.turn)
                    for v in wire.melds),
        talaj=cards_of(wire.talaj), first_card=_card(wire.first_card),
        first_card_index=wire.first_card_index, stock_size=wire.stock_size, bar=wire.bar,
        going_out_min=wire.going_out_min, has_drawn=wire.has_drawn, pickup=_card(wire.pickup),
        staged=tuple(wire.staged), discards=_history(wire.discards, n, "discards"),
        taken=_history(wire.taken, n, "taken"), held=_history(wire.held, n, "held"),
        partners=tuple(wire.partners), scores=tuple(wire.scores), over=wire.over,
        own_turn=None if wire.own_turn is None else turn_of(wire.own_turn),
        started=wire.started, next_meld=wire.next_meld, may_redeal=wire.may_redeal)


def observation_from_dict(data: Any) -> Observation:
    """An observation from :func:`observation_to_dict` data."""
    return observation_of(read(data, ObservationWire))


# ---- events ----------------------------------------------------------------------------------


def event_wire(event: ToldEvent) -> EventWire:
    """An engine event as it is sent (a hidden drawn card is null; a take-back told without
    its cards gives their number)."""
    if isinstance(event, Drew):
        return DrewWire(player=event.player, source=event.source,  # type: ignore[arg-type]
                        card=_code(event.card))
    if isinstance(event, Laid):
        return LaidWire(player=event.player, meld=event.meld, cards=codes(event.cards))
    if isinstance(event, Added):
        return AddedWire(player=event.player, meld=event.meld, cards=codes(event.cards))
    if isinstance(event, Swapped):
        return SwappedWire(player=event.player, meld=event.meld, card=event.card.code)
    if isinstance(event, TookBack):
        return TookBackWire(player=event.player, cards=codes(event.cards))
    if isinstance(event, TookBackUnseen):
        return TookBackWire(player=event.player, count=event.count)
    if isinstance(event, Discarded):
        return DiscardedWire(player=event.player, card=event.card.code, opened=event.opened)
    if isinstance(event, TurnStarted):
        return TurnStartedWire(player=event.player)
    if isinstance(event, Reshuffled):
        return ReshuffledWire(stock=event.stock)
    if isinstance(event, Redealt):
        return RedealtWire(player=event.player)
    return RoundEndedWire(winner=event.winner, penalties=list(event.penalties),
                          reason=event.reason)  # type: ignore[arg-type]


def event_of(wire: EventWire) -> ToldEvent:
    """An engine event as it was sent."""
    if isinstance(wire, DrewWire):
        return Drew(wire.player, wire.source, _card(wire.card))
    if isinstance(wire, LaidWire):
        return Laid(wire.player, wire.meld, cards_of(wire.cards))
    if isinstance(wire, AddedWire):
        return Added(wire.player, wire.meld, cards_of(wire.cards))
    if isinstance(wire, SwappedWire):
        return Swapped(wire.player, wire.meld, card_of(wire.card))
    if isinstance(wire, TookBackWire):
        if not isinstance(wire.count, int):
            if not isinstance(wire.cards, list):
                raise ValueError("'took_back' must give its cards or their count")
            return TookBack(wire.player, cards_of(wire.cards))
        return TookBackUnseen(wire.player, wire.count)
    if isinstance(wire, DiscardedWire):
        return Discarded(wire.player, card_of(wire.card), wire.opened)
    if isinstance(wire, TurnStartedWire):
        return TurnStarted(wire.player)
    if isinstance(wire, ReshuffledWire):
        return Reshuffled(wire.stock)
    if isinstance(wire, RedealtWire):
        return Redealt(wire.player)
    return RoundEnded(wire.winner, tuple(wire.penalties), wire.reason)


def event_to_dict(event: ToldEvent) -> JSON:
    """An engine event as JSON."""
    data: JSON = builtins(event_wire(event))
    return data


def event_from_dict(data: Any) -> ToldEvent:
    """An engine event from :func:`event_to_dict` data."""
    return event_of(read(data, EventWire))


def told_to_dict(told: Told) -> JSON:
    """One move of the round's story (:class:`~rami_desktop.play.view.story.Told`), as JSON."""
    data: JSON = builtins(ToldWire(events=[event_wire(e) for e in told.events],
                                   melds=_pairs_of_melds(told.melds)))
    return data


def _pairs_of_melds(melds: Sequence[tuple[int, Meld]]) -> Any:
    return [[i, meld_wire(m)] for i, m in melds]


def told_of(wire: ToldWire) -> Told:
    """One move of the round's story as it was sent."""
    return Told(tuple(event_of(e) for e in wire.events),
                tuple((i, meld_of(m)) for i, m in wire.melds))


def told_from_dict(data: Any) -> Told:
    """One move of the round's story from :func:`told_to_dict` data."""
    return told_of(read(data, ToldWire))


# ---- round results ---------------------------------------------------------------------------


def result_wire(result: RoundResult) -> ResultWire:
    """How a round ended, as it is sent."""
    return ResultWire(seats=list(result.seats), dealer=result.dealer, winner=result.winner,
                      penalties=list(result.penalties), reason=result.reason,
                      rami_sec=result.rami_sec, turns=result.turns,
                      openings=list(result.openings))


def result_of(wire: ResultWire) -> RoundResult:
    """How a round ended, as it was sent."""
    return RoundResult(tuple(wire.seats), wire.dealer, wire.winner, tuple(wire.penalties),
                       wire.reason, wire.rami_sec, wire.turns, tuple(wire.openings))


def result_to_dict(result: RoundResult) -> JSON:
    """How a round ended, as JSON."""
    data: JSON = builtins(result_wire(result))
    return data


def result_from_dict(data: Any) -> RoundResult:
    """A round's result from :func:`result_to_dict` data."""
    return result_of(read(data, ResultWire))


__all__ = ["HISTORY_LIMIT", "JSON", "card_of", "cards_of", "codes", "event_from_dict",
           "event_of", "event_to_dict", "event_wire", "meld_of", "meld_wire",
           "observation_from_dict", "observation_of", "observation_to_dict",
           "observation_wire", "result_from_dict", "result_of", "result_to_dict",
           "result_wire", "told_from_dict", "told_of", "told_to_dict", "turn_of", "turn_wire"]
