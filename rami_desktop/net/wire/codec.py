"""The game's data as JSON for the network: observations, events, combinations, round results.

Encoding is exact and decoding is strict: anything that is not what an encoder writes raises
:class:`ValueError` (the message names the field), never another exception. Actions use the
scenario step format of :func:`rami_desktop.engine.actions.action_to_dict`.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

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

T = TypeVar("T")
JSON = dict[str, Any]

# ---- fields ----------------------------------------------------------------------------------


def field_int(data: JSON, key: str, low: int = -(1 << 31), high: int = 1 << 31) -> int:
    """A whole number field within ``low..high``."""
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(f"{key!r} must be a whole number")
    return value


def field_bool(data: JSON, key: str) -> bool:
    """A true/false field."""
    value = data.get(key)
    if not isinstance(value, bool):
        raise ValueError(f"{key!r} must be true or false")
    return value


def field_str(data: JSON, key: str, limit: int = 200) -> str:
    """A text field of at most ``limit`` characters."""
    value = data.get(key)
    if not isinstance(value, str) or len(value) > limit:
        raise ValueError(f"{key!r} must be a short text")
    return value


def field_opt(data: JSON, key: str, read: Callable[[JSON, str], T]) -> T | None:
    """An optional field (absent or null: None)."""
    return None if data.get(key) is None else read(data, key)


def field_obj(data: JSON, key: str) -> JSON:
    """An object field."""
    value = data.get(key)
    if not isinstance(value, dict):
        raise ValueError(f"{key!r} must be an object")
    return value


def field_list(data: JSON, key: str, limit: int = 1000) -> list[Any]:
    """A list field of at most ``limit`` items."""
    value = data.get(key)
    if not isinstance(value, list) or len(value) > limit:
        raise ValueError(f"{key!r} must be a list")
    return value


def card_of(value: Any) -> Card:
    """A card from its code."""
    try:
        return parse_card(value)
    except CardCodeError as exc:
        raise ValueError(f"not a card: {value!r}") from exc


def field_card(data: JSON, key: str) -> Card:
    """A card field (its code)."""
    return card_of(data.get(key))


def field_cards(data: JSON, key: str) -> tuple[Card, ...]:
    """A list of card codes."""
    return tuple(card_of(v) for v in field_list(data, key, 200))


def field_ints(data: JSON, key: str, limit: int = 200) -> tuple[int, ...]:
    """A list of whole numbers."""
    values = field_list(data, key, limit)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise ValueError(f"{key!r} must be whole numbers")
    return tuple(values)


def codes(cards: Sequence[Card]) -> list[str]:
    """Card codes."""
    return [c.code for c in cards]


# ---- combinations and the turn -----------------------------------------------------------------


def meld_to_dict(meld: Meld) -> JSON:
    """A combination as JSON."""
    return {"kind": meld.kind.value, "cards": codes(meld.cards), "suit": meld.suit,
            "start": meld.start, "rank": meld.rank}


def meld_from_dict(data: Any) -> Meld:
    """A combination from :func:`meld_to_dict` data."""
    if not isinstance(data, dict):
        raise ValueError("a combination must be an object")
    try:
        kind = MeldKind(data.get("kind"))
    except ValueError as exc:
        raise ValueError("'kind' must be tria or serie") from exc
    return Meld(kind, field_cards(data, "cards"), field_str(data, "suit", 1),
                field_int(data, "start", 0, 14), field_int(data, "rank", 0, 13))


def _op_to_dict(op: StagedOp) -> JSON:
    if isinstance(op, StagedLay):
        return {"op": "lay", "meld": op.meld, "cards": codes(op.cards)}
    if isinstance(op, StagedAdd):
        return {"op": "add", "meld": op.meld, "cards": codes(op.cards), "at": op.at}
    return {"op": "swap", "meld": op.meld, "card": op.card.code}


def _op_from_dict(data: Any) -> StagedOp:
    if not isinstance(data, dict):
        raise ValueError("a staged operation must be an object")
    kind = data.get("op")
    meld = field_int(data, "meld", 0, 10_000)
    if kind == "lay":
        return StagedLay(meld, field_cards(data, "cards"))
    if kind == "add":
        at = data.get("at")
        if at not in (None, "low", "high"):
            raise ValueError("'at' must be low, high or null")
        return StagedAdd(meld, field_cards(data, "cards"), at)
    if kind == "swap":
        return StagedSwap(meld, field_card(data, "card"))
    raise ValueError(f"unknown staged operation {kind!r}")


def turn_to_dict(view: TurnView) -> JSON:
    """The player's own turn so far as JSON."""
    return {"player": view.player, "drawn": view.drawn, "no_draw": view.no_draw,
            "pickup": view.pickup.code if view.pickup else None,
            "jokers_at_start": view.jokers_at_start,
            "ops": [_op_to_dict(op) for op in view.ops], "staged": list(view.staged),
            "created": list(view.created), "start_hand": codes(view.start_hand),
            "start_table": [None if m is None else meld_to_dict(m) for m in view.start_table]}


def turn_from_dict(data: Any) -> TurnView:
    """The player's own turn from :func:`turn_to_dict` data."""
    if not isinstance(data, dict):
        raise ValueError("'own_turn' must be an object")
    return TurnView(
        player=field_int(data, "player", 0, 5), drawn=field_bool(data, "drawn"),
        no_draw=field_bool(data, "no_draw"), pickup=field_opt(data, "pickup", field_card),
        jokers_at_start=field_int(data, "jokers_at_start", 0, 8),
        ops=tuple(_op_from_dict(v) for v in field_list(data, "ops", 500)),
        staged=field_ints(data, "staged", 500), created=field_ints(data, "created", 500),
        start_hand=field_cards(data, "start_hand"),
        start_table=tuple(None if m is None else meld_from_dict(m)
                          for m in field_list(data, "start_table", 500)))


# ---- the observation ---------------------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _rules_dict(rules: Rules) -> JSON:
    """The rules as JSON, worked out once for each rules (frozen: they never change; the host
    sends them in every seat's view of every move)."""
    return rules.to_dict()


def observation_to_dict(obs: Observation) -> JSON:
    """One player's view of the round as JSON (nothing else of the round is in it)."""
    return {
        "player": obs.player, "rules": dict(_rules_dict(obs.rules)), "n": obs.n,
        "dealer": obs.dealer,
        "current": obs.current, "turn": obs.turn, "hand": codes(obs.hand),
        "hand_sizes": list(obs.hand_sizes), "down": list(obs.down),
        "melds": [{"index": v.index, "owner": v.owner, "meld": meld_to_dict(v.meld),
                   "staged": v.staged, "turn": v.turn} for v in obs.melds],
        "talaj": codes(obs.talaj), "first_card": obs.first_card.code if obs.first_card else None,
        "first_card_index": obs.first_card_index, "stock_size": obs.stock_size, "bar": obs.bar,
        "going_out_min": obs.going_out_min, "has_drawn": obs.has_drawn,
        "pickup": obs.pickup.code if obs.pickup else None, "staged": list(obs.staged),
        "discards": [[p, c.code] for p, c in obs.discards],
        "taken": [[p, c.code] for p, c in obs.taken],
        "held": [[p, c.code] for p, c in obs.held],
        "partners": list(obs.partners), "scores": list(obs.scores), "over": obs.over,
        "own_turn": turn_to_dict(obs.own_turn) if obs.own_turn is not None else None,
        "started": obs.started, "next_meld": obs.next_meld, "may_redeal": obs.may_redeal,
    }


#: the most [player, card] pairs a round's history may hold (its discards, the talaj cards
#: taken): one discard a turn, and a round whose stock is reshuffled has no end of its own (a
#: long one passes 500 turns); a message is bounded by ``protocol.HARD_LIMIT`` anyway
HISTORY_LIMIT = 20_000


def _pairs(data: JSON, key: str, n: int) -> tuple[tuple[int, Card], ...]:
    out = []
    for item in field_list(data, key, HISTORY_LIMIT):
        if not isinstance(item, list) or len(item) != 2:
            raise ValueError(f"{key!r} must hold [player, card] pairs")
        player = item[0]
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < n:
            raise ValueError(f"{key!r} must hold [player, card] pairs")
        out.append((player, card_of(item[1])))
    return tuple(out)


def _meld_view(data: Any, n: int) -> MeldView:
    if not isinstance(data, dict):
        raise ValueError("a combination on the table must be an object")
    return MeldView(field_int(data, "index", 0, 10_000), field_int(data, "owner", 0, n - 1),
                    meld_from_dict(data.get("meld")), field_bool(data, "staged"),
                    field_int(data, "turn", 0, 1_000_000))


def observation_from_dict(data: Any) -> Observation:
    """An observation from :func:`observation_to_dict` data."""
    if not isinstance(data, dict):
        raise ValueError("'observation' must be an object")
    n = field_int(data, "n", 2, 6)
    seat = (0, n - 1)
    partners = field_list(data, "partners", 6)
    if len(partners) != n or not all(
            p is None or (isinstance(p, int) and not isinstance(p, bool) and 0 <= p < n)
            for p in partners):
        raise ValueError("'partners' must name a player or null for each player")
    down = field_list(data, "down", 6)
    if len(down) != n or not all(isinstance(d, bool) for d in down):
        raise ValueError("'down' must be true or false for each player")
    sizes = field_ints(data, "hand_sizes", 6)
    if len(sizes) != n:
        raise ValueError("'hand_sizes' must give each player's count")
    return Observation(
        player=field_int(data, "player", -1, n - 1),
        rules=Rules.from_dict(field_obj(data, "rules")),
        n=n, dealer=field_int(data, "dealer", *seat), current=field_int(data, "current", *seat),
        turn=field_int(data, "turn", 0, 1_000_000), hand=field_cards(data, "hand"),
        hand_sizes=sizes, down=tuple(down),
        melds=tuple(_meld_view(v, n) for v in field_list(data, "melds", 500)),
        talaj=field_cards(data, "talaj"), first_card=field_opt(data, "first_card", field_card),
        first_card_index=field_opt(data, "first_card_index", field_int),
        stock_size=field_int(data, "stock_size", 0, 200), bar=field_int(data, "bar", 0, 10_000),
        going_out_min=field_opt(data, "going_out_min", field_int),
        has_drawn=field_bool(data, "has_drawn"), pickup=field_opt(data, "pickup", field_card),
        staged=field_ints(data, "staged", 500), discards=_pairs(data, "discards", n),
        taken=_pairs(data, "taken", n), held=_pairs(data, "held", n), partners=tuple(partners),
        scores=field_ints(data, "scores", 6), over=field_bool(data, "over"),
        own_turn=None if data.get("own_turn") is None else turn_from_dict(data["own_turn"]),
        started=field_bool(data, "started"), next_meld=field_int(data, "next_meld", 0, 10_000),
        may_redeal=field_bool(data, "may_redeal"))


# ---- events ----------------------------------------------------------------------------------


def event_to_dict(event: ToldEvent) -> JSON:
    """An engine event as JSON (a hidden drawn card is null; a take-back told without its
    cards gives their number)."""
    if isinstance(event, Drew):
        return {"e": "drew", "player": event.player, "source": event.source,
                "card": event.card.code if event.card is not None else None}
    if isinstance(event, Laid | Added):
        return {"e": "laid" if isinstance(event, Laid) else "added", "player": event.player,
                "meld": event.meld, "cards": codes(event.cards)}
    if isinstance(event, Swapped):
        return {"e": "swapped", "player": event.player, "meld": event.meld,
                "card": event.card.code}
    if isinstance(event, TookBack):
        return {"e": "took_back", "player": event.player, "cards": codes(event.cards)}
    if isinstance(event, TookBackUnseen):
        return {"e": "took_back", "player": event.player, "count": event.count}
    if isinstance(event, Discarded):
        return {"e": "discarded", "player": event.player, "card": event.card.code,
                "opened": event.opened}
    if isinstance(event, TurnStarted):
        return {"e": "turn", "player": event.player}
    if isinstance(event, Reshuffled):
        return {"e": "reshuffled", "stock": event.stock}
    if isinstance(event, Redealt):
        return {"e": "redealt", "player": event.player}
    return {"e": "round_ended", "winner": event.winner, "penalties": list(event.penalties),
            "reason": event.reason}


def event_from_dict(data: Any) -> ToldEvent:
    """An engine event from :func:`event_to_dict` data."""
    if not isinstance(data, dict):
        raise ValueError("an event must be an object")
    kind = data.get("e")
    if kind == "round_ended":
        reason = data.get("reason")
        if reason not in ("out", "stock_exhausted"):
            raise ValueError("'reason' must be out or stock_exhausted")
        return RoundEnded(field_opt(data, "winner", field_int),
                          field_ints(data, "penalties", 6), reason)
    if kind == "reshuffled":
        return Reshuffled(field_int(data, "stock", 0, 200))
    player = field_int(data, "player", 0, 5)
    if kind == "drew":
        source = data.get("source")
        if source not in ("stock", "first", "top"):
            raise ValueError("'source' must be stock, first or top")
        return Drew(player, source, field_opt(data, "card", field_card))
    if kind in ("laid", "added"):
        maker = Laid if kind == "laid" else Added
        return maker(player, field_int(data, "meld", 0, 10_000), field_cards(data, "cards"))
    if kind == "swapped":
        return Swapped(player, field_int(data, "meld", 0, 10_000), field_card(data, "card"))
    if kind == "took_back" and "count" in data:
        return TookBackUnseen(player, field_int(data, "count", 1, 108))
    if kind == "took_back":
        return TookBack(player, field_cards(data, "cards"))
    if kind == "discarded":
        return Discarded(player, field_card(data, "card"), field_opt(data, "opened", field_int))
    if kind == "turn":
        return TurnStarted(player)
    if kind == "redealt":
        return Redealt(player)
    raise ValueError(f"unknown event {kind!r}")


def told_to_dict(told: Told) -> JSON:
    """One move of the round's story (:class:`~rami_desktop.play.view.story.Told`), as JSON."""
    return {"events": [event_to_dict(e) for e in told.events],
            "melds": [[i, meld_to_dict(m)] for i, m in told.melds]}


def told_from_dict(data: Any) -> Told:
    """One move of the round's story from :func:`told_to_dict` data."""
    if not isinstance(data, dict):
        raise ValueError("a move told must be an object")
    events = tuple(event_from_dict(e) for e in field_list(data, "events", 50))
    melds: list[tuple[int, Meld]] = []
    for pair in field_list(data, "melds", 50):
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int)
                and not isinstance(pair[0], bool) and 0 <= pair[0] <= 10_000):
            raise ValueError("'melds' must hold [index, combination] pairs")
        melds.append((pair[0], meld_from_dict(pair[1])))
    return Told(events, tuple(melds))


# ---- round results ---------------------------------------------------------------------------


def result_to_dict(result: RoundResult) -> JSON:
    """How a round ended, as JSON."""
    return {"seats": list(result.seats), "dealer": result.dealer, "winner": result.winner,
            "penalties": list(result.penalties), "reason": result.reason,
            "rami_sec": result.rami_sec, "turns": result.turns,
            "openings": list(result.openings)}


def result_from_dict(data: Any) -> RoundResult:
    """A round's result from :func:`result_to_dict` data."""
    if not isinstance(data, dict):
        raise ValueError("a round result must be an object")
    openings = field_list(data, "openings", 6)
    if not all(v is None or (isinstance(v, int) and not isinstance(v, bool))
               for v in openings):
        raise ValueError("'openings' must be numbers or null")
    return RoundResult(field_ints(data, "seats", 6), field_int(data, "dealer", 0, 5),
                       field_opt(data, "winner", field_int), field_ints(data, "penalties", 6),
                       field_str(data, "reason", 20), field_bool(data, "rami_sec"),
                       field_int(data, "turns", 0, 1_000_000), tuple(openings))
